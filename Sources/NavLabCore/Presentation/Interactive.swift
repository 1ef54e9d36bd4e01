/// What the user does with a finger, and `show`: interactive dismissal of a sheet (UIKit #24,
/// #25, #37), the edge-swipe pop (UIKit #65), and `show`/`showDetailViewController` letting the
/// nearest container decide (UIKit #23).
extension State {
    public enum Swipe: String, Sendable, Hashable, CaseIterable {
        /// Swipe a card sheet down.
        case down
        /// The navigation controller's edge swipe back.
        case back
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
        return replaceChild(self[split].children.last!, in: split, with: spec, animated: animated)
    }

    mutating func swipe(_ kind: Swipe, on ref: NameRef?, cancel: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref?.location ?? SourceLocation(column: 1), verb: "swipe")
        switch kind {
        case .down: return try swipeDown(ref, cancel: cancel)
        case .back: return try swipeBack(ref, cancel: cancel)
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
        guard device.iOS >= 13, p.style == .pageSheet || p.style == .formSheet else {
            return .ignored(reason: "\(self[sheet].name) is presented .\(p.style.rawValue)\(device.iOS < 13 ? " before iOS 13" : ""); only iOS 13+ card sheets can be swiped down (UIKit #24)", events: [])
        }
        let name = self[sheet].name
        if self[sheet].properties["isModalInPresentation"] == "true" {
            return .done([.vc("presentationControllerDidAttemptToDismiss(_:)", name),
                          .note("\(name).isModalInPresentation is true: the sheet stays (UIKit #24)")])
        }
        var events: [Event] = [.vc("presentationControllerShouldDismiss(_:)", name), .vc("presentationControllerWillDismiss(_:)", name)]
        let inside = visibleSubtree(of: sheet).map { self[$0].name }
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
        guard cancel else { return try pop(NameRef(self[nav].name, at: ref?.location ?? SourceLocation(column: 1)), animated: true) }
        let current = stack[stack.count - 1], previous = stack[stack.count - 2]
        var events: [Event] = []
        if !self[previous].isViewLoaded {
            self[previous].isViewLoaded = true
            events += [.vc("loadView", self[previous].name), .vc("viewDidLoad", self[previous].name)]
        }
        let c = self[current].name, n = self[previous].name
        events += [.vc("viewWillDisappear", c, animated: true), .vc("viewWillAppear", n, animated: true),
                   .vc("viewWillDisappear", n, animated: true), .vc("viewDidDisappear", n, animated: true),
                   .vc("viewWillAppear", c, animated: true), .vc("viewDidAppear", c, animated: true),
                   .note("the swipe was abandoned: \(n) got a will/did-disappear pair and no viewDidAppear (UIKit #65)")]
        return .done(events)
    }
}
