import NavLabCore

/// One line of what a command prints, with what kind of line it is (the REPL colours by it).
public struct OutputLine: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable {
        case callback, appDelegate, warning, note, leak, ignored, error, info, passed, failed
    }
    public var style: Style
    public var text: String
    public init(_ style: Style, _ text: String) { self.style = style; self.text = text }
}

/// What running one line did.
public struct LineResult: Sendable {
    public enum Status: String, Sendable {
        /// The model changed.
        case done
        /// UIKit would not do it; nothing changed; not a failure.
        case ignored
        /// A query: something shown, nothing changed.
        case shown
        /// A syntax error, unknown name, UIKit exception, or an `expect` that did not hold.
        case failed
        case quit
        /// A blank or comment-only line.
        case empty
        /// A file verb (`record`, `save`, `load`): `parsed.action` says which; the shell does it.
        case shell
    }
    public var status: Status
    /// What it printed, one line each (a query's answer is split into lines when asked for).
    public var lines: [OutputLine] {
        get { block.map { $0.lines.map { OutputLine(.info, $0) } } ?? (events.isEmpty ? printed : printed + events.map(Session.line)) }
        set { printed = newValue; block = nil; events = [] }
    }
    private var printed: [OutputLine]
    /// A command's calls, printed after `printed` (one line each, made when asked for): a
    /// script's transcript writes them indented without making each line twice.
    public private(set) var events: [Event] = []
    /// The lines printed before `events` (all of `lines` when there are none).
    public var linesBeforeEvents: [OutputLine] { block == nil ? printed : lines }
    /// A query's answer as one text of `.info` lines, kept whole: `tree --json` at 100,000
    /// view controllers is 55 MB, printed without making two million lines of it first.
    public private(set) var block: String?
    /// Spaces already before each line of `block` (`Session.blockIndent`, when the query
    /// could write them as it made the text).
    public private(set) var blockIndent = 0
    public var error: NavLabError?
    /// For `expect`: whether it held.
    public var expectationHeld: Bool?
    public var parsed: ParsedLine?
    /// A file the shell should write (`export FORMAT FILE`).
    public var fileToWrite: (path: String, text: String)?
    /// Whether `fileToWrite` may replace an existing file (`--force`).
    public var fileMayReplace = false

    public init(status: Status, lines: [OutputLine] = [], events: [Event] = [], error: NavLabError? = nil, expectationHeld: Bool? = nil,
                parsed: ParsedLine? = nil, fileToWrite: (path: String, text: String)? = nil) {
        self.status = status
        self.printed = lines
        self.events = events
        self.error = error
        self.expectationHeld = expectationHeld
        self.parsed = parsed
        self.fileToWrite = fileToWrite
    }

    /// A query that shows `text` (`.info` lines), `indent` spaces before each already.
    public init(shown text: String, indent: Int = 0) {
        self.init(status: .shown)
        block = text
        blockIndent = indent
    }

    public var text: String { block ?? lines.map({ $0.text }).joined(separator: "\n") }
}

/// One step of the timeline: a command that reached the model (done or ignored), or `reset`.
public struct Entry: Sendable {
    public enum Change: Sendable { case start, command(Command), turn([Command]), reset }
    public let seq: Int
    public let command: String
    public let comment: String?
    public let change: Change
    public let status: LineResult.Status
    public let reason: String?
    public let events: [Event]
    /// What the step changed: undo reverts it, redo applies it again.
    public let delta: StateChange
}

