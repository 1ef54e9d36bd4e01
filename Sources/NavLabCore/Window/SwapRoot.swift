extension State {
    /// `window.rootViewController = x`, with nothing else done (UIKit #1–#6, #81, #82).
    /// A presentation the old root had up is not torn down: its UITransitionView stays in
    /// the window and the old tree stays allocated.
    mutating func swapRoot(_ spec: Spec) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "swap")
        // A bare word names the live instance when there is one (Docs/Guide.md, "Names").
        var spec = spec
        if case .instance(let word, let at) = spec, names[word] != nil { spec = .existing(NameRef(word, at: at)) }
        let old = window.rootViewController
        var existing: VCID?
        if case .existing(let ref) = spec {
            let x = try resolve(ref)
            existing = x
            if x == old { return .ignored(reason: "\(self[x].name) is already the window's rootViewController", events: []) }
            if let p = self[x].parent {
                throw NavLabError(.invalid, "\(self[x].name) is a child of \(self[p].name); a window's rootViewController has no parent",
                                  at: ref.location, suggestion: "`removeChild \(self[x].name)` first, or use a new instance")
            }
        } else {
            var claimed: Set<VCID> = []
            try validate(spec, claimed: &claimed)
        }
        var newRoot = VCID(0)
        var events = transition(.sequential, animated: false) { s, pre, _ in
            let x = existing ?? s.instantiate(spec, events: &pre)
            newRoot = x
            s.window.rootViewController = x
            // A presented view controller's view leaves its transition view for good.
            if s[x].presenter != nil { s.window.emptiedTransitionViews.insert(x) }
            // The old root's view is removed; the new one goes on top of everything (UIKit #1, #4).
            s.window.subviews.removeAll { $0 == .rootView }
            s.window.subviews.append(.rootView)
        }
        if let x = existing, self[x].presenter != nil {
            events.insert(.note("\(self[x].name)'s view moves from its UITransitionView to the window; the presentation link stays (UIKit #4)"), at: 0)
        }
        if let old, let p = self[old].presentedChild {
            events.append(.note("\(self[old].name) was still presenting \(self[p].name): its UITransitionView stays in the window (UIKit #4, #82)"))
        }
        _ = newRoot
        return .done(events + (old.map { release(candidates: [$0]) } ?? []))
    }

    /// `window.rootViewController = nil` (UIKit #6). Of the two reported outcomes NavLab
    /// models the first: the old root's view is removed (UIKit #1), but a presentation it had
    /// up is not torn down — its UITransitionView stays with the presented view on screen, and
    /// the view controllers stay alive, as after a swap to a new root (UIKit #4, #82). The
    /// second outcome (objects freed under a view still on screen) has no place in a model
    /// where a view lives as long as its view controller.
    mutating func swapRootToNil(at location: SourceLocation) throws(NavLabError) -> Outcome {
        try requireRunning(at: location, verb: "swap")
        guard let old = window.rootViewController else {
            return .ignored(reason: "the window's rootViewController is already nil", events: [])
        }
        var events = transition(.sequential, animated: false) { s, _, _ in
            s.window.rootViewController = nil
            s.window.subviews.removeAll { $0 == .rootView }
        }
        if let p = self[old].presentedChild {
            events.append(.note("\(self[old].name) was still presenting \(self[p].name): setting the root to nil does not tear the presentation down; its UITransitionView stays in the window with \(self[p].name)'s view (UIKit #6, #4)"))
        }
        return .done(events + release(candidates: [old]))
    }
}
