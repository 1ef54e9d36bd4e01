@preconcurrency import CEditLine
import Foundation
import NavLabCommands
import NavLabHub
import NavLabCore

/// The editor libedit's callbacks reach. libedit's callbacks are C function pointers and
/// capture nothing, so they find their state here. libedit calls them only inside `el_gets`,
/// on the thread that called it (the main thread), and only one `LineEditor` exists at a time:
/// nothing else reads or writes this.
nonisolated(unsafe) private var activeEditor: LineEditor?

/// The key the editor sends itself to have libedit redraw the line (`navlab-redraw`): NUL,
/// Ctrl-Space, which emacs mode binds to `em-set-mark`, rarely used at a prompt.
private let redrawKey: wchar_t = 0

/// The prompt's line editing on libedit's native API: a coloured prompt (`EL_PROMPT_ESC`),
/// the syntax of the verb being typed on the right (`EL_RPROMPT`), Tab completion
/// (`EL_ADDFN` + `EL_BIND`), Ctrl-R searching the history backwards, ~/.editrc (`el_source`),
/// and the history in a file (`history`).
///
/// Reading goes through our own `EL_GETCFN`, which waits on the terminal and on a wake-up pipe
/// at once: commands run by the page (posted from another thread) and signals wake it, and it
/// acts on them on this thread, between two keys.
final class LineEditor {
    enum Input {
        case line(String)
        /// Ctrl-D on an empty line, or the terminal went away.
        case endOfFile
        /// A signal (Ctrl-C, SIGTERM) stopped the reading; see `Signals`.
        case interrupted
    }

    private let el: OpaquePointer
    private let history: OpaquePointer
    let hub: SessionHub
    let colour: Bool
    let historyPath: String
    let pipe: WakePipe
    let announcements: Announcements
    /// Prints what someone else ran (the REPL decides how it looks).
    var announce: ([PageLine]) -> String = { _ in "" }

    /// What the prompt functions last returned; libedit decodes it at once, so each is kept
    /// only until the next call (strdup'd, freed then).
    private var promptText: UnsafeMutablePointer<CChar>?
    private var rpromptText: UnsafeMutablePointer<CChar>?
    /// The visible width of the prompt last drawn.
    private(set) var promptWidth = 0
    /// The hint last handed to libedit for the right prompt.
    private var shownHint = ""
    /// The hint a redraw was last asked for: asked once only, in case libedit does not draw
    /// a right prompt at all (a dumb terminal).
    private var requestedHint: String?
    /// Off while a line is being accepted or cancelled, so the hint does not stay in the scrollback.
    private var hintsOff = false
    /// The prompt of a command's next line (`...> `), while one is read.
    private var continuation: String?
    /// After the redraw that removes the hint on Ctrl-C, reading stops.
    private var cancelAfterRedraw = false
    /// A UTF-8 character read in part.
    private var pending: [UInt8] = []
    /// Bytes read from the terminal while waiting for its cursor report, to be taken as keys.
    private var typedAhead: [UInt8] = []
    /// The terminal's width when the line was last drawn (a resize is seen against it).
    private var knownWidth = max(1, Int(navlab_terminal_columns(STDOUT_FILENO)))
    /// Enter, held back while the line is redrawn without its hint.
    private var heldBack: wchar_t?
    /// Standard input and output are both terminals.
    private let terminal = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0

