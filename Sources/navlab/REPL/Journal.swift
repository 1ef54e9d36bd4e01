import ArgumentParser
import Foundation
import NavLabCommands
import NavLabHub
import NavLabCore
import NavLabStore

/// The prompt's session, kept on disk as it goes, so that a crash, a closed terminal or a
/// `kill -9` loses nothing: `$NAVLAB_HOME/.sessions/PID/` holds `start/` (what the device held
/// when the session began: each app's folder as it was) and `journal.navlab` (every line that
/// moved the session since, appended as it runs). Run again on that start, the lines give the
/// same session, timeline and undo included: the engine is deterministic. `quit` and Ctrl-D
/// remove it; anything else that ends NavLab leaves it for `navlab --resume`.
final class Journal: HubJournal, @unchecked Sendable {
    /// `$NAVLAB_HOME/.sessions` (a name no app can have: app names are Swift identifiers).
    static func root(_ home: String) -> String { home + "/.sessions" }

    let folder: String
    private var fd: Int32

    private init(folder: String, fd: Int32) {
        self.folder = folder
        self.fd = fd
    }

    var startFolder: String { folder + "/start" }
    static let journalName = "journal.navlab"
    /// How the journal's two header lines begin.
    static let headerStart = "# NavLab session journal:"
    static let headerSecond = "# Replayed by"

    /// A new journal for this process: the device's apps copied to `start/`, an empty journal.
    static func begin(home: String) throws -> Journal {
        let folder = root(home) + "/\(getpid())"
        let fm = FileManager.default
        try? fm.removeItem(atPath: folder)   // a folder of an earlier process with this pid, long gone
        try fm.createDirectory(atPath: folder + "/start", withIntermediateDirectories: true)
        for name in (try? fm.contentsOfDirectory(atPath: home)) ?? [] where State.isValidAppName(name) {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: home + "/" + name, isDirectory: &isDir), isDir.boolValue else { continue }
            try fm.copyItem(atPath: home + "/" + name, toPath: folder + "/start/" + name)
        }
        let header = "\(headerStart) process \(getpid()), started \(Journal.stamp(Date())).\n"
            + "\(headerSecond) `navlab --resume` on the apps in start/. Removed when NavLab quits.\n"
        try AppStore.writeAtomically(Data(header.utf8), to: folder + "/" + journalName)
        return try Journal(folder: folder, fd: openForAppend(folder + "/" + journalName))
    }

    /// Takes over an unfinished journal (after replaying it): it moves to this process's folder
    /// and the lines typed from now on are appended to it.
    static func adopt(_ unfinished: Unfinished, home: String) throws -> Journal {
        let folder = root(home) + "/\(getpid())"
        if unfinished.folder != folder {
            try? FileManager.default.removeItem(atPath: folder)
            guard rename(unfinished.folder, folder) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot move \(unfinished.folder): \(String(cString: strerror(errno)))"])
            }
        }
        return try Journal(folder: folder, fd: openForAppend(folder + "/" + journalName))
    }

    private static func openForAppend(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot open \(path): \(String(cString: strerror(errno)))"])
        }
        return fd
    }

    /// One line, written through to the kernel before the next line runs: a `kill -9` right
    /// after it keeps it (a power cut might not; the journal is not fsynced per line).
    func hubKept(_ line: String) {
        guard fd >= 0 else { return }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                Shell.printError("navlab: cannot write the session's journal \(folder)/\(Journal.journalName): \(String(cString: strerror(errno))); from now on a crash would lose the session")
                close(fd)
                fd = -1
                return
            }
            offset += n
        }
    }

    /// The session ended as the user asked (`quit`, Ctrl-D): nothing to resume.
    func finish() {
        if fd >= 0 { close(fd) }
        fd = -1
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Closes the file and leaves the journal for `navlab --resume` (a signal ended NavLab).
    func leave() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    // MARK: - Unfinished sessions

    struct Unfinished {
        var folder: String
        var pid: pid_t
        var started: Date
        /// The journal's lines (commands and their comments).
        var lines: [String]
        /// The journal did not begin with the header `begin` writes (edited, or cut short at the
        /// front): every line is taken as a command, and `started` is the time of its start/ folder.
        var headerless = false
        /// An import's lines count once (`import uikit <<END` … `END`).
        var commands: Int { Heredoc.chunks(lines).filter { !$0.text.isCommentLine }.count }
    }

    /// The journals of NavLabs that ended without `quit` (their process is gone) and ran at
    /// least one command, newest first. Empty ones are removed.
    static func unfinished(home: String) -> [Unfinished] {
        let fm = FileManager.default
        var out: [Unfinished] = []
        for name in (try? fm.contentsOfDirectory(atPath: root(home))) ?? [] {
            guard let pid = pid_t(name), pid != getpid(), !AppStore.isAlive(pid) else { continue }
            let folder = root(home) + "/" + name
            guard let data = fm.contents(atPath: folder + "/" + journalName) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // After the last newline: nothing, or a line a kill cut short; neither is a command.
            lines.removeLast()
            // The header: two comment lines, the first with the time the session started. Only
            // lines that are the header are taken off; a journal without it keeps every line.
            var started: Date?
            if let first = lines.first, first.hasPrefix(Journal.headerStart) {
                started = Journal.startTime(first)
                lines.removeFirst()
                if let second = lines.first, second.hasPrefix(Journal.headerSecond) { lines.removeFirst() }
            }
            let headerless = started == nil
            if started == nil {
                let attributes = (try? fm.attributesOfItem(atPath: folder + "/start")) ?? (try? fm.attributesOfItem(atPath: folder + "/" + journalName))
                started = (attributes?[.creationDate] as? Date) ?? (attributes?[.modificationDate] as? Date)
            }
            let entry = Unfinished(folder: folder, pid: pid, started: started ?? Date(), lines: lines, headerless: headerless)
            if entry.commands == 0 { try? fm.removeItem(atPath: folder); continue }
            out.append(entry)
        }
        return out.sorted { $0.started > $1.started }
    }

    private static func formatter() -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f
    }

    static func stamp(_ date: Date) -> String { formatter().string(from: date) }

    /// The time in a journal's first line (`… started 2026-11-23 19:40:02.`).
    static func startTime(_ header: String) -> Date? {
        guard let r = header.range(of: "started ") else { return nil }
        return formatter().date(from: String(header[r.upperBound...].prefix(19)))
    }
}

