// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// A view controller's view put inside another's without containment (UIKit #46, #47): the
/// app's code calls `A.view.addSubview(B.view)` and keeps B in a property, but never `addChild`.
/// B is then "detached" (UIKit #96): on screen, outside the view-controller hierarchy, and
/// told nothing by UIKit's appearance forwarding.
extension State {
    /// `A.view.addSubview(B.view)`.
    mutating func addSubview(_ spec: Spec, to ref: NameRef) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "add a view to")
        let host = try resolve(ref)
        if case .existing(let xref) = spec, let x = names[xref.text] {
            // A child's view can only go where its parent's view is (UIKit #46, #102).
            if let p = self[x].parent, p != host {
                throw NavLabError(.exception,
                    "child view controller:\(objectDescription(x)) should have parent view controller:\(objectDescription(p)) but requested parent is:\(objectDescription(host))",
                    at: xref.location, suggestion: self[p].kind.isUIKitContainer ? "use a new instance (drop the @)" : "`removeChild \(xref.text)` first, or `addChild \(xref.text) to \(self[host].name)`",
                    exceptionName: "UIViewControllerHierarchyInconsistency")
            }
            if self[x].parent == host {
                throw NavLabError(.invalid, "\(xref.text) is already a child of \(self[host].name): its view belongs in \(self[host].name)'s view already",
                                  at: xref.location)
            }
            if x == host || viewContains(x, host) || self[x].hostView == host {
                throw NavLabError(.invalid, "\(xref.text)'s view cannot go inside \(self[host].name)'s view", at: xref.location,
                                  suggestion: self[x].hostView == host ? "it is there already" : "name another view controller")
            }
            if self[x].presenter != nil || x == window.rootViewController {
                throw NavLabError(.invalid, "\(xref.text)'s view is the window's root view or a presented view; moving it into another view is not modelled",
                                  at: xref.location, suggestion: "use a new instance (drop the @)")
            }
        }
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        // Nothing in the new view may already contain the host's view: views would loop.
        for (xref, x) in existingReferences(in: spec) where x == host || isAncestor(x, of: host) {
            throw NavLabError(.invalid, "that would make \(xref.text) its own ancestor: \(self[host].name)'s view is inside \(xref.text)'s",
                              at: xref.location, suggestion: "use a new instance (drop the @)")
        }
        var added = VCID(0)
        var events = transition(.push, animated: false) { s, pre, _ in
            let x = s.instantiate(spec, events: &pre)
            added = x
            if let old = s[x].hostView { s[old].hostedViews.removeAll { $0 == x } }
            // `B.view` loads B's view (UIKit #61); `A.view` loads A's.
            s.loadView(x, events: &pre)
            s.loadView(host, events: &pre)
            s[x].hostView = host
            s[host].hostedViews.append(x)
            // Its view moves into the window now if A's is there: UIKit's window path calls
            // its appearance methods (UIKit #230).
            s.marks.windowPath.insert(x)
        }
        // The app's code must keep B, or B would go while its view stays on screen.
        let label = "\(self[host].name)'s property (its view added with addSubview)"
        if !holds.contains(where: { $0.viewController == added }) { holds.append(Hold(label: label, viewController: added)) }
        let x = self[added].name, a = self[host].name
        let entered = events.contains { $0.kind == .callback && $0.callback == "viewWillAppear" && $0.viewController == x }
        let how = entered
            ? "its view entered the window, so UIKit called its appearance methods (UIKit #230), but no parent forwards them: it gets none when \(a)'s view leaves or comes back (UIKit #96)"
            : "\(a)'s view is not in the window, so it gets no appearance calls, now or when \(a)'s view enters the window (UIKit #230, #96)"
        events.append(.note("\(x)'s view is inside \(a)'s view without addChild: \(x) has no parent and is outside the view-controller hierarchy; \(how); the app holds it as \(label) (UIKit #46, #47)"))
        return .done(events)
    }

    /// `B.view.removeFromSuperview()` for a view added with `addSubview`: leaving the window,
    /// it gets `viewWillDisappear` and `viewDidDisappear` from UIKit's window path; out of the
    /// window, nothing (UIKit #230). The app still holds B.
    mutating func removeFromSuperview(_ ref: NameRef) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "remove a view of")
        let x = try resolve(ref)
        guard let host = self[x].hostView else {
            let n = self[x].name
            let suggestion: String
            if let p = self[x].parent { suggestion = "\(n) is \(self[p].name)'s child: `removeChild \(n)` removes it with its view (UIKit #42)" }
            else if self[x].presenter != nil { suggestion = "\(n) is presented: `dismiss \(n)`" }
            else if window.rootViewController == x { suggestion = "\(n)'s view is the window's root view: `swapRoot` replaces it" }
            else { suggestion = "`addSubview \(n) to NAME` puts a view there first" }
            throw NavLabError(.invalid, "\(n)'s view was not added with addSubview, so NavLab does not remove it on its own", at: ref.location, suggestion: suggestion)
        }
        let wasShown = isInWindow(x) && !isPendingAppearance(x)
        marks.windowPath.insert(x)
        let events = transition(.push, animated: false) { s, _, _ in
            s[host].hostedViews.removeAll { $0 == x }
            s[x].hostView = nil
        }
        let n = self[x].name, a = self[host].name
        let label = holds.first { $0.viewController == x }?.label ?? "nothing"
        let note: Event = .note(wasShown
            ? "\(n)'s view left \(a)'s view and the window: UIKit's window path called its disappearance methods (UIKit #230); the app still holds it as \(label)"
            : "\(n)'s view left \(a)'s view, which was not in the window: no call (UIKit #230); the app still holds it as \(label)")
        return .done(events + [note] + release(candidates: [x]))
    }

    /// `C.view = B.view`: a view belongs to one view controller at a time (UIKit #103).
    mutating func reuseView(of ref: NameRef, for other: NameRef) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "reuse a view of")
        let owner = try resolve(ref)
        let target = try resolve(other)
        guard owner != target else {
            throw NavLabError(.invalid, "\(self[owner].name) already owns its view", at: other.location, suggestion: "name another view controller")
        }
        throw NavLabError(.exception,
            "A view can only be associated with at most one view controller at a time! View <\(viewClassName(owner)): \(viewAddress(of: owner))> is associated with \(objectDescription(owner)). Clear this association before associating this view with \(objectDescription(target))",
            at: other.location, suggestion: "give \(self[target].name) a view of its own; to show \(self[owner].name) inside it, `addChild \(self[owner].name) to \(self[target].name)`",
            exceptionName: "UIViewControllerHierarchyInconsistency")
    }
}
