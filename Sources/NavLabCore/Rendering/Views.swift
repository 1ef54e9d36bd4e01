/// `views`: the window's view hierarchy, back to front, with UIKit's private class names,
/// each view controller's view labelled with its owner.
extension State {
    public func renderViews() -> String {
        guard isRunning else { return "the app is not running: there is no window" }
        var lines = ["UIWindow" + (window.isKey ? " (key)" : "")]

        struct Node { var title: String; var children: [Node] = [] }

        // The recursion stays in `viewTree`, a plain loop with few locals; each node is built
        // in `node(_:content:)`, which returns before the next level starts. Built in one
        // function, as before, a level took 8.5 KB of stack in a debug build (every local of a
        // function has its slot in its frame, and `map` added three frames a level), so a
        // hierarchy as deep as the limit (256) needed more than the 2 MiB LimitsTests allows.
        func viewTree(_ id: VCID) -> Node {
            var content: [Node] = []
            for child in visibleChildren(of: id) where !viewRemovedByPresentation(child) { content.append(viewTree(child)) }
            for hosted in self[id].hostedViews { content.append(viewTree(hosted)); content[content.count - 1].title += " (added with addSubview, no containment)" }
            return node(id, content: content)
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
