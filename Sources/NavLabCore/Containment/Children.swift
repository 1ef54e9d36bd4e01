extension State {
    /// Custom containment belongs to plain view controllers and custom containers; UIKit's
    /// containers manage their children through their own API.
    func requireCustomContainer(_ id: VCID, at: SourceLocation, verb: String) throws(NavLabError) {
        let vc = self[id]
        let alternative: String?
        switch vc.kind {
        case .navigation: alternative = "push / pop"
        case .tabBar: alternative = "a new Tab(…)"
        case .page: alternative = "switch X in \(vc.name)"
        case .split: alternative = "a new Split(…)"
        case .plain, .container: alternative = nil
        }
        if let alternative {
            throw NavLabError(.invalid, "\(vc.name) is a \(vc.kind.uikitClass ?? vc.className); it manages its own children, so NavLab does not \(verb) it directly",
                              at: at, suggestion: "use \(alternative)")
        }
    }

    /// The canonical add: `addChild` (→ `willMove(toParent:)`, UIKit #39), the view added,
    /// then `didMove(toParent:)` (UIKit #42); off screen, both views are loaded then and
    /// there and nothing appears. `didMove: false` is an app whose code never calls
    /// `didMove(toParent:)` (UIKit #209): the view still appears with the parent, and the
    /// child stays half-added until `removeFromParent` sends `didMove(toParent: nil)`.
    /// A child added again to the parent it has is removed and added (UIKit #40, #229). A
    /// navigation or tab bar controller takes the child among its own (UIKit #228).
    /// `firstPage`: a page view controller's first page (`switch` in one with none).
    mutating func addChild(_ spec: Spec, to ref: NameRef, didMove: Bool = true, firstPage: Bool = false) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "add a child to")
        let parent = try resolve(ref)
        let kind = self[parent].kind
        if (kind == .page && !firstPage) || kind == .split {
            throw NavLabError(.invalid, "UIKit lets \(self[parent].name), a \(kind.uikitClass!), take a child with addChild, but no source says what it does with one it did not ask for, so NavLab does not model it",
                              at: ref.location, suggestion: kind == .page ? "switch X in \(self[parent].name)" : "a new Split(…), or showDetail")
        }
        if kind == .navigation || kind == .tabBar {
            return try addChild(spec, toContainer: parent, at: ref.location, didMove: didMove)
        }
        if case .existing(let xref) = spec, let x = names[xref.text] {
            if x == parent || isAncestor(x, of: parent) {
                throw NavLabError(.invalid, "\(xref.text) cannot become a child of itself or of its own descendant", at: xref.location)
            }
            if self[x].parent == parent { return readd(x, to: parent, didMove: didMove) }
        }
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        for (xref, x) in existingReferences(in: spec) where x == parent || isAncestor(x, of: parent) {
            throw NavLabError(.invalid, "that would make \(xref.text) its own ancestor: \(self[parent].name) is inside it",
                              at: xref.location, suggestion: "make a new instance (drop the @)")
        }
        // Its parent is appearing: in the code of its viewWillAppear, viewIsAppearing or layout
        // calls, or pushed, animated, earlier in the line.
        let parentAppearing = hookAppearing.contains(parent) || turn?.pushed.contains(parent) == true
        var added = VCID(0)
        var events = transition(.push, animated: false) { s, pre, post in
            let x = s.instantiate(spec, events: &pre)
            added = x
            pre.append(.move("willMove(toParent:)", s[x].name, parent: s[parent].name))
            // A view added earlier without containment is now the child's (UIKit #42).
            if let h = s[x].hostView { s[h].hostedViews.removeAll { $0 == x }; s[x].hostView = nil }
            s[x].parent = parent
            s[x].awaitsDidMove = !didMove
            s.appendChild(x, to: parent)
            // Off screen the canonical add still touches both views (UIKit #42): `c.view.frame`
            // loads the child's, `view.addSubview` the parent's (UIKit #61). On screen the
            // transition loads the child as it enters the window.
            if !s.isInWindow(parent) {
                s.loadView(x, events: &pre)
                s.loadView(parent, events: &pre)
            }
            if didMove {
                post.append(.move("didMove(toParent:)", s[x].name, parent: s[parent].name))
            } else {
                // Nothing calls didMove (UIKit #209); the child is still moving to its
                // parent inside this transition's appearance calls.
                s.marks.movingToParent.insert(x)
            }
        }
        if parentAppearing, device.iOS < 10 {
            // Before iOS 10 a child added while its parent is appearing misses viewWillAppear;
            // its viewDidAppear still comes (UIKit #233).
            let missed = Set(appearanceTargets(added).map { self[$0].name })
            let before = events.count
            events.removeAll { $0.kind == .callback && $0.callback == "viewWillAppear" && missed.contains($0.viewController ?? "") }
            if events.count < before {
                events.append(.note("\(self[added].name) was added while \(self[parent].name) was appearing: on iOS \(device.iOS) it gets viewDidAppear but no viewWillAppear (UIKit #233)"))
            }
        }
        return .done(events)
    }

    /// `addChild` of a child to the parent it already has: UIKit sends `willMove(toParent: nil)`,
    /// removes it (`didMove(toParent: nil)`) and adds it again at the end of the children
    /// (`willMove(toParent:)`); its view is not touched, so no appearance call (UIKit #229).
    mutating func readd(_ x: VCID, to parent: VCID, didMove: Bool) -> Outcome {
        let name = self[parent].name
        var events: [Event] = []
        detachFromParent(x, events: &events)
        events.append(.move("willMove(toParent:)", self[x].name, parent: name))
        self[x].parent = parent
        self[x].awaitsDidMove = !didMove
        appendChild(x, to: parent)
        if didMove { events.append(.move("didMove(toParent:)", self[x].name, parent: name)) }
        events.append(.note("\(self[x].name) was already \(name)'s child: addChild removed it and added it again, now last among \(name)'s children; its view stays where it is (UIKit #229)"))
        return .done(events)
    }

    /// `addChild` on a navigation or tab bar controller, which UIKit allows (UIKit #228): a
    /// navigation controller's children are its stack, so the child becomes its top and the old
    /// top disappears; a tab bar controller's are its tabs, so the child is a new last tab, not
    /// selected, with no tab bar item until the items are rebuilt. The container, not the app,
    /// puts the child's view where it goes: the app's code is `addChild(x)` and
    /// `x.didMove(toParent:)`.
    mutating func addChild(_ spec: Spec, toContainer parent: VCID, at: SourceLocation, didMove: Bool) throws(NavLabError) -> Outcome {
        let name = self[parent].name
        let kind = self[parent].kind
        if case .existing(let xref) = spec, let x = names[xref.text] {
            if x == parent || isAncestor(x, of: parent) {
                throw NavLabError(.invalid, "\(xref.text) cannot become a child of itself or of its own descendant", at: xref.location)
            }
            if self[x].parent == parent {
                throw NavLabError(.invalid, "\(xref.text) is already one of \(name)'s \(kind == .navigation ? "stack entries" : "tabs"); adding it again would move it to the end, which NavLab does not model for a \(kind.uikitClass!)",
                                  at: xref.location, suggestion: kind == .navigation ? "setViewControllers … on \(name)" : "setViewControllers … on \(name)")
            }
        }
        let nested: Kind?
        switch spec {
        case .container(let w, _, _, _): nested = w.kind
        case .existing(let r): nested = names[r.text].map { self[$0].kind }
        case .instance: nested = nil
        }
        if nested == .navigation || nested == .tabBar {
            throw NavLabError(.invalid, "NavLab does not model a \(nested!.uikitClass!) added with addChild to \(name), a \(kind.uikitClass!)",
                              at: spec.location, suggestion: "add its content, or present it")
        }
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        for (xref, x) in existingReferences(in: spec) where x == parent || isAncestor(x, of: parent) {
            throw NavLabError(.invalid, "that would make \(xref.text) its own ancestor: \(name) is inside it",
                              at: xref.location, suggestion: "make a new instance (drop the @)")
        }
        let oldTop = self[parent].children.last
        var added = VCID(0)
        var events = transition(.push, animated: false) { s, pre, post in
            let x = s.instantiate(spec, events: &pre)
            added = x
            pre.append(.move("willMove(toParent:)", s[x].name, parent: name))
            if let h = s[x].hostView { s[h].hostedViews.removeAll { $0 == x }; s[x].hostView = nil }
            s[x].parent = parent
            s[x].awaitsDidMove = !didMove
            s.appendChild(x, to: parent)
            if didMove { post.append(.move("didMove(toParent:)", s[x].name, parent: name)) } else { s.marks.movingToParent.insert(x) }
        }
        let x = self[added].name
        if kind == .navigation {
            events.insert(.note("UIKit lets the app add a child to \(name) with addChild, outside push: its children are its stack, so \(x) becomes its top\(oldTop.map { " and \(self[$0].name) disappears" } ?? "") (UIKit #228)"), at: 0)
        } else {
            events.append(.note("\(x) is now tab \(self[parent].children.count - 1) of \(name), not selected; UIKit gives it no tab bar item until the items are rebuilt (UIKit #228)"))
        }
        return .done(events)
    }
    /// Accessing `view`: `loadView` and `viewDidLoad` the first time only (UIKit #61).
    mutating func loadView(_ id: VCID, events: inout [Event]) {
        guard !self[id].isViewLoaded else { return }
        self[id].isViewLoaded = true
        events.append(.vc("loadView", self[id].name))
        events.append(.vc("viewDidLoad", self[id].name))
    }

    /// The canonical remove: `willMove(toParent: nil)`, the view removed, `removeFromParent`
    /// (→ `didMove(toParent: nil)`, UIKit #41, #42).
    mutating func removeChild(_ ref: NameRef) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "remove")
        let x = try resolve(ref)
        guard let parent = self[x].parent else {
            throw NavLabError(.invalid, "\(self[x].name) has no parent", at: ref.location,
                              suggestion: self[x].presenter != nil ? "it is presented: `dismiss \(self[x].name)`" : nil)
        }
        try requireCustomContainer(parent, at: ref.location, verb: "removeChild from")
        let events = transition(.push, animated: false) { s, pre, post in
            pre.append(.move("willMove(toParent:)", s[x].name, parent: nil))
            if let i = s[parent].children.firstIndex(of: x) { s.removeChild(at: i, of: parent) }
            s[x].parent = nil
            s[x].awaitsDidMove = false
            post.append(.move("didMove(toParent:)", s[x].name, parent: nil))
        }
        return .done(events + release(candidates: [x]))
    }

    /// The first custom container, searching from the root through what is on screen.
    func defaultContainer() -> VCID? {
        windowViewControllers().first { self[$0].kind == .container }
            ?? allocatedIDs.first { self[$0].kind == .container }
    }

    /// A container's `transition(from:to:)` to a new child (UIKit #43, #44), or a page view
    /// controller's `setViewControllers(_:direction:animated:)` (UIKit #58, #70).
    mutating func switchChild(_ spec: Spec, in ref: NameRef?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "switch in")
        let container: VCID
        if let ref {
            container = try resolve(ref)
        } else {
            guard let c = defaultContainer() else {
                throw NavLabError(.invalid, "there is no custom container to switch in", at: spec.location,
                                  suggestion: "make one: `initial Root(Splash)`, or name one: `switch X in NAME`")
            }
            container = c
        }
        let kind = self[container].kind
        guard kind == .container || kind == .page || kind == .plain else {
            throw NavLabError(.invalid, "\(self[container].name) is a \(kind.uikitClass!); `switch` works on a custom container or a page view controller",
                              at: ref?.location ?? spec.location,
                              suggestion: kind == .navigation ? "use push or setViewControllers" : kind == .tabBar ? "use select" : nil)
        }
        // A page view controller with no page yet (a storyboard's, whose data source gives the
        // pages): its first setViewControllers adds the page.
        if kind == .page, self[container].children.isEmpty {
            return try addChild(spec, to: NameRef(self[container].name, at: spec.location), didMove: true, firstPage: true)
        }
        guard let from = self[container].children.last else {
            throw NavLabError(.invalid, "\(self[container].name) has no child to transition from", at: spec.location,
                              suggestion: "`addChild X to \(self[container].name)`")
        }
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        // What replaces the child cannot contain it, nor the container or its ancestors
        // (UIKit #43: transition(from:to:) needs both to be children of the container; moving
        // `from` into the new child takes it out of the container first).
        let replaced = kind == .page ? Set(self[container].children) : [from]
        for (xref, x) in existingReferences(in: spec) {
            let cname = self[container].name
            if replaced.contains(x) {
                throw NavLabError(.invalid, "\(xref.text) is the child being replaced in \(cname); it cannot also be part of what replaces it",
                                  at: xref.location, suggestion: "make a new instance (drop the @), or `removeChild \(xref.text)` first")
            }
            if x == container || isAncestor(x, of: container) {
                throw NavLabError(.invalid, "that would make \(xref.text) its own ancestor: \(cname) is inside it",
                                  at: xref.location, suggestion: "make a new instance (drop the @)")
            }
        }

        if kind == .page {
            let order: AppearanceOrder = self[container].transitionStyle == .scroll ? .pageScroll : .pageCurl
            let old = self[container].children
            let events = transition(order, animated: animated) { s, pre, post in
                let x = s.instantiate(spec, events: &pre)
                let name = s[container].name
                pre.append(.move("willMove(toParent:)", s[x].name, parent: name))
                s[x].parent = container
                for o in old {
                    s[o].parent = nil
                    post.append(.move("willMove(toParent:)", s[o].name, parent: nil))
                    post.append(.move("didMove(toParent:)", s[o].name, parent: nil))
                }
                s.setChildren(of: container, to: [x])
                post.insert(.move("didMove(toParent:)", s[x].name, parent: name), at: 0)
            }
            // A page view controller keeps only the displayed pages (UIKit #58, #87).
            return .done(events + release(candidates: old))
        }

        if self[container].properties["switch"] == "addThenRemove" {
            // The container's code adds the new child completely (addChild, its view added,
            // didMove), then removes the old one (willMove(nil), its view removed,
            // removeFromParent) — the canonical add and remove of UIKit #42, in that order.
            var s = self
            let added = try s.addChild(spec, to: NameRef(s[container].name, at: spec.location))
            let removed = try s.removeChild(NameRef(s[from].name, at: spec.location))
            self = s
            return .done(added.events + removed.events)
        }
        // transition(from:to:) raises when the container forwards appearance by hand (UIKit #43).
        if forwardsAppearanceManually(container) {
            throw NavLabError(.invalid, "\(self[container].name) forwards appearance methods by hand (shouldAutomaticallyForwardAppearanceMethods=no), so transition(from:to:) raises NSInvalidArgumentException (UIKit #43)",
                              at: ref?.location ?? spec.location,
                              suggestion: "declare `class \(self[container].className) switch=addThenRemove`, then call beginAppearanceTransition/endAppearanceTransition on the children")
        }
        return replaceChild(from, in: container, with: spec, animated: animated)
    }

    /// The RootViewController of the article on replacing the root view controller:
    /// from.willMove(nil), addChild(to), transition, then from.removeFromParent(),
    /// to.didMove(toParent: self) (UIKit #44). The new child takes the
    /// old one's place (a split view controller's column keeps its index). Validate `spec` first.
    mutating func replaceChild(_ from: VCID, in container: VCID, with spec: Spec, animated: Bool) -> Outcome {
        let events = transition(.push, animated: animated) { s, pre, post in
            let name = s[container].name
            pre.append(.move("willMove(toParent:)", s[from].name, parent: nil))
            let x = s.instantiate(spec, events: &pre)
            pre.append(.move("willMove(toParent:)", s[x].name, parent: name))
            s[x].parent = container
            if let i = s[container].children.firstIndex(of: from) { s.spliceChildren(of: container, i..<(i + 1), with: [x]) } else { s.appendChild(x, to: container) }
            s[from].parent = nil
            post.append(.move("didMove(toParent:)", s[from].name, parent: nil))
            post.append(.move("didMove(toParent:)", s[x].name, parent: name))
        }
        return .done(events + release(candidates: [from]))
    }
}
