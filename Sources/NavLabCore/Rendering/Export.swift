// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// `export mermaid|dot`: the hierarchy as a graph for documents. Containment is a solid
/// edge, presentation a dashed one; leaked view controllers are drawn red.
extension State {
    /// What `export mermaid` (or, not `mermaid`, `export dot`) prints. It throws only in the
    /// browser's start module, whose stand-in for this file answers that it is left out.
    public func graph(mermaid: Bool) throws(NavLabError) -> String { mermaid ? renderMermaid() : renderDOT() }

    /// The nodes to draw: everything allocated, the window's hierarchy first.
    func exportNodes() -> [VCID] {
        var order: [VCID] = []
        var seen: Set<VCID> = []
        // Depth first, children then the presented one, with an explicit stack (Docs/Limits.md).
        func walk(_ root: VCID) {
            var pending = [root]
            while let id = pending.popLast() {
                guard seen.insert(id).inserted else { continue }
                order.append(id)
                if let p = self[id].presentedChild { pending.append(p) }
                pending += self[id].children.reversed()
            }
        }
        if let r = window.rootViewController { walk(r) }
        for id in allocatedIDs where !seen.contains(id) {
            var top = id
            var up: Set<VCID> = []
            while up.insert(top).inserted, let p = self[top].parent ?? self[top].presenter { top = p }
            walk(top)
        }
        return order
    }

    func exportLabel(_ id: VCID, inWindow: Set<VCID>, leaked: Set<VCID>) -> (title: String, detail: String) {
        let vc = self[id]
        var parts: [String] = []
        if window.rootViewController == id { parts.append("root") }
        if let p = vc.presentation { parts.append("presented \(p.style.rawValue)") }
        parts.append(inWindow.contains(id) ? "appeared" : "disappeared")
        if leaked.contains(id) { parts.append("LEAKED") }
        let title = vc.className == vc.name ? vc.name : "\(vc.name) (\(vc.className))"
        return (title, parts.joined(separator: " · "))
    }

    public func renderMermaid() -> String {
        let inWindow = Set(windowViewControllers()), leakedSet = Set(leaked())
        let nodes = exportNodes()
        var lines = ["graph TD"]
        if !nodes.isEmpty { lines.append("  window((UIWindow))") }
        for id in nodes {
            let (title, detail) = exportLabel(id, inWindow: inWindow, leaked: leakedSet)
            lines.append("  vc\(id.raw)[\"\(mermaidEscape(title))<br/><small>\(mermaidEscape(detail))</small>\"]")
        }
        if let r = window.rootViewController { lines.append("  window -->|rootViewController| vc\(r.raw)") }
        for case .transitionView(let p) in window.subviews where holdsPresentedView(p) && !isAttachedToWindowHierarchy(p) {
            lines.append("  window -.->|UITransitionView| vc\(p.raw)")
        }
        for id in nodes {
            for c in self[id].children { lines.append("  vc\(id.raw) --> vc\(c.raw)") }
            if let p = self[id].presentedChild { lines.append("  vc\(id.raw) -.->|presents| vc\(p.raw)") }
        }
        let leakedNodes = nodes.filter { leakedSet.contains($0) }
        if !leakedNodes.isEmpty {
            lines.append("  classDef leaked fill:#fde2e2,stroke:#c0392b,color:#7b1d1d")
            lines.append("  class " + leakedNodes.map { "vc\($0.raw)" }.joined(separator: ",") + " leaked")
        }
        return lines.joined(separator: "\n")
    }

    public func renderDOT() -> String {
        let inWindow = Set(windowViewControllers()), leakedSet = Set(leaked())
        let nodes = exportNodes()
        var lines = ["digraph NavLab {", "  rankdir=TB;", "  node [shape=box, style=rounded, fontname=\"Helvetica\"];"]
        if !nodes.isEmpty { lines.append("  window [label=\"UIWindow\", shape=ellipse];") }
        for id in nodes {
            let (title, detail) = exportLabel(id, inWindow: inWindow, leaked: leakedSet)
            let style = leakedSet.contains(id) ? ", color=\"#c0392b\", fontcolor=\"#7b1d1d\"" : ""
            lines.append("  vc\(id.raw) [label=\"\(dotEscape(title))\\n\(dotEscape(detail))\"\(style)];")
        }
        if let r = window.rootViewController { lines.append("  window -> vc\(r.raw) [label=\"rootViewController\"];") }
        for case .transitionView(let p) in window.subviews where holdsPresentedView(p) && !isAttachedToWindowHierarchy(p) {
            lines.append("  window -> vc\(p.raw) [style=dotted, label=\"UITransitionView\"];")
        }
        for id in nodes {
            for c in self[id].children { lines.append("  vc\(id.raw) -> vc\(c.raw);") }
            if let p = self[id].presentedChild { lines.append("  vc\(id.raw) -> vc\(p.raw) [style=dashed, label=\"presents\"];") }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private func mermaidEscape(_ s: String) -> String {
        var out = ""
        for c in s { switch c { case "\"": out += "#quot;"; case "<": out += "#lt;"; case ">": out += "#gt;"; default: out.append(c) } }
        return out
    }

    private func dotEscape(_ s: String) -> String {
        var out = ""
        for c in s { if c == "\"" || c == "\\" { out.append("\\") }; out.append(c) }
        return out
    }
}
