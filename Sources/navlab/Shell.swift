import ArgumentParser
import Foundation
import NavLabCommands
import NavLabCore

enum Shell {
    /// Colours only on a terminal, never with NO_COLOR (Docs/REPL.md, "The prompt line").
    static let useColour: Bool = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func read(_ files: [String]) throws -> [(String, String)] {
        try files.map { path in
            if path == "-" {
                return ("-", String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self))
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                // A tutorial built into the binary, by name, when no such file is here.
                if !path.contains("/"), let tutorial = Tutorials.named(path) { return (tutorial.name + ".navlab", tutorial.text) }
                let near = path.contains("/") ? nil : Suggest.nearest(to: path, in: Tutorials.all.map(\.name))
                let hint = near.map { " (did you mean the tutorial \($0)? `navlab tutorial` lists them)" }
                    ?? (path.contains("/")
                        ? " (a path is read from the current folder, \(FileManager.default.currentDirectoryPath))"
                        : " (give a script's path, or the name of a built-in tutorial: `navlab tutorial` lists them)")
                throw fail("cannot read '\(path)': no such file, or not readable" + hint)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw fail("'\(path)' is not UTF-8 text")
            }
            return (path, text)
        }
    }

    /// `run`: every script in one session, in order; exit status 1 at the first failure.
    static func runScripts(_ scripts: [(String, String)], session: Session, mode: ScriptRunner.Mode, json: Bool) -> Int32 {
        var runner = ScriptRunner(session: session, mode: mode)
        runner.echo = !json
        runner.readFile = ScriptFiles.read
        // Output streams as the script runs: buffered, flushed at every 64 KiB (at every line
        // on a terminal) and at the end.
        let output = BufferedOutput(lineBuffered: isatty(STDOUT_FILENO) != 0)
        // Errors go to standard error, once; the transcript to standard output.
        runner.emit = { line in
            if line.style == .error {
                output.flush()
                printError(json ? line.text : styled(line))
            } else if !json {
                output.write(styled(line))
            }
        }
        if !json {
            runner.emitEvent = { event in output.write(event, colour: useColour ? colour(Session.style(of: event)) : nil) }
        }
        var failed = false
        for (file, text) in scripts {
            runner.writeFile = ScriptFiles.write
            runner.fileExists = ScriptFiles.exists
            let result = runner.run(text, file: file)
            if !result.failures.isEmpty { failed = true }
            if result.stopped || result.quit { break }
        }
        output.flush()
        if json { print(session.state.jsonText(seq: session.seq, pretty: true)) }
        return failed ? 1 : 0
    }

    /// The terminal's size when standard output is one.
    static var terminalSize: (columns: Int, rows: Int)? {
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
    static var terminalWidth: Int? { terminalSize?.columns }
    static var terminalRows: Int? { terminalSize?.rows }

    /// A command that cannot do what it was asked — a file that is not there, a tutorial that
    /// does not exist — is not a usage mistake: its error alone on standard error, one line,
    /// and exit status 1, what a failed run exits with (not ArgumentParser's usage and 64).
    static func fail(_ message: String) -> ExitCode {
        printError("error: " + message)
        return ExitCode(1)
    }

    static func printError(_ s: String) {
        FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
    }

    /// Ends a coloured line.
    static let resetColour = "\u{1B}[0m"

    static func colour(_ style: OutputLine.Style) -> String? {
        switch style {
        case .callback: return nil
        case .appDelegate: return "\u{1B}[36m"
        case .warning: return "\u{1B}[33m"
        case .note: return "\u{1B}[2m"
        case .leak, .error, .failed: return "\u{1B}[31m"
        case .ignored: return "\u{1B}[35m"
        case .passed: return "\u{1B}[32m"
        case .info: return nil
        }
    }

    static func printLine(_ line: OutputLine) {
        print(styled(line))
    }

    /// The line's text, coloured by its style when colours are on.
    static func styled(_ line: OutputLine) -> String {
        guard useColour, let c = colour(line.style) else { return line.text }
        return c + line.text + resetColour
    }
}