/// The one owner of the timeline: runs lines against the model and keeps every step as the
/// change it made, so that undo, redo and time travel cost what lies between two steps.
public final class Session {
    public private(set) var state: State
    public private(set) var entries: [Entry]
    /// Index into `entries` of the step the model is at.
    public private(set) var cursor = 0
    /// A line run that did not fail and that a script can replay, with the timeline entry it
    /// belongs to: the one it made, or for `expect` the one it checked.
    public struct Typed: Sendable {
        public let line: ParsedLine
        public let entry: Int
    }
    /// Every such line typed on the timeline's current branch, in order (with its comment):
    /// what `save` writes and `record` slices. Lines of undone steps are dropped when a new
    /// step replaces them; `undo` and `redo` themselves are never lines of it.
    public private(set) var typed: [Typed] = []
    /// Told when what the app stored on the device changes (archive, defaults, install), so
    /// the shell can write it to disk; called with the app's name and its data.
    public var dataObserver: ((_ app: String, _ data: AppData) -> Void)?
    /// Told when what the app's code declares changes (`State.codeScript`), so the shell can
    /// keep it with the app's data; called with the app's name and the lines.
    public var codeObserver: ((_ app: String, _ code: [String]) -> Void)?
    /// Whether every step is kept (undo, redo, time travel, the log, `save`, `record`). A script
    /// that uses none of them runs without (`navlab run`, `navlab check`): only the latest step
    /// is kept, and no change is stored; a failed command still changes nothing.
    public var keepsTimeline = true
    /// Spaces a query writes before each line of an answer it makes as one text (`tree
    /// --json`; `LineResult.blockIndent` says whether it did): a script's transcript, which
    /// indents what a command prints, sets it so that a 55 MB document is not copied again.
    public var blockIndent = 0
    /// A comment line waiting for the command right below it: its narration (Docs/REPL.md, "Narration").
    private var pendingComment: String?
    /// Lines that change the model, parsed, by their text (at most 512; the line number is the
    /// first one's and is set again at each use).
    private var parsedLines: [String: ParsedLine] = [:]
    private var nextSeq = 1

    public init(state: State = State()) {
        self.state = state
        entries = [Entry(seq: 0, command: "", comment: nil, change: .start, status: .done, reason: nil, events: [], delta: StateChange())]
    }

    public var seq: Int { entries[cursor].seq }

    /// Runs one line of the command language.
    public func execute(_ line: String, lineNumber: Int = 1) -> LineResult {
        let app = state.appName, data = state.application.data
        let code = codeObserver == nil ? [] : state.codeScript()
        let response = executeLine(line, lineNumber: lineNumber)
        if let codeObserver {
            let now = state.codeScript()
            if now != code { codeObserver(state.appName, now) }
        }
        if let dataObserver {
            if state.appName != app { dataObserver(app, state.otherApps[app] ?? data) }
            if state.appName != app || state.application.data != data { dataObserver(state.appName, state.application.data) }
        }
        return response
    }

    private func executeLine(_ line: String, lineNumber: Int) -> LineResult {
        // `import uikit <<END` and its lines: one command, whose lines are each held to the limit.
        if line.utf8.contains(0x0A) {
            return executeHeredoc(line, lineNumber: lineNumber)
        }
        if line.utf8.count > Limits.lineLength, line.count > Limits.lineLength {
            return failure(NavLabError(.syntax, "this line is \(line.count) characters long; a line may be at most \(Limits.lineLength)",
                                       at: SourceLocation(line: lineNumber, column: Limits.lineLength + 1),
                                       suggestion: "put the commands on separate lines"), parsed: nil)
        }
        // A line seen before (a script repeats `push Item` and `pop`) is not lexed again.
        if var known = parsedLines[line] {
            known.location.line = lineNumber
            let saved = pendingComment
            if known.comment == nil || known.comment?.isEmpty == true { known.comment = pendingComment }
            let response = execute(known)
            if response.status != .failed { return finish(response, parsed: known, lineNumber: lineNumber) }
            // It failed, and changed nothing: parsed afresh, its error points at this line's
            // own columns.
            pendingComment = saved
        }
        if let parts = LineParser.splitTurn(line) {
            guard parts.count <= Limits.commandsPerLine else {
                return failure(NavLabError(.syntax, "\(parts.count) commands joined by ';' on one line; at most \(Limits.commandsPerLine) may share a line",
                                           at: SourceLocation(line: lineNumber, column: parts[Limits.commandsPerLine].column),
                                           suggestion: "put the commands on separate lines"), parsed: nil)
            }
            return executeTurn(line, parts: parts, lineNumber: lineNumber)
        }
        var parsed: ParsedLine
        do throws(NavLabError) {
            guard let p = try LineParser.parse(line, lineNumber: lineNumber) else {
                // A comment line narrates the command directly below it; a blank line ends that.
                let comment = (try? Lexer.tokenize(line, lineNumber: lineNumber).comment) ?? nil
                pendingComment = comment.flatMap { $0.isEmpty ? nil : (pendingComment.map { $0 + "\n" } ?? "") + $0 }
                return LineResult(status: .empty)
            }
            if case .model = p.action {
                if parsedLines.count >= 512 { parsedLines.removeAll(keepingCapacity: true) }
                parsedLines[line] = p
            }
            parsed = p
            if parsed.comment == nil || parsed.comment?.isEmpty == true { parsed.comment = pendingComment }
        } catch {
            let e = error
            return failure(e, parsed: nil)
        }
        return finish(execute(parsed), parsed: parsed, lineNumber: lineNumber)
    }

