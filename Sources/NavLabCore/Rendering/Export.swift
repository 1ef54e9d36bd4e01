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

    /// `export mermaid storyboard`, `export dot storyboard`: the imported storyboards as a map.
    /// Each storyboard a cluster; each scene a box labelled with its class (and storyboard ID),
    /// a reference one with what it stands for; relationships and embeds solid arrows, the
    /// segues a scene performs dashed ones labelled with their kind and identifier (an unwind
    /// goes to an Exit, not a scene: left out); a dotted arrow from a reference to the scene it
    /// stands for; the initial view controller marked by an arrow from `initial`.
    public func storyboardGraph(mermaid: Bool) throws(NavLabError) -> String {
        guard !storyboards.isEmpty else {
            throw NavLabError(.invalid, "no storyboard is imported, so there is no map to export", at: SourceLocation(column: 1),
                              suggestion: "import storyboard Main.storyboard")
        }
        typealias Edge = (from: String, to: String, label: String, style: Int)  // 0 solid, 1 dashed, 2 dotted
        var nodes: [(cluster: String, nodes: [(id: String, title: String, detail: String?, initial: Bool)])] = []
        var edges: [Edge] = []
        var initials: [(String, String)] = []
        func node(_ bi: Int, _ sceneID: String) -> String? {
            storyboards[bi].byID[sceneID].map { "s\(bi)_\($0)" }
        }
        for (bi, b) in storyboards.enumerated() {
            var list: [(id: String, title: String, detail: String?, initial: Bool)] = []
            for (si, s) in b.scenes.enumerated() {
                let id = "s\(bi)_\(si)"
                let initial = s.id == b.initialViewController
                if let target = s.referencedStoryboard {
                    list.append((id, "reference", "\(target)" + (s.referencedIdentifier.map { " · \($0)" } ?? " · initial"), initial))
                    if let tb = storyboards.firstIndex(where: { $0.name == target }) {
                        let t = storyboards[tb]
                        let dest = s.referencedIdentifier.flatMap { t.byStoryboardID[$0] } ?? t.initialViewController.flatMap { t.byID[$0] }
                        if let dest { edges.append((id, "s\(tb)_\(dest)", "reference", 2)) }
                    }
                } else {
                    list.append((id, s.className, s.storyboardIdentifier.map { "storyboard ID: \($0)" }, initial))
                }
                if initial { initials.append(("initial\(bi)", id)) }
                for d in s.relationships { if let to = node(bi, d) { edges.append((id, to, "relationship", 0)) } }
                for d in s.embeds { if let to = node(bi, d) { edges.append((id, to, "embed", 0)) } }
                for g in s.segues where g.kind != .unwind && g.kind != .relationship && g.kind != .embed {
                    guard let to = node(bi, g.destination) else { continue }
                    edges.append((id, to, g.kind.rawValue + (g.identifier.map { " · \($0)" } ?? ""), 1))
                }
            }
            nodes.append((b.name, list))
        }
        if mermaid {
            var lines = ["graph TD"]
            for (bi, c) in nodes.enumerated() {
                lines.append("  subgraph sb\(bi)[\"\(mermaidEscape(c.cluster))\"]")
                for n in c.nodes {
                    let detail = n.detail.map { "<br/><small>\(mermaidEscape($0))</small>" } ?? ""
                    lines.append("    \(n.id)[\"\(mermaidEscape(n.title))\(detail)\"]")
                }
                lines.append("  end")
            }
            for (from, to) in initials { lines.append("  \(from)((initial)) ==> \(to)") }
            for e in edges {
                let arrow = e.style == 0 ? "-->" : e.style == 1 ? "-.->" : "-.-"
                lines.append("  \(e.from) \(arrow)|\"\(mermaidEscape(e.label))\"| \(e.to)")
            }
            if !initials.isEmpty {
                lines.append("  classDef initial stroke-width:3px")
                lines.append("  class " + initials.map { $0.1 }.joined(separator: ",") + " initial")
            }
            return lines.joined(separator: "\n")
        }
        var lines = ["digraph Storyboards {", "  rankdir=TB;", "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];"]
        let initialNodes = Set(initials.map { $0.1 })
        for (bi, c) in nodes.enumerated() {
            lines.append("  subgraph cluster_\(bi) {")
            lines.append("    label=\"\(dotEscape(c.cluster))\";")
            for n in c.nodes {
                let label = dotEscape(n.title) + (n.detail.map { "\\n" + dotEscape($0) } ?? "")
                lines.append("    \(n.id) [label=\"\(label)\"\(initialNodes.contains(n.id) ? ", penwidth=3" : "")];")
            }
            lines.append("  }")
        }
        for (from, to) in initials { lines.append("  \(from) [label=\"initial\", shape=plaintext];"); lines.append("  \(from) -> \(to) [penwidth=2];") }
        for e in edges {
            let style = e.style == 0 ? "" : e.style == 1 ? ", style=dashed" : ", style=dotted"
            lines.append("  \(e.from) -> \(e.to) [label=\"\(dotEscape(e.label))\"\(style)];")
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
