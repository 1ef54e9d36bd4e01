import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

private let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// Every script the project ships: the tests' and the tutorials'.
private func shippedScripts() -> [(name: String, text: String)] {
    var out: [(String, String)] = []
    for folder in ["Tests/Scripts", "Docs/Tutorials"] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repository + "/" + folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".navlab") {
            let data = FileManager.default.contents(atPath: repository + "/" + folder + "/" + name)!
            out.append((folder + "/" + name, String(decoding: data, as: UTF8.self)))
        }
    }
    return out
}

/// A fresh session on `device`, with `text` imported in `format`.
private func imported(_ text: String, _ format: String, device: Device = .default) -> Session {
    let s = Session()
    _ = s.execute("device \(device.idiom.rawValue) iOS=\(device.iOS)")
    let r = s.execute(Heredoc.wrap(text, header: "import \(format)"))
    expectEqual(r.status, .done, "import failed: \(r.text)\n\(text)")
    return s
}

@Suite("import uikit / import screenstate: a real app's printout rebuilt")
struct ImportTests {
    @Test("Round trip: at every step of every shipped script, `tree --uikit` imported back prints the same")
    func roundTripUIKit() throws {
        let scripts = shippedScripts()
        expect(scripts.count >= 15)
        var checked = 0
        for (name, text) in scripts {
            let s = Session()
            for chunk in Heredoc.chunks(text.lines) {
                let r = s.execute(chunk.text, lineNumber: chunk.line)
                guard r.status == .done || r.status == .ignored else { continue }
                guard s.state.isRunning, s.state.window.rootViewController != nil else { continue }
                let printed = s.state.renderPrintHierarchy()
                let again = imported(printed, "uikit", device: s.state.device)
                expectEqual(again.state.renderPrintHierarchy(), printed, "\(name):\(chunk.line)")
                // The same screen: what is on it and on top, by the classes UIKit prints (SwiftUI's
                // `NavigationStackHostingController<AnyView>` does not print the view it hosts).
                let names = { (st: State) in st.screen().map { st.qualifiedClassName($0) } }
                expectEqual(names(again.state), names(s.state), "\(name):\(chunk.line): screen")
                checked += 1
            }
        }
        expect(checked > 250)
    }

    @Test("Round trip: ScreenState's printout of every step of every shipped script imports back to the same printout")
    func roundTripScreenState() throws {
        for (name, text) in shippedScripts() {
            let s = Session()
            for chunk in Heredoc.chunks(text.lines) {
                let r = s.execute(chunk.text, lineNumber: chunk.line)
                guard r.status == .done || r.status == .ignored, s.state.isRunning, s.state.window.rootViewController != nil else { continue }
                let printed = s.state.renderScreenState()
                let again = imported(printed, "screenstate", device: s.state.device)
                expectEqual(again.state.renderScreenState(), printed, "\(name):\(chunk.line)")
            }
        }
    }

