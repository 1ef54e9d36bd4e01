import Foundation
import Testing
import NavLabCore
import NavLabTestSupport
@testable import NavLabCommands

/// The repository: two folders up from this file.
private let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// A session that ran `script` (every command and `expect` must pass).
private func session(_ script: String, file: String = "test.navlab") -> Session {
    let s = Session()
    let r = ScriptRunner(session: s, mode: .check).run(script, file: file)
    expect(r.failures.isEmpty, "\(file): \(r.failures)")
    return s
}

private func program(_ script: String) throws -> String {
    try SwiftExport.program(from: session(script))
}

/// A folder of this test run's own.
private let scratch: URL = {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navlab-swift-export-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}()

/// Runs swiftc with `arguments`: nil when it succeeds, else what it said.
private func swiftc(_ arguments: [String]) throws -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"] + arguments
    let pipe = Pipe()
    p.standardError = pipe
    p.standardOutput = pipe
    try p.run()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return p.terminationStatus == 0 ? nil : String(decoding: out, as: UTF8.self)
}

private func write(_ source: String, name: String) throws -> String {
    let file = scratch.appendingPathComponent(name + ".swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file.path
}

/// `swiftc -parse` on `source`: nil when it parses, else what swiftc said.
private func parseProblems(_ source: String, name: String) throws -> String? {
    try parseProblems([(name, source)])[name]
}

/// `swiftc -parse` on each program, all in one swiftc (batch mode: one compiler process rather
/// than one for each file, which cost about 0.12 CPU-seconds a file): what swiftc said about
/// each program that does not parse, by name; a program not named parses.
private func parseProblems(_ programs: [(name: String, source: String)]) throws -> [String: String] {
    var byPath: [String: String] = [:]
    for (name, source) in programs { byPath[try write(source, name: name)] = name }
    guard let said = try swiftc(["-parse", "-enable-batch-mode"] + byPath.keys.sorted()) else { return [:] }
    var problems: [String: String] = [:]
    var current: String?
    for line in said.split(separator: "\n", omittingEmptySubsequences: false) {
        // A diagnostic starts with its file's path; the lines after it (the source shown) go with it.
        if let path = byPath.keys.first(where: { line.hasPrefix($0 + ":") }) { current = byPath[path] }
        if let name = current { problems[name, default: ""] += line + "\n" }
    }
    // swiftc failed without naming a file: each program gets what it said.
    if problems.isEmpty { for name in byPath.values { problems[name] = said } }
    return problems
}

/// Tests/UIKitStub/UIKit.swift built as a module named UIKit, once; its folder.
private let uikitStub: Result<String, TestFailure> = {
    let dir = scratch.appendingPathComponent("stub")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    do {
        if let problem = try swiftc(["-emit-module", "-module-name", "UIKit", "-parse-as-library", "-o", dir.path + "/UIKit.swiftmodule",
                                     repository + "/Tests/UIKitStub/UIKit.swift"]) {
            return .failure(TestFailure(problem))
        }
    } catch { return .failure(TestFailure("\(error)")) }
    return .success(dir.path)
}()

struct TestFailure: Error { let text: String; init(_ text: String) { self.text = text } }

/// `swiftc -typecheck` on `source` against the UIKit stand-in, in Swift 6 mode (as Xcode
/// compiles an app's file): nil when it type-checks, else what swiftc said.
private func typecheckProblems(_ source: String, name: String) throws -> String? {
    let stub = try uikitStub.get()
    return try swiftc(["-typecheck", "-swift-version", "6", "-parse-as-library", "-I", stub, try write(source, name: name)])
}

/// The scripts the export is checked on: the tutorials and Tests/Scripts.
@Suite("export swift: what it refuses")
struct SwiftExportRefusalTests {
    @Test("UIKit #190, #195: a session with SwiftUI screens or UITabs is refused, saying why")
    func refusedForSwiftUI() {
        for spec in ["SwiftUI(Home)", "Tabs(Home, Search)"] {
            let s = Session()
            for l in ["device iPhone iOS=18", "initial \(spec)", "launch"] { _ = s.execute(l) }
            let r = s.execute("export swift")
            expectEqual(r.status, .failed)
            expect(r.text.contains("export swift writes"), "\(r.text)")
        }
    }
}

private func scripts() throws -> [(name: String, text: String)] {
    var out: [(String, String)] = []
    for folder in ["Docs/Tutorials", "Tests/Scripts"] {
        let names = try FileManager.default.contentsOfDirectory(atPath: repository + "/" + folder).filter { $0.hasSuffix(".navlab") }.sorted()
        for n in names {
            let text = try String(contentsOfFile: repository + "/" + folder + "/" + n, encoding: .utf8)
            // SwiftUI screens and UITabs are refused by `export swift` (refusedForSwiftUI).
            if text.contains("SwiftUI(") || text.contains("Tabs(") { continue }
            // Several iPad scenes are refused too (MultipleScenesTests checks the refusal, UIKit #211).
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("scene ") }) { continue }
            out.append((folder + "/" + n, text))
        }
    }
    return out
}

