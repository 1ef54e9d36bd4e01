import Foundation
import NavLabCommands
import NavLabCore

/// What each app stored on the simulated device, on the real disk: `$NAVLAB_HOME/APP/`
/// (default `~/.navlab/APP/`) holds `archive.json` (the restoration archive), `defaults.json`
/// (UserDefaults) and `install.json`. Files are written atomically: a temporary file in the
/// same folder, fsync, rename.
public struct AppStore: Sendable {
    /// The folder, as a path (string paths: URL manipulation is avoided on purpose, it is
    /// not safe to use from several threads in this Foundation).
    public let home: String

    public init(home: String) { self.home = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home }

    /// `$NAVLAB_HOME`, else `~/.navlab`.
    public static func defaultHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let h = environment["NAVLAB_HOME"], !h.isEmpty { return h }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.navlab"
    }

    /// An app's folder. Only valid app names (Swift identifiers, `State.isValidAppName`) name
    /// one: anything else could leave `home` (`../x`), so it gets a name that cannot exist.
    public func folder(_ app: String) -> String {
        State.isValidAppName(app) ? home + "/" + app : home + "/.invalid-app-name"
    }
    public func archivePath(_ app: String) -> String { folder(app) + "/archive.json" }
    /// The app's code (`State.codeScript`): the commands that declare it, replayed at start.
    public func codePath(_ app: String) -> String { folder(app) + "/code.navlab" }

    /// Keeps the app's code beside its data (nothing declared: no file).
    public func saveCode(_ app: String, _ lines: [String]) throws {
        guard State.isValidAppName(app) else { throw WriteError(description: "'\(app)' is not an app name; nothing written") }
        guard !lines.isEmpty else { try? FileManager.default.removeItem(atPath: codePath(app)); return }
        try FileManager.default.createDirectory(atPath: folder(app), withIntermediateDirectories: true)
        let text = "# What \(app)'s code declares, kept by NavLab and replayed when it starts.\n" + lines.joined(separator: "\n") + "\n"
        try AppStore.writeAtomically(Data(text.utf8), to: codePath(app))
    }

    /// The app's code as kept, or nil.
    public func loadCode(_ app: String) -> String? {
        guard State.isValidAppName(app), let data = FileManager.default.contents(atPath: codePath(app)) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    struct Install: Codable { var installed: Bool; var launches: Int }

    /// The app's scene sessions beyond the one activity (`scenes.json`, UIKit #211–#214).
    struct Sessions: Codable {
        struct Session: Codable { var number: Int; var activity: [String: String]? }
        var front: Int
        var last: Int
        var others: [Session]
        var discarded: [Int]
        /// A session the next launch connects again (absent in files written before it was kept: false).
        var connected: Bool?
    }

    /// Every app found under `home`.
    public func loadAll() -> [String: AppData] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []
        var out: [String: AppData] = [:]
        for name in names where State.isValidAppName(name) {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder(name), isDirectory: &isDir), isDir.boolValue {
                out[name] = load(name)
            }
        }
        return out
    }

    /// One app's data. A damaged archive is kept as `.damaged` so that the next launch
    /// discards it with a warning, as UIKit does; it never stops NavLab.
    public func load(_ app: String) -> AppData {
        var data = AppData()
        guard State.isValidAppName(app) else { return data }
        let dir = folder(app)
        if let bytes = FileManager.default.contents(atPath: dir + "/defaults.json"),
           let d = try? JSONDecoder().decode([String: String].self, from: bytes) {
            data.defaults = d
        }
        if let bytes = FileManager.default.contents(atPath: dir + "/install.json"),
           let i = try? JSONDecoder().decode(Install.self, from: bytes) {
            data.installed = i.installed
            data.launches = i.launches
        }
        if let bytes = FileManager.default.contents(atPath: dir + "/activity.json"),
           let a = try? JSONDecoder().decode([String: String].self, from: bytes) {
            data.activity = a
        }
        if let bytes = FileManager.default.contents(atPath: dir + "/scenes.json"),
           let x = try? JSONDecoder().decode(Sessions.self, from: bytes), x.front >= 1 {
            data.frontSession = x.front
            data.lastSession = max(x.last, x.front)
            data.otherSessions = x.others.filter { $0.number >= 1 && $0.number != x.front }.map { SceneSession(number: $0.number, activity: $0.activity) }
            data.discardedWhileNotRunning = x.discarded
            data.sessionExists = x.connected ?? false
        }
        let archive = archivePath(app)
        if FileManager.default.fileExists(atPath: archive) {
            if let bytes = FileManager.default.contents(atPath: archive), let a = ArchiveReader.archive(from: bytes) {
                data.archive = a.problem.map { .damaged("\(archive) cannot be restored: \($0)") } ?? .valid(a)
            } else {
                data.archive = .damaged("\(archive) is not a restoration archive NavLab can read")
            }
        }
        return data
    }

    /// Writes one app's data (and removes the archive file when there is none).
    public func save(_ app: String, _ data: AppData) throws {
        guard State.isValidAppName(app) else { throw WriteError(description: "'\(app)' is not an app name; nothing written") }
        let dir = folder(app)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AppStore.writeAtomically(encoder.encode(data.defaults), to: dir + "/defaults.json")
        try AppStore.writeAtomically(encoder.encode(Install(installed: data.installed, launches: data.launches)), to: dir + "/install.json")
        if let activity = data.activity {
            try AppStore.writeAtomically(encoder.encode(activity), to: dir + "/activity.json")
        } else {
            try? FileManager.default.removeItem(atPath: dir + "/activity.json")
        }
        if data.frontSession != 1 || data.lastSession != 1 || !data.otherSessions.isEmpty || !data.discardedWhileNotRunning.isEmpty || data.sessionExists {
            let x = Sessions(front: data.frontSession, last: data.lastSession,
                             others: data.otherSessions.map { Sessions.Session(number: $0.number, activity: $0.activity) },
                             discarded: data.discardedWhileNotRunning, connected: data.sessionExists ? true : nil)
            try AppStore.writeAtomically(encoder.encode(x), to: dir + "/scenes.json")
        } else {
            try? FileManager.default.removeItem(atPath: dir + "/scenes.json")
        }
        switch data.archive {
        // Written by the engine (Archive.fileText); ArchiveReader reads it and every older version.
        case .valid(let archive): try AppStore.writeAtomically(Data(archive.fileText().utf8), to: archivePath(app))
        case .damaged: break   // leave the damaged file as it is until a launch discards it
        case nil: try? FileManager.default.removeItem(atPath: archivePath(app))
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// Temporary file beside the target, fsync, rename: a reader sees the old file or the new one.
    public static func writeAtomically(_ data: Data, to path: String) throws {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let tmp = String(path[..<slash]) + "." + String(path[slash...]) + ".\(getpid()).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot create \(tmp): \(String(cString: strerror(errno)))") }
        var ok = true
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { ok = false; return }
                offset += n
            }
        }
        let synced = AppStore.flushToDisk(fd)
        close(fd)
        guard ok, synced, rename(tmp, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(tmp)
            throw WriteError(description: "cannot write \(path): \(message)")
        }
    }

    /// Makes what was written to `fd` durable before the rename. On a Mac `fsync` only hands
    /// the data to the drive, which may keep it in its cache; `F_FULLFSYNC` asks the drive to
    /// write it (some file systems refuse it: then `fsync`).
    static func flushToDisk(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(fd) == 0
    }

    /// Removes the temporary files of writes that a kill interrupted (`.archive.json.PID.tmp`,
    /// left when the process died between create and rename) whose process is gone, in
    /// `home` and every app folder. Returns the paths removed. A write still in progress in
    /// another live NavLab is left alone.
    @discardableResult
    public func removeInterruptedWrites() -> [String] {
        var removed: [String] = []
        let fm = FileManager.default
        var folders = [home]
        for name in (try? fm.contentsOfDirectory(atPath: home)) ?? [] where State.isValidAppName(name) { folders.append(folder(name)) }
        for dir in folders {
            for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] {
                guard let pid = AppStore.writerPID(ofTemporaryFile: name), pid != getpid(), !AppStore.isAlive(pid) else { continue }
                if unlink(dir + "/" + name) == 0 { removed.append(dir + "/" + name) }
            }
        }
        return removed
    }

    /// The process id in a temporary file's name as `writeAtomically` makes it
    /// (`.NAME.PID.tmp`), or nil for any other name.
    static func writerPID(ofTemporaryFile name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".")
        guard parts.count >= 2, let last = parts.last, let pid = pid_t(last), pid > 0 else { return nil }
        return pid
    }

    /// Whether process `pid` is running (as any user). A zombie — ended, not yet reaped by
    /// its parent — is not.
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        return !isZombie(pid)
    }

    /// Whether `pid` has ended and waits to be reaped: on Linux `/proc/PID/stat` says `Z` (or
    /// `X`); on a Mac `sysctl` `KERN_PROC_PID` gives its `kinfo_proc`, whose `kp_proc.p_stat`
    /// is `SZOMB` (sys/proc.h).
    static func isZombie(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        // "PID (COMMAND) STATE …": the command may hold spaces and parentheses.
        let state = stat[stat.index(after: close)...].drop(while: { $0 == " " }).first
        return state == "Z" || state == "X"
        #elseif canImport(Darwin)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
        guard sysctl(&name, u_int(name.count), &info, &size, nil, 0) == 0, size > 0 else { return false }
        return Int32(info.kp_proc.p_stat) == SZOMB
        #else
        return false
        #endif
    }

    /// A state for a new session with every stored app loaded (`app` is the current one).
    /// Leftovers of interrupted writes are cleared first.
    public func initialState(app: String = "App") -> State {
        removeInterruptedWrites()
        var state = State()
        var all = loadAll()
        state.appName = app
        state.application.data = all.removeValue(forKey: app) ?? AppData()
        state.otherApps = all
        // The app's code, as the last session left it: its lines run on the fresh state (a
        // line that no longer parses is skipped, not fatal).
        if let code = loadCode(app) {
            let session = Session(state: state)
            for (i, line) in code.split(separator: "\n").enumerated() { _ = session.execute(String(line), lineNumber: i + 1) }
            state = session.state
        }
        return state
    }

    /// Connects a session so that every change to an app's stored data is written.
    /// `report` gets the errors (a full disk must not end the session).
    public func attach(to session: Session, report: @escaping (String) -> Void) {
        session.dataObserver = { app, data in
            do { try self.save(app, data) } catch { report("could not save \(app)'s data under \(self.home): \(error)") }
        }
        session.codeObserver = { app, code in
            do { try self.saveCode(app, code) } catch { report("could not save \(app)'s code under \(self.home): \(error)") }
        }
    }
}
