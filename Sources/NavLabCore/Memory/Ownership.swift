/// The memory graph, derived from the structure (UIKit #78–#79): who holds whom, and why.
public struct Reference: Hashable, Sendable {
    public enum Holder: Hashable, Sendable {
        case window
        /// A `UITransitionView` in the window, keeping a presented view.
        case transitionView(presented: VCID)
        case viewController(VCID)
        /// The app's own code (`hold NAME as LABEL`).
        case app(label: String)
    }
    public var holder: Holder
    public var target: VCID
    /// The property (or, for the app, the label) the reference is kept in.
    public var property: String
    public var isStrong: Bool
}

extension State {
    /// Every reference to `id`, strong and weak. Without `childLinks`, the weak `parent` of each
    /// of its children (always the last ones, in the order of `children`) is left out.
    public func references(to id: VCID, childLinks: Bool = true) -> [Reference] {
        guard let vc = viewControllers[id] else { return [] }
        var refs: [Reference] = []
        if window.rootViewController == id {
            refs.append(Reference(holder: .window, target: id, property: "rootViewController", isStrong: true))
        }
        // Another scene's window holds its root the same way (UIKit #211).
        for scene in otherScenes where scene.window.rootViewController == id {
            refs.append(Reference(holder: .window, target: id, property: "rootViewController (scene \(scene.session)'s window)", isStrong: true))
        }
        if window.subviews.contains(.transitionView(presented: id)), holdsPresentedView(id) {
            refs.append(Reference(holder: .transitionView(presented: id), target: id, property: "subview (the presented view)", isStrong: true))
        }
        if let p = vc.parent {
            refs.append(Reference(holder: .viewController(p), target: id, property: childrenProperty(of: p), isStrong: true))
        }
        if let p = vc.presenter {
            refs.append(Reference(holder: .viewController(p), target: id, property: "presentedViewController", isStrong: true))
        }
        if let c = vc.presentedChild {
            refs.append(Reference(holder: .viewController(c), target: id, property: "presentingViewController (its presentationController)", isStrong: true))
        }
        for hold in holds where hold.viewController == id {
            refs.append(Reference(holder: .app(label: hold.label), target: id, property: hold.label, isStrong: true))
        }
        if vc.presentationControllerCycle {
            refs.append(Reference(holder: .viewController(id), target: id, property: State.cycleProperty, isStrong: true))
        }
        if childLinks {
            for child in vc.children { refs.append(State.childLink(child, to: id)) }
        }
        return refs
    }

    /// The retain cycle of UIKit #83, as a reference of the view controller to itself.
    static let cycleProperty = "presentationController.presentedViewController (a retain cycle, UIKit #83)"

    /// The property a parent keeps its children in (UIKit #52, #57, #58).
    func childrenProperty(of parent: VCID) -> String {
        switch self[parent].kind {
        case .navigation, .tabBar, .page, .split: return "viewControllers"
        case .plain, .container: return "children"
        }
    }

    /// Strong references out of `id`, as (target, property). `includingPresenter`: the
    /// presented view controller's presentation controller holding its presenter, a UIKit
    /// leftover when nothing else holds the presenter (the state document's `leaked`, Docs/Page.md).
    func strongReferences(from id: VCID, includingPresenter: Bool = true) -> [(VCID, String)] {
        let property = childrenProperty(of: id)
        var out: [(VCID, String)] = []
        State.forEachStrongReference(from: self[id], includingPresenter: includingPresenter) { target, holds in
            switch holds {
            case .child: out.append((target, property))
            case .presented: out.append((target, "presentedViewController"))
            case .presenter: out.append((target, "presentingViewController (its presentationController)"))
            }
        }
        return out
    }

    /// What a strong reference out of a view controller is to.
    enum StrongHold { case child, presented, presenter }

    /// Calls `body` for each strong reference out of `vc` (see `strongReferences`), without
    /// making a list: `appReachable` walks 100,000 of them for one document.
    static func forEachStrongReference(from vc: ViewController, includingPresenter: Bool, _ body: (VCID, StrongHold) -> Void) {
        for c in vc.children { body(c, .child) }
        if let c = vc.presentedChild { body(c, .presented) }
        if includingPresenter, let p = vc.presenter { body(p, .presenter) }
    }