private let small = """
device iPhone iOS=12
initial Register
launch
# the flow
present Nav(Welcome)
push Details
present Main on UINavigationController style=fullScreen animated
expect top is Main
swapRoot Main
"""

/// A session that starts from a real app's printout (`import uikit`), then goes on.
private let imported = """
device iPhone iOS=16
import uikit <<END
<UITabBarController 0x103810a00>, state: appeared, view: <UILayoutContainerView 0x104c0ebd0>
   | <UINavigationController 0x10480c200>, state: appeared, view: <UILayoutContainerView 0x104c1f2a0>
   |    | <Shop.Feed 0x104d0e5f0>, state: appeared, view: <UIView 0x104d1a880>
   | <Shop.Settings 0x104d23c80>, state: disappeared, view: (view not loaded)
   + <Shop.Cart 0x104e08a00>, state: appeared, view: <UIView 0x104e1b2c0>, presented with: <_UIPageSheetPresentationController 0x104e2a1d0>
   |    + <Shop.Pay 0x104f0c000>, state: appeared, view: <UIView 0x104f1d4e0>, presented with: <_UIPageSheetPresentationController 0x104f2e3a0>
END
dismiss
swapRoot Main
"""

@Suite("export swift: the session as a UIKit program")
struct SwiftExportTests {
    @Test("An import is built in the program: the root's tree as the window's root, then each presentation with its style")
    func importedHierarchy() throws {
        // An import that starts the app: the launch makes the root's tree (the Initial UI the
        // import declared) once; the import step only presents, from the script's properties.
        let p = try program(imported)
        expectEqual(p.components(separatedBy: "= LoggedTabBarController(").count, 2, "the root is made once")
        expect(p.contains("cart.modalPresentationStyle = .pageSheet"))
        expect(p.contains("uiTabBarController!.present(cart, animated: false)"))
        expect(p.contains("cart.present(pay, animated: false)"))
        // The step's line is the import's first line; the printout itself is in the predicted log.
        expect(p.contains("import uikit <<END … (6 lines)"))
        try expect(try parseProblems(p, name: "imported") == nil)
        // An import into a running app replaces its root: the tree is built in the step.
        let running = try program("initial A\nlaunch\nimport uikit <<END\n<App.Home 0x1>, state: appeared, view: <UIView 0x2>\n   + <App.Sheet 0x3>, state: appeared, view: <UIView 0x4>, presented with: <_UIPageSheetPresentationController 0x5>\nEND\ndismiss")
        expect(running.contains("window?.rootViewController = home"))
        expect(running.contains("home.present(sheet, animated: false)"))
        try expect(try typecheckProblems(running, name: "imported-running") == nil)
    }