/// How the prompt's session starts: fresh (with a note when an earlier one ended without
/// `quit`), or, with `--resume`, as the last unfinished one left it.
enum Resume {
    static func start(resume: Bool) throws -> (SessionHub, Journal?, [OutputLine]) {
        let home = AppStore.defaultHome()
        let unfinished = Journal.unfinished(home: home)
        var notes: [OutputLine] = []
        if resume {
            guard let last = unfinished.first else {
                throw ValidationError("no session to resume: every earlier prompt session under \(home) ended with `quit` or Ctrl-D (or ran no command)")
            }
            // The device as it was when that session began, then its lines: the same session.
            let hub = SessionHub(session: Persistence.session(startingFrom: last.folder + "/start"))
            var failed = 0
            for chunk in Heredoc.chunks(last.lines) {
                let (response, _) = hub.execute(chunk.text, origin: .script, lineNumber: chunk.line)
                if response.status == .failed { failed += 1 }
            }
            let journal: Journal?
            do {
                journal = try Journal.adopt(last, home: home)
            } catch {
                journal = nil
                notes.append(OutputLine(.warning, "warning: \(FileError.plain(error)); this session will not survive a crash"))
            }
            hub.setJournal(journal)
            let (seq, summary) = hub.read { ($0.seq, $0.state.appName) }
            notes.insert(OutputLine(.note, "note: resumed the session of \(Journal.stamp(last.started)): \(last.commands) command\(last.commands == 1 ? "" : "s") ran again (app \(summary), step \(seq)); `undo` steps back through them"), at: 0)
            if last.headerless {
                notes.append(OutputLine(.warning, "warning: the journal \(last.folder)/\(Journal.journalName) has no header line (edited, or cut short at the front): every line in it ran again, and the session is dated by its folder"))
            }
            if failed > 0 {
                notes.append(OutputLine(.warning, "warning: \(failed) of them failed this time (the journal at \(last.folder) is kept as it was)"))
            }
            if unfinished.count > 1 {
                notes.append(OutputLine(.note, "note: \(unfinished.count - 1) older unfinished session\(unfinished.count == 2 ? " is" : "s are") under \(Journal.root(home))"))
            }
            return (hub, journal, notes)
        }
        var journal: Journal?
        do {
            journal = try Journal.begin(home: home)
        } catch {
            notes.append(OutputLine(.warning, "warning: cannot keep this session under \(Journal.root(home)): \(FileError.plain(error)); it will not survive a crash"))
        }
        let hub = SessionHub(session: Persistence.session(startingFrom: journal?.startFolder ?? home))
        hub.setJournal(journal)
        if let last = unfinished.first {
            notes.append(OutputLine(.note, "note: the session of \(Journal.stamp(last.started)) ended without `quit` (\(last.commands) command\(last.commands == 1 ? "" : "s")); `navlab --resume` brings it back"))
        }
        return (hub, journal, notes)
    }
}