    /// A child's weak reference to its parent, as `references(to:)` lists it.
    public static func childLink(_ child: VCID, to parent: VCID) -> Reference {
        Reference(holder: .viewController(child), target: parent, property: "parent", isStrong: false)
    }

    func hasStrongHolder(_ id: VCID) -> Bool {
        // A child's link to its parent is weak: only the others can hold it.
        references(to: id, childLinks: false).contains { $0.isStrong }
    }

    /// Views added without containment go with their owners' views (UIKit #96).
    mutating func unlinkHostedViews(of id: VCID) {
        let vc = self[id]
        if let h = vc.hostView, viewControllers[h] != nil { self[h].hostedViews.removeAll { $0 == id } }
        for h in vc.hostedViews where viewControllers[h] != nil { self[h].hostView = nil }
    }

    /// Releases what nothing holds any more: `deinit` for each, parents before their
    /// children (a parent's children array is released after its `deinit` runs).
    mutating func collectGarbage(_ candidates: [VCID]) -> [Event] {
        var events: [Event] = []
        // Depth first, each candidate's released subtree before the next candidate, children
        // in order. A worklist, not a recursive local function: that one captured the state
        // and copied it at every check, and used a stack frame per level.
        var work: [(id: VCID, isChild: Bool)] = candidates.reversed().map { ($0, false) }
        while let (id, isChild) = work.popLast() {
            if isChild {
                guard viewControllers[id] != nil else { continue }
                self[id].parent = nil  // `parent` is weak (UIKit #78)
            }
            guard let vc = viewControllers[id], !hasStrongHolder(id) else { continue }
            events.append(.vc("deinit", vc.name))
            if vc.hostView != nil || !vc.hostedViews.isEmpty { unlinkHostedViews(of: id) }
            remove(id)
            setName(vc.name, to: nil)
            work.append(contentsOf: vc.children.reversed().map { ($0, true) })
        }
        return events
    }

    /// What the app can still reach: from the window's root and the app's own references,
    /// through containment and `presentedViewController`, not through UIKit's leftovers
    /// (transition views, and a presentation controller keeping an undismissed presenter).
    public func appReachable() -> Set<VCID> {
        let reached = appReachableByID()
        var seen: Set<VCID> = []
        seen.reserveCapacity(viewControllers.count)
        for raw in reached.indices where reached[raw] { seen.insert(VCID(raw)) }
        return seen
    }

    /// `appReachable()` as a flag per id (`VCID.raw`, up to `nextID`): the walk marks an array,
    /// not a hash set (a document of 100,000 view controllers asks this once).
    func appReachableByID() -> [Bool] {
        var seen = [Bool](repeating: false, count: nextID)
        var stack: [VCID] = []
        if let r = window.rootViewController { stack.append(r) }
        for scene in otherScenes { if let r = scene.window.rootViewController { stack.append(r) } }
        stack += holds.map({ $0.viewController })
        while let id = stack.popLast() {
            guard id.raw < seen.count, !seen[id.raw], let vc = viewControllers[id] else { continue }
            seen[id.raw] = true
            State.forEachStrongReference(from: vc, includingPresenter: false) { target, _ in stack.append(target) }
        }
        return seen
    }

    /// Whether `appReachable()` contains `id`, found by walking up its one chain of parents
    /// and presenters (O(depth), where `appReachable` is O(n)).
    public func isAppReachable(_ id: VCID) -> Bool {
        var current = id
        var steps = 0
        while let vc = viewControllers[current], steps <= viewControllers.count {
            if window.rootViewController == current || holds.contains(where: { $0.viewController == current }) { return true }
            if !otherScenes.isEmpty, otherScenes.contains(where: { $0.window.rootViewController == current }) { return true }
            if let p = vc.parent { current = p }
            else if let p = vc.presenter, viewControllers[p]?.presentedChild == current { current = p }
            else { return false }
            steps += 1
        }
        return false
    }

    /// `leaked`: allocated, yet held only by UIKit's leftovers. In allocation order.
    public func leaked() -> [VCID] { leaked(among: allocatedIDs) }