/// The files scripts read and write (`load`, `save`, `record`), for `navlab run` and the prompt.
/// A relative path means: beside the script that names it; at the prompt (and for standard
/// input), in the current directory.
enum ScriptFiles {
    /// `path` as named in `from` (a script's path, "-" for standard input, "" at the prompt).
    /// Whether `path`, as written in `from`, names an existing file (that `--force` would
    /// replace; a folder is not one: writing to it fails with "is a directory").
    static func exists(_ path: String, from: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: resolve(path, from: from), isDirectory: &isFolder) && !isFolder.boolValue
    }

    static func resolve(_ path: String, from: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            return home + path.dropFirst()
        }
        guard from != "-", let slash = from.lastIndex(of: "/") else { return path }
        return String(from[...slash]) + path
    }

    /// Reads a script for `load`: its name (for `FILE:LINE:COL`, and for the loads inside it)
    /// and its text.
    static func read(_ path: String, from: String) throws(NavLabError) -> (name: String, text: String) {
        let name = resolve(path, from: from)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: name, isDirectory: &isFolder) else {
            throw NavLabError(.invalid, "cannot read '\(name)': no such file", at: SourceLocation(line: 1, column: 1),
                              suggestion: "a relative path is read beside the script that names it (at the prompt: in the current folder)")
        }
        if !isFolder.boolValue, let size = (try? FileManager.default.attributesOfItem(atPath: name))?[.size] as? Int, size > Limits.importBytes {
            throw NavLabError(.invalid, "'\(name)' is \(size / 1_048_576) MiB; a file NavLab reads may be at most \(Limits.importBytes / 1_048_576) MiB (room for \(Limits.viewControllers) view controllers)",
                              at: SourceLocation(line: 1, column: 1), suggestion: "import the part you want to try things on: a printout that starts below the root imports as the subtree it shows")
        }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: name) else {
            let reason = isFolder.boolValue ? "is a directory" : FileManager.default.isReadableFile(atPath: name) ? "cannot be read" : "permission denied"
            throw NavLabError(.invalid, "cannot read '\(name)': \(reason)", at: SourceLocation(line: 1, column: 1))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw NavLabError(.invalid, "'\(name)' is not UTF-8 text", at: SourceLocation(line: 1, column: 1))
        }
        return (name, text)
    }

    /// Writes a file atomically: a temporary file beside it, then a rename, so a reader never
    /// sees half a script and a failed write leaves the old file as it was. A failure throws a
    /// `FileError` with the plain reason ("is a directory", "permission denied", "no such folder").
    static func write(_ text: String, to path: String) throws {
        guard !path.isEmpty else { throw FileError("no file name given") }
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue || path.hasSuffix("/") {
            throw FileError(isFolder.boolValue ? "is a directory" : "a part of the path is not a folder")
        }
        if path.hasSuffix("/") { throw FileError("names a folder, not a file") }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if !fm.fileExists(atPath: folder, isDirectory: &isFolder) { throw FileError("no such folder: \(folder)") }
        if !isFolder.boolValue { throw FileError("\(folder) is not a folder") }
        let temporary = (folder == "/" ? "" : folder) + "/.\(name).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard fd >= 0 else { throw FileError(FileError.reason(errno: errno)) }
        var failure: Int32 = 0
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : EIO; break }
            offset += n
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FileError(FileError.reason(errno: failure))
        }
    }

    /// `save` and `record stop` inside the script `file`.
    /// `writeFile` for a ScriptRunner: a relative path lands beside the script that names it.
    static func write(_ path: String, _ text: String, from file: String) throws(NavLabError) {
        do { try write(text, to: resolve(path, from: file)) } catch {
            throw NavLabError(.invalid, "cannot write \(FileError.shown(path)): \(FileError.plain(error))", at: SourceLocation(line: 1, column: 1))
        }
    }

    /// What a path typed so far could become, for Tab: the entries of its folder that start
    /// with the rest, folders with a trailing `/`; hidden ones only when asked for with `.`.
    static func completions(_ typed: String) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let folderPart = slash.map { String(typed[...$0]) } ?? ""
        let namePart = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let folder = folderPart.isEmpty ? "." : resolve(folderPart, from: "")
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return entries.filter { $0.hasPrefix(namePart) && (namePart.hasPrefix(".") || !$0.hasPrefix(".")) }.map { entry in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + entry, isDirectory: &isFolder)
            return folderPart + entry + (isFolder.boolValue ? "/" : "")
        }
    }
}

/// Lines to standard output, collected and written in large pieces (one `write` per 64 KiB
/// instead of one per line); a terminal gets each line at once.
final class BufferedOutput {
    /// What is waiting to be written, as bytes: an event's text is copied here piece by piece
    /// (`Event.writeText`), never built as a line of its own first — most of what a long
    /// script prints.
    private let storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private let lineBuffered: Bool
    /// Written out when it holds this much.
    private static let limit = 1 << 16
    /// Room for a line up to this long beyond the limit; a longer one is written as it is.
    private static let capacity = limit + 4096

    init(lineBuffered: Bool) {
        self.lineBuffered = lineBuffered
        storage = .allocate(capacity: BufferedOutput.capacity)
    }

    deinit { storage.deallocate() }

    private func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if count + bytes.count > BufferedOutput.capacity {
                flush()
                if bytes.count > BufferedOutput.capacity { BufferedOutput.writeAll(UnsafeRawBufferPointer(bytes)); return }
            }
            if let base = bytes.baseAddress { (storage + count).update(from: base, count: bytes.count) }
            count += bytes.count
        }
    }

    private func endLine() {
        append("\n")
        if lineBuffered || count >= BufferedOutput.limit { flush() }
    }

    func write(_ line: String) {
        append(line)
        endLine()
    }

    /// An event's line of the transcript (`ScriptRunner.indent`, then its text), in `colour`
    /// if given: what `Shell.styled` makes of the line `ScriptRunner` would build.
    func write(_ event: Event, colour: String?) {
        if let colour { append(colour) }
        append(ScriptRunner.indent)
        event.writeText { append($0) }
        if colour != nil { append(Shell.resetColour) }
        endLine()
    }

    func flush() {
        // What `print` wrote before must come out first.
        fflush(nil)
        guard count > 0 else { return }
        BufferedOutput.writeAll(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 { break }
            offset += n
        }
    }
}

/// `$PAGER` (default `less -FRX`: quits at once when the text fits, keeps colours, leaves it on
/// the screen), for `help`.
enum Pager {
    /// Shows `text` through the pager; false when there is none to run (`PAGER=`, `cat`, or a
    /// command the shell cannot find), so that the caller prints it instead.
    static func show(_ text: String) -> Bool {
        let pager = ProcessInfo.processInfo.environment["PAGER"] ?? "less -FRX"
        guard !pager.trimmingCharacters(in: .whitespaces).isEmpty, pager != "cat" else { return false }
        fflush(nil)
        // Quitting the pager before the end closes the pipe: that must not end NavLab.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        guard let pipe = popen(pager, "w") else { return false }
        _ = text.withCString { fputs($0, pipe) }
        let status = pclose(pipe)
        // 127: `sh -c` found no such command.
        return status != -1 && (status >> 8) & 0xff != 127
    }
}