    @Test("One class per class the session uses: UIKit's containers subclassed, custom containers from UIViewController")
    func classList() throws {
        let text = try program("""
        initial RootViewController:Root(Splash)
        launch
        switch MainTabBarController:Tab(Nav(First), Settings)
        present Nav(Detail) style=formSheet
        """)
        let classes = text.split(separator: "\n").filter { $0.hasPrefix("final class ") || $0.hasPrefix("class ") }.map(String.init)
        // The logging base classes the session needs, then its classes in the order NavLab makes
        // them (a container after its children); UIKit's own navigation controller is the base itself.
        expectEqual(classes, [
            "class LoggedViewController: UIViewController, NavLabNamed {",
            "class LoggedNavigationController: UINavigationController, NavLabNamed {",
            "class LoggedTabBarController: UITabBarController, NavLabNamed {",
            "final class Splash: LoggedViewController {",
            "final class RootViewController: LoggedViewController {",
            "final class First: LoggedViewController {",
            "final class Settings: LoggedViewController {",
            "final class MainTabBarController: LoggedTabBarController {",
            "final class Detail: LoggedViewController {",
            "final class Script {",
            "final class AppDelegate: UIResponder, UIApplicationDelegate {",
        ])
        // Each logs under the name NavLab gives it.
        expect(text.contains("init(navLabClass: String = \"UINavigationController\", _ stack: [UIViewController]) {"))
        expect(text.contains("        super.init(navLabClass: \"MainTabBarController\", tabs)"))
        expect(text.contains("let mainTabBarController = MainTabBarController([uiNavigationController, settings])"))
        expect(text.contains("func switchChild(to new: UIViewController, animated: Bool) {"))
    }

    @Test("A step: the command in a comment, its predicted lines, named variables, present with its style")
    func presentStep() throws {
        let text = try program(small)
        expect(text.contains("""
                // > present Main on UINavigationController style=fullScreen animated
                //   loadView Main
            """))
        expect(text.contains("""
                // then NavLab checks: expect top is Main
                func step6() {
                    let main = Main()
                    self.main = main
                    main.modalPresentationStyle = .fullScreen
                    uiNavigationController!.present(main, animated: true)
                }
            """))
        // A narration comment goes above its step; `swapRoot Main` takes the live Main.
        expect(text.contains("    // the flow\n    // > present Nav(Welcome)\n"))
        expect(text.contains("""
                func step4() {
                    let welcome = Welcome()
                    self.welcome = welcome
                    let uiNavigationController = LoggedNavigationController([welcome])
                    self.uiNavigationController = uiNavigationController
                    register!.present(uiNavigationController, animated: false)
                }
            """))
        expect(text.contains("    func step7() {\n        window?.rootViewController = main!\n    }"))
        expect(text.contains("    weak var uiNavigationController: LoggedNavigationController?"))
        expect(text.contains("Run it on an iPhone simulator with iOS 12"))
    }

