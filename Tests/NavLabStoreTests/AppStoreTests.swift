import Foundation
import Testing
import NavLabCore
import NavLabCommands
@testable import NavLabStore

/// Save errors the store reports (none are expected). Collected rather than passed to
/// `Issue.record` from the stored closure: that crashed the test runner in this toolchain.
final class Errors: @unchecked Sendable {
    private(set) var list: [String] = []
    func add(_ e: String) { list.append(e) }
}

@Suite("The app's data on disk", .serialized)
struct AppStoreTests {
    let errors = Errors()
    func tempHome() -> String {
        let path = NSTemporaryDirectory() + "/navlab-store-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func run(_ session: Session, _ lines: String...) {
        for l in lines { let r = session.execute(l); #expect(r.status != .failed, "\(l): \(r.text)") }
        #expect(errors.list.isEmpty, "the store could not save: \(errors.list)")
    }

    @Test("background, quit NavLab, start again, relaunch: the state comes back")
    func survivesQuit() throws {
        let store = AppStore(home: tempHome())
        let first = Session(state: store.initialState())
        store.attach(to: first) { errors.add($0) }
        run(first, "class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)", "launch", "push B", "background")
        #expect(FileManager.default.fileExists(atPath: store.archivePath("App")))

        let second = Session(state: store.initialState())
        store.attach(to: second) { errors.add($0) }
        run(second, "class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)", "relaunch")
        #expect(second.state.top().map { second.state[$0].name } == "B")
        #expect(second.state.application.launches == 2)
    }

    @Test("A damaged archive file is discarded at launch with a warning that names it; NavLab goes on")
    func damagedArchive() throws {
        let store = AppStore(home: tempHome())
        let s = Session(state: store.initialState())
        store.attach(to: s) { errors.add($0) }
        run(s, "class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)", "launch", "push B", "background")
        #expect(FileManager.default.createFile(atPath: store.archivePath("App"), contents: Data("{ not an archive".utf8)))

        let again = Session(state: store.initialState())
        store.attach(to: again) { errors.add($0) }
        run(again, "class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)")
        let r = again.execute("launch")
        #expect(r.status == .done)
        let warning = r.lines.first { $0.style == .warning }?.text ?? ""
        #expect(warning.contains("damaged") && warning.contains(store.archivePath("App")))
        #expect(again.state.top().map { again.state[$0].name } == "A")
        #expect(!FileManager.default.fileExists(atPath: store.archivePath("App")))
    }

    @Test("forceQuit removes the archive file; uninstall the defaults too; another app keeps its own")
    func files() throws {
        let store = AppStore(home: tempHome())
        let s = Session(state: store.initialState())
        store.attach(to: s) { errors.add($0) }
        run(s, "class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial A", "launch", "defaults loggedIn=true", "background")
        run(s, "forceQuit")
        #expect(!FileManager.default.fileExists(atPath: store.archivePath("App")))
        #expect(store.load("App").defaults == ["loggedIn": "true"])
        run(s, "app Other", "launch", "defaults theme=dark", "kill".isEmpty ? "" : "background", "kill", "app App", "uninstall")
        #expect(store.load("App").defaults.isEmpty)
        #expect(store.load("Other").defaults == ["theme": "dark"])
    }

    @Test("Writes are atomic: no temporary file is left behind")
    func atomic() throws {
        let home = tempHome()
        let path = home + "/x.json"
        try AppStore.writeAtomically(Data("1".utf8), to: path)
        try AppStore.writeAtomically(Data("2".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("2".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home) == ["x.json"])
        #expect(errors.list.isEmpty)
    }
}

@Suite("App names cannot leave $NAVLAB_HOME (hardening #3)", .serialized)
struct AppNameEscapeTests {
    @Test("`app` refuses a path, with the reason and a suggestion; nothing is written outside", arguments: [
        "../../victim", "../victim", "/tmp/victim", ".hidden", "a/b", "..", ".", "\"../x\"", "\"x y\""])
    func refused(name: String) throws {
        let root = NSTemporaryDirectory() + "/navlab-escape-\(UUID().uuidString)"
        let home = root + "/home/navlab"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let store = AppStore(home: home)
        let session = Session(state: store.initialState())
        let errors = Errors()
        store.attach(to: session) { errors.add($0) }
        let before = session.state
        let r = session.execute("app \(name)")
        #expect(r.status == .failed)
        #expect(r.error?.message.contains("is not an app name") == true, "\(r.text)")
        #expect(r.error?.suggestion?.contains("letters, digits") == true)
        #expect(session.state == before)
        _ = session.execute("defaults x=y")
        _ = session.execute("uninstall")
        // Only the default app's folder exists, inside home.
        let outside = try FileManager.default.contentsOfDirectory(atPath: root)
        #expect(outside == ["home"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/home") == ["navlab"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home) == ["App"])
    }

    @Test("the store itself refuses a name that is not an app name")
    func storeRefuses() throws {
        let root = NSTemporaryDirectory() + "/navlab-escape-\(UUID().uuidString)"
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let store = AppStore(home: home)
        var data = AppData()
        data.defaults["x"] = "y"
        #expect(throws: (any Error).self) { try store.save("../victim", data) }
        #expect(!FileManager.default.fileExists(atPath: root + "/victim"))
        #expect(store.load("../victim") == AppData())
        try store.save("Good_1", data)
        #expect(store.load("Good_1").defaults == ["x": "y"])
    }

    @Test("valid app names still work: letters, digits, underscore")
    func valid() {
        for n in ["App", "Restorer", "My_App2", "_x"] { #expect(State.isValidAppName(n), "\(n)") }
        for n in ["", "2App", "a-b", "a.b", String(repeating: "a", count: 65), "é"] { #expect(!State.isValidAppName(n), "\(n)") }
    }
}