    /// `leaked()` given `allocatedIDs`.
    func leaked(among allocated: [VCID]) -> [VCID] {
        let reachable = appReachableByID()
        return allocated.filter { !($0.raw < reachable.count && reachable[$0.raw]) }
    }

    /// Why a leaked view controller is still alive.
    public func leakCause(_ id: VCID) -> String {
        // Reachable from a transition view still in the window?
        var seen: Set<VCID> = []
        var stack: [VCID] = window.subviews.compactMap {
            if case .transitionView(let p) = $0, holdsPresentedView(p) { return p } else { return nil }
        }
        while let v = stack.popLast() {
            guard viewControllers[v] != nil, seen.insert(v).inserted else { continue }
            if v == id { return "kept alive by a UITransitionView left in the window (UIKit #4, #82)" }
            stack += strongReferences(from: v).map { $0.0 }
        }
        // In a retain cycle with its presentation controller, or inside one that is (UIKit #83)?
        var current: VCID? = id
        var steps = 0
        while let c = current, let vc = viewControllers[c], steps <= viewControllers.count {
            if vc.presentationControllerCycle { return "kept alive by a retain cycle: \(vc.name) and its presentationController hold each other (UIKit #83)" }
            current = vc.parent ?? vc.presenter
            steps += 1
        }
        return "kept alive by a presentation that was never dismissed (UIKit #81)"
    }

    /// After a command: which of the view controllers it let go of are now leaked.
    func newLeaks(among candidates: [VCID]) -> [Event] {
        let survivors = candidates.filter { viewControllers[$0] != nil }
        let suspicious = survivors.filter { id in
            window.rootViewController != id && !holds.contains { $0.viewController == id }
        }
        guard !suspicious.isEmpty else { return [] }
        let reachable = appReachable()
        // The whole strongly connected mass hanging off each suspicious survivor.
        var component: Set<VCID> = []
        var stack = suspicious
        while let v = stack.popLast() {
            guard viewControllers[v] != nil, !reachable.contains(v), component.insert(v).inserted else { continue }
            stack += strongReferences(from: v).map { $0.0 }
        }
        guard !component.isEmpty else { return [] }
        let ids = component.sorted()
        var byCause: [(String, [String])] = []
        for id in ids {
            let cause = leakCause(id)
            if let i = byCause.firstIndex(where: { $0.0 == cause }) { byCause[i].1.append(self[id].name) }
            else { byCause.append((cause, [self[id].name])) }
        }
        return byCause.map { Event.leak($0.1, cause: $0.0) }
    }

    /// `why NAME`: a chain of strong references from a root to `id`, roots the app owns first.
    public func retainPath(to id: VCID) -> [Reference]? {
        guard viewControllers[id] != nil else { return nil }
        var starts: [Reference] = []
        if let r = window.rootViewController {
            starts.append(Reference(holder: .window, target: r, property: "rootViewController", isStrong: true))
        }
        for hold in holds {
            starts.append(Reference(holder: .app(label: hold.label), target: hold.viewController, property: hold.label, isStrong: true))
        }
        for case .transitionView(let p) in window.subviews where holdsPresentedView(p) {
            starts.append(Reference(holder: .transitionView(presented: p), target: p, property: "subview (the presented view)", isStrong: true))
        }
        for v in allocatedIDs where self[v].presentationControllerCycle {
            starts.append(Reference(holder: .viewController(v), target: v, property: State.cycleProperty, isStrong: true))
        }
        for start in starts {
            var via: [VCID: Reference] = [start.target: start]
            var queue = [start.target]
            var i = 0
            while i < queue.count {
                let v = queue[i]; i += 1
                if v == id {
                    var path: [Reference] = []
                    var cur = v
                    while let ref = via[cur] {
                        path.append(ref)
                        guard case .viewController(let h) = ref.holder, h != cur else { break }
                        cur = h
                    }
                    return path.reversed()
                }
                for (t, prop) in strongReferences(from: v) where via[t] == nil && viewControllers[t] != nil {
                    via[t] = Reference(holder: .viewController(v), target: t, property: prop, isStrong: true)
                    queue.append(t)
                }
            }
        }
        return []
    }
}
