import NavLabCore
import NavLabTestSupport
import Testing
@testable import NavLabCommands

/// `tree --json` is written as it is produced (JSONWriter); `/api/state` and the page's patches
/// build the same document as a value (JSONBuilder). Both come from one description of it.
@Suite("The state document, written and built")
struct JSONWriterTests {
    @Test("the written text is the built value serialized, pretty and compact, through random sessions", arguments: 0..<4)
    func writtenIsBuilt(seed: Int) {
        var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(7_700 + seed)))
        let session = Session()
        for step in 0..<80 {
            _ = session.execute(writer.line(session.state))
            guard step % 8 == 7 else { continue }
            let value = session.state.json(seq: session.seq)
            expectEqual(session.state.jsonText(seq: session.seq, pretty: true), value.serialized(pretty: true), "seed \(7_700 + seed), step \(step)")
            expectEqual(session.state.jsonText(seq: session.seq), value.serialized(), "seed \(7_700 + seed), step \(step)")
            // Written with an indent: the same text, each line that many spaces in.
            let indented = value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 }.joined(separator: "\n")
            expectEqual(session.state.jsonText(seq: session.seq, pretty: true, indent: 3), indented, "seed \(7_700 + seed), step \(step)")
            // Compact text has one line and no indent.
            expectEqual(session.state.jsonText(seq: session.seq, indent: 3), value.serialized(), "seed \(7_700 + seed), step \(step)")
        }
    }

    @Test("UIKit #4, #82: at scale (hundreds of view controllers, some released), `allocated` is every one in order and `leaked` the ones left in UITransitionViews")
    func allocatedAndLeakedAtScale() {
        let session = Session()
        var lines = ["initial Nav(Item)", "launch"] + Array(repeating: "push Item", count: 150)
        // Released ones leave gaps in the ids; then a root swapped with a presentation up
        // leaves the old tree alive in a transition view (UIKit #4, #82): leaked.
        lines += Array(repeating: "pop", count: 40)
        lines += ["present Sheet style=fullScreen animated=false", "swapRoot Nav(Home)"] + Array(repeating: "push Item", count: 30)
        for line in lines { _ = session.execute(line) }
        let state = session.state
        let ids = state.viewControllers.keys.sorted()
        expect(ids.count > 64 && state.nextID > ids.count, "the case needs many view controllers and gaps")
        expectEqual(state.allocatedIDs, ids)
        let names = { (list: [VCID]) in list.map { state.viewControllers[$0]!.name } }
        let leaked = state.leaked()
        expect(!leaked.isEmpty, "the swapped-out tree is leaked")
        expect(leaked.contains(state.names["Sheet"]!))
        let doc = state.json(seq: session.seq)
        expectEqual(doc["allocated"], .strings(names(ids)))
        expectEqual(doc["leaked"], .strings(names(leaked)))
        // And written as text, the same.
        expectEqual(state.jsonText(seq: session.seq), doc.serialized())
    }

    @Test("pretty: two-space indent, arrays of scalars on one line, empty containers closed at once")
    func prettyShape() {
        let doc = JSON.object([
            ("a", .array([.int(1), .string("x"), .null])),
            ("b", .array([.object([("k", .bool(true))])])),
            ("c", .object([])),
            ("d", .array([])),
        ])
        expectEqual(doc.serialized(pretty: true), """
        {
          "a": [1, "x", null],
          "b": [
            {
              "k": true
            }
          ],
          "c": {},
          "d": []
        }
        """)
        expectEqual(doc.serialized(), #"{"a":[1,"x",null],"b":[{"k":true}],"c":{},"d":[]}"#)
    }

    @Test("strings are escaped: quotes, backslashes, line ends, tabs, other control characters; the rest as it is")
    func escaping() {
        let s = "say \"hi\" \\ now\nthen\r\t\u{01} — é 🙂"
        expectEqual(JSON.string(s).serialized(), #""say \"hi\" \\ now\nthen\r\t\u0001 — é 🙂""#)
        // A long text crosses the writer's buffer growth.
        let long = String(repeating: "ab\"c", count: 10_000)
        expectEqual(JSON.string(long).serialized(), "\"" + String(repeating: "ab\\\"c", count: 10_000) + "\"")
    }

    @Test("tree --json prints the document whole: one text, the same as the value, parsed back by the session's lines")
    func treeJSONIsOneBlock() {
        let session = Session()
        for line in ["initial Nav(Feed)", "launch", "push Detail", "present Nav(Sheet)"] { _ = session.execute(line) }
        let r = session.execute("tree --json")
        expectEqual(r.status, .shown)
        expect(r.block != nil)
        expectEqual(r.text, session.state.json(seq: session.seq).serialized(pretty: true))
        // Asked for line by line, it is split into its lines.
        expectEqual(r.lines.map(\.text), r.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        expect(r.lines.allSatisfy { $0.style == .info })
    }
}