    private func executeHeredoc(_ text: String, lineNumber: Int) -> LineResult {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.count > Limits.lineLength {
            return failure(NavLabError(.syntax, "this line is \(line.count) characters long; a line may be at most \(Limits.lineLength)",
                                       at: SourceLocation(line: lineNumber + i, column: Limits.lineLength + 1),
                                       suggestion: "is it one line of the printout?"), parsed: nil)
        }
        do throws(NavLabError) {
            guard var parsed = try LineParser.parse(text, lineNumber: lineNumber) else { return LineResult(status: .empty) }
            if parsed.comment == nil || parsed.comment?.isEmpty == true { parsed.comment = pendingComment }
            return finish(execute(parsed), parsed: parsed, lineNumber: lineNumber)
        } catch {
            let e = error
            return failure(e, parsed: nil)
        }
    }

    /// What running a parsed line leaves behind: its narration used, its typed line kept,
    /// its error placed.
    private func finish(_ response: LineResult, parsed: ParsedLine, lineNumber: Int) -> LineResult {
        var response = response
        response.parsed = parsed
        // The narration waits out a command that failed: it belongs to the one retyped right.
        if response.status != .failed { pendingComment = nil }
        if keepsTimeline, response.status != .failed, response.status != .quit, Session.replayable(parsed.action) {
            if keepsTimeline { typed.append(Typed(line: parsed, entry: cursor)) }
        }
        // The engine points at what it can; anything it could not place points at the verb.
        // (A here-document's errors point at its own lines.)
        let span = parsed.text.utf8.contains(0x0A) ? parsed.text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } : 1
        if var e = response.error, !(lineNumber..<(lineNumber + span)).contains(e.location.line) || e.location.column < 1 {
            e.location = parsed.location
            response.error = e
        }
        return response
    }

    /// Lines that belong in a saved script: not help, not the file verbs themselves.
    static func replayable(_ action: Action) -> Bool {
        switch action {
        case .model: return true
        case .query(.help), .query(.explain), .query(.log), .query(.tree), .query(.views), .query(.memory), .query(.why),
             .query(.archive), .query(.defaults), .query(.export), .query(.segues): return false
        case .query(.expect): return true
        case .meta(.reset): return true
        case .meta: return false
        }
    }

    /// The typed lines from `index` on that lead to the state now: on the current branch and
    /// not undone (their entry is at or before the cursor), after the last `reset` among them.
    public func replayableLines(fromTyped index: Int = 0) -> [ParsedLine] {
        let lines = typed[min(index, typed.count)...].filter { $0.entry <= cursor }
        let afterReset = lines.lastIndex { if case .meta(.reset) = $0.line.action { return true } else { return false } }
            .map { lines.index(after: $0) } ?? lines.startIndex
        return lines[afterReset...].map({ $0.line })
    }

    /// The typed lines from `index` on as a script that replays to the state now
    /// (`replayableLines`): comments above their commands.
    public func script(fromTyped index: Int = 0, header: String? = nil) -> String {
        var out = header.map { "# " + $0 + "\n" } ?? ""
        for line in replayableLines(fromTyped: index) {
            if let c = line.comment, !c.isEmpty {
                for part in c.split(separator: "\n", omittingEmptySubsequences: false) { out += "# \(part)\n" }
            }
            out += line.text + "\n"
        }
        return out
    }

    public func execute(_ parsed: ParsedLine) -> LineResult {
        switch parsed.action {
        case .model(let command): return apply(command, parsed: parsed)
        case .query(let query): return run(query, parsed: parsed)
        case .meta(let meta): return run(meta, parsed: parsed)
        }
    }

    func failure(_ e: NavLabError, parsed: ParsedLine?) -> LineResult {
        var lines = [OutputLine(.error, "error: \(e.message)")]
        if let s = e.suggestion { lines.append(OutputLine(.error, "  \(s)")) }
        return LineResult(status: .failed, lines: lines, error: e, parsed: parsed)
    }

    private func apply(_ command: Command, parsed: ParsedLine) -> LineResult {
        let outcome: Outcome
        let delta: StateChange
        // Applied in place (a large state is never copied), recording what it changes; a
        // command that fails, or goes past a limit, has what it changed undone.
        state.beginChange()
        do throws(NavLabError) {
            outcome = try state.applyWithinLimits(command)
            delta = keepsTimeline ? state.endChange() : state.commitChange()
        } catch {
            let e = error
            state.discardChange()
            return failure(e, parsed: parsed)
        }
        var lines: [OutputLine] = []
        let status: LineResult.Status
        var reason: String?
        switch outcome {
        case .done:
            status = .done
        case .ignored(let why, _):
            status = .ignored
            reason = why
            lines = [OutputLine(.ignored, "ignored: \(why)")]
        }
        record(Entry(seq: nextSeq, command: parsed.headline, comment: parsed.comment, change: .command(command),
                     status: status, reason: reason, events: outcome.events, delta: delta))
        return LineResult(status: status, lines: lines, events: outcome.events)
    }

    private func record(_ entry: Entry) {
        guard keepsTimeline else {
            if entries.count == 2 { entries[1] = entry } else { entries = [entries[0], entry] }
            nextSeq += 1
            cursor = 1
            return
        }
        if cursor < entries.count - 1 {
            entries.removeSubrange((cursor + 1)...)
            // What was typed for the undone steps is not part of the new branch.
            typed.removeAll { $0.entry > cursor }
        }
        entries.append(entry)
        nextSeq += 1
        cursor = entries.count - 1
    }

    public static func line(_ e: Event) -> OutputLine { OutputLine(style(of: e), e.text) }

    /// How the line of `e` is printed.
    public static func style(of e: Event) -> OutputLine.Style {
        switch e.kind {
        case .callback: return .callback
        case .appDelegate: return .appDelegate
        case .warning: return .warning
        case .note: return .note
        case .leak: return .leak
        }
    }

    /// `A; B; C`: the commands run in one turn of the run loop. Each one's animation is still
    /// running when the next starts; their `did…` callbacks come when the turn ends. The line
    /// is one step of the timeline, and all of it fails if one command fails.
    private func executeTurn(_ line: String, parts: [(text: String, column: Int)], lineNumber: Int) -> LineResult {
        var commands: [Command] = []
        var texts: [String] = []
        var locations: [SourceLocation] = []
        var first: ParsedLine?
        for (text, column) in parts {
            do throws(NavLabError) {
                guard let p = try LineParser.parse(text, lineNumber: lineNumber, firstColumn: column) else {
                    throw NavLabError(.syntax, "empty command between ';'", at: SourceLocation(line: lineNumber, column: column),
                                      suggestion: "write `A; B` with a command on each side")
                }
                guard case .model(let c) = p.action else {
                    throw NavLabError(.syntax, "only commands that change the app can share a line with ';' (`\(p.verb)` cannot)",
                                      at: p.location, suggestion: "put `\(p.verb)` on its own line")
                }
                first = first ?? p
                commands.append(c)
                texts.append(p.text)
                locations.append(p.location)
            } catch {
                let e = error
                return failure(e, parsed: nil)
            }
        }
        // In place, recording the change: all of it is undone if one command fails.
        let result: (lines: [OutputLine], events: [Event], status: LineResult.Status)
        state.beginChange()
        do throws(NavLabError) { result = try Session.runTurn(commands, texts: texts, locations: locations, on: &state) }
        catch { state.discardChange(); return failure(error, parsed: first) }
        let delta = keepsTimeline ? state.endChange() : state.commitChange()
        let text = texts.joined(separator: "; ")
        let parsed = ParsedLine(action: .model(commands[0]), verb: first?.verb ?? "", text: text,
                                comment: (try? Lexer.tokenize(line).comment) ?? nil, location: first?.location ?? SourceLocation(line: lineNumber, column: 1))
        record(Entry(seq: nextSeq, command: text, comment: parsed.comment, change: .turn(commands), status: result.status, reason: nil, events: result.events, delta: delta))
        if keepsTimeline { typed.append(Typed(line: parsed, entry: cursor)) }
        return LineResult(status: result.status, lines: result.lines, parsed: parsed)
    }

    /// Applies a turn's commands: each one's events up to its first `did…` callback come at
    /// once; the rest when the turn ends, in the order the animations were started.
    /// `locations`: where each command is written; an error the engine could not place on
    /// the line points at the command that failed.
    static func runTurn(_ commands: [Command], texts: [String], locations: [SourceLocation], on s: inout State) throws(NavLabError) -> (lines: [OutputLine], events: [Event], status: LineResult.Status) {
        s.beginTurn()
        // What is printed at once, each line with the event it shows (nil: an `ignored:` line).
        var printed: [(line: OutputLine, event: Event?)] = []
        var now: [Event] = [], later: [Event] = []
        var anyDone = false
        func show(_ events: [Event]) {
            for e in events { printed.append((Session.line(e), e)) }
        }
        for (index, (c, text)) in zip(commands, texts).enumerated() {
            // A command past a limit fails the whole turn.
            let outcome: Outcome
            do throws(NavLabError) { outcome = try s.applyWithinLimits(c) } catch {
                var e = error
                if index < locations.count, e.location.line != locations[index].line || e.location.column < locations[index].column {
                    e.location = locations[index]
                }
                throw e
            }
            if let gone = s.turn?.withdrawn, !gone.isEmpty {
                // Calls of this turn that UIKit never made after all (UIKit #215).
                s.turn!.withdrawn = []
                func kept(_ e: Event) -> Bool {
                    !(e.kind == .callback && e.depth == 0 && gone.contains(e.viewController ?? "")
                      && RunLoopTurn.withdrawnCallbacks.contains(e.callback))
                }
                now = now.filter(kept)
                later = later.filter(kept)
                printed = printed.filter { $0.event.map(kept) ?? true }
            }
            if let calls = s.turn?.withdrawnCalls, !calls.isEmpty {
                // Single calls of this turn that UIKit never made after all (UIKit #215).
                func kept(_ e: Event) -> Bool {
                    !(e.kind == .callback && e.depth == 0 && calls.contains(e.callback + " " + (e.viewController ?? "")))
                }
                now = now.filter(kept)
                later = later.filter(kept)
                printed = printed.filter { $0.event.map(kept) ?? true }
            }
            if s.turn?.completedInFlight == true {
                // The transitions in flight completed at once (UIKit #193): their `did…` calls now.
                s.turn!.completedInFlight = false
                show(later)
                now += later
                later = []
            }
            switch outcome {
            case .ignored(let why, let events):
                printed.append((OutputLine(.ignored, "ignored: \(text): \(why)"), nil))
                show(events)
                now += events
            case .done(let events):
                anyDone = true
                let atOnce = s.turn?.completesAtOnce == true
                if atOnce { s.turn!.completesAtOnce = false }
                let split = atOnce ? events.count : events.firstIndex { $0.callback.hasPrefix("viewDid") && $0.callback != "viewDidLoad" } ?? events.count
                now += events[..<split]
                later += events[split...]
                show(Array(events[..<split]))
            }
        }
        let end = s.endTurn()
        let lines = printed.map { $0.line } + later.map(Session.line) + end.map(Session.line)
        return (lines, now + later + end, anyDone ? .done : .ignored)
    }

    /// The model as it was after entry `index` (a copy: `withState(at:)` reads it without one).
    public func state(at index: Int) -> State {
        withState(at: index) { $0 }
    }

    /// Reads the model as it was after entry `index`: the steps between it and the cursor are
    /// reverted (or applied) in place, then applied (or reverted) back.
    public func withState<T>(at index: Int, _ body: (State) -> T) -> T {
        let index = max(0, min(index, entries.count - 1))
        travel(from: cursor, to: index)
        let result = body(state)
        travel(from: index, to: cursor)
        return result
    }

    /// Walks the timeline one step at a time from entry `start` through each of `targets` in
    /// turn, calling `body` after every step with the model then, its seq, the step's change
    /// and whether it was applied (`forward`) or reverted; then returns to the cursor. Costs
    /// the steps walked (and those between the cursor and `start`), never the whole history.
    public func walk(from start: Int, through targets: [Int],
                     _ body: (_ state: State, _ seq: Int, _ change: StateChange, _ forward: Bool) -> Void) {
        let start = max(0, min(start, entries.count - 1))
        travel(from: cursor, to: start)
        var at = start
        for target in targets {
            let target = max(0, min(target, entries.count - 1))
            while at > target {
                state.revert(entries[at].delta)
                at -= 1
                body(state, entries[at].seq, entries[at + 1].delta, false)
            }
            while at < target {
                at += 1
                state.reapply(entries[at].delta)
                body(state, entries[at].seq, entries[at].delta, true)
            }
        }
        travel(from: at, to: cursor)
    }

    private func travel(from: Int, to: Int) {
        if to < from {
            for i in stride(from: from, to: to, by: -1) { state.revert(entries[i].delta) }
        } else if to > from {
            for i in (from + 1)...to { state.reapply(entries[i].delta) }
        }
    }

    private func run(_ meta: Meta, parsed: ParsedLine) -> LineResult {
        switch meta {
        case .record, .recordStop, .save, .load, .importFile, .importStoryboards:
            // The shell reads and writes files; the session only says what was asked.
            return LineResult(status: .shell, lines: [])
        case .quit:
            return LineResult(status: .quit)
        case .undo:
            guard cursor > 0 else { return LineResult(status: .ignored, lines: [OutputLine(.ignored, "ignored: nothing to undo")]) }
            let undone = entries[cursor]
            state.revert(undone.delta)
            cursor -= 1
            return LineResult(status: .done, lines: [OutputLine(.info, "undone: \(undone.command)")])
        case .redo:
            guard cursor < entries.count - 1 else { return LineResult(status: .ignored, lines: [OutputLine(.ignored, "ignored: nothing to redo")]) }
            cursor += 1
            state.reapply(entries[cursor].delta)
            return LineResult(status: .done, lines: [OutputLine(.info, "redone: \(entries[cursor].command)")])
        case .reset:
            // What goes with the old app, said before the user looks for it.
            let data = state.application.data
            var gone: [String] = []
            if data.archive != nil { gone.append("its restoration archive") }
            if !data.defaults.isEmpty { gone.append("its defaults (\(Abridged.list(data.defaults.keys.sorted())))") }
            if !state.codeScript().isEmpty { gone.append("what its code declares") }
            let app = state.appName
            let old = state
            state = State()
            record(Entry(seq: nextSeq, command: parsed.text, comment: parsed.comment, change: .reset, status: .done, reason: nil, events: [],
                         delta: keepsTimeline ? .replacing(old, with: state) : StateChange()))
            var lines = [OutputLine(.info, "reset: a new app, not running (undo brings the old one back)")]
            if let last = gone.last {
                let list = gone.count == 1 ? last : gone.dropLast().joined(separator: ", ") + " and " + last
                lines.append(OutputLine(.note, "note: " + Abridged.line("\(app) loses \(list), on the device\(dataObserver != nil ? " and on disk" : ""); undo brings back what it loses")))
            }
            return LineResult(status: .done, lines: lines)
        }
    }

    /// The lifecycle log of the current timeline, oldest first (`log`, `log --json`).
    public func logEntries() -> [(seq: Int, command: String, event: Event)] {
        var out: [(seq: Int, command: String, event: Event)] = []
        for entry in loggedSteps {
            for e in entry.events where e.isLogged { out.append((seq: entry.seq, command: entry.command, event: e)) }
        }
        return out
    }

    /// The steps the log shows: the current timeline's since its last reset (whose own
    /// events are not logged).
    private var loggedSteps: ArraySlice<Entry> {
        var first = 1
        for i in stride(from: cursor, through: 1, by: -1) {
            if case .reset = entries[i].change { first = i + 1; break }
        }
        return entries[first..<(cursor + 1)]
    }

    /// The logged events of the last command that changed anything (`expect log order`).
    public func lastCommandLog() -> [String] {
        guard cursor > 0 else { return [] }
        var out: [String] = []
        for e in entries[cursor].events where e.isLogged { out.append(e.text) }
        return out
    }

    public func logJSON() -> JSON {
        var b = JSONBuilder()
        writeLog(into: &b)
        return b.result
    }

    /// `logJSON().serialized()` written as it is made (`GET /api/log`): at 10,000 steps the
    /// log is 10 MB of text, and as values first it took about 45 MB more — memory the
    /// browser's module keeps once it has grown.
    public func logText() -> String {
        var estimate = 16
        for entry in loggedSteps {
            for e in entry.events where e.isLogged { estimate += e.jsonSize(command: entry.command) }
        }
        return JSONWriter.text(pretty: false, estimatedSize: estimate) { writeLog(into: &$0) }
    }

    private func writeLog<S: JSONSink>(into s: inout S) {
        let steps = loggedSteps
        s.beginArray(flat: !steps.contains { $0.events.contains { $0.isLogged } })
        for entry in steps {
            for e in entry.events where e.isLogged { e.write(seq: entry.seq, command: entry.command, into: &s) }
        }
        s.endArray()
    }

    public func stateJSON() -> JSON { state.json(seq: seq) }

    private func run(_ query: Query, parsed: ParsedLine) -> LineResult {
        func shown(_ text: String) -> LineResult { LineResult(shown: text) }
        switch query {
        case .tree(.compact): return shown(state.renderTree())
        case .tree(.screenstate): return shown(state.renderScreenState())
        case .tree(.uikit): return shown(state.renderPrintHierarchy())
        case .tree(.json): return LineResult(shown: state.jsonText(seq: seq, pretty: true, indent: blockIndent), indent: blockIndent)
        case .views: return shown(state.renderViews())
        case .memory: return shown(state.renderMemory())
        case .why(let ref):
            do throws(NavLabError) { return shown(state.renderWhy(try state.resolve(ref))) }
            catch { return failure(error, parsed: parsed) }
        case .log(let json):
            if json { return shown(logJSON().serialized(pretty: true)) }
            let entries = logEntries()
            if entries.isEmpty { return shown("(the log is empty)") }
            var lines: [String] = []
            var lastSeq = -1
            for e in entries {
                if e.seq != lastSeq { lines.append("[\(e.seq)] \(e.command)"); lastSeq = e.seq }
                lines.append("  " + e.event.text)
            }
            return shown(lines.joined(separator: "\n"))
        case .help(let topic): return shown(Help.render(topic))
        case .explain(let topic):
            do throws(NavLabError) { return shown(try UIKitFacts.explain(topic)) } catch {
                var e = error
                e.location = parsed.location
                return failure(e, parsed: parsed)
            }
        case .archive: return shown(state.renderArchive())
        case .segues(let ref):
            do throws(NavLabError) { return shown(try state.renderSegues(from: ref)) }
            catch { return failure(error, parsed: parsed) }
        case .export(let format, let file, let replace, let storyboard):
            var text: String
            switch format {
            case .mermaid, .dot:
                do throws(NavLabError) { text = try storyboard ? state.storyboardGraph(mermaid: format == .mermaid) : state.graph(mermaid: format == .mermaid) } catch {
                    var e = error
                    e.location = parsed.location
                    return failure(e, parsed: parsed)
                }
            case .json: text = state.jsonText(seq: seq, pretty: true)
            case .swift:
                do throws(NavLabError) { text = try SwiftExport.program(from: self) } catch {
                    var e = error
                    e.location = parsed.location
                    return failure(e, parsed: parsed)
                }
                if text.hasSuffix("\n") { text.removeLast() }
            }
            guard let file else { return shown(text) }
            var r = LineResult(status: .shell, lines: [])
            r.fileToWrite = (file, text + "\n")
            r.fileMayReplace = replace
            return r
        case .defaults: return shown(state.renderDefaults())
        case .expect(let expectation):
            do throws(NavLabError) {
                let (holds, actual) = try expectation.evaluate(in: state, log: { self.logEntries().map { $0.event.text } },
                                                               lastLog: { self.lastCommandLog() })
                let ok = holds != expectation.negated
                // A script that waits for an app-delegate call a scene app never gets (UIKit #202).
                let flag = expectation.negated ? nil : state.uncalledAppDelegateNote(in: expectation.factText)
                let flagLines = flag.map { [OutputLine(.note, "note: " + $0)] } ?? []
                if ok { return LineResult(status: .shown, lines: [OutputLine(.passed, "ok: expect \(expectation.text)")] + flagLines, expectationHeld: true) }
                let expected = (expectation.negated ? "not " : "") + expectation.factText
                let e = NavLabError(.expectation, "expect \(expectation.text)", at: expectation.location,
                                    suggestion: "expected: \(expected)\n  actual:   \(actual)" + (flag.map { "\n  " + $0 } ?? ""))
                return LineResult(status: .failed, lines: [OutputLine(.failed, "failed: expect \(expectation.text)"), OutputLine(.failed, "  actual: \(actual)")] + flagLines,
                                error: e, expectationHeld: false)
            } catch {
                let e = error
                return failure(e, parsed: parsed)
            }
        }
    }
}

extension String {
    /// The lines of a text, split on its UTF-8 bytes (fast for a multi-megabyte JSON document).
    var lines: [String] {
        var out: [String] = []
        let utf8 = self.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == 10 {
                out.append(String(self[start..<i]))
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        out.append(String(self[start...]))
        return out
    }
}
