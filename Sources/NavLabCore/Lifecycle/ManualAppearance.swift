/// Manual appearance forwarding (UIKit #45, #73, #76): a container whose class sets
/// `shouldAutomaticallyForwardAppearanceMethods=no` does not pass its children the appearance
/// methods; its code calls `beginAppearanceTransition(_:animated:)` and
/// `endAppearanceTransition()` on them instead.
extension State {
    static let forwardingKey = "shouldAutomaticallyForwardAppearanceMethods"

    /// Whether `id`'s class returns false from `shouldAutomaticallyForwardAppearanceMethods`.
    public func forwardsAppearanceManually(_ id: VCID) -> Bool {
        self[id].properties[State.forwardingKey] == "false"
    }

    /// Whether UIKit calls `id`'s appearance methods itself: not when a container above it
    /// forwards them by hand (its code must call begin/end, UIKit #45).
    /// Nor for a view put in another's view without containment: no parent forwards to it (UIKit #96),
    /// except in the transition that adds it to (or removes it from) a view in the window, where
    /// the view's move into or out of the window calls them, and it forwards them (UIKit #230).
    func receivesAutomaticAppearance(_ id: VCID) -> Bool {
        if self[id].hostView != nil { return marks.windowPath.contains(id) }
        var current = self[id].parent
        var steps = 0
        while let p = current, steps <= viewControllers.count {
            if forwardsAppearanceManually(p) { return false }
            if self[p].hostView != nil { return marks.windowPath.contains(p) }
            current = self[p].parent
            steps += 1
        }
        return true
    }

    /// `id` and what it forwards to automatically: its visible children, recursively, unless
    /// it forwards by hand itself. Parents first.
    func appearanceTargets(_ id: VCID) -> [VCID] {
        var out: [VCID] = []
        var pending = [id]
        while let next = pending.popLast() {
            out.append(next)
            if !forwardsAppearanceManually(next) { pending += visibleChildren(of: next).reversed() }
        }
        return out
    }

    func unbalancedWarning(_ id: VCID) -> Event {
        .warning("Unbalanced calls to begin/end appearance transitions for \(objectDescription(id)).")
    }

    /// `NAME.beginAppearanceTransition(isAppearing, animated:)`: the will-callbacks now; nested
    /// begins in the same direction wait for the matching final end (UIKit #45, #73). A begin
    /// in the other direction before the end reverses the transition — how a container cancels
    /// one — and one end then completes it, with no warning (UIKit #170).
    mutating func beginAppearanceTransition(_ ref: NameRef, isAppearing: Bool, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "begin an appearance transition of")
        let id = try resolve(ref)
        let pending = self[id].pendingAppearanceTransitions
        if pending != 0, (pending > 0) == isAppearing {
            self[id].pendingAppearanceTransitions += isAppearing ? 1 : -1
            return .done([.note("\(self[id].name) is already \(isAppearing ? "appearing" : "disappearing"): a nested begin; the callbacks come on the matching final end (UIKit #45, #73)")])
        }
        var events: [Event] = pending != 0
            ? [.note("\(self[id].name)'s \(pending > 0 ? "appearance" : "disappearance") is reversed before its end: a cancelled transition; one endAppearanceTransition completes it (UIKit #170)")]
            : []
        let targets = appearanceTargets(id)
        if isAppearing {
            for t in targets { loadView(t, events: &events) }
            for t in targets { events.append(.vc("viewWillAppear", self[t].name, animated: animated)) }
            if device.hasViewIsAppearing { for t in targets { events.append(.vc("viewIsAppearing", self[t].name, animated: animated)) } }
        } else {
            for t in targets { events.append(.vc("viewWillDisappear", self[t].name, animated: animated)) }
        }
        self[id].pendingAppearanceTransitions = isAppearing ? 1 : -1
        self[id].appearanceTransitionAnimated = animated
        self[id].appearanceTransitionEnded = false
        return .done(events)
    }

    /// `NAME.endAppearanceTransition()`: the did-callbacks of the pending begin, on the final
    /// matching end; with no begin pending, UIKit's unbalanced warning and nothing else.
    mutating func endAppearanceTransition(_ ref: NameRef) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "end an appearance transition of")
        let id = try resolve(ref)
        let pending = self[id].pendingAppearanceTransitions
        guard pending != 0 else {
            return .ignored(reason: "\(self[id].name) has no beginAppearanceTransition to end (UIKit #76, #95)", events: [unbalancedWarning(id)])
        }
        let isAppearing = pending > 0
        self[id].pendingAppearanceTransitions += isAppearing ? -1 : 1
        let animated = self[id].appearanceTransitionAnimated
        let cb = isAppearing ? "viewDidAppear" : "viewDidDisappear"
        let final = self[id].pendingAppearanceTransitions == 0
        if self[id].appearanceTransitionEnded {
            // The did-callbacks already came; the state is reached, so UIKit calls nothing more.
            if final { self[id].appearanceTransitionEnded = false }
            return .done([.note("\(self[id].name) already got \(cb) on an earlier end: this end calls nothing (UIKit #231)")])
        }
        guard final else {
            // UIKit waits for the final end only for a view controller that forwards
            // appearance automatically (UIKit #73); one that forwards by hand completes now.
            guard forwardsAppearanceManually(id) else {
                return .done([.note("a nested end: the callbacks come on the final one (UIKit #45, #73)")])
            }
            self[id].appearanceTransitionEnded = true
            return .done(appearanceTargets(id).map { Event.vc(cb, self[$0].name, animated: animated) }
                         + [.note("\(self[id].name) forwards appearance by hand itself (shouldAutomaticallyForwardAppearanceMethods=no): UIKit does not wait for the final end of its nested begins; the later ends call nothing (UIKit #231)")])
        }
        return .done(appearanceTargets(id).map { Event.vc(cb, self[$0].name, animated: animated) })
    }
}
