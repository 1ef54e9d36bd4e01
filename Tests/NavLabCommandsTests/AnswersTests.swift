import Foundation
import Testing
@testable import NavLabCore
@testable import NavLabCommands

/// Issue 40, "every answer is an answer": a request too long to run in reasonable time is
/// refused before anything runs, and a note never prints more than a screen of one line
/// (Docs/Limits.md, "Commands in one request" and "Notes").
@Suite("Long inputs get an answer: the request limit, abridged notes")
struct AnswersTests {
    private func post(_ page: PageSession, _ body: String) -> PageAnswer {
        page.answer(PageRequest(method: "POST", target: "/api/commands", body: body)).answer
    }

    @Test("A POST of 10 million lines is refused whole, naming the limit and what to do; the session is untouched and goes on")
    func tenMillionLines() {
        let page = PageSession()
        expect(post(page, "initial Nav(Home)\nlaunch").body.contains("\"status\":\"done\""))
        let seq = page.session.seq
        let answer = post(page, String(repeating: "push D\n", count: 10_000_000))
        expectEqual(answer.status, 200)
        let limit = Abridged.count(Limits.commandsPerRequest)
        expect(answer.body.contains("\"status\":\"failed\""), "\(answer.body)")
        expect(answer.body.contains("this text holds more than \(limit) commands (line 100001 is past that): the page runs at most \(limit) at a time, and none of these ran"), "\(answer.body)")
        expect(answer.body.contains("`navlab run FILE` prints as it goes, and Ctrl-C stops it"), "\(answer.body)")
        expectEqual(page.session.seq, seq, "nothing ran")
        expect(page.session.state.names["D"] == nil)
        // The session goes on.
        expect(post(page, "push D").body.contains("\"status\":\"done\""))
        expect(page.session.state.names["D"] != nil)
    }

    @Test("The browser's refusal names what the page can do instead")
    func inTheBrowser() {
        let e = PageCommands.tooManyCommands(String(repeating: "tree\n", count: Limits.commandsPerRequest + 1), inBrowser: true)
        expectEqual(e?.suggestion, "split it into parts of at most 100,000 lines and run them one after another")
    }

    @Test("The count: a line one, each `;` one more, a here-document one in all; exactly the limit runs")
    func counting() {
        let n = Limits.commandsPerRequest
        expect(PageCommands.tooManyCommands(String(repeating: "tree\n", count: n)) == nil)
        expectEqual(PageCommands.tooManyCommands(String(repeating: "tree\n", count: n + 1))?.location.line, n + 1)
        // Ten commands a line: line n/10 holds the last one allowed.
        let joined = String(repeating: Array(repeating: "tree", count: 10).joined(separator: "; ") + "\n", count: n / 10 + 1)
        expectEqual(PageCommands.tooManyCommands(joined)?.location.line, n / 10 + 1)
        // A printout of more lines than the limit, in a here-document, is one command.
        let printout = "import uikit <<END\n" + String(repeating: "<App.A 0x1>, state: appeared, view: <UIView: 0x2>\n", count: n + 10) + "END\ntree"
        expect(PageCommands.tooManyCommands(printout) == nil)
        // An unclosed one runs to the end: still one.
        expect(PageCommands.tooManyCommands("import uikit <<END\n" + String(repeating: "x\n", count: n + 10)) == nil)
        expect(PageCommands.tooManyCommands("") == nil)
    }

    @Test("The page's Open a script… counts against the same limit (Public/js/exporting.js)")
    func pageKnowsTheLimit() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let path = parts.joined(separator: "/") + "/Public/js/exporting.js"
        let js = try #require(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
        let digits = Abridged.count(Limits.commandsPerRequest).replacingOccurrences(of: ",", with: "_")
        expect(js.contains("const COMMANDS_MAX = \(digits);"), "exporting.js's COMMANDS_MAX is not \(digits)")
    }

    @Test("A journal run again is never refused: it ran in requests within the limit")
    func replayIsNotLimited() {
        let page = PageSession()
        let answer = page.replay("initial Nav(Home)\nlaunch\n" + String(repeating: "tree\n", count: Limits.commandsPerRequest))
        expect(!answer.body.contains("more than"), "\(answer.body)")
        expectEqual(page.session.state.isRunning, true)
    }

    @Test("Lists in notes: the first two, …, the last two and the count; short ones whole")
    func lists() {
        let names = (0..<100_000).map { "V\($0)" }
        expectEqual(Abridged.list(Array(names.prefix(Limits.namesInNote))), names.prefix(Limits.namesInNote).joined(separator: ", "))
        expectEqual(Abridged.list(Array(names.dropLast()) + ["Top"]), "V0, V1, … V99998, Top (100,000)")
        expectEqual(Abridged.list(Array(names.prefix(21)), separator: " → "), "V0 → V1 → … V19 → V20 (21)")
        expectEqual(Abridged.count(1_234_567), "1,234,567")
        expectEqual(Abridged.count(999), "999")
        let long = Abridged.line(String(repeating: "x", count: 10_000))
        expect(long.count <= Limits.noteLength + 60, "\(long.count)")
        expect(long.contains("(8,500 characters left out)"), "\(long)")
        expectEqual(Abridged.line("short"), "short")
    }

    @Test("Importing a printout of 20,000 view controllers prints no line longer than a screen")
    func bigImport() async {
        await onOwnThread {
            let count = 20_000
            var lines = ["<UINavigationController 0x7f9a00000000>, state: appeared, view: <UILayoutContainerView: 0x7f9b00000000>"]
            for i in 0..<count {
                let loaded = i == count - 1
                lines.append("   | <App.V\(i) 0x7f9a\(String(i + 1, radix: 16))000>, state: \(loaded ? "appeared" : "disappeared"), view: "
                             + (loaded ? "<UIView: 0x7f9b\(String(i + 1, radix: 16))000>" : "(view not loaded)"))
            }
            let s = Session()
            let r = s.execute(Heredoc.wrap(lines.joined(separator: "\n"), header: "import uikit"))
            expectEqual(r.status, .done, "\(r.lines.prefix(3).map(\.text).joined(separator: "\n"))")
            expect(!r.lines.isEmpty)
            for line in r.lines { expect(line.text.count <= Limits.noteLength + 40, "a line of \(line.text.count) characters: \(line.text.prefix(200))") }
            expect(r.lines.contains { $0.text.contains("`initial Nav(V0, V1, … V19998, V19999 (20,000))`") }, "\(r.lines.map(\.text).joined(separator: "\n").prefix(2_000))")
            // What leaks when the root is swapped is abridged the same way.
            let swap = s.execute("swapRoot Main")
            for line in swap.lines { expect(line.text.count <= Limits.noteLength + 40, "a line of \(line.text.count) characters: \(line.text.prefix(200))") }
        }
    }
}
