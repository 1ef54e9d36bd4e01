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
    mutating func addChild(_ spec: Spec, to ref: NameRef, didMove: Bool = true) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "add a child to")
        let parent = try resolve(ref)
        try requireCustomContainer(parent, at: ref.location, verb: "addChild to")
        if case .existing(let xref) = spec, let x = names[xref.text] {
            if x == parent || isAncestor(x, of: parent) {
                throw NavLabError(.invalid, "\(xref.text) cannot become a child of itself or of its own descendant", at: xref.location)
            }
            if self[x].parent == parent {
                throw NavLabError(.invalid, "\(xref.text) is already a child of \(self[parent].name)", at: xref.location)
            }
        }
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        for (xref, x) in existingReferences(in: spec) where x == parent || isAncestor(x, of: parent) {
            throw NavLabError(.invalid, "that would make \(xref.text) its own ancestor: \(self[parent].name) is inside it",
                              at: xref.location, suggestion: "use a new instance (drop the @)")
        }
        let events = transition(.push, animated: false) { s, pre, post in
            let x = s.instantiate(spec, events: &pre)
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
