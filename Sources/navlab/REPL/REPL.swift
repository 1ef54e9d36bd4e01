@preconcurrency import CEditLine
import Foundation
import NavLabCommands
import NavLabHub
import NavLabCore

/// The interactive prompt: reads lines with libedit, runs each through the shared SessionHub
/// (the page runs its commands on the same hub), prints what comes back, and does the file
/// verbs (`record`, `save`, `load`) itself. An error never ends it; Ctrl-D, `quit`, SIGTERM
/// and SIGHUP do, after saving the history.
final class REPL {
    let hub: SessionHub
    let colour: Bool
    let historyPath: String
    /// Keeps the session on disk as it goes (nil: it could not be made; the session still runs).
    let journal: Journal?
    /// Said after the banner: a resumed session, or one that could be.
    let startNotes: [OutputLine]
    /// `record FILE`: where to write, as typed, and the index into `session.typed` it starts at.
    private var recording: (path: String, shown: String, index: Int)?
    /// The line editor while the prompt runs (`import … -` reads pasted lines with it).
    private var editor: LineEditor?

    init(hub: SessionHub, journal: Journal? = nil, startNotes: [OutputLine] = [], colour: Bool = Shell.useColour,
         historyPath: String = REPL.defaultHistoryPath) {
        self.hub = hub
        self.journal = journal
        self.startNotes = startNotes
        self.colour = colour
        self.historyPath = historyPath
    }

    /// `~/.navlab_history` (Docs/REPL.md, "History").
    static var defaultHistoryPath: String {
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.navlab_history"
    }

    /// Runs until Ctrl-D, `quit`, SIGTERM or SIGHUP; returns the exit status.
    func run() -> Int32 {
        guard let pipe = WakePipe.make() else {
            Shell.printError("navlab: cannot make a pipe for the prompt: \(String(cString: strerror(errno)))")
            return 1
        }
        let announcements = Announcements(pipe: pipe)
        Signals.install(wake: pipe.writeFD)
        guard let editor = LineEditor(hub: hub, colour: colour, historyPath: historyPath, pipe: pipe, announcements: announcements) else {
            Shell.printError("navlab: libedit could not start on this terminal")
            return 1
        }
        self.editor = editor
        editor.announce = { [colour] events in REPL.render(events, colour: colour, newline: "\r\n") }
        let (subscription, follower) = announcements.follow(hub)
        // `quit` and Ctrl-D end the session as asked: its journal goes. A signal (SIGTERM, a
        // closed terminal's SIGHUP) leaves it for `navlab --resume`.
        func finish(asked: Bool) {
            if asked { journal?.finish() } else { journal?.leave() }
            stopRecording(atExit: true)
            editor.saveHistory()
            editor.close()
            self.editor = nil
            follower.cancel()
            hub.unsubscribe(subscription)
            fflush(nil)
        }

        print("NavLab — iOS view-controller hierarchies. `help` lists the verbs; Tab completes; Ctrl-D quits.")
        // What an earlier session left on the simulated device ($NAVLAB_HOME).
        if let summary = hub.read({ $0.state.deviceSummary() }) { Shell.printLine(OutputLine(.note, "note: " + summary)) }
        for note in startNotes { Shell.printLine(note) }
        while true {
            // What the page ran while a command of ours was running.
            let waiting = announcements.take()
            if !waiting.isEmpty { print(REPL.render(waiting, colour: colour, newline: "\n"), terminator: "") }
            _ = Signals.takeInterrupt()
            if let signo = Signals.terminating { finish(asked: false); Signals.dieOf(signo) }

            switch editor.readLine() {
            case .line(var text):
                editor.addHistory(text)
                // `import uikit <<END`: its lines follow, up to END.
                if let word = Heredoc.terminator(opening: text) {
                    guard let body = readBlock(editor, pasted: false, until: { Heredoc.closes($0, word) }) else {
                        print("(import cancelled)")
                        continue
                    }
                    text += "\n" + body.map { $0 + "\n" }.joined() + word
                }
                if !handle(text, promptWidth: editor.promptWidth) { finish(asked: true); return 0 }
            case .endOfFile:
                print()
                // Ctrl-D, or the terminal went away (a closed window: its SIGHUP may come after
                // the read failed); only Ctrl-D is asked for.
                var mode = termios()
                finish(asked: Signals.terminating == nil && tcgetattr(STDIN_FILENO, &mode) == 0)
                if let signo = Signals.terminating { Signals.dieOf(signo) }
                return 0
            case .interrupted:
                // Ctrl-C: the line is dropped, a fresh prompt follows; SIGTERM: the loop ends above.
                print()
            }
        }
    }

