// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// `swipe down|back`: the user's interactive dismissal of a sheet (UIKit #24, #25, #37) and the
/// navigation controller's edge-swipe pop (UIKit #65).
extension State {
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
        // The swipe starts a real pop: inside the current view controller's viewWillDisappear,
        // isMovingFromParent is true although the user may still give up (UIKit #251).
        var leaving = Event.vc("viewWillDisappear", c, animated: true)
        if logsAppearanceFlags { leaving.message = "isMovingFromParent" }
        events += [leaving, .vc("viewWillAppear", n, animated: true),
                   .vc("viewWillDisappear", n, animated: true), .vc("viewDidDisappear", n, animated: true),
                   .vc("viewWillAppear", c, animated: true), .vc("viewDidAppear", c, animated: true),
                   .note("the swipe was abandoned: \(n) got a will/did-disappear pair and no viewDidAppear (UIKit #65)")]
        return .done(events)
    }
}
