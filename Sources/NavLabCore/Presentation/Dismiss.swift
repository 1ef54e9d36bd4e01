extension State {
    /// `W.dismiss(animated:)`: dismisses what W (or its nearest presenting ancestor) presents,
    /// and everything presented above it (UIKit #31); with nothing presented, UIKit forwards
    /// the call to W's presenter, which dismisses W (UIKit #30, #36).
    mutating func dismiss(_ ref: NameRef?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref?.location ?? SourceLocation(column: 1), verb: "dismiss")
        let w = try resolve(ref, default: "top")
        let target: VCID
        if let p = presentedViewController(of: w) {
            target = p
        } else if presentingViewController(of: w) != nil {
            target = parentlessAncestor(of: w)
        } else {
            return .ignored(reason: "\(self[w].name) is neither presenting nor presented: there is nothing to dismiss", events: [])
        }
        let presenter = self[target].presenter!
        if let turn, turn.presentationInFlight {
            return .ignored(reason: "a presentation or dismissal started in this run-loop turn is still animating (UIKit #35)",
                            events: [.warning("Warning: Attempt to dismiss from view controller \(objectDescription(presenter)) while a presentation or dismiss is in progress!")])
        }
        // Everything presented from the dismissed view controllers, recursively.
        // Depth first with an explicit stack (Docs/Limits.md), in the order of a recursion.
        var dismissed: [VCID] = []
        var pending = [target]
        while let id = pending.popLast() {
            dismissed.append(id)
            pending += subtree(of: id).compactMap { self[$0].presentedChild }.reversed()
        }

        var events = transition(.modal, animated: animated) { s, _, _ in
            for id in dismissed.reversed() {
                s.marks.beingDismissed.insert(id)
                if let p = s[id].presenter { s[p].presentedChild = nil }
                s[id].presenter = nil
                s[id].presentation = nil
                s.window.subviews.removeAll { $0 == .transitionView(presented: id) }
                s.window.emptiedTransitionViews.remove(id)
            }
        }
        // A presenter inside a popover gets no viewDidAppear after what it presented is
        // dismissed (UIKit #38).
        var inPopover: [String] = []
        events.removeAll { e in
            guard e.kind == .callback, e.callback == "viewDidAppear", let n = e.viewController, let id = names[n],
                  self[parentlessAncestor(of: id)].presentation?.style == .popover else { return false }
            inPopover.append(n)
            return true
        }
        if !inPopover.isEmpty {
            events.append(.note("\(Abridged.list(inPopover)) \(inPopover.count == 1 ? "sits" : "sit") in a popover: UIKit does not call viewDidAppear after the view controller it presented is dismissed (UIKit #38)"))
        }
        if dismissed.count > 1 {
            events.insert(.note("\(self[presenter].name) dismisses \(Abridged.list(dismissed.map { self[$0].name })); only the top-most animates (UIKit #31)"), at: 0)
        } else if w != presenter {
            events.insert(.note("\(self[w].name) asked; \(self[presenter].name) dismisses \(self[target].name) (UIKit #30)"), at: 0)
        }
        startTransition(.dismissal(target, presenter: presenter), animated: animated)
        if animated, turn != nil {
            // The dismissal animates until the turn ends, and keeps them alive till then (UIKit #234).
            turn!.dismissing += dismissed
            return .done(events)
        }
        // Released by the presenter: gone unless something else holds them (UIKit #33, #79).
        return .done(events + release(candidates: dismissed))
    }

    /// `id` and all its contained descendants (not presentations), parents first.
    public func subtree(of id: VCID) -> [VCID] {
        var out: [VCID] = []
        var pending = [id]
        while let next = pending.popLast() {
            out.append(next)
            pending += self[next].children.reversed()
        }
        return out
    }
}
