/// Where views are: derived from the structure, never stored. A view controller "appears"
/// exactly when its view is in the window, so appearance state is derived too.
extension State {
    /// The children whose views are inside `id`'s view right now.
    public func visibleChildren(of id: VCID) -> [VCID] {
        let vc = self[id]
        switch vc.kind {
        case .navigation: return vc.children.last.map { [$0] } ?? []
        case .tabBar:
            return vc.children.indices.contains(vc.selectedIndex) ? [vc.children[vc.selectedIndex]] : []
        case .split:
            // Collapsed (compact width) shows the primary only (UIKit #59).
            return device.isCompact ? Array(vc.children.prefix(1)) : vc.children
        case .page, .container, .plain: return vc.children
        }
    }

    /// The presentation hanging off `id`, if `id` is the presenter.
    public func presentationStyle(presentedBy id: VCID) -> ModalPresentationStyle? {
        guard let child = self[id].presentedChild else { return nil }
        return self[child].presentation?.style
    }

    /// UIKit removes the presenter's views after a full-screen or current-context
    /// presentation (UIKit #19), and puts them back on dismissal.
    /// Once the presented view has left its transition view (it became the window's root
    /// view), setting the presenter as the root again puts the presenter's view back in the
    /// window (UIKit #1); nothing puts back the view of a presenter that is not the root.
    public func viewRemovedByPresentation(_ id: VCID) -> Bool {
        guard let child = self[id].presentedChild, self[child].presentation?.style.removesPresentersView == true else { return false }
        return !(window.rootViewController == id && window.emptiedTransitionViews.contains(child))
    }

    /// The view controllers whose views sit in one window subview, parents before children.
    public func viewControllers(in subview: Window.Subview) -> [VCID] {
        var out: [VCID] = []
        // Depth first, parents before children, with an explicit stack: as deep as the
        // hierarchy may be, in any thread's stack (Docs/Limits.md).
        var pending: [VCID] = []
        switch subview {
        case .rootView:
            if let root = window.rootViewController { pending.append(root) }
        case .transitionView(let presented):
            // A presented view controller that became the window's root took its view with it.
            if holdsPresentedView(presented) { pending.append(presented) }
        }
        while let id = pending.popLast() {
            guard !viewRemovedByPresentation(id) else { continue }
            out.append(id)
            // Views added with addSubview, without containment (UIKit #96), after the children.
            pending += self[id].hostedViews.reversed()
            pending += visibleChildren(of: id).reversed()
        }
        return out
    }

    /// Every view controller whose view is in the window, back to front, parents first.
    public func windowViewControllers() -> [VCID] {
        guard isRunning else { return [] }
        return window.subviews.flatMap { viewControllers(in: $0) }
    }

    /// Whether the transition view of `presented`'s presentation still holds its view: not
    /// when the view became the window's root view, nor while a full-screen presentation
    /// on top has removed it (UIKit #19).
    public func holdsPresentedView(_ presented: VCID) -> Bool {
        window.rootViewController != presented && !window.emptiedTransitionViews.contains(presented)
            && viewControllers[presented] != nil && !viewRemovedByPresentation(presented)
    }

    public func isInWindow(_ id: VCID) -> Bool {
        windowViewControllers().contains(id)
    }

    /// Whether a subview hides everything behind it: the root view, or a full-screen presentation.
    func isOpaque(_ subview: Window.Subview) -> Bool {
        switch subview {
        case .rootView: return window.rootViewController != nil
        case .transitionView(let presented):
            guard holdsPresentedView(presented), let p = viewControllers[presented] else { return false }
            return p.presentation?.style.coversScreen ?? false
        }
    }

    /// `screen` of the state document (Docs/Page.md): bottom to top, what the user can see now.
    public func screen() -> [VCID] {
        guard isRunning else { return [] }
        var layers: [[VCID]] = []
        for subview in window.subviews.reversed() {
            let vcs = viewControllers(in: subview)
            if !vcs.isEmpty { layers.append(vcs) }
            if isOpaque(subview), !vcs.isEmpty { break }
        }
        return layers.reversed().flatMap { $0 }
    }

    /// The content view controller at the visible leaf of `id`.
    public func visibleLeaf(of id: VCID) -> VCID {
        var current = id
        while true {
            let vc = self[current]
            // A hosting controller's NavigationStack or TabView fills its view (UIKit #191).
            switch vc.swiftUI == .hosting && !vc.children.isEmpty ? .container : vc.kind {
            case .plain: return current
            case .navigation, .tabBar, .page, .split, .container:
                guard let child = visibleChildren(of: current).last else { return current }
                current = child
            }
        }
    }

