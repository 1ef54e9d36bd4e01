/// `views`: the window's view hierarchy, back to front, with UIKit's private class names,
/// each view controller's view labelled with its owner.
extension State {
    public func renderViews() -> String {
        guard isRunning else { return "the app is not running: there is no window" }
        var lines = ["UIWindow" + (window.isKey ? " (key)" : "")]

        struct Node { var title: String; var children: [Node] = [] }

        // Built bottom-up with an explicit stack of the views being built (Docs/Limits.md): as
        // deep as the hierarchy may be, in any thread's stack. Each frame holds the children
        // still to build (last first) and the nodes built so far.
        struct Frame { var id: VCID; var pending: [(id: VCID, hosted: Bool)]; var content: [Node] = [] }
        func frame(_ id: VCID) -> Frame {
            var pending = visibleChildren(of: id).filter { !viewRemovedByPresentation($0) }.map { (id: $0, hosted: false) }
            // Views added with addSubview, without containment (UIKit #96).
            pending += self[id].hostedViews.map { (id: $0, hosted: true) }
            return Frame(id: id, pending: pending.reversed())
        }
        func viewTree(_ root: VCID) -> Node {
            var frames = [frame(root)]
            while true {
                if let next = frames[frames.count - 1].pending.last {
                    frames.append(frame(next.id))
                    continue
                }
                let done = frames.removeLast()
                var built = node(done.id, content: done.content)
                guard !frames.isEmpty else { return built }
                if frames[frames.count - 1].pending.removeLast().hosted { built.title += " (added with addSubview, no containment)" }
                frames[frames.count - 1].content.append(built)
            }
        }

        func node(_ id: VCID, content: [Node]) -> Node {
            let vc = self[id]
            var node = Node(title: "\(vc.swiftUI.map { $0.viewClass(rootView: vc.className, module: appName) } ?? vc.kind.viewClass) — \(vc.name)")
            switch vc.kind {
            case .navigation:
                node.children = [Node(title: "UINavigationTransitionView", children: [Node(title: "UIViewControllerWrapperView", children: content)]),
                                 Node(title: "UINavigationBar")]
            case .tabBar:
                node.children = [Node(title: "UITransitionView", children: [Node(title: "UIViewControllerWrapperView", children: content)]),
                                 Node(title: "UITabBar")]
            case .page:
                node.children = vc.transitionStyle == .scroll ? [Node(title: "_UIQueuingScrollView", children: content)] : content
            case .split, .container, .plain:
                node.children = content
            }
            return node
        }

        var top: [Node] = []
        for subview in window.subviews {
            switch subview {
            case .rootView:
                if let r = window.rootViewController, !viewRemovedByPresentation(r) { top.append(viewTree(r)) }
            case .transitionView(let p):
                var tv = Node(title: "UITransitionView")
                if holdsPresentedView(p), let vc = viewControllers[p], !viewRemovedByPresentation(p) {
                    let style = vc.presentation?.style ?? .fullScreen
                    let inner = viewTree(p)
                    // iOS 13+ cards sit in a UIDropShadowView.
                    if (style == .pageSheet || style == .formSheet) && device.iOS >= 13 {
                        tv.children = [Node(title: "UIDropShadowView", children: [inner])]
                    } else {
                        tv.children = [inner]
                    }
                    tv.title += " — presentation of \(vc.name)" + (isAttachedToWindowHierarchy(p) ? "" : " (left behind)")
                } else if let vc = viewControllers[p] {
                    tv.title += " — presentation of \(vc.name), now empty" + (isAttachedToWindowHierarchy(p) ? "" : " (left behind)")
                } else {
                    tv.title += " (left behind)"
                }
                top.append(tv)
            }
        }
        var pending: [(node: Node, prefix: String, last: Bool)] = top.enumerated().reversed().map { ($0.element, "", $0.offset == top.count - 1) }
        while let (n, prefix, last) = pending.popLast() {
            lines.append(prefix + (last ? "└─ " : "├─ ") + n.title)
            let inner = prefix + (last ? "   " : "│  ")
            pending += n.children.enumerated().reversed().map { ($0.element, inner, $0.offset == n.children.count - 1) }
        }
        return lines.joined(separator: "\n")
    }
}
