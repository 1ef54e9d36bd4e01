/// What the user does with a finger, and `show`: interactive dismissal of a sheet (UIKit #24,
/// #25, #37), the edge-swipe pop (UIKit #65), and `show`/`showDetailViewController` letting the
/// nearest container decide (UIKit #23).
extension State {
    public enum Swipe: String, Sendable, Hashable, CaseIterable {
        /// Swipe a card sheet down.
        case down
        /// The navigation controller's edge swipe back.
        case back
        /// iOS 26's swipe back anywhere in the content (`interactiveContentPopGestureRecognizer`, UIKit #194).
        case content
    }

    /// `show(_:sender:)`: a navigation controller pushes; with none, UIKit presents (UIKit #23).
    mutating func show(_ spec: Spec, on ref: NameRef?, detail: Bool, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "show on")
        let w = try resolve(ref, default: "top")
        let call = detail ? "showDetailViewController(_:sender:)" : "show(_:sender:)"
        if detail {
            // A split view controller shows the detail in its secondary column when expanded.
            var c: VCID? = w
            while let id = c, self[id].kind != .split { c = self[id].parent }
            if let split = c, !device.isCompact, self[split].children.count >= 2 {
                let outcome = try replaceSecondary(of: split, with: spec, animated: animated)
                if case .ignored = outcome { return outcome }
                return .done([.note("\(call): \(self[split].name) shows it in its secondary column (UIKit #23, #59)")] + outcome.events)
            }
        }
        if let nav = self[w].kind == .navigation ? w : navigationController(of: w) {
            let outcome = try push(spec, on: NameRef(self[nav].name, at: spec.location), animated: animated)
            return .done([.note("\(call): \(self[nav].name) pushes it (UIKit #23)")] + outcome.events)
        }
        let outcome = try present(spec, on: ref, style: nil, animated: animated)
        switch outcome {
        case .done(let events): return .done([.note("\(call): no container overrides it, so it presents (UIKit #23)")] + events)
        case .ignored: return outcome
        }
    }

    /// An expanded split view controller's secondary column gets a new view controller.
    mutating func replaceSecondary(of split: VCID, with spec: Spec, animated: Bool) throws(NavLabError) -> Outcome {
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        let secondary = self[split].children.last!
        // Shown again where it already is: nothing moves (replacing it by itself would take
        // it out and put it back, losing its parent on the way).
        if case .existing(let ref) = spec, names[ref.text] == secondary {
            return .ignored(reason: "\(self[secondary].name) is already \(self[split].name)'s secondary column", events: [])
        }
        // What replaces the column cannot contain it, nor the split view controller or its
        // ancestors (as for a container's `switch`, UIKit #43).
        for (xref, x) in existingReferences(in: spec) {
            if x == secondary {
                throw NavLabError(.invalid, "\(xref.text) is the secondary column being replaced in \(self[split].name); it cannot also be part of what replaces it",
                                  at: xref.location, suggestion: "make a new instance (drop the @)")
            }
            if x == split || isAncestor(x, of: split) {
                throw NavLabError(.invalid, "that would make \(xref.text) its own ancestor: \(self[split].name) is inside it",
                                  at: xref.location, suggestion: "make a new instance (drop the @)")
            }
        }
        return replaceChild(secondary, in: split, with: spec, animated: animated)
    }

    mutating func swipe(_ kind: Swipe, on ref: NameRef?, cancel: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref?.location ?? SourceLocation(column: 1), verb: "swipe")
        switch kind {
        case .down: return try swipeDown(ref, cancel: cancel)
        case .back: return try swipeBack(ref, cancel: cancel)
        case .content:
            guard device.iOS >= 26 else {
                throw NavLabError(.invalid, "the swipe back from anywhere in the content (interactiveContentPopGestureRecognizer) is iOS 26 and later; the device runs iOS \(device.iOS)",
                                  at: ref?.location ?? SourceLocation(column: 1), suggestion: "swipe back: the edge swipe")
            }
            let outcome = try swipeBack(ref, cancel: cancel)
            guard case .done(let events) = outcome else { return outcome }
            return .done([.note("the swipe in the content area starts the same interactive pop as the edge swipe (interactiveContentPopGestureRecognizer, UIKit #194)")] + events)
        }
    }

    /// Swiping a card sheet down (iOS 13+). `isModalInPresentation` blocks it and the delegate
    /// hears `presentationControllerDidAttemptToDismiss`; otherwise ShouldDismiss → WillDismiss →
    /// (DidDismiss when it completes) (UIKIT #24). Cancelled, the sheet gets `viewWillDisappear`
    /// then appears again, never `viewDidDisappear`; completed, only the sheet is deinited and the
    /// presenter gets no callbacks (UIKit #37).
    mutating func swipeDown(_ ref: NameRef?, cancel: Bool) throws(NavLabError) -> Outcome {
        let w = try resolve(ref, default: "top")
        let sheet = parentlessAncestor(of: w)
        guard let p = self[sheet].presentation, self[sheet].presenter != nil else {
            throw NavLabError(.invalid, "\(self[w].name) is not in a presented sheet, so there is nothing to swipe down",
                              at: ref?.location ?? SourceLocation(column: 1), suggestion: "present X style=pageSheet")
        }
        let zoom = usesZoomTransition(sheet)
        guard zoom || device.iOS >= 13 && (p.style == .pageSheet || p.style == .formSheet) else {
            return .ignored(reason: "\(self[sheet].name) is presented .\(p.style.rawValue)\(device.iOS < 13 ? " before iOS 13" : ""); only iOS 13+ card sheets can be swiped down (UIKit #24)", events: [])
        }
        let name = self[sheet].name
        if self[sheet].properties["isModalInPresentation"] == "true" {
            return .done([.vc("presentationControllerDidAttemptToDismiss(_:)", name),
                          .note("\(name).isModalInPresentation is true: the sheet stays (UIKit #24)")])
        }
        if !zoom, self[sheet].properties["shouldDismiss"] == "false" {
            // The delegate refuses: UIKit reports the attempt and the sheet stays (UIKit #226).
            return .done([.vc("presentationControllerShouldDismiss(_:)", name), .vc("presentationControllerDidAttemptToDismiss(_:)", name),
                          .note("the delegate's presentationControllerShouldDismiss(_:) returned false: \(name) stays (UIKit #226)")])
        }
        var events: [Event] = [.vc("presentationControllerShouldDismiss(_:)", name), .vc("presentationControllerWillDismiss(_:)", name)]
        let inside = visibleSubtree(of: sheet).map { self[$0].name }
        if zoom {
            // The zoom transition's own interactive dismissal (UIKit #192).
            events = [.note("\(name) came in with the zoom transition: dragging it dismisses it interactively (UIKit #192)")]
            if cancel {
                events += inside.map { Event.vc("viewWillDisappear", $0, animated: true) }
                events += inside.map { Event.vc("viewDidAppear", $0, animated: true) }
                events.append(.note("the zoom dismissal was abandoned: \(name) went from disappearing straight back to appeared in one run-loop turn — viewWillDisappear, then viewDidAppear, no viewWillAppear (UIKit #192)"))
                return .done(events)
            }
            let outcome = try dismiss(NameRef(name, at: ref?.location ?? SourceLocation(column: 1)), animated: true)
            return .done(events + outcome.events)
        }
        if cancel {
            events += inside.map { Event.vc("viewWillDisappear", $0, animated: true) }
            events += inside.map { Event.vc("viewWillAppear", $0, animated: true) }
            if device.hasViewIsAppearing { events += inside.map { Event.vc("viewIsAppearing", $0, animated: true) } }
            events += inside.map { Event.vc("viewDidAppear", $0, animated: true) }
            events.append(.note("the swipe was abandoned: \(name) never got viewDidDisappear (UIKit #37)"))
            return .done(events)
        }
        let outcome = try dismiss(NameRef(name, at: ref?.location ?? SourceLocation(column: 1)), animated: true)
        let dismissal = outcome.events.filter { !($0.kind == .note) }
        let split = dismissal.firstIndex { $0.callback == "deinit" } ?? dismissal.count
        events += dismissal[..<split]
        events.append(.vc("presentationControllerDidDismiss(_:)", name))
        events += dismissal[split...]
        return .done(events)
    }

    /// The navigation controller's edge swipe. Completed, it is a pop; abandoned, the order is
    /// Current.viewWillDisappear → New.viewWillAppear → New.viewWillDisappear →
    /// New.viewDidDisappear → Current.viewWillAppear → Current.viewDidAppear (UIKit #65).
    mutating func swipeBack(_ ref: NameRef?, cancel: Bool) throws(NavLabError) -> Outcome {
        let nav = try navigationTarget(ref, verb: "swipe back in")
        let stack = self[nav].children
        guard stack.count > 1 else {
            return .ignored(reason: "\(self[nav].name) shows its root view controller: there is nothing to swipe back to", events: [])
        }
        let current = stack[stack.count - 1], previous = stack[stack.count - 2]
        let zoom = usesZoomTransition(current)
        // #193 is for a zoom push grabbed mid-flight: not for a zoom view controller that a
        // pop still animating uncovered.
        let zoomPushInFlight = zoom && turn?.pushed.contains(current) == true
        // Grabbing a zoom push mid-flight does not cancel it: it completes and a pop starts in
        // the same run-loop turn, without the nested-transition warnings (UIKit #193).
        // From iOS 26 the user's pop does not wait for any push or pop in flight: that one
        // completes at once and the pop starts in the same turn, with no warnings (UIKit #216).
        var lead: [Event] = []
        if let turn, turn.navigationInFlight(nav), zoomPushInFlight || device.iOS >= 26 {
            if zoomPushInFlight {
                lead.append(.note("\(self[current].name)'s zoom push is not cancelled: it completes (viewDidAppear above) and the pop starts in the same run-loop turn (UIKit #193)"))
            } else {
                lead.append(.note("on iOS \(device.version) the user's pop does not wait for \(self[nav].name)'s transition in flight: it completes at once (its viewDid… calls above) and the pop starts in the same run-loop turn, without the nested-transition warnings (UIKit #216)"))
            }
            self.turn!.inFlight.removeAll { $0 == .navigation(nav) }
            self.turn!.completedInFlight = true
        }
        guard cancel else {
            let outcome = try pop(NameRef(self[nav].name, at: ref?.location ?? SourceLocation(column: 1)), animated: true)
            return lead.isEmpty ? outcome : .done(lead + outcome.events)
        }
        var events: [Event] = lead
        if !self[previous].isViewLoaded {
            self[previous].isViewLoaded = true
            events += [.vc("loadView", self[previous].name), .vc("viewDidLoad", self[previous].name)]
        }
        let c = self[current].name, n = self[previous].name
        if zoom {
            // Cancelled, a zoom pop goes from disappearing straight back to appeared in one
            // run-loop turn: viewWillDisappear, then viewDidAppear (UIKit #192). What the one
            // underneath gets is not published; NavLab keeps the edge swipe's (UIKit #65).
            events += [.vc("viewWillDisappear", c, animated: true), .vc("viewWillAppear", n, animated: true),
                       .vc("viewWillDisappear", n, animated: true), .vc("viewDidDisappear", n, animated: true),
                       .vc("viewDidAppear", c, animated: true),
                       .note("the zoom pop was cancelled: \(c) went from disappearing straight back to appeared in one run-loop turn — viewWillDisappear, then viewDidAppear, no viewWillAppear (UIKit #192)")]
            return .done(events)
        }
        events += [.vc("viewWillDisappear", c, animated: true), .vc("viewWillAppear", n, animated: true),
                   .vc("viewWillDisappear", n, animated: true), .vc("viewDidDisappear", n, animated: true),
                   .vc("viewWillAppear", c, animated: true), .vc("viewDidAppear", c, animated: true),
                   .note("the swipe was abandoned: \(n) got a will/did-disappear pair and no viewDidAppear (UIKit #65)")]
        return .done(events)
    }

    /// Whether `id` came in with the fluid zoom transition: its `preferredTransition` is
    /// `.zoom` and the device runs iOS 18 or later (UIKit #192).
    func usesZoomTransition(_ id: VCID) -> Bool {
        device.iOS >= 18 && self[id].properties["preferredTransition"] == "zoom"
    }

    /// The same check for what a spec is about to make (its class's settings), before a push
    /// or a presentation.
    func checkPreferredTransition(of spec: Spec) throws(NavLabError) {
        guard device.iOS < 18 else { return }
        let zoom: Bool
        switch spec {
        case .instance(let cls, _): zoom = classes[cls]?.properties["preferredTransition"] == "zoom"
        case .container(let w, let cls, _, _): zoom = classes[cls ?? w.defaultClassName]?.properties["preferredTransition"] == "zoom"
        case .existing(let r): zoom = names[r.text].map { self[$0].properties["preferredTransition"] == "zoom" } ?? false
        }
        guard zoom else { return }
        throw NavLabError(.invalid, "\(spec.text)'s preferredTransition is .zoom, which is iOS 18 and later; the device runs iOS \(device.iOS)",
                          at: spec.location, suggestion: "`device \(device.idiom.rawValue) iOS=18`, or drop preferredTransition=zoom from its class")
    }
}
