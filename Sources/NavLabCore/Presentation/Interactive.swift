/// `swipe`'s kinds (the swipes themselves are in Swipes.swift), `show`/`showDetailViewController`
/// letting the nearest container decide (UIKit #23), and the zoom transition's checks (UIKit #192).
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
            // Collapsed, UIKit nests a navigation controller given as the detail inside the
            // primary navigation controller (Xcode's Master-Detail template does this on every
            // iPhone); it does not raise the push's exception there. NavLab has no nested
            // navigation controllers, so it says that rather than UIKit's push exception.
            if let split = c, device.isCompact, stackEntryKind(spec) == .navigation {
                throw NavLabError(.invalid, "\(call) on a collapsed \(self[split].name) with a navigation controller: UIKit nests it inside the primary navigation controller, which NavLab does not model",
                                  at: spec.location,
                                  suggestion: "show the navigation controller's content instead, or play it expanded (`device iPad`), where it replaces the secondary column")
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
