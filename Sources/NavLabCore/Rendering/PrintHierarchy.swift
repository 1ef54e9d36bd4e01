/// `tree --uikit`: `[UIViewController _printHierarchy]` on the key window's root
/// (UIKit #152–#162). Addresses are counted, not random.
extension State {
    public func renderPrintHierarchy() -> String {
        guard isRunning, let root = window.rootViewController else { return "(no root view controller)" }
        let inWindow = Set(windowViewControllers())
        let colon = device.printsColonInViewDescription ? ":" : ""
        var lines: [String] = []

        func describe(_ id: VCID) -> String {
            let vc = self[id]
            // state: decoded from _viewControllerFlags (UIKit #153).
            var s = "<\(qualifiedClassName(id)) \(address(of: id))>, state: \(inWindow.contains(id) ? "appeared" : "disappeared"), view: "
            if vc.isViewLoaded {
                s += "<\(vc.kind.viewClass)\(colon) \(viewAddress(of: id))>"
                if !inWindow.contains(id) { s += " not in the window" }
            } else {
                s += "(view not loaded)"
            }
            return s
        }

        // _appendDescription: the node, its children (depth+1), then its child modal (UIKit #154–#156).
        func append(_ id: VCID, depth: Int, presented: Bool) {
            var line: String
            if presented {
                line = String(repeating: "   | ", count: max(0, depth - 1)) + "   + " + describe(id)
                let style = self[id].presentation?.style ?? .fullScreen
                line += ", presented with: <\(style.presentationControllerClass) \(presentationControllerAddress(of: id))>"
            } else {
                line = String(repeating: "   | ", count: depth) + describe(id)
            }
            lines.append(line)
            for child in self[id].children { append(child, depth: depth + 1, presented: false) }
            if let modal = self[id].presentedChild { append(modal, depth: depth + 1, presented: true) }
        }
        append(root, depth: 0, presented: false)
        return lines.joined(separator: "\n")
    }
}