    @Test("The predicted-log comment is what `navlab run` prints for the session's commands")
    func predictedLogCommentIsWhatNavLabRunPrints() throws {
        // The commands are re-run one line at a time: a here-document (`import uikit <<END`)
        // does not survive that split, so the scripts that import are left to their own tests.
        for (name, text) in try scripts() where !text.contains("<<END") {
            let s = session(text, file: name)
            let program = try SwiftExport.program(from: s)
            let lines = program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("// NavLab's predicted log") }, "\(name)")
            let end = try #require(lines[start...].firstIndex(of: ""), "\(name)")
            let block = lines[(start + 1)..<end].map { $0 == "//" ? "" : String($0.dropFirst(3)) }
            // `navlab run` of the commands that change the app, as a script of its own.
            let commands = s.script().split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
                guard let p = try? LineParser.parse(line) else { return LineParser.splitTurn(line) != nil }
                if case .model = p.action { return true }
                return false
            }
            let run = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run(commands.joined(separator: "\n"), file: name)
            expect(run.failures.isEmpty, "\(name): \(run.failures)")
            let printed = run.output.map(\.text).filter { !$0.isEmpty }
            expectEqual(Array(block), printed, "\(name): the predicted log differs from `navlab run`")
        }
    }

    @Test("Each tutorial's and each Tests/Scripts program parses as Swift (swiftc -parse)")
    func parses() throws {
        // The check can fail: a broken program does not parse (and, parsed beside the others,
        // makes none of them fail: each is judged by the lines that name its file).
        var programs: [(name: String, source: String)] = [("broken", "final class A: UIViewController {\n    func f( {\n}\n")]
        for (name, text) in try scripts() {
            let program = try SwiftExport.program(from: session(text, file: name))
            programs.append(((name as NSString).lastPathComponent.replacing(".navlab", with: ""), program))
        }
        let problems = try parseProblems(programs)
        expectEqual(Array(problems.keys), ["broken"], "\(problems)")
        for (name, program) in programs.dropFirst() {
            // One step method per command that changes the app.
            let steps = program.split(separator: "\n").filter { $0.hasPrefix("    func step") && $0.hasSuffix("() {") && $0 != "    func step() {" }.count
            let tableRows = program.split(separator: "\n").filter { $0.contains("Step(line: ") }.count
            expectEqual(steps, tableRows, "\(name)")
        }
    }

    @Test("Each program type-checks against a stand-in for UIKit's declarations (Swift 6 mode, strict concurrency)")
    func typechecks() throws {
        // The check can fail: a call UIKit does not have, a wrong type.
        let wrong = try program(small).replacing(".present(main, animated: true)", with: ".presentModally(main)")
        try expectEqual(typecheckProblems(wrong, name: "wrong")?.contains("has no member 'presentModally'"), true)
        let extras = ["scenes on\nclass * restorationIdentifier=class\noptIn save=yes restore=yes\nencode Country capital\ninitial Nav(Countries)\nlaunch\npush Country\nset Country capital=Paris\nbackground\nkill\nlaunch",
                      "class Step1 restorationClass=yes\nappDelegate restores Detail as Detail\ninitial Tab(Nav(Step1), Page(A), Split(B, C))\nlaunch\nhold Step1 as coordinator\nshowDetail Detail\nshow D animated=no\nselect UITabBarController 1\naddChild Banner to B\nremoveChild Banner\nswitch E in UIPageViewController\nrelease Step1\npresent F style=pageSheet\nswipe down\npopToRoot UINavigationController\nsetViewControllers @Step1, G on UINavigationController animated\nswapRoot Root(H)\ncrash"]
        // The verbs of UIKit #6, #45/#73, #46/#103, #55, #72, #83, #209 and #210.
        let facts = "class Shell shouldAutomaticallyForwardAppearanceMethods=no\ninitial Tab(Shell:Root(A), B, C, D, E, F)\nlaunch\nlog flags=on\nlog layout=on\naddChild H to B didMove=no\nlog layout=off\nselect UITabBarController more\nselect UITabBarController 0\nbeginAppearanceTransition A false\nendAppearanceTransition A\ntouch presentationController of UITabBarController\naddSubview G to B\nswapRoot nil"
        // The user's taps, addChild to UIKit's containers, removeFromSuperview and code in the layout calls (UIKit #221–#232).
        let taps = "device iPad iOS=17\nclass P shouldDismiss=no\non Pager viewDidLayoutSubviews: addChild Child to self\ninitial Tab(Nav(Pager), B)\nlaunch\ntab 1\ntab 0\naddChild T to UINavigationController\naddChild U to UITabBarController\npresent Q style=popover\ntapOutside\naddSubview Card to T\nremoveFromSuperview Card\nsetViewControllers X, Y on UITabBarController"
        for (i, text) in (extras + [imported, facts, taps]).enumerated() {
            let problems = try typecheckProblems(try program(text), name: "extra\(i)")
            expect(problems == nil, "\(text): \(problems ?? "")")
        }
        for (name, text) in try scripts() {
            let program = try SwiftExport.program(from: session(text, file: name))
            let base = (name as NSString).lastPathComponent.replacing(".navlab", with: "") + "-typecheck"
            let problems = try typecheckProblems(program, name: base)
            expect(problems == nil, "\(name): \(problems ?? "")")
        }
    }

    @Test("UIKit #209, #210: addChild didMove=no leaves the call out; log layout=on makes the classes log their layout calls while it is on")
    func didMoveAndLayout() throws {
        let text = try program("initial Main\nlaunch\nlog layout=on\naddChild Banner to Main didMove=no\nlog layout=off\naddChild Ad to Main")
        expect(text.contains("main!.addChild(banner)"))
        expect(text.contains("// no banner.didMove(toParent: main!): the app never calls it (UIKit #209)"))
        expect(!text.contains("        banner.didMove(toParent: main!)"))
        expect(text.contains("        ad.didMove(toParent: main!)"))
        expect(text.contains("@MainActor var navLabLogsLayout = false"))
        expect(text.contains("navLabLogsLayout = true"))
        expect(text.contains("navLabLogsLayout = false"))
        expect(text.contains("override func viewWillLayoutSubviews() { if navLabLogsLayout { logLine(\"viewWillLayoutSubviews \\(navLabName)\") }; super.viewWillLayoutSubviews() }"))
        // Without the setting, no layout code at all.
        let plain = try program("initial Main\nlaunch\naddChild Banner to Main")
        expect(!plain.contains("navLabLogsLayout"))
        expect(!plain.contains("viewWillLayoutSubviews"))
    }

    @Test("What a program cannot do is an instruction: Home, stopping the app; the next run goes on with the next launch")
    func byHand() throws {
        let text = try program("""
        initial Nav(Countries)
        launch
        push Country
        background
        kill
        launch
        relaunch
        """)
        expect(text.contains("        // By hand: Now press Home (Device ▸ Home, ⇧⌘H in the Simulator): NavLab's `background`."))
        expect(text.contains("then: .byHand(\"Now press Home"))
        expect(text.contains("until: UIApplication.didEnterBackgroundNotification)"))
        expect(text.contains("Step(line: \"kill\", beforeLaunch: false, perform: step5, then: .endOfLaunch(\"Now stop the app in Xcode"))
        expect(text.contains("        // Launch 2\n"))
        expect(text.contains("        // Launch 3\n"))
        // `relaunch` ends launch 2 and starts launch 3 without printing its line again.
        expect(text.contains("Step(line: \"\", beforeLaunch: true, perform: step8"))
        expect(text.contains("func makeInitialUI3() -> UIViewController? {"))
    }

    @Test("A turn (`A; B`) is one step, one run-loop turn: B may name what A made")
    func turn() throws {
        let text = try program("initial Nav(Home)\nlaunch\npush Detail; present Sheet on Detail")
        expect(text.contains("""
                func step3() {
                    let detail = Detail()
                    self.detail = detail
                    home!.navigationController?.pushViewController(detail, animated: true)
                    let sheet = Sheet()
                    self.sheet = sheet
                    detail.present(sheet, animated: false)
                }
            """))
        expect(text.contains("Step(line: \"push Detail; present Sheet on Detail\""))
        try expect(try typecheckProblems(text, name: "turn") == nil)
    }

    @Test("scenes on: a scene delegate that logs its callbacks and returns the activity")
    func scenes() throws {
        let with = try program("scenes on\ninitial Nav(Countries)\nlaunch")
        expect(with.contains("final class SceneDelegate: UIResponder, UIWindowSceneDelegate {"))
        expect(with.contains("configuration.delegateClass = SceneDelegate.self"))
        expect(with.contains("func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {"))
        let without = try program("initial Nav(Countries)\nlaunch")
        expect(!without.contains("final class SceneDelegate"))
        expect(without.contains("func applicationDidEnterBackground(_ application: UIApplication) { logLine(\"applicationDidEnterBackground(_:)\") }"))
    }

    @Test("Restoration: identifiers, encoded keys and the opt-in are in the program")
    func restoration() throws {
        let text = try program("""
        class Country restorationIdentifier=Country
        encode Country capital
        optIn save=yes restore=yes
        initial Nav(Country)
        launch
        set Country capital=Paris
        """)
        expect(text.contains("restorationIdentifier = \"Country\""))
        expect(text.contains("    // encode Country capital\n    override func encodeRestorableState(with coder: NSCoder) {\n        super.encodeRestorableState(with: coder)\n        coder.encode(properties[\"capital\"], forKey: \"capital\")"))
        expect(text.contains("shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }"))
        expect(text.contains("country!.properties[\"capital\"] = \"Paris\""))
        // The storyboard's part: the app delegate finds or makes what the archive names.
        expect(text.contains("        return Script.shared.storyboardStandIn(identifierComponents)"))
        expect(text.contains("        case \"Country\": return Country()"))
        // What UIKit made itself gets its variable back.
        expect(text.contains("        case \"Country\": country = vc as? Country"))
    }

    @Test("A session that began with stored data (the prompt's $NAVLAB_HOME) says so: the program starts without it")
    func startedWithData() throws {
        let before = Session()
        _ = before.execute("defaults loggedIn=true")
        let s = Session(state: before.state)
        _ = s.execute("initial A")
        _ = s.execute("launch")
        let text = try SwiftExport.program(from: s)
        expect(text.contains("// The session began with defaults (loggedIn) from before its first command; the program"))
        // The prediction is this session's: its first command is `initial A`.
        expect(text.contains("// NavLab's predicted log (what `navlab run` prints for these commands; `expect` lines are checks, not steps):\n// > initial A\n// > launch\n"))
        try expect(!(try program("initial A\nlaunch")).contains("The session began with"))
    }

    @Test("Random sessions (every verb, undo, reset, turns): a program or a clear error, the prediction is `navlab run`'s, and it parses")
    func randomSessions() throws {
        var exported = 0
        var toParse: [(name: String, source: String)] = []
        // NAVLAB_EXPORT_SEEDS=N checks N sessions (default 40).
        let seeds = UInt64(ProcessInfo.processInfo.environment["NAVLAB_EXPORT_SEEDS"].flatMap(Int.init) ?? 40)
        // Type-checking takes a second: one program in `every` (NAVLAB_EXPORT_TYPECHECK_EVERY, default 8).
        let every = UInt64(max(1, ProcessInfo.processInfo.environment["NAVLAB_EXPORT_TYPECHECK_EVERY"].flatMap(Int.init) ?? 8))
        for seed in UInt64(1)...max(1, seeds) {
            var writer = CommandWriter(rng: SeededGenerator(seed: seed))
            let s = Session()
            for _ in 0..<60 { _ = s.execute(writer.line(s.state)) }
            let program: String
            do throws(NavLabError) { program = try SwiftExport.program(from: s) } catch {
                let e = error
                // The clear refusals: nothing to export, code in callbacks of UIKit's own classes (HookTests),
                // one class used as two kinds of view controller, or several iPad scenes (UIKit #211).
                expect(e.message.hasPrefix("nothing to export") || e.message.hasPrefix("export swift writes code in callbacks into the app's own classes")
                        || e.message.hasPrefix("export swift writes one Swift class per class")
                        || e.message.hasPrefix("export swift writes an app with one window scene"), "seed \(seed): \(e.message)")
                continue
            }
            exported += 1
            let lines = program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("// NavLab's predicted log") })
            let end = try #require(lines[start...].firstIndex(of: ""))
            let block = lines[(start + 1)..<end].map { $0 == "//" ? "" : String($0.dropFirst(3)) }
            // (`import uikit <<END` … `END` is one command.)
            // (Blank lines kept: a printout's blank lines are part of the heredoc's body.)
            let commands = Heredoc.chunks(s.script().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)).map(\.text).filter { line in
                guard let p = try? LineParser.parse(line) else { return LineParser.splitTurn(line) != nil }
                if case .model = p.action { return true }
                return false
            }
            let run = ScriptRunner(session: Session(), mode: .run(keepGoing: true)).run(commands.joined(separator: "\n"), file: "seed\(seed)")
            // Replayed alone, a command may fail where the session's `expect`-free history made it
            // fail too (it is not in the history then); compare what both ran.
            if run.failures.isEmpty {
                expectEqual(Array(block), run.output.map(\.text).filter { !$0.isEmpty }, "seed \(seed)")
            }
            toParse.append(("seed\(seed)", program))
            if seed % every == 0 {
                let typing = try typecheckProblems(program, name: "seed\(seed)-typecheck")
                expect(typing == nil, "seed \(seed): \(typing ?? "")")
            }
        }
        // Every program parses (all in one swiftc).
        for (name, problem) in try parseProblems(toParse) { Issue.record("\(name): \(problem)") }
        expect(exported >= Int(seeds) / 2)
    }

    @Test("export swift: errors say what, where, and what to do")
    func errors() throws {
        let empty = Session().execute("export swift")
        expectEqual(empty.status, .failed)
        expectEqual(empty.error?.message, "nothing to export: the session has no commands that change the app")
        expectEqual(empty.error?.suggestion?.contains("`launch`"), true)
        expectEqual(empty.error?.location.column, 1)

        let s = Session()
        _ = s.execute("initial Main")
        let never = s.execute("export swift")
        expectEqual(never.error?.message, "nothing to export: the session never launches the app")
        expectEqual(never.error?.suggestion, "add `launch` (after `initial SPEC`), then `export swift`")

        let force = Session().execute("export swift --force")
        expectEqual(force.error?.message, "--force replaces a FILE, and none is named")
        expectEqual(force.error?.suggestion, "export swift FILE --force")
        expectEqual(Session().execute("export swfit").error?.suggestion, "did you mean swift?")
    }

    @Test("export swift FILE: written by the shell; an existing FILE only with --force")
    func toFile() throws {
        var written: [String: String] = [:]
        var runner = ScriptRunner(session: Session(), mode: .run(keepGoing: true))
        runner.writeFile = { path, text, _ in written[path] = text }
        runner.fileExists = { path, _ in path == "Old.swift" }
        let r = runner.run("initial A\nlaunch\nexport swift New.swift\nexport swift Old.swift\nexport mermaid Old.swift\nexport swift Old.swift --force", file: "x.navlab")
        expectEqual(written["New.swift"]?.contains("final class A: LoggedViewController {"), true)
        expectEqual(r.failures.count, 2)
        expectEqual(r.failures.first?.contains("x.navlab:4:1: error: Old.swift exists"), true)
        expectEqual(r.failures.first?.contains("`export swift Old.swift --force` replaces it"), true)
        expectEqual(written["Old.swift"]?.hasPrefix("// App — a NavLab session as a UIKit program"), true)
    }

    @Test("`navlab run` keeps the history for export swift (it reads the timeline)")
    func keepsTimeline() {
        expect(ScriptRunner.needsTimeline("initial A\nlaunch\nexport swift"))
        var printed: [String] = []
        var runner = ScriptRunner(session: Session(), mode: .run(keepGoing: false))
        runner.emit = { printed.append($0.text) }
        runner.session.keepsTimeline = ScriptRunner.needsTimeline("initial A\nlaunch\nexport swift")
        _ = runner.run("initial A\nlaunch\nexport swift", file: "x.navlab")
        expect(printed.contains { $0.contains("final class A: LoggedViewController {") })
    }

    @Test("Instance names become Swift variables; UIKit's classes become logging subclasses")
    func spelling() {
        expectEqual(SwiftNames.variable("Register"), "register")
        expectEqual(SwiftNames.variable("UINavigationController#2"), "uiNavigationController2")
        expectEqual(SwiftNames.variable("Login#2"), "login2")
        expectEqual(SwiftNames.variable("Default"), "defaultVC")
        expectEqual(SwiftNames.variable("Step1"), "step1VC")   // not the program's step1()
        expectEqual(SwiftNames.variable("Stepper"), "stepper")
        expectEqual(SwiftNames.className("UITabBarController"), "LoggedTabBarController")
        expectEqual(SwiftNames.className("UIViewController"), "LoggingViewController")
        expectEqual(SwiftNames.className("Register"), "Register")
        expectEqual(SwiftNames.literal("a \"b\" \\ c"), "\"a \\\"b\\\" \\\\ c\"")
    }
}
