/// `tree`: the view-controller hierarchy at a glance. Containment is drawn `├─`, a
/// presentation `└▸`; trees outside the window's hierarchy (leaked, held) follow the root's.
extension State {
    public func renderTree() -> String {
        guard isRunning else {
            return "the app is not running" + (initial.map { "; its Initial UI is \($0.text) (type `launch`)" } ?? " (declare `initial SPEC`, then `launch`)")
        }
        let inWindow = Set(windowViewControllers())
        // The scenes in the background keep their windows, and their views in them (UIKit #211).
        var inOtherScene: [VCID: Int] = [:]
        for scene in otherScenes { for id in viewControllers(inScene: scene.session) { inOtherScene[id] = scene.session } }
        let leakedSet = Set(leaked())
        let topID = top()
        var lines: [String] = []
        var printed: Set<VCID> = []

        func label(_ id: VCID, presented: Bool) -> String {
            let vc = self[id]
            var parts: [String] = []
            var head = vc.name
            if vc.kind.isUIKitContainer, vc.className != vc.kind.uikitClass { head += " (\(vc.kind.uikitClass!))" }
            else if vc.kind == .container, vc.className != "Root" { head += " (custom container)" }
            if window.rootViewController == id { parts.append("root") }
            if let scene = otherScenes.first(where: { $0.window.rootViewController == id }) { parts.append("root of scene \(scene.session)'s window") }
            if presented, let p = vc.presentation {
                parts.append(p.requestedStyle == p.style ? "presented \(p.style.rawValue)" : "presented \(p.style.rawValue) (\(p.requestedStyle.rawValue))")
            }
            if let parent = vc.parent, self[parent].kind == .tabBar, let i = self[parent].children.firstIndex(of: id) {
                // With more than five tabs the bar shows four and a More tab (UIKit #56).
                let more = self[parent].children.count > 5 && i >= 4 ? ", under More" : ""
                parts.append(self[parent].selectedIndex == i ? "tab \(i)\(more), selected" : "tab \(i)\(more)")
            }
            if vc.kind == .tabBar, vc.selectedIndex == NSNotFound { parts.append("More tab selected (selectedIndex NSNotFound)") }
            // A view added without containment is in the window, outside the forwarding (UIKit #96, #230).
            if let scene = inOtherScene[id] {
                parts.append("appeared, in scene \(scene)'s window")
            } else {
                parts.append(inWindow.contains(id) ? (vc.hostView != nil ? "in the window, outside the forwarding" : "appeared") : "disappeared")
                if !vc.isViewLoaded { parts.append("view not loaded") }
                else if !inWindow.contains(id) { parts.append("not in the window") }
            }
            if let h = vc.hostView { parts.append("view inside \(self[h].name)'s view, no parent (detached)") }
            if vc.awaitsDidMove, vc.parent != nil { parts.append("didMove(toParent:) never called") }
            if leakedSet.contains(id) { parts.append("LEAKED") }
            for h in holds where h.viewController == id { parts.append("held by the app (\(h.label))") }
            return head + "  " + parts.joined(separator: " · ") + (id == topID ? "  ← top" : "")
        }

        // Depth first with an explicit stack, as deep as the hierarchy may be in any thread's
        // stack (Docs/Limits.md). A child is looked at when its turn comes, after the
        // subtrees of the siblings before it: one drawn there is linked, not drawn again.
        enum Step {
            case node(VCID, prefix: String, connector: String, childPrefix: String, presented: Bool)
            case child(VCID, of: VCID, presented: Bool, prefix: String, last: Bool)
        }
        func walk(_ root: VCID, presented: Bool) {
            var pending: [Step] = [.node(root, prefix: "", connector: "", childPrefix: "", presented: presented)]
            while let step = pending.popLast() {
                switch step {
                case let .node(id, prefix, connector, childPrefix, presented):
                    guard printed.insert(id).inserted else { continue }
                    lines.append(prefix + connector + label(id, presented: presented))
                    var items: [(VCID, Bool)] = self[id].children.map { ($0, false) }
                    if let p = self[id].presentedChild { items.append((p, true)) }
                    for (i, (child, isPresented)) in items.enumerated().reversed() {
                        pending.append(.child(child, of: id, presented: isPresented, prefix: prefix + childPrefix, last: i == items.count - 1))
                    }
                case let .child(child, parent, isPresented, prefix, last):
                    let conn = isPresented ? "└▸ " : (last ? "└─ " : "├─ ")
                    if printed.contains(child) {
                        // Already drawn elsewhere (a presented view controller that became the
                        // root): the link is still there and keeps this tree alive, so show it.
                        let link = isPresented ? "still presented by \(self[parent].name)" : "still a child of \(self[parent].name)"
                        let role = window.rootViewController == child ? "now the root, drawn above" : "drawn above"
                        lines.append(prefix + conn + "\(self[child].name)  \(link) · \(role)")
                        continue
                    }
                    pending.append(.node(child, prefix: prefix, connector: conn, childPrefix: last ? "   " : "│  ", presented: isPresented))
                }
            }
        }

        if let root = window.rootViewController {
            walk(root, presented: false)
        } else {
            lines.append("(the window has no rootViewController)")
        }
        // The other connected scenes, each in its own window, in the background (UIKit #211).
        for scene in otherScenes {
            lines.append("")
            lines.append("— scene \(scene.session), in the background, its own window:")
            if let root = scene.window.rootViewController, viewControllers[root] != nil {
                walk(root, presented: false)
            } else {
                lines.append("(its window has no rootViewController)")
            }
        }
                // Everything else still allocated, each from the top of its own hierarchy.
        for id in allocatedIDs where !printed.contains(id) {
            var top = id
            var seen: Set<VCID> = []
            while seen.insert(top).inserted, let up = self[top].parent ?? self[top].presenter { top = up }
            if printed.contains(top) { continue }
            let why = leakedSet.contains(top) ? leakCause(top) : "outside the window's hierarchy"
            lines.append("")
            lines.append("— \(why):")
            walk(top, presented: self[top].presentation != nil)
        }
        let screenNames = screen().map { self[$0].name }
        lines.append("")
        var footer = "window: rootViewController \(name(window.rootViewController) ?? "nil")"
        if window.transitionViewCount > 0 {
            footer += " · \(window.transitionViewCount) UITransitionView\(window.transitionViewCount == 1 ? "" : "s")"
        }
        footer += " · screen: " + (screenNames.isEmpty ? "(nothing)" : screenNames.joined(separator: ", "))
        if labelsScenes {
            let connected = Set(otherScenes.map { $0.session })
            let others = application.data.otherSessions.map { "scene \($0.number) " + (connected.contains($0.number) ? "connected, in the background" : "disconnected") }
            footer += "\nscenes: scene \(application.data.frontSession) in front · " + others.joined(separator: " · ")
        }
        lines.append(footer)
        return lines.joined(separator: "\n")
    }
}
