/// `views`: the window's view hierarchy, back to front, with UIKit's private class names,
/// each view controller's view labelled with its owner.
extension State {
    public func renderViews() -> String {
        guard isRunning else { return "the app is not running: there is no window" }
        var lines = ["UIWindow" + (window.isKey ? " (key)" : "")]

        struct Node { var title: String; var children: [Node] = [] }

        func viewTree(_ id: VCID) -> Node {
            let vc = self[id]
            var node = Node(title: "\(vc.swiftUI.map { $0.viewClass(rootView: vc.className, module: appName) } ?? vc.kind.viewClass) — \(vc.name)")
            let content = visibleChildren(of: id).filter { !viewRemovedByPresentation($0) }.map(viewTree)
                + vc.hostedViews.map { h -> Node in var n = viewTree(h); n.title += " (added with addSubview, no containment)"; return n }
            switch vc.kind {
            case .navigation:
                node.children = [Node(title: "UINavigationTransitionView", children: [Node(title: "UIViewControllerWrapperView", children: content)]),
                                 Node(title: "UINavigationBar")]
            case .tabBar:
                node.children = [Node(title: "UITransitionView", children: [Node(title: "UIViewControllerWrapperView", children: content)]),
                                 Node(title: "UITabBar")]
            case .page:
                node.children = self[id].transitionStyle == .scroll ? [Node(title: "_UIQueuingScrollView", children: content)] : content
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
        func draw(_ nodes: [Node], prefix: String) {
            for (i, n) in nodes.enumerated() {
                let last = i == nodes.count - 1
                lines.append(prefix + (last ? "└─ " : "├─ ") + n.title)
                draw(n.children, prefix: prefix + (last ? "   " : "│  "))
            }
        }
        draw(top, prefix: "")
        return lines.joined(separator: "\n")
    }
}