    /// The visible leaf of `id`, stopping above a child whose view a full-screen presentation
    /// removed (UIKit #19): an instance presenting full screen that was then moved into a
    /// new container stays out of the window, and `top` stays on `screen`.
    func visibleLeafInWindow(of id: VCID) -> VCID {
        var current = id
        while self[current].kind != .plain || self[current].swiftUI == .hosting, let child = visibleChildren(of: current).last, !viewRemovedByPresentation(child) {
            current = child
        }
        return current
    }

    /// `top`: the content view controller the user sees on top — the visible leaf of the
    /// front-most window subview that shows anything, which is the last presented view
    /// controller or the root. When root swaps left a presentation behind the root's view,
    /// that presentation is not `top`: `top` is always on `screen`.
    public func top() -> VCID? {
        guard isRunning else { return nil }
        for subview in window.subviews.reversed() {
            if let layer = viewControllers(in: subview).first { return visibleLeafInWindow(of: layer) }
        }
        // Nothing in the window (no root yet): follow the presentations from the root.
        guard var current = window.rootViewController else { return nil }
        var seen: Set<VCID> = []
        while seen.insert(current).inserted {
            // A presentation can hang off any view controller whose view is showing
            // (current-context styles make a child the presenter, UIKit #20).
            guard let next = visibleSubtree(of: current).lazy.compactMap({ self[$0].presentedChild }).first else { break }
            current = next
        }
        return visibleLeaf(of: current)
    }

    /// `id` and the descendants whose views are inside its view (ignoring presentations).
    func visibleSubtree(of id: VCID) -> [VCID] {
        var out: [VCID] = []
        var pending = [id]
        while let next = pending.popLast() {
            out.append(next)
            pending += visibleChildren(of: next).reversed()
        }
        return out
    }

    // MARK: UIKit's relationship properties

    /// `navigationController`: the nearest navigation controller up the parent chain.
    public func navigationController(of id: VCID) -> VCID? {
        var current = self[id].parent
        while let c = current {
            if self[c].kind == .navigation { return c }
            current = self[c].parent
        }
        return nil
    }

    /// The nearest ancestor (or self) with no parent: the window's root or a presented one.
    public func parentlessAncestor(of id: VCID) -> VCID {
        var current = id
        while let p = self[current].parent { current = p }
        return current
    }

    /// `presentedViewController`: presented by the receiver or by its nearest presenting ancestor (UIKit #15).
    public func presentedViewController(of id: VCID) -> VCID? {
        var current: VCID? = id
        while let c = current {
            if let p = self[c].presentedChild { return p }
            current = self[c].parent
        }
        return nil
    }

    /// `presentingViewController`: the receiver's presenter, or its presented ancestor's (UIKit #15, #16).
    public func presentingViewController(of id: VCID) -> VCID? {
        var current: VCID? = id
        while let c = current {
            if let p = self[c].presenter { return p }
            current = self[c].parent
        }
        return nil
    }

    /// Reachable from the window's root through containment and presentation: the hierarchy
    /// UIKit walks. A view controller outside it whose view is on screen is "detached" (UIKit #96).
    public func isAttachedToWindowHierarchy(_ id: VCID) -> Bool {
        guard let root = window.rootViewController else { return false }
        var current = id
        var seen: Set<VCID> = []
        while seen.insert(current).inserted {
            if current == root { return true }
            let vc = self[current]
            if let p = vc.parent { current = p } else if let p = vc.presenter { current = p } else { return false }
        }
        return false
    }

    /// `UIViewController._printHierarchy`'s state: derived from the window (UIKit #153).
    /// A view controller of a scene in the background is appeared in its own window (UIKit #211).
    public func appearance(_ id: VCID) -> String {
        if isInWindow(id) { return "appeared" }
        if let scene = backgroundScene(holding: id), viewControllers(inScene: scene).contains(id) { return "appeared" }
        return "disappeared"
    }

    /// Whether `inner`'s view is inside `outer`'s, through containment or `addSubview`.
    func viewContains(_ outer: VCID, _ inner: VCID) -> Bool {
        var current: VCID? = inner
        var steps = 0
        while let c = current, steps <= viewControllers.count {
            if c == outer { return true }
            current = self[c].parent ?? self[c].hostView
            steps += 1
        }
        return false
    }
}
