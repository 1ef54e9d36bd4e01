/// What must hold in every state the engine produces, whatever the commands were. The
/// property tests and `make fuzz` check it after every step; the engine never relies on a
/// violation being caught (it is a test oracle, not a guard).
extension State {
    /// Every invariant that does not hold, one sentence each; empty when the state is sound.
    public func invariantViolations() -> [String] {
        var out: [String] = []
        func name(_ id: VCID) -> String { viewControllers[id]?.name ?? "\(id)" }

        // Names: each names a live instance of that name.
        for (n, id) in names where viewControllers[id]?.name != n {
            out.append("the name \(n) points at \(id), which is \(viewControllers[id] == nil ? "not allocated" : "named \(name(id))")")
        }
        // Containment: one parent each, listed once in it; every listed child points back.
        var listedIn: [VCID: VCID] = [:]
        for (id, vc) in viewControllers {
            if vc.id != id { out.append("\(name(id)) is stored under \(id) but says it is \(vc.id)") }
            for c in vc.children {
                if let other = listedIn[c] { out.append("\(name(c)) is a child of both \(name(other)) and \(name(id))") }
                listedIn[c] = id
                if viewControllers[c] == nil { out.append("\(name(id)) lists \(c) as a child, which is not allocated") }
                else if viewControllers[c]?.parent != id { out.append("\(name(id)) lists \(name(c)) as a child, whose parent is \(viewControllers[c]?.parent.map(name) ?? "nil")") }
            }
            if Set(vc.children).count != vc.children.count { out.append("\(name(id)) lists a child twice") }
            if let p = vc.parent {
                if viewControllers[p] == nil { out.append("\(name(id))'s parent \(p) is not allocated") }
                else if viewControllers[p]?.children.contains(id) != true { out.append("\(name(id))'s parent \(name(p)) does not list it") }
            }
            // Presentation: both directions agree.
            if let c = vc.presentedChild {
                if viewControllers[c] == nil { out.append("\(name(id)) presents \(c), which is not allocated") }
                else if viewControllers[c]?.presenter != id { out.append("\(name(id)) presents \(name(c)), whose presenter is \(viewControllers[c]?.presenter.map(name) ?? "nil")") }
            }
            if let p = vc.presenter {
                if viewControllers[p] == nil { out.append("\(name(id))'s presenter \(p) is not allocated") }
                else if viewControllers[p]?.presentedChild != id { out.append("\(name(id))'s presenter \(name(p)) presents \(viewControllers[p]?.presentedChild.map(name) ?? "nothing")") }
            }
            if vc.parent != nil, vc.presenter != nil { out.append("\(name(id)) has both a parent and a presenter") }
        }
        // No cycle through parents and presenters, and no deeper than the limit.
        if viewControllers.count <= Limits.viewControllers {
            let deepest = maximumDepth()
            if deepest > Limits.hierarchyDepth { out.append("the hierarchy is \(deepest) deep, past the limit of \(Limits.hierarchyDepth)") }
        } else {
            out.append("\(viewControllers.count) view controllers are allocated, past the limit of \(Limits.viewControllers)")
        }
        for id in viewControllers.keys {
            var seen: Set<VCID> = [id]
            var current = id
            while let up = viewControllers[current].flatMap({ $0.parent ?? $0.presenter }) {
                guard seen.insert(up).inserted else { out.append("\(name(id)) is its own ancestor (a cycle through parents and presenters)"); break }
                current = up
            }
        }
        // The window.
        if let root = window.rootViewController {
            if viewControllers[root] == nil { out.append("the window's root \(root) is not allocated") }
            else if viewControllers[root]?.parent != nil { out.append("the window's root \(name(root)) has a parent") }
        }
        for s in window.subviews {
            if case .transitionView(let p) = s, viewControllers[p] == nil, !window.emptiedTransitionViews.contains(p) {
                // A transition view outlives its presented view controller only once emptied.
                if isRunning { out.append("a UITransitionView holds \(p), which is not allocated") }
            }
        }
        // The window's queries assume sound links: with a dangling one they would trap, so a
        // broken structure is reported as it is, before they run.
        guard out.isEmpty, isRunning, viewControllers[window.rootViewController ?? VCID(-1)] != nil else { return out }
        let inWindow = windowViewControllers()
        for id in inWindow where viewControllers[id] == nil { out.append("\(id) is in the window but not allocated") }
        let root = window.rootViewController!
        if !inWindow.contains(root), !viewRemovedByPresentation(root) {
            out.append("the root \(name(root)) is not in the window, and no full-screen presentation removed its view")
        }
        let screen = screen()
        if let t = top(), !screen.isEmpty, !screen.contains(t) {
            out.append("top is \(name(t)), which is not on screen (\(screen.map(name).joined(separator: ", ")))")
        }
        for id in screen where !inWindow.contains(id) { out.append("\(name(id)) is on screen but not in the window") }
        let allocated = Set(viewControllers.keys)
        for id in leaked() where !allocated.contains(id) { out.append("\(id) is leaked but not allocated") }
        // The page's patches find leaks one chain at a time: that must agree with the sweep.
        let reachable = appReachable()
        for id in allocated where isAppReachable(id) != reachable.contains(id) {
            out.append("\(name(id)) is \(reachable.contains(id) ? "" : "not ")reachable by the app, but its chain of parents and presenters says otherwise")
        }
        return out
    }
}