    init?(hub: SessionHub, colour: Bool, historyPath: String, pipe: WakePipe, announcements: Announcements) {
        // libedit converts between the line's bytes and wide characters with the locale's
        // codeset: it must be UTF-8, or a `…` in a hint cannot be shown (or typed).
        LineEditor.utf8 = LineEditor.useUTF8Locale()
        guard activeEditor == nil, let el = el_init("navlab", navlab_stdin(), navlab_stdout(), navlab_stderr()) else { return nil }
        guard let history = history_init() else { el_end(el); return nil }
        self.el = el
        self.history = history
        self.hub = hub
        self.colour = colour
        self.historyPath = historyPath
        self.pipe = pipe
        self.announcements = announcements
        activeEditor = self

        navlab_history_setsize(history, 1000)
        navlab_history_setunique(history, 1)
        navlab_history_load(history, historyPath)

        navlab_el_set_editor(el, "emacs")
        // libedit puts the terminal back on SIGINT, SIGTSTP, SIGTERM… and follows SIGWINCH.
        navlab_el_set_signal(el, 1)
        navlab_el_set_history(el, history)
        navlab_el_set_prompt(el, { _ in activeEditor?.prompt() }, 1)
        navlab_el_set_rprompt(el) { el in el.flatMap { activeEditor?.rightPrompt($0) } }
        navlab_el_set_getcfn(el) { el, out in
            guard let el, let out, let editor = activeEditor else { return -1 }
            return editor.readCharacter(el, out)
        }
        // EL_ADDFN keeps the name and help: strdup'd, kept for the life of the process.
        navlab_el_addfn(el, strdup("navlab-complete"), strdup("Complete the word from the verb table and the live model"), { el, _ in
            guard let el, let editor = activeEditor else { return UInt8(CC_ERROR) }
            return editor.complete(el)
        })
        navlab_el_addfn(el, strdup("navlab-redraw"), strdup("Redraw the line and its hint"), { _, _ in
            UInt8(CC_REFRESH)
        })
        // The user's ~/.editrc (or $EDITRC) first, then NavLab's keys, so that a `bind -v`
        // there keeps Tab and Ctrl-R working in vi mode too. $EDITRC is named here: Debian's
        // libedit reads it by itself, Apple's reads only ~/.editrc.
        let editrc = ProcessInfo.processInfo.environment["EDITRC"].flatMap { $0.isEmpty ? nil : $0 }
        el_source(el, editrc)
        for (key, function) in [("^I", "navlab-complete"), ("^R", "em-inc-search-prev"), ("^@", "navlab-redraw")] {
            navlab_el_bind(el, key, function)
            if function != "em-inc-search-prev" { navlab_el_bind_alternate(el, key, function) }
        }
    }

    /// Whether the locale's codeset is UTF-8; when it cannot be, prompts are kept to ASCII.
    nonisolated(unsafe) private static var utf8 = true