    /// Runs one line; false when it was `quit`.
    func handle(_ line: String, promptWidth: Int) -> Bool {
        // The session attaches a comment line to the command below it (Docs/REPL.md, "Narration").
        let (response, _) = hub.execute(line, origin: .repl)
        show(response, line: line, promptWidth: promptWidth)
        return response.status != .quit
    }

    /// Prints what a line did: its error with a caret, its lines folded to the terminal.
    func show(_ response: LineResult, line: String, promptWidth: Int, source: (name: String, lines: [String], offset: Int)? = nil) {
        switch response.status {
        case .quit, .empty:
            break
        case .shell:
            fileVerb(response, promptWidth: promptWidth)
        default:
            if let e = response.error, e.kind != .expectation, e.location.column >= 1 {
                if line.contains("\n") {
                    // A line of the printout: named, shown, and the caret under it.
                    let lines = source?.lines ?? line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    let index = e.location.line - 1 - (source?.offset ?? 0)
                    if lines.indices.contains(index) {
                        let name = source?.name ?? "the import"
                        Shell.printLine(OutputLine(.error, "  \(name), line \(index + 1): " + lines[index]))
                        let pad = Wrap.cells("  \(name), line \(index + 1): ") + Wrap.cells(String(lines[index].prefix(max(0, e.location.column - 1))))
                        Shell.printLine(OutputLine(.error, String(repeating: " ", count: pad) + "^"))
                    }
                } else {
                    printCaret(line: line, column: e.location.column, promptWidth: promptWidth)
                }
            }
            // Long lines fold at word boundaries to the terminal's width (the terminal would
            // cut words in two); drawings — trees, views, exports — are left as they are.
            let drawing = ["tree", "views", "export"].contains(response.parsed?.verb ?? "")
            if drawing, let block = response.block {
                Shell.printLine(OutputLine(.info, block))
                break
            }
            let width = Int(navlab_terminal_columns(STDOUT_FILENO))
            var out: [OutputLine] = []
            for l in response.lines {
                if drawing { out.append(l); continue }
                for piece in Wrap.fold(l.text, width: width) { out.append(OutputLine(l.style, piece)) }
            }
            // `help` longer than the screen goes through the pager, as man and git do.
            if response.parsed?.verb == "help", let rows = Shell.terminalRows, out.count >= rows - 1,
               Pager.show(out.map(Shell.styled).joined(separator: "\n") + "\n") {
                break
            }
            for l in out { Shell.printLine(l) }
        }
        fflush(nil)
    }

    // MARK: - import

    /// Lines typed or pasted after `import … <<END` (up to END) or `import … -` (up to an
    /// empty line or Ctrl-D); nil when Ctrl-C (or, for END, Ctrl-D) gives up.
    func readBlock(_ editor: LineEditor, pasted: Bool, until end: (String) -> Bool) -> [String]? {
        var lines: [String] = []
        while true {
            switch editor.readLine(continuing: true) {
            case .line(let l):
                if pasted, l.trimmingCharacters(in: .whitespaces).isEmpty {
                    // Blank lines before the printout are the paste's, not its end.
                    if lines.isEmpty { continue }
                    return lines
                }
                if end(l) { return lines }
                lines.append(l)
            case .endOfFile:
                print()
                return pasted && !lines.isEmpty ? lines : nil
            case .interrupted:
                print()
                return nil
            }
        }
    }

