import NavLabCommands
import NavLabCore

/// `POST /api/commands`: the body's lines run in the shared session, as if typed at the
/// prompt (origin `web`), stopping at the first that fails. The answer is what the REPL
/// would print, as JSON, with each line's style and any error's column and suggestion.
enum CommandRunner {
    static func run(_ text: String, on hub: SessionHub) -> JSON {
        var results: [JSON] = []
        var allLines: [JSON] = []
        var overall: Response.Status = .empty
        var firstError: JSON = .null
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        // `import uikit <<END` … `END` is one command.
        for chunk in Heredoc.chunks(lines) {
            let line = chunk.text
            let lineNumber = chunk.line
            let status: Response.Status, printedLines: [OutputLine], nlError: NavLabError?, eventID: Int?
            if let word = chunk.unterminated {
                let e = Heredoc.unterminatedError(word, line: lineNumber)
                (status, printedLines, nlError, eventID) = (.failed, [OutputLine(.error, "error: \(e.message)")], e, nil)
            } else if let refused = refusal(line, lineNumber: lineNumber) {
                (status, printedLines, nlError, eventID) = (.failed, [OutputLine(.error, "error: \(refused.message)")], refused, nil)
            } else {
                let (r, event) = hub.execute(line, origin: .web, lineNumber: lineNumber)
                (status, printedLines, nlError, eventID) = (r.status, r.lines, r.error, r.status == .empty ? nil : event.id)
            }
            if status == .empty { continue }
            let printed = printedLines.map(PageDocument.line)
            allLines += printed
            let error = nlError.map(PageDocument.error) ?? .null
            results.append(.object([
                ("line", .string(line)),
                ("lineNumber", .int(lineNumber)),
                ("status", .string(status.rawValue)),
                ("lines", .array(printed)),
                ("error", error),
                ("eventID", eventID.map(JSON.int) ?? .null),
            ]))
            overall = status
            if status == .failed {
                firstError = error
                break
            }
        }
        return .object([
            ("status", .string(overall.rawValue)),
            ("seq", .int(hub.read { $0.seq })),
            ("results", .array(results)),
            ("lines", .array(allLines)),
            ("error", firstError),
        ])
    }

    /// The file verbs, `export … FILE` and `quit` belong to the prompt and scripts: the page may
    /// not make the server read or write files, nor end it.
    static func refusal(_ line: String, lineNumber: Int) -> NavLabError? {
        guard let parsed = try? LineParser.parse(line, lineNumber: lineNumber) else { return nil }
        if case .query(.export(let format, file: .some, replace: _)) = parsed.action {
            let menu = format == .json ? "" : "use the page's Export menu (it saves the file through the browser), or "
            return NavLabError(.invalid, "`export \(format.rawValue) FILE` writes a file where navlab runs: use it at the prompt or in a script, not from the page",
                               at: parsed.location, suggestion: "on the page, \(menu)type `export \(format.rawValue)` to see it here")
        }
        guard case .meta(let meta) = parsed.action else { return nil }
        let what: String
        switch meta {
        case .record, .recordStop, .save, .load: what = "`\(parsed.verb)` reads and writes files: use it at the prompt or in a script"
        case .importFile(let format, _):
            return NavLabError(.invalid, "`import \(format.rawValue) FILE` reads a file: use it at the prompt or in a script", at: parsed.location,
                               suggestion: "on the page, Import… takes the pasted printout (or type `import \(format.rawValue) <<END`, the lines, then END)")
        case .quit: what = "`quit` ends the prompt: type it there (or press Ctrl-C where navlab runs)"
        case .undo, .redo, .reset: return nil
        }
        return NavLabError(.invalid, what + ", not from the page", at: parsed.location)
    }
}
