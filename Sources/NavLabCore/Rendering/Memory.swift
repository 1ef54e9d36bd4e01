/// `memory` and `why NAME`: what is allocated, who holds each, and the path that keeps one alive.
extension State {
    public func describe(_ holder: Reference.Holder) -> String {
        switch holder {
        case .window: return "UIWindow"
        case .transitionView(let p): return "UITransitionView (presentation of \(name(p) ?? "?"))"
        case .viewController(let id): return self[id].name
        case .app(let label): return "the app (\(label))"
        }
    }

    public func renderMemory() -> String {
        let ids = allocatedIDs
        guard !ids.isEmpty else { return "nothing is allocated" }
        let leakedIDs = leaked()
        let leakedSet = Set(leakedIDs)
        var lines = ["\(ids.count) allocated" + (leakedIDs.isEmpty ? "" : ", \(leakedIDs.count) leaked")]
        let width = min(32, ids.map { self[$0].name.count }.max() ?? 0)
        for id in ids {
            let strong = references(to: id).filter({ $0.isStrong })
            // The app's own references read "the app (coordinator)": the label is the property.
            let held = strong.map { r -> String in
                if case .app = r.holder { return describe(r.holder) }
                return "\(describe(r.holder)).\(r.property)"
            }.joined(separator: ", ")
            let pad = String(repeating: " ", count: max(0, width - self[id].name.count))
            lines.append("  \(self[id].name)\(pad)  \(leakedSet.contains(id) ? "LEAKED  " : "")held by: \(held.isEmpty ? "nothing" : held)")
        }
        if !leakedIDs.isEmpty {
            var byCause: [(String, [String])] = []
            for id in leakedIDs {
                let c = leakCause(id)
                if let i = byCause.firstIndex(where: { $0.0 == c }) { byCause[i].1.append(self[id].name) } else { byCause.append((c, [self[id].name])) }
            }
            lines.append("")
            for (cause, names) in byCause { lines.append("leaked: \(names.joined(separator: ", ")) — \(cause)") }
        }
        return lines.joined(separator: "\n")
    }

    public func renderWhy(_ id: VCID) -> String {
        let vc = self[id]
        guard let path = retainPath(to: id) else { return "\(vc.name) is not allocated" }
        var lines: [String] = []
        if path.isEmpty {
            let partners = strongReferences(from: id).map { self[$0.0].name }
            lines.append("\(vc.name) is reachable from no root: it and \(partners.joined(separator: ", ")) hold each other (presentedViewController ⇄ presentingViewController).")
            lines.append("leaked — \(leakCause(id))")
            return lines.joined(separator: "\n")
        }
        lines.append(describe(path[0].holder))
        for (i, ref) in path.enumerated() {
            lines.append(String(repeating: "  ", count: i + 1) + "└ .\(ref.property) → \(self[ref.target].name)")
        }
        if isAppReachable(id) {
            lines.append("\(vc.name) is alive because the app can reach it.")
        } else {
            lines.append("nothing the app can reach holds \(vc.name): leaked — \(leakCause(id))")
        }
        return lines.joined(separator: "\n")
    }
}
