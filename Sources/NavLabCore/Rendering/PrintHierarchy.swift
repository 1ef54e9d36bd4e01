/// `tree --uikit`: `[UIViewController _printHierarchy]` on the key window's root
/// (UIKit #152–#162). Addresses are counted, not random; an imported view controller's line
/// is printed as it was imported while nothing it shows has changed (UIKit #175).
extension State {
    public func renderPrintHierarchy() -> String {
        guard isRunning, window.rootViewController != nil else { return "(no root view controller)" }
        let inWindow = Set(windowViewControllers())
        let colon = device.printsColonInViewDescription ? ":" : ""
        // iOS 8–10 print two spaces before `(view not loaded)` (UIKit #174).
        let notLoaded = device.iOS <= 10 ? " (view not loaded)" : "(view not loaded)"
        var lines: [String] = []
        for (id, depth, presented) in printOrder() {
            let vc = self[id]
            if let imported = vc.imported, let printed = imported.printedLine,
               imported.printedAt == printFacts(id, depth: depth, presented: presented, inWindow: inWindow) {
                lines.append(printed)
                continue
            }
            var line = presented ? String(repeating: "   | ", count: max(0, depth - 1)) + "   + " : String(repeating: "   | ", count: depth)
            // state: decoded from _viewControllerFlags (UIKit #153).
            line += "<\(qualifiedClassName(id)) \(address(of: id))>, state: \(inWindow.contains(id) ? "appeared" : "disappeared"), view: "
            if vc.isViewLoaded {
                line += "<\(viewClassName(id))\(colon) \(viewAddress(of: id))>"
                if !inWindow.contains(id) { line += " not in the window" }
            } else {
                line += notLoaded
            }
            if presented {
                let style = vc.presentation?.style ?? .fullScreen
                line += ", presented with: <\(style.presentationControllerClass) \(presentationControllerAddress(of: id))>"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// _appendDescription's walk: the node, its children (depth+1), then its child modal
    /// (UIKit #154–#156).
    public func printOrder() -> [(VCID, Int, Bool)] {
        guard let root = window.rootViewController else { return [] }
        var out: [(VCID, Int, Bool)] = []
        var stack: [(VCID, Int, Bool)] = [(root, 0, false)]
        while let (id, depth, presented) = stack.popLast() {
            out.append((id, depth, presented))
            if let modal = self[id].presentedChild { stack.append((modal, depth + 1, true)) }
            for child in self[id].children.reversed() { stack.append((child, depth + 1, false)) }
        }
        return out
    }

    /// What decides `id`'s line.
    public func printFacts(_ id: VCID, depth: Int, presented: Bool, inWindow: Set<VCID>) -> PrintFacts {
        let vc = self[id]
        return PrintFacts(depth: depth, presented: presented, inWindow: inWindow.contains(id), viewLoaded: vc.isViewLoaded,
                          style: presented ? vc.presentation?.style : nil, iOS: device.iOS)
    }
}
