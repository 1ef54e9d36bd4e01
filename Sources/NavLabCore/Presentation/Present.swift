extension State {
    /// `W.present(X, animated:)`.
    mutating func present(_ spec: Spec, on ref: NameRef?, style requested: ModalPresentationStyle?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "present on")
        let w = try resolve(ref, default: "top")
        if case .existing(let xref) = spec, let x = names[xref.text], x == window.rootViewController || isInWindow(x) && self[x].presenter == nil {
            throw NavLabError(.exception, "Application tried to present modally an active controller \(objectDescription(x)).",
                              at: xref.location, suggestion: "present a new instance (drop the @)",
                              exceptionName: "NSInvalidArgumentException")
        }
        var claimed: Set<VCID> = []
        if case .container(.Sheet, _, _, _) = spec {
            try validateSheet(spec, presenter: w)
        } else {
            try validate(spec, claimed: &claimed)
        }
        try checkPreferredTransition(of: spec)

        // An existing instance must not already be in the hierarchy (UIKit #27, #101).
        var existing: VCID?
        if case .existing(let xref) = spec {
            let x = names[xref.text]!
            existing = x
            if isInWindow(x) {
                throw NavLabError(.exception, "Application tried to present modally an active controller \(objectDescription(x)).",
                                  at: xref.location, suggestion: "present a new instance (drop the @)",
                                  exceptionName: "NSInvalidArgumentException")
            }
            if let p = self[x].parent {
                throw NavLabError(.exception,
                    "Application tried to present modally a view controller \(objectDescription(x)) that has a parent view controller \(objectDescription(p)).",
                    at: xref.location, suggestion: "`removeChild \(self[x].name)` first", exceptionName: "NSInvalidArgumentException")
            }
            if x == w || isAncestor(x, of: w) {
                throw NavLabError(.invalid, "\(self[x].name) cannot present itself or be presented by its own descendant",
                                  at: xref.location, suggestion: nil)
            }
        }

        // The style in effect: the requested style, else the class's, then adaptation (UIKit #10, #18, #165).
        let setStyle = requested ?? styleOf(spec, existing: existing)
        if setStyle == .none { return presentingWithNoneCrashes(spec, existing: existing) }
        let style = setStyle.resolved(on: device)
        let xDescription = existing.map(objectDescription) ?? futureDescription(spec)

        // UIKit walks to the view controller that really presents (UIKit #12, #14, #20, #164); a
        // current-context style keeps its context in compact width too (UIKit #252).
        let presenter = style.isCurrentContext ? contextPresenter(from: w) : parentlessAncestor(of: w)

        let modern = device.usesModernPresentationWarnings
        // A view controller whose animated dismissal has begun: its view has left the window, and
        // it presents nothing any more (UIKit #234).
        if let turn, turn.dismissing.contains(where: { $0 == w || viewContains($0, w) }) {
            let msg = modern
                ? "[Presentation] Attempt to present \(xDescription) on \(objectDescription(presenter)) (from \(objectDescription(w))) whose view is not in the window hierarchy."
                : "Warning: Attempt to present \(xDescription) on \(objectDescription(presenter)) whose view is not in the window hierarchy!"
            return .ignored(reason: "\(self[w].name) is being dismissed, animated: its view has left the window, so UIKit does not present (UIKit #234)", events: [.warning(msg)])
        }
        if let turn, turn.presentationInFlight {
            let msg = modern
                ? "[Presentation] Attempt to present \(xDescription) on \(objectDescription(presenter)) (from \(objectDescription(w))) while a presentation is in progress."
                : "Warning: Attempt to present \(xDescription) on \(objectDescription(presenter)) while a presentation is in progress!"
            return .ignored(reason: "a presentation or dismissal started in this run-loop turn is still animating (UIKit #91)", events: [.warning(msg)])
        }
        // Code that runs before the presenter appears (viewDidLoad, viewWillAppear,
        // didFinishLaunching) finds its view not in the window yet (UIKit #183, #184).
        guard isInWindow(w), !isPendingAppearance(presenter) else {
            let msg = modern
                ? "[Presentation] Attempt to present \(xDescription) on \(objectDescription(presenter)) (from \(objectDescription(w))) whose view is not in the window hierarchy."
                : "Warning: Attempt to present \(xDescription) on \(objectDescription(presenter)) whose view is not in the window hierarchy!"
            return .ignored(reason: "\(self[w].name)'s view is not in the window, so UIKit does not present (UIKit #28)", events: [.warning(msg)])
        }
        if let busy = self[presenter].presentedChild {
            let msg = modern
                ? "[Presentation] Attempt to present \(xDescription) on \(objectDescription(presenter)) (from \(objectDescription(w))) which is already presenting \(objectDescription(busy))."
                : "Warning: Attempt to present \(xDescription) on \(objectDescription(presenter)) which is already presenting \(objectDescription(busy))"
            let via = presenter == w ? "" : " (the presentation goes to \(self[presenter].name), UIKit #164)"
            return .ignored(reason: "\(self[presenter].name) is already presenting \(self[busy].name)\(via) (UIKit #26)", events: [.warning(msg)])
        }

        var leading: [Event] = []
        if !isAttachedToWindowHierarchy(w) {
            leading.append(detachedPresentationWarning(presenting: xDescription, from: w))
        }
        var presentedID = VCID(0)
        var events = transition(.modal, animated: animated) { s, pre, _ in
            let x = s.instantiate(spec, events: &pre)
            presentedID = x
            s.marks.beingPresented.insert(x)
            s[x].presenter = presenter
            s[x].presentation = Presentation(requestedStyle: setStyle, style: style, calledOn: w, animated: animated)
            s[presenter].presentedChild = x
            s.window.subviews.append(.transitionView(presented: x))
        }
        startTransition(.presentation(presentedID), animated: animated)
        if presenter != w {
            let why = style.isCurrentContext ? "it defines the presentation context (UIKit #20)"
                : "a child hands presentations to its parentless ancestor (UIKit #164)"
            events.insert(.note("\(self[w].name) asked; \(self[presenter].name) presents, as \(why)"), at: 0)
        }
        if animated, usesZoomTransition(presentedID) {
            events.insert(.note("\(self[presentedID].name) is presented with the fluid zoom transition: dragging it dismisses it interactively (`swipe down`, UIKit #192)"), at: 0)
        }
        if setStyle != style {
            let why = setStyle == .automatic && ModalPresentationStyle.automatic.resolved(on: Device(idiom: .iPad, iOS: device.iOS)) == style
                ? "the default on iOS \(device.iOS), UIKit #18" : "adapted to compact width, UIKit #10, #22, #165"
            events.append(.note("\(self[presentedID].name) is presented .\(style.rawValue): its modalPresentationStyle .\(setStyle.rawValue) is .\(style.rawValue) on \(device.description) (\(why))"))
        }
        return .done(leading + events)
    }

    /// UIKit's warning for a presentation from a view controller outside the window's
    /// hierarchy (UIKit #96, #185), in the words of the device's iOS: discouraged before iOS 17,
    /// "not supported" from 17, with the `Presentation` category's tag on 14–16 (UIKit #236).
    func detachedPresentationWarning(presenting x: String, from w: VCID) -> Event {
        let from = objectDescription(w)
        if device.iOS >= 17 {
            return .warning("Presenting view controller \(x) from detached view controller \(from) is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure \(from) is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release.")
        }
        if device.usesModernPresentationWarnings {
            return .warning("[Presentation] Presenting view controller \(x) from detached view controller \(from) is discouraged.")
        }
        return .warning("Presenting view controllers on detached view controllers is discouraged \(from).")
    }

    /// `.none` is only for an adaptive delegate to return; presenting with it crashes (UIKit #75).
    /// The process dies as with `crash`: no callback, no `deinit`; the archive of the last
    /// background stays.
    mutating func presentingWithNoneCrashes(_ spec: Spec, existing: VCID?) -> Outcome {
        let what = existing.map { self[$0].name } ?? spec.text
        endProcess()
        return .done([.note("the app crashed: \(what)'s modalPresentationStyle is .none, which UIKit does not present with — it is only for an adaptive presentation delegate to return (UIKit #75). No callback runs."
                            + (application.data.archive != nil ? " The archive of the last background stays." : ""))])
    }

    /// The style a spec will be presented with when none is given: its class's.
    func styleOf(_ spec: Spec, existing: VCID?) -> ModalPresentationStyle {
        if let existing { return self[existing].modalPresentationStyle }
        switch spec {
        case .instance(let cls, _): return classes[cls]?.modalPresentationStyle ?? .automatic
        case .container(let w, let cls, _, _): return classes[cls ?? w.defaultClassName]?.modalPresentationStyle ?? .automatic
        case .existing: return .automatic
        }
    }

    /// How UIKit will print the instance `spec` is about to make (for warnings about it).
    func futureDescription(_ spec: Spec) -> String {
        let cls: String, isApp: Bool
        switch spec {
        case .instance(let c, _): cls = c; isApp = true
        case .container(let w, _, let kids, _) where w.isSwiftUI:
            let view: String
            if case .instance(let v, _)? = kids.first { view = v } else { view = "" }
            let role: SwiftUIRole = w == .Sheet ? .sheetContent : w == .SwiftUI ? .hosting : w == .TabView ? .tabBarController : .navigationController
            cls = role.printedClass(rootView: view, module: appName); isApp = false
        case .container(let w, let c, _, _): cls = c ?? w.defaultClassName; isApp = c != nil || w.kind.uikitClass == nil
        case .existing(let r): return names[r.text].map(objectDescription) ?? r.text
        }
        return "<\(isApp ? appName + "." + cls : cls): \(hex(0x7f9a_0000_0000 + Int64(nextID) * 0x1000))>"
    }


    /// Whether `a`'s view contains `b`'s: through containment, or a view added with
    /// `addSubview` (which would otherwise let a move make a loop of views).
    func isAncestor(_ a: VCID, of b: VCID) -> Bool {
        guard let above = self[b].parent ?? self[b].hostView else { return false }
        return viewContains(a, above)
    }

    /// Current-context styles: the first view controller up the chain that defines the
    /// presentation context, else the window's root (UIKit #20).
    func contextPresenter(from w: VCID) -> VCID {
        var current: VCID? = w
        var seen: Set<VCID> = []
        while let c = current, seen.insert(c).inserted {
            if self[c].definesPresentationContext { return c }
            current = self[c].parent ?? self[c].presenter
        }
        return window.rootViewController ?? parentlessAncestor(of: w)
    }
}