    private static func useUTF8Locale() -> Bool {
        func isUTF8() -> Bool {
            guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
            let name = String(cString: codeset).lowercased()
            return name == "utf-8" || name == "utf8"
        }
        if setlocale(LC_CTYPE, "") != nil, isUTF8() { return true }
        // C.UTF-8 on Linux; a Mac has no C.UTF-8 but a UTF-8 character type named "UTF-8".
        for name in ["C.UTF-8", "UTF-8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil && isUTF8() { return true }
        return false
    }

    /// A string libedit can decode in this locale.
    private static func displayable(_ s: String) -> String {
        guard !utf8 else { return s }
        var out = ""
        for scalar in s.unicodeScalars { out += scalar.isASCII ? String(scalar) : (scalar == "…" ? "..." : "?") }
        return out
    }

    /// Reads one line. Drawing the prompt, editing, history and completion happen inside.
    /// `continuing`: the next line of a command that goes on (`import uikit <<END`), after
    /// `...> ` and without hints.
    func readLine(continuing: Bool = false) -> Input {
        hintsOff = continuing
        continuation = continuing ? "...> " : nil
        cancelAfterRedraw = false
        pending = []
        heldBack = nil
        requestedHint = nil
        var count: Int32 = 0
        let raw = el_gets(el, &count)
        // A Ctrl-C during this read (the loop takes the last one before reading) ends it as an
        // interruption, whatever libedit returned: inside a Ctrl-R search it returns as if the
        // input had ended, and taking that for Ctrl-D would quit and lose the session.
        if Signals.interruptPending { return .interrupted }
        guard let raw else {
            return count == 0 ? .endOfFile : (errno == EINTR ? .interrupted : .endOfFile)
        }
        var line = String(cString: raw)
        while line.last == "\n" || line.last == "\r" { line.removeLast() }
        return .line(line)
    }

    func addHistory(_ line: String) {
        guard line.contains(where: { $0 != " " && $0 != "\t" }) else { return }
        navlab_history_enter(history, line)
    }

    /// Writes the history file atomically: a temporary file beside it, then a rename.
    func saveHistory() {
        let temporary = historyPath + ".\(getpid()).tmp"
        if navlab_history_save(history, temporary) >= 0 {
            if rename(temporary, historyPath) != 0 { unlink(temporary) }
        } else {
            unlink(temporary)
        }
    }

    /// Puts the terminal back and lets go of libedit.
    func close() {
        el_end(el)
        history_end(history)
        free(promptText)
        free(rpromptText)
        promptText = nil
        rpromptText = nil
        activeEditor = nil
    }

    // MARK: - Prompts

    /// `navlab (STATE)> `; colour codes go between \u{1} bytes (EL_PROMPT_ESC) so they take no room.
    private func prompt() -> UnsafeMutablePointer<CChar>? {
        let (state, device) = hub.read { ($0.state.application.state, Prompt.device($0.state.device)) }
        if let continuation {
            // The prompt's width, so that pasted lines line up under the first.
            let width = max(continuation.count, Prompt.text(state, device: device).count)
            let plain = String(repeating: " ", count: width - continuation.count) + continuation
            promptWidth = plain.count
            free(promptText)
            promptText = strdup(colour ? "\u{1}\u{1B}[2m\u{1}" + plain + "\u{1}\u{1B}[0m\u{1}" : plain)
            return promptText
        }
        let plain = Prompt.text(state, device: device)
        promptWidth = plain.count
        let text = colour ? Prompt.coloured(state, device: device, literal: "\u{1}") : plain
        free(promptText)
        promptText = strdup(LineEditor.displayable(text))
        return promptText
    }

    /// The syntax of the verb being typed; nothing once the line is accepted.
    private func rightPrompt(_ el: OpaquePointer) -> UnsafeMutablePointer<CChar>? {
        let hint = hintsOff ? "" : LineEditor.hint(for: lineText(el).whole)
        shownHint = hint
        requestedHint = nil
        // Plain text: libedit's partial redraws can re-emit a colour code of the right prompt in
        // the middle of the line (libedit 3.1-20221030), which would dim what is typed.
        free(rpromptText)
        rpromptText = strdup(LineEditor.displayable(hint))
        return rpromptText
    }

    /// The hint for the right prompt: the verb's syntax, when it says more than the verb's name.
    static func hint(for line: String) -> String {
        guard let syntax = Completion.hint(for: line), syntax.contains(" ") else { return "" }
        return syntax
    }

    // MARK: - Keys

    /// The line as libedit holds it: all of it, and the part before the cursor.
    private func lineText(_ el: OpaquePointer) -> (whole: String, beforeCursor: String) {
        guard let info = el_line(el)?.pointee, let buffer = info.buffer else { return ("", "") }
        func text(to end: UnsafePointer<CChar>?) -> String {
            guard let end, end > buffer else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: buffer, count: end - buffer), as: UTF8.self)
        }
        return (text(to: info.lastchar), text(to: info.cursor))
    }

    /// Tab: one candidate replaces the word; several insert what they share, or are listed.
    private func complete(_ el: OpaquePointer) -> UInt8 {
        let (line, before) = lineText(el)
        let cursor = before.count
        let (start, candidates) = hub.read { session in
            Completion.complete(line, cursor: cursor, in: session, files: ScriptFiles.completions)
        }
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let typed = String(Array(before)[start...])
        func replace(with text: String) {
            el_deletestr(el, Int32(cursor - start))
            el_insertstr(el, text)
        }
        if candidates.count == 1 {
            let word = candidates[0]
            let open = word.hasSuffix("(") || word.hasSuffix("=") || word.hasSuffix("/")
            // No space when a space (or the rest of the word) already follows.
            let after = Array(line)[cursor...].first
            replace(with: word + (open || after == " " ? "" : " "))
            return UInt8(CC_REFRESH)
        }
        let shared = Completion.sharedPrefix(candidates)
        if shared.count > typed.count || (shared.count == typed.count && shared != typed && !shared.isEmpty) {
            replace(with: shared)
            return UInt8(CC_REFRESH)
        }
        let columns = Int(navlab_terminal_columns(STDOUT_FILENO))
        // The terminal is in raw mode here: end lines with \r\n. The line stays above the list,
        // without its hint (cleared from the cursor on); libedit draws it again below.
        let listing = "\u{1B}[K\r\n" + Columns.layout(candidates, width: columns).joined(separator: "\r\n") + "\r\n"
        fputs(listing, navlab_stdout())
        fflush(navlab_stdout())
        return UInt8(CC_REDISPLAY)
    }

    // MARK: - Reading

    /// libedit's EL_GETCFN: one character from the terminal into `out`; 1, 0 at end of file,
    /// -1 on error (errno EINTR when a signal stops the reading). Between keys it shows what
    /// the page ran, and redraws when the hint changed.
    private func readCharacter(_ el: OpaquePointer, _ out: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            if pending.isEmpty {
                if let key = heldBack {
                    heldBack = nil
                    out.pointee = key
                    return 1
                }
                if cancelAfterRedraw {
                    cancelAfterRedraw = false
                    errno = EINTR
                    return -1
                }
                let (whole, before) = lineText(el)
                // Ctrl-R's search shows its own prompt in the line after a newline.
                let searching = whole.contains("\n")
                if Signals.terminating != nil {
                    errno = EINTR
                    return -1
                }
                // Without editing (`edit off`, or output not a terminal), a key sent to ourselves
                // would land in the line.
                let editing = isEditing(el)
                if Signals.interruptPending {
                    if searching || hintsOff || shownHint.isEmpty || !editing { errno = EINTR; return -1 }
                    // First redraw without the hint, then stop.
                    hintsOff = true
                    cancelAfterRedraw = true
                    out.pointee = redrawKey
                    return 1
                }
                if Signals.takeResize() { redrawAfterResize(el, before: before, editing: editing && !searching) }
                // Back from Ctrl-Z: the shell wrote over the line; draw it again where the
                // cursor is now (libedit's own reader does the same on SIGCONT).
                if Signals.takeContinue() { navlab_el_refresh(el) }
                if !searching, editing {
                    let events = announcements.take()
                    if !events.isEmpty { show(events, el, before: before) }
                    let hint = LineEditor.hint(for: whole)
                    if !hintsOff, hint != shownHint, hint != requestedHint {
                        requestedHint = hint
                        out.pointee = redrawKey
                        return 1
                    }
                }
            }
            var byte: UInt8 = 0
            if !typedAhead.isEmpty {
                // Keys that came while the terminal was asked where the cursor is.
                byte = typedAhead.removeFirst()
            } else {
                var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                if fds[1].revents != 0 { pipe.drain() }
                guard fds[0].revents != 0 else { continue }
                let n = read(STDIN_FILENO, &byte, 1)
                if n == 0 { out.pointee = 0; return 0 }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return -1
                }
            }
            pending.append(byte)
            switch UTF8Decoding.decode(pending) {
            case .incomplete:
                continue
            case .invalid:
                pending = []
            case .scalar(let scalar):
                pending = []
                let key = wchar_t(truncatingIfNeeded: scalar.value)  // wchar_t is Int32 here, UInt32 on Debian arm64
                // Enter: first redraw the line without its hint, so the hint does not stay in
                // the scrollback; then the newline (libedit's ed-newline ends the line).
                if scalar == "\r" || scalar == "\n", !shownHint.isEmpty, isEditing(el), !lineText(el).whole.contains("\n") {
                    hintsOff = true
                    heldBack = key
                    out.pointee = redrawKey
                    return 1
                }
                // Enter in a Ctrl-R search accepts the line found, which libedit draws once
                // more (with the right prompt) before the newline: no hint for that drawing.
                if scalar == "\r" || scalar == "\n", lineText(el).whole.contains("\n") {
                    hintsOff = true
                }
                out.pointee = key
                return 1
            }
        }
    }

    /// Whether libedit edits the line: it reads plainly when `edit off` says so, and when
    /// standard input or output is not a terminal.
    private func isEditing(_ el: OpaquePointer) -> Bool {
        terminal && navlab_el_editing(el) != 0
    }

    /// The terminal changed size (SIGWINCH). Some terminals reflow what they show to the new
    /// width (tmux, VTE, iTerm2), others leave it as it was (xterm); libedit, told the new size,
    /// draws the line again as if the cursor were on the prompt's first row, which it is not when
    /// the line wrapped — leaving a stale copy, or drawing over the output above. So: ask the
    /// terminal where the cursor is (DSR), see which of the two layouts it matches, go up to the
    /// prompt's first row, clear to the end of the screen, and have libedit draw it all again.
    /// A terminal that does not answer within 200 ms is taken not to reflow (readline does the same).
    private func redrawAfterResize(_ el: OpaquePointer, before: String, editing: Bool) {
        let newWidth = max(1, Int(navlab_terminal_columns(STDOUT_FILENO)))
        let oldWidth = knownWidth
        knownWidth = newWidth
        guard editing else { el_resize(el); return }
        let offset = promptWidth + Wrap.cells(before)
        var rowsUp = offset / oldWidth
        if offset / oldWidth != offset / newWidth, let column = cursorColumn() {
            if column - 1 == offset % newWidth {
                rowsUp = offset / newWidth                 // reflowed, the cursor where it was in the text
            } else if column == 1, offset % newWidth != 0 {
                rowsUp = offset / newWidth + 1             // reflowed, the cursor put on the next row (tmux)
            }
        }
        let text = (rowsUp > 0 ? "\u{1B}[\(rowsUp)A" : "") + "\r\u{1B}[J"
        fputs(text, navlab_stdout())
        fflush(navlab_stdout())
        el_resize(el)
        navlab_el_refresh(el)
    }

    /// The cursor's column (1-based) as the terminal reports it (`ESC [ 6 n` → `ESC [ row ; col R`),
    /// or nil when it does not answer in time. Keys typed meanwhile are kept for `readCharacter`.
    private func cursorColumn() -> Int? {
        fputs("\u{1B}[6n", navlab_stdout())
        fflush(navlab_stdout())
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(0.2)
        while true {
            let left = Int(deadline.timeIntervalSinceNow * 1000)
            if left <= 0 { break }
            var fd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { break }
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = read(STDIN_FILENO, &chunk, chunk.count)
            if n <= 0 { break }
            received.append(contentsOf: chunk[0..<n])
            if let (column, range) = LineEditor.cursorReport(in: received) {
                received.removeSubrange(range)
                typedAhead.append(contentsOf: received)
                return column
            }
        }
        typedAhead.append(contentsOf: received)
        return nil
    }

    /// The column of the first `ESC [ row ; col R` in `bytes`, and where it lies.
    static func cursorReport(in bytes: [UInt8]) -> (Int, Range<Int>)? {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                var numbers = [0]
                var digits = 0
                while j < bytes.count {
                    let b = bytes[j]
                    if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                        numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(b - UInt8(ascii: "0"))
                        digits += 1
                    } else if b == UInt8(ascii: ";") {
                        numbers.append(0)
                    } else {
                        break
                    }
                    j += 1
                }
                if j < bytes.count, bytes[j] == UInt8(ascii: "R"), numbers.count == 2, digits >= 2 {
                    return (numbers[1], i..<(j + 1))
                }
            }
            i += 1
        }
        return nil
    }

    /// Prints commands the page ran above the prompt, then draws the prompt and the line again.
    private func show(_ events: [PageLine], _ el: OpaquePointer, before: String) {
        let columns = max(1, Int(navlab_terminal_columns(STDOUT_FILENO)))
        // Up to the first row of the prompt (the cursor may be on a later one), and clear.
        let rowsAbove = (promptWidth + Wrap.cells(before)) / columns
        var text = rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : ""
        text += "\r\u{1B}[J" + announce(events)
        fputs(text, navlab_stdout())
        fflush(navlab_stdout())
        navlab_el_refresh(el)
    }
}