    /// `import FORMAT FILE` or `import FORMAT -`: the lines, read here, run as `import FORMAT
    /// <<END` so that the session keeps them (`save` writes them, the journal has them).
    func importFile(_ format: ImportedHierarchy.Format, _ path: String, promptWidth: Int) {
        let name: String, body: String
        if path == "-" {
            guard let editor else { return }
            Shell.printLine(OutputLine(.info, format == .uikit
                ? "paste what `po [UIViewController _printHierarchy]` printed, then an empty line (Ctrl-C cancels):"
                : "paste what ScreenState's printSummary() printed, then an empty line (Ctrl-C cancels):"))
            guard let lines = readBlock(editor, pasted: true, until: { _ in false }) else {
                print("(import cancelled)")
                return
            }
            name = "the pasted text"
            body = lines.joined(separator: "\n")
        } else {
            guard let file = read(path) else { return }
            (name, body) = file
        }
        let text = Heredoc.wrap(body, header: "import \(format.rawValue)")
        let (response, _) = hub.execute(text, origin: .repl)
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        // The printout's lines are counted from 1, after the `import … <<END` line.
        show(response, line: text, promptWidth: promptWidth, source: (name, lines, 1))
    }

    /// `import storyboard FILE…`: the files, read here, run as `import storyboard NAME… <<END`
    /// so that the session keeps them; an error names the file as typed, with its line and column.
    func importStoryboards(_ paths: [String], promptWidth: Int) {
        var files: [(path: String, text: String)] = []
        for path in paths {
            guard let file = read(path) else { return }
            files.append((path, file.text))
        }
        let text = ScriptRunner.storyboardImport(files)
        var (response, _) = hub.execute(text, origin: .repl)
        if var e = response.error {
            e.message = ScriptRunner.namingFiles(e.message, paths)
            e.location.column = 0
            response.error = e
            response.lines = [OutputLine(.error, "error: \(e.message)")] + (e.suggestion.map { [OutputLine(.error, "  " + $0)] } ?? [])
        }
        show(response, line: text, promptWidth: promptWidth)
    }

    /// A caret under the column the error names (the line is on screen just above, after the
    /// prompt); the line is shown again when the column is past the terminal's width.
    /// The column counts characters; the caret goes under the cells they take on screen (a
    /// wide character — CJK, most emoji — takes two).
    func printCaret(line: String, column: Int, promptWidth: Int) {
        let width = Int(navlab_terminal_columns(STDOUT_FILENO))
        let cells = Wrap.cells(String(line.prefix(max(0, column - 1))))
        if promptWidth + cells + 1 <= width {
            Shell.printLine(OutputLine(.error, String(repeating: " ", count: promptWidth + cells) + "^"))
        } else {
            Shell.printLine(OutputLine(.error, "  " + line))
            Shell.printLine(OutputLine(.error, String(repeating: " ", count: cells + 2) + "^"))
        }
    }

    // MARK: - record, save, load

