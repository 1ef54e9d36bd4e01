import Testing
import NavLabCore
@testable import NavLabCommands

@Suite("export")
struct ExportTests {
    func seed000() -> Session {
        let s = Session()
        for l in ["device iPhone iOS=12", "initial Register", "launch", "present Nav(Welcome)", "swapRoot Main"] { _ = s.execute(l) }
        return s
    }

    @Test("Mermaid: the window's root, containment solid, presentation dashed, the leftover transition view, leaks classed")
    func mermaid() {
        let text = seed000().execute("export mermaid").text
        expect(text.hasPrefix("graph TD"))
        expect(text.contains("window -->|rootViewController| vc4"))
        expect(text.contains("vc1 -.->|presents| vc3"))
        expect(text.contains("vc3 --> vc2"))
        expect(text.contains("window -.->|UITransitionView| vc3"))
        expect(text.contains("class vc1,vc3,vc2 leaked"))
    }

    @Test("DOT: one node per allocated view controller, dashed presentation edges")
    func dot() {
        let text = seed000().execute("export dot").text
        expect(text.hasPrefix("digraph NavLab {") && text.hasSuffix("}"))
        let nodes = text.split(separator: "\n").filter { $0.hasPrefix("  vc") && !$0.contains("->") }
        expectEqual(nodes.count, 4)   // Register, Welcome, UINavigationController, Main
        expect(text.contains("vc1 -> vc3 [style=dashed, label=\"presents\"];"))
    }

    @Test("export FILE asks the shell to write it; in a script the runner writes it")
    func toFile() {
        var written: [String: String] = [:]
        var runner = ScriptRunner(session: Session(), mode: .run(keepGoing: false))
        runner.writeFile = { path, text, _ in written[path] = text }
        let r = runner.run("initial A\nlaunch\nexport json state.json\nexport mermaid graph.mmd", file: "x.navlab")
        expect(r.failures.isEmpty)
        expectEqual(written["state.json"]?.contains("\"rootViewController\": \"A\""), true)
        expectEqual(written["graph.mmd"]?.hasPrefix("graph TD"), true)
    }

    @Test("An unknown format suggests the nearest")
    func badFormat() {
        expectEqual(Session().execute("export mermiad").error?.suggestion, "did you mean mermaid?")
    }
}
