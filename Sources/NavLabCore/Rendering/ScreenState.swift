/// `tree --screenstate`: the print format of the `ScreenState` utility of the article
/// "Deep look: iOS Navigation State": class names, four-space indent, `(Presentation)`
/// labels, and `v Presented v` between the root's tree and the presented one's.
extension State {
    public func renderScreenState() -> String {
        guard let root = window.rootViewController, isRunning else { return "(no root view controller)" }
        enum Role: String { case root = "Root", presented = "Presented", navigationChild = "Navigation Child",
                                tabChild = "Tab Child", pageChild = "Page Child", splitChild = "Split Child", child = "Child" }

        func roleOf(_ child: VCID, in parent: VCID) -> Role {
            switch self[parent].kind {
            case .navigation: return .navigationChild
            case .tabBar: return .tabChild
            case .page: return .pageChild
            case .split: return .splitChild
            case .plain, .container: return .child
            }
        }

        // layerDetails(spaceCount:)
        func layer(_ id: VCID, _ role: Role, spaces: Int) -> String {
            let pad = String(repeating: " ", count: spaces)
            let current = pad + self[id].className + " (" + role.rawValue + ")"
            let children = self[id].children
            guard !children.isEmpty else { return current }
            let inner = children.map { "\n" + layer($0, roleOf($0, in: id), spaces: spaces + 4) }.joined()
            return current + ": {" + inner + "\n" + pad + "}"
        }

        // printSummary(): only the root and presented screen states follow
        // `presentedViewController` (which includes an ancestor's, UIKit #15).
        var out = ""
        var current: (VCID, Role)? = (root, .root)
        var seen: Set<VCID> = []
        while let (id, r) = current, seen.insert(id).inserted {
            out += layer(id, r, spaces: 0) + "\n"
            if let p = presentedViewController(of: id) {
                out += "\nv Presented v\n\n"
                current = (p, .presented)
            } else {
                current = nil
            }
        }
        return String(out.dropLast())
    }
}
