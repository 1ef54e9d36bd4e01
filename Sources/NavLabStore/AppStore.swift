import Foundation
import NavLabCommands
import NavLabCore

/// What each app stored on the simulated device, on the real disk: `$NAVLAB_HOME/APP/`
/// (default `~/.navlab/APP/`) holds `archive.json` (the restoration archive), `defaults.json`
/// (UserDefaults) and `install.json`. Files are written atomically: a temporary file in the
/// same folder, fsync, rename.
public struct AppStore: Sendable {
    public let home: URL

    public init(home: URL) { self.home = home }

    /// `$NAVLAB_HOME`, else `~/.navlab`.
    public static func defaultHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let h = environment["NAVLAB_HOME"], !h.isEmpty { return URL(fileURLWithPath: h, isDirectory: true) }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".navlab", isDirectory: true)
    }

    public func folder(_ app: String) -> URL { home.appendingPathComponent(app, isDirectory: true) }
    public func archiveURL(_ app: String) -> URL { folder(app).appendingPathComponent("archive.json") }

    struct Install: Codable { var installed: Bool; var launches: Int }

    /// Every app found under `home`.
    public func loadAll() -> [String: AppData] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
        var out: [String: AppData] = [:]
        for name in names where !name.hasPrefix(".") {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder(name).path, isDirectory: &isDir), isDir.boolValue {
                out[name] = load(name)
            }
        }
        return out
    }

    /// One app's data. A damaged archive is kept as `.damaged` so that the next launch
    /// discards it with a warning, as UIKit does; it never stops NavLab.
    public func load(_ app: String) -> AppData {
        var data = AppData()
        let dir = folder(app)
        if let bytes = try? Data(contentsOf: dir.appendingPathComponent("defaults.json")),
           let d = try? JSONDecoder().decode([String: String].self, from: bytes) {
            data.defaults = d
        }
        if let bytes = try? Data(contentsOf: dir.appendingPathComponent("install.json")),
           let i = try? JSONDecoder().decode(Install.self, from: bytes) {
            data.installed = i.installed
            data.launches = i.launches
        }
        let archive = archiveURL(app)
        if FileManager.default.fileExists(atPath: archive.path) {
            do {
                let bytes = try Data(contentsOf: archive)
                data.archive = .valid(try JSONDecoder().decode(Archive.self, from: bytes))
            } catch {
                data.archive = .damaged("\(archive.path) is not a restoration archive NavLab can read")
            }
        }
        return data
    }

    /// Writes one app's data (and removes the archive file when there is none).
    public func save(_ app: String, _ data: AppData) throws {
        let dir = folder(app)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AppStore.writeAtomically(encoder.encode(data.defaults), to: dir.appendingPathComponent("defaults.json"))
        try AppStore.writeAtomically(encoder.encode(Install(installed: data.installed, launches: data.launches)), to: dir.appendingPathComponent("install.json"))
        switch data.archive {
        case .valid(let archive): try AppStore.writeAtomically(encoder.encode(archive), to: archiveURL(app))
        case .damaged: break   // leave the damaged file as it is until a launch discards it
        case nil: try? FileManager.default.removeItem(at: archiveURL(app))
        }
    }

    /// Temporary file beside the target, fsync, rename: a reader sees the old file or the new one.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: tmp.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: tmp.path])
        }
        let handle = try FileHandle(forWritingTo: tmp)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
        guard rename(tmp.path, url.path) == 0 else {
            let e = errno
            try? FileManager.default.removeItem(at: tmp)
            throw POSIXError(POSIXErrorCode(rawValue: e) ?? .EIO)
        }
    }

    /// A state for a new session with every stored app loaded (`app` is the current one).
    public func initialState(app: String = "App") -> State {
        var state = State()
        var all = loadAll()
        state.appName = app
        state.application.data = all.removeValue(forKey: app) ?? AppData()
        state.otherApps = all
        return state
    }

    /// Connects a session so that every change to an app's stored data is written.
    /// `report` gets the errors (a full disk must not end the session).
    public func attach(to session: Session, report: @escaping (String) -> Void) {
        session.dataObserver = { app, data in
            do { try self.save(app, data) } catch { report("could not save \(app)'s data under \(self.home.path): \(error.localizedDescription)") }
        }
    }
}