    @Test("UIKit #153, #155–#158, #160, #161: a real app's printout — random addresses, iOS 17's colons, module names, nested sheets off a tab bar")
    func realPrintout() throws {
        let text = """
        (lldb) expr -l objc++ -O -- [UIViewController _printHierarchy]
        <UITabBarController 0x103810a00>, state: appeared, view: <UILayoutContainerView: 0x104c0ebd0>
           | <UINavigationController 0x10480c200>, state: appeared, view: <UILayoutContainerView: 0x104c1f2a0>
           |    | <Shop.FeedViewController 0x104d0e5f0>, state: appeared, view: <UIView: 0x104d1a880>
           | <UINavigationController 0x10481ba00>, state: disappeared, view: (view not loaded)
           |    | <Shop.SettingsViewController 0x104d23c80>, state: disappeared, view: (view not loaded)
           + <Shop.CartViewController 0x104e08a00>, state: appeared, view: <UIView: 0x104e1b2c0>, presented with: <_UIPageSheetPresentationController: 0x104e2a1d0>
           |    + <Shop.PaymentViewController 0x104f0c000>, state: appeared, view: <UIView: 0x104f1d4e0>, presented with: <_UIPageSheetPresentationController: 0x104f2e3a0>
        """
        let s = Session()
        _ = s.execute("device iPhone iOS=15")
        let r = s.execute(Heredoc.wrap(text, header: "import uikit"))
        expectEqual(r.status, .done, "\(r.text)")
        // The colon is iOS 17's (#161): the device follows the printout.
        expectEqual(s.state.device.iOS, 17)
        expect(r.text.contains("the device is now `device iPhone iOS=17`"))
        expect(r.text.contains("module Shop"))
        // Printed back as it came, the presentation controllers' colons too (UIKit #175).
        let expected = text.lines.dropFirst().joined(separator: "\n")
        expectEqual(s.state.renderPrintHierarchy(), expected)
        // The tab bar's selected tab is the one that appeared; sheets keep everything below in the window (#158).
        let tab = try #require(s.state.names["UITabBarController"])
        expectEqual(s.state[tab].selectedIndex, 0)
        let payment = try #require(s.state.names["PaymentViewController"])
        expectEqual(s.state.top(), payment)
        expectEqual(s.state[payment].presentation?.style, .pageSheet)
        try expect(s.state.isInWindow(try #require(s.state.names["FeedViewController"])))
        // Objects print with the app's own addresses in UIKit's messages too.
        expectEqual(s.state.objectDescription(payment), "<Shop.PaymentViewController: 0x104f0c000>")
    }

    @Test("UIKit #19, #157: `_UIFullscreenPresentationController` over a disappeared presenter is .fullScreen; over an appeared one .overFullScreen")
    func fullScreenOrOver() throws {
        let full = imported("""
        <App.Home 0x1000>, state: disappeared, view: <UIView 0x2000> not in the window
           + <App.Player 0x3000>, state: appeared, view: <UIView 0x4000>, presented with: <_UIFullscreenPresentationController 0x5000>
        """, "uikit", device: Device(idiom: .iPhone, iOS: 15))
        try expectEqual(full.state[try #require(full.state.names["Player"])].presentation?.style, .fullScreen)
        let over = imported("""
        <App.Home 0x1000>, state: appeared, view: <UIView 0x2000>
           + <App.Alert 0x3000>, state: appeared, view: <UIView 0x4000>, presented with: <_UIFullscreenPresentationController 0x5000>
        """, "uikit", device: Device(idiom: .iPhone, iOS: 15))
        try expectEqual(over.state[try #require(over.state.names["Alert"])].presentation?.style, .overFullScreen)
        // Going on from it is UIKit as usual: dismissing brings Home back.
        let r = full.execute("dismiss")
        expect(r.lines.map(\.text).contains("viewWillAppear Home"))
        expectEqual(full.state.renderPrintHierarchy(), "<App.Home 0x1000>, state: appeared, view: <UIView 0x2000>")
    }

    @Test("After an import the user goes on: swapRoot leaves the old tree behind, `why` explains it (UIKit #4, #82)")
    func goOnFromImport() throws {
        let s = imported("""
        <App.Login 0x1000>, state: appeared, view: <UIView 0x2000>
           + <UINavigationController 0x3000>, state: appeared, view: <UILayoutContainerView 0x4000>, presented with: <_UIPageSheetPresentationController 0x5000>
           |    | <App.Register 0x6000>, state: appeared, view: <UIView 0x7000>
        """, "uikit", device: Device(idiom: .iPhone, iOS: 15))
        expectEqual(s.execute("swapRoot Main").status, .done)
        expectEqual(s.execute("expect transitionViews 1").expectationHeld, true)
        let why = s.execute("why Register")
        expect(why.text.contains("UITransitionView"))
        expectEqual(s.execute("undo").status, .done)
        expectEqual(s.execute("undo").status, .done)
        expect(s.state.names.isEmpty)
    }

    @Test("UIKit #4: a presented view controller printed out of the window that nothing covers left its transition view, which stays, empty")
    func emptiedTransitionView() throws {
        let s = Session()
        for line in ["device iPhone iOS=16", "initial A", "launch", "present B style=pageSheet", "swapRoot B", "swapRoot A"] { _ = s.execute(line) }
        let printed = s.state.renderPrintHierarchy()
        expect(printed.contains("+ <App.B 0x7f9a00002000>, state: disappeared, view: <UIView 0x7f9b00002000> not in the window"))
        let again = imported(printed, "uikit", device: s.state.device)
        expectEqual(again.state.renderPrintHierarchy(), printed)
        expectEqual(again.state.window.transitionViewCount, 1)
        expectEqual(again.state.window.emptiedTransitionViews.count, 1)
        expectEqual(again.execute("expect screen is A").expectationHeld, true)
    }

    @Test("A UILayoutContainerView of the app's class is a tab bar controller when a tab other than the last appeared")
    func appContainerKinds() throws {
        let s = imported("""
        <App.MainTabs 0x1000>, state: appeared, view: <UILayoutContainerView 0x2000>
           | <App.Feed 0x3000>, state: appeared, view: <UIView 0x4000>
           | <App.Profile 0x5000>, state: disappeared, view: (view not loaded)
           + <App.Sheet 0x6000>, state: appeared, view: <UIView 0x7000>, presented with: <UIPopoverPresentationController 0x8000>
        """, "uikit", device: Device(idiom: .iPad, iOS: 15))
        let tabs = try #require(s.state.names["MainTabs"])
        expectEqual(s.state[tabs].kind, .tabBar)
        expectEqual(s.state.initial?.text, "MainTabs:Tab(Feed, Profile)")
        try expectEqual(s.state[try #require(s.state.names["Sheet"])].presentation?.style, .popover)
    }

    @Test("Nothing is half imported: a bad line is named with its line and column, and the session is as it was",
          arguments: [
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   | <App.B 0x3>, state: apeared, view: <UIView 0x4>", 3, 26, "'apeared' is not a state"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n<App.B 0x3>, state: appeared, view: <UIView 0x4>", 3, 1, "a second root view controller"),
            ("   | <App.A 0x1>, state: appeared, view: <UIView 0x2>\n   | <App.B 0x3>, state: appeared, view: <UIView 0x4>", 3, 1, "no deeper than the first line"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   |    | <App.B 0x3>, state: appeared, view: <UIView 0x4>", 3, 1, "indented 2 levels"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   + <App.B 0x3>, state: appeared, view: <UIView 0x4>", 3, 54, "ends with ', presented with:"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   + <App.B 0x3>, state: appeared, view: <UIView 0x4>, presented with: <App.Card 0x5", 3, 72, "never closed"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2", 2, 37, "never closed"),
            ("<App.A 0x1>, state: appeared", 2, 29, "expected ', view: '"),
            ("<App.A zz>, state: appeared, view: <UIView 0x2>", 2, 8, "'zz' is not an address"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2> in the window", 2, 49, "unexpected text"),
            ("<App.A 0x1>, state: disappeared, view: <UIView 0x2>", 2, 1, "A is printed as disappeared"),
            ("<App.A 0x1>, state: appeared, view: (view not loaded)", 2, 1, "its view is not loaded"),
            ("<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <App.A 0x3>, state: appeared, view: <UIView 0x4>\n   | <App.B 0x5>, state: appeared, view: <UIView 0x6>", 3, 1, "shows only the top of its stack, B"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   | <App.B 0x3>, state: appearing, view: <UIView: 0x4>", 3, 43, "has a colon"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   + <App.B 0x3>, state: appeared, view: <UIView 0x4>, presented with: <_UIFullscreenPresentationController 0x5>\n   + <App.C 0x6>, state: appeared, view: <UIView 0x7>, presented with: <_UIFullscreenPresentationController 0x8>", 4, 1, "already presents B"),
            ("", 2, 1, "no view controller to import"),
          ])
    func malformed(text: String, line: Int, column: Int, message: String) throws {
        let s = Session()
        _ = s.execute("initial Nav(Home)")
        _ = s.execute("launch")
        let before = s.state
        // Line 1 is `import uikit <<END`: the printout starts on line 2.
        let r = s.execute(Heredoc.wrap(text, header: "import uikit"), lineNumber: 1)
        expectEqual(r.status, .failed)
        let e = try #require(r.error)
        expect(e.message.contains(message), "\(e.message)")
        expectEqual(e.location.line, line, "\(e.message)")
        expectEqual(e.location.column, column, "\(e.message)")
        expect(e.suggestion != nil)
        expectEqual(s.state, before)
    }

    @Test("ScreenState errors name their line", arguments: [
        ("UITabBarController (Root): {\n    Feed (Tab Child)\n", 3, "never closed"),
        ("Feed (Root)\nv Presented v\n", 3, "no tree after it"),
        ("Feed (Boss)", 2, "not a ScreenState role"),
        ("UINavigationController (Root): {\n    Feed (Tab Child)\n}", 2, "children are printed as (Tab Child)"),
        ("Feed (Root)\nDetail (Presented)", 3, "without `v Presented v`"),
        ("Feed (Presented)", 2, "is (Root), not (Presented)"),
    ])
    func malformedScreenState(text: String, line: Int, message: String) throws {
        let s = Session()
        let r = s.execute(Heredoc.wrap(text, header: "import screenstate"), lineNumber: 1)
        let e = try #require(r.error)
        expect(e.message.contains(message), "\(e.message)")
        expectEqual(e.location.line, line, "\(e.message)")
        expectEqual(s.state, State())
    }

    @Test("A printout deeper than NavLab's hierarchy limit is refused at the line that goes past it, not a crash")
    func tooDeep() throws {
        let uikit = (0..<300).map { String(repeating: "   | ", count: $0) + "<App.C\($0) 0x\(String($0 + 1, radix: 16))>, state: appeared, view: <UIView 0x1>" }.joined(separator: "\n")
        let s = Session()
        let e = try #require(s.execute(Heredoc.wrap(uikit, header: "import uikit")).error)
        expect(e.message.contains("257 levels deep") && e.message.contains("at most \(Limits.hierarchyDepth)"), "\(e.message)")
        expectEqual(e.location.line, 1 + Limits.hierarchyDepth + 1)
        expect(e.suggestion != nil)
        let screen = (0..<300).map { String(repeating: "    ", count: $0) + "C\($0) (\($0 == 0 ? "Root" : "Child")): {" }.joined(separator: "\n")
            + "\n" + (0..<300).reversed().map { String(repeating: "    ", count: $0) + "}" }.joined(separator: "\n")
        let f = try #require(s.execute(Heredoc.wrap(screen, header: "import screenstate")).error)
        expect(f.message.contains("257 levels deep"), "\(f.message)")
        expectEqual(s.state, State())
    }

    @Test("`save` writes the import with its lines, and the saved script replays to the same state (`tree --json`)")
    func saveAndReplay() throws {
        let s = Session()
        _ = s.execute("device iPad iOS=16")
        _ = s.execute(Heredoc.wrap("""
        <App.Root 0x1000>, state: appeared, view: <UIView 0x2000>
           | <UISplitViewController 0x3000>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x4000>
           |    | <App.Master 0x5000>, state: appeared, view: <UIView 0x6000>
           |    | <App.Detail 0x7000>, state: appeared, view: <UIView 0x8000>
        """, header: "import uikit"))
        expectEqual(s.execute("present Sheet on Master").status, .done)
        expectEqual(s.execute("undo").status, .done)
        expectEqual(s.execute("present Modal").status, .done)
        let script = s.script()
        expect(script.contains("import uikit <<END\n<App.Root 0x1000>"))
        expect(!script.contains("undo"))
        let replay = Session()
        let runner = ScriptRunner(session: replay, mode: .check)
        let result = runner.run(script, file: "saved.navlab")
        expect(result.failures.isEmpty, "\(result.failures)")
        // The same state; only the step number differs (the original also has the undone step).
        let json = { (x: Session) in x.execute("tree --json").text.split(separator: "\n").filter { !$0.contains("\"seq\":") } }
        expectEqual(json(replay), json(s))
        expectEqual(replay.state.renderPrintHierarchy(), s.state.renderPrintHierarchy())
    }

    @Test("A here-document left open is an error at its first line; a command cannot otherwise span lines")
    func heredocErrors() throws {
        let runner = ScriptRunner(session: Session(), mode: .check)
        let result = runner.run("device iPhone\nimport uikit <<END\n<App.A 0x1>, state: appeared, view: <UIView 0x2>\n", file: "open.navlab")
        expectEqual(result.failures.first?.hasPrefix("open.navlab:2:1: error: the lines after `<<END` are never closed by a line `END`"), true)
        let s = Session()
        expectEqual(s.execute("push A\npush B").error?.message.contains("a command is one line"), true)
        expectEqual(s.execute("import uikit <<END").error?.message.contains("the printout goes on the lines after `<<END`"), true)
        expectEqual(s.execute("import uikt x.txt").error?.suggestion, "did you mean uikit?")
        let scripted = ScriptRunner(session: Session(), mode: .check)
        expectEqual(scripted.run("import uikit -\n", file: "s.navlab").failures.first?.contains("reads lines pasted at the prompt"), true)
    }
}