    func fileVerb(_ response: LineResult, promptWidth: Int) {
        if let (path, text) = response.fileToWrite {
            // `export FORMAT FILE`
            if !response.fileMayReplace, ScriptFiles.exists(path, from: "") {
                let r = ScriptRunner.refusal(toReplace: path, command: response.parsed?.text)
                fail(r.message, r.suggestion)
                return
            }
            do {
                try ScriptFiles.write(text, to: ScriptFiles.resolve(path, from: ""))
                Shell.printLine(OutputLine(.info, "wrote \(path)"))
                // What the program leaves out (the part before a `reset`, the steps after an
                // `uninstall`) is said here too, not only in its header.
                for line in text.split(separator: "\n").prefix(60) where line.hasPrefix("// Left out: ") {
                    Shell.printLine(OutputLine(.note, "note: left out of \(path): " + line.dropFirst("// Left out: ".count)))
                }
            } catch {
                fail("cannot write \(FileError.shown(path)): \(FileError.plain(error))")
            }
            return
        }
        guard let parsed = response.parsed, case .meta(let meta) = parsed.action else { return }
        switch meta {
        case .record(let path):
            if let current = recording {
                fail("already recording to \(current.shown)", "`record stop` writes it; then `record \(path)`")
                return
            }
            let index = hub.read { $0.typed.count }
            recording = (ScriptFiles.resolve(path, from: ""), path, index)
            Shell.printLine(OutputLine(.info, "recording to \(path); `record stop` writes it"))
        case .recordStop:
            guard recording != nil else { fail("nothing is being recorded", "start with `record FILE`"); return }
            stopRecording(atExit: false)
        case .save(let path, let replace):
            if !replace, ScriptFiles.exists(path, from: "") {
                let r = ScriptRunner.refusal(toReplace: path)
                fail(r.message, r.suggestion)
                return
            }
            let (text, count) = hub.read { ($0.script(), $0.replayableLines().count) }
            do {
                try ScriptFiles.write(text, to: ScriptFiles.resolve(path, from: ""))
                Shell.printLine(OutputLine(.info, "saved \(count) lines to \(path)"))
            } catch {
                fail("cannot write \(FileError.shown(path)): \(FileError.plain(error))")
            }
        case .load(let path):
            load(path)
        case .importFile(let format, let path):
            importFile(format, path, promptWidth: promptWidth)
        case .importStoryboards(let paths):
            importStoryboards(paths, promptWidth: promptWidth)
        default:
            break
        }
    }

    /// `record stop`, or the end of the session while recording: the lines typed since
    /// `record FILE` (those that did not fail, with their comments) go to the file.
    func stopRecording(atExit: Bool) {
        guard let current = recording else { return }
        let (text, count) = hub.read { ($0.script(fromTyped: current.index), $0.replayableLines(fromTyped: current.index).count) }
        do {
            try ScriptFiles.write(text, to: current.path)
            recording = nil
            let note = atExit ? " (the session ended while recording)" : ""
            Shell.printLine(OutputLine(.info, "recorded \(count) lines to \(current.shown)\(note)"))
        } catch {
            fail("cannot write \(current.shown): \(FileError.plain(error))", "the recording goes on; `record stop` tries again")
        }
    }

    /// `load FILE`: the script runs here, in this session, as `navlab run` would run it
    /// (each command echoed with what it printed; it stops at the first error).
    func load(_ path: String) {
        guard let file = read(path) else { return }
        // Under the hub's lock, each line published, so the page follows the script.
        let result = hub.runScript(file.text, file: file.name, origin: .repl) { runner in
            runner.readFile = ScriptFiles.read
            runner.writeFile = ScriptFiles.write
            runner.fileExists = ScriptFiles.exists
        }
        for line in result.output { Shell.printLine(line) }
        if result.stopped {
            Shell.printLine(OutputLine(.note, "load \(file.name): stopped at the error above; what ran before it stays"))
        } else if result.quit {
            Shell.printLine(OutputLine(.note, "load \(file.name): the script says quit; it ends the script, not the prompt"))
        }
    }

    /// A file `load` or `import` reads (relative to the current directory), or nil after saying why not.
    func read(_ path: String) -> (name: String, text: String)? {
        do throws(NavLabError) {
            return try ScriptFiles.read(path, from: "")
        } catch {
            fail(error.message, error.suggestion)
        }
        return nil
    }

    func fail(_ message: String, _ suggestion: String? = nil) {
        Shell.printLine(OutputLine(.error, "error: \(message)"))
        if let suggestion { Shell.printLine(OutputLine(.error, "  \(suggestion)")) }
    }

    // MARK: - What the page ran

    /// `web> push Detail` and what it printed, as it reaches the prompt.
    static func render(_ events: [PageLine], colour: Bool, newline: String) -> String {
        var out = ""
        for event in events {
            let head = "\(event.origin.rawValue)> \(event.line)"
            out += (colour ? "\u{1B}[2m" + head + "\u{1B}[0m" : head) + newline
            for line in event.lines { out += Shell.styled(line) + newline }
        }
        return out
    }
}
