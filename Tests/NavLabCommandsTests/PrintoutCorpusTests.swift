import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

private let printouts: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Printouts"
}()

/// The corpus: real published printouts (Tests/Printouts/SOURCES.md).
private func corpus() -> [(name: String, text: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: printouts)) ?? []
    return names.sorted().filter { $0.hasSuffix(".txt") }.map { name in
        (name, String(decoding: FileManager.default.contents(atPath: printouts + "/" + name)!, as: UTF8.self))
    }
}

/// What the round trip does not keep (Docs/Modelling.md, "Importing a printout"): CRLF,
/// trailing whitespace, blank lines, and a Markdown fence or backtick around the printout.
func normalisedPrintout(_ text: String) -> String {
    var lines: [String] = []
    for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
        var line = String(raw)
        while line.last == " " || line.last == "\t" || line.last == "`" { line.removeLast() }
        if lines.isEmpty { while line.first == "`" { line.removeFirst() } }
        if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}

/// Imports `text` as `import uikit FILE` would, in a fresh session.
private func importPrintout(_ text: String, device: String? = nil) -> (Session, LineResult) {
    let s = Session()
    if let device { _ = s.execute(device) }
    let r = s.execute(Heredoc.wrap(text, header: "import uikit"), lineNumber: 1)
    return (s, r)
}

/// The files that are not a `_printHierarchy` printout as UIKit printed it, and why NavLab
/// refuses them (a word of the message).
private let refused: [String: String] = [
    "18-wechat-newlines-collapsed.txt": "two lines were joined",
    "23-ios17-nav-reformatted-by-author.txt": "lines were wrapped",
    "31-swift-reimplementation-no-state-NOT-UIKIT.txt": "another program's output",
    "32-chisel-pvc-with-address-NOT-HIERARCHY.txt": "not a line of _printHierarchy",
]

@Suite("Tests/Printouts: real printouts, imported and printed back")
struct PrintoutCorpusTests {
    @Test("the corpus holds at least 25 real printouts, each listed in SOURCES.md")
    func corpusIsThere() throws {
        let files = corpus()
        expect(files.count >= 25)
        let sources = String(decoding: FileManager.default.contents(atPath: printouts + "/SOURCES.md") ?? Data(), as: UTF8.self)
        for (name, _) in files { expect(sources.contains(name), "\(name) is not in SOURCES.md") }
    }

    @Test("every printout imports and `tree --uikit` prints it back exactly, or is refused with its line, column and cause",
          arguments: corpus().map(\.name))
    func roundTrip(name: String) throws {
        let text = try #require(corpus().first { $0.name == name }?.text)
        let (s, r) = importPrintout(text)
        if let why = refused[name] {
            expectEqual(r.status, .failed, "\(name) should be refused")
            let e = try #require(r.error)
            expect(e.message.contains(why), "\(name): \(e.message)")
            expect(e.location.line >= 2 && e.location.column >= 1, "\(name): \(e.location)")
            expect(e.suggestion != nil)
            return
        }
        expectEqual(r.status, .done, "\(name): \(r.text)")
        guard r.status == .done else { return }
        expectEqual(s.state.renderPrintHierarchy(), normalisedPrintout(text), "\(name)")
        // And `tree --uikit` is the same text.
        let tree = s.execute("tree --uikit")
        expectEqual(tree.lines.map(\.text).joined(separator: "\n"), normalisedPrintout(text), "\(name)")
    }

    @Test("UIKit #175: a printout with UITableView, RCTRootView, _UIHostingView<…> and _UIOverFullscreenPresentationController round-trips exactly")
    func viewAndPresentationClassesKept() throws {
        let text = """
        <App.Root 0x7fcb1ac38ec0>, state: disappeared, view: <RCTRootView 0x7fcb1ac45600> not in the window
           | <UINavigationController 0x7fcb1c80a000>, state: disappeared, view: <UILayoutContainerView 0x7fcb1ac49b30> not in the window
           |    | <App.List 0x7fcb1ac4a000>, state: disappeared, view: <UITableView 0x7fcb1b01ee00> not in the window
           + <_TtGC7SwiftUI19UIHostingControllerV7Example11ContentView_ 0x7fcb1ac613c0>, state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewV7Example11ContentView_ 0x7fcb1ac61a00>, presented with: <_UIFullscreenPresentationController 0x7fcb1ac62000>
           |    + <App.Lookup 0x7fcb1ac70000>, state: appeared, view: <UIView 0x7fcb1ac70500>, presented with: <_UIOverFullscreenPresentationController 0x7fcb1ac70900>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expectEqual(s.state.renderPrintHierarchy(), text)
        let lookup = try #require(s.state.names["Lookup"])
        expectEqual(s.state[lookup].presentation?.style, .overFullScreen)
        // Once the model changes a line, the line is the model's, with the printed view class.
        _ = s.execute("dismiss Lookup")
        expect(s.state.renderPrintHierarchy().contains("view: <_TtGC7SwiftUI14_UIHostingViewV7Example11ContentView_ 0x7fcb1ac61a00>"))
        expect(!s.state.renderPrintHierarchy().contains("Lookup"))
    }

    @Test("UIKit #176: an unknown presentation controller and `presented with: (null)` are kept as printed")
    func unknownPresentationController() throws {
        let text = """
        <App.A 0x1000>, state: disappeared, view: <UIView 0x2000> not in the window
           + <App.B 0x3000>, state: appeared, view: <UIView 0x4000>, presented with: <App.CardPresentationController 0x5000>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("does not model the presentation controller App.CardPresentationController"))
        expectEqual(s.state.renderPrintHierarchy(), text)
        // `(null)`: printed on a view controller nothing presents (swift-snapshot-testing's record).
        let detached = """
           + <UITabBarController>, state: disappeared, view: <UILayoutContainerView> not in the window, presented with: (null)
           | <UINavigationController>, state: disappeared, view: <UILayoutContainerView> not in the window
           |    | <UIViewController>, state: disappeared, view: (view not loaded)
        """
        let (d, dr) = importPrintout(detached)
        expectEqual(dr.status, .done, "\(dr.text)")
        expectEqual(d.state.renderPrintHierarchy(), detached)
    }

    @Test("UIKit #182: a view controller's description never has a colon; a printout with one is refused as another program's")
    func colonAfterViewControllerClass() throws {
        let (_, r) = importPrintout("<UITabBarController: 0x12c01d200>\n   | <UINavigationController: 0x12a808200>")
        let e = try #require(r.error)
        expect(e.message.contains("a colon after the view controller's class"))
        expect(e.location.line == 2 && e.location.column == 1)
    }

    @Test("UIKit #174: iOS 8–10's `view:  (view not loaded)` (two spaces) imports, prints back, and sets an older iOS")
    func twoSpaceNotLoaded() throws {
        let text = """
        <UITabBarController 0x17e3c600>, state: appeared, view: <UILayoutContainerView 0x17e3d8a0>
           | <UINavigationController 0x17e49000>, state: appeared, view: <UILayoutContainerView 0x17e48c10>
           |    | <App.Feed 0x17e4a000>, state: appeared, view: <UIView 0x17e4b000>
           | <UINavigationController 0x17e50000>, state: disappeared, view:  (view not loaded)
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expectEqual(s.state.device.iOS, 10)
        expect(r.text.contains("two spaces, as iOS 8–10 print it (UIKit #174)"))
        expectEqual(s.state.renderPrintHierarchy(), text)
        // NavLab's own lines on iOS 10 have the two spaces too.
        let own = Session()
        _ = own.execute("device iPhone iOS=10")
        _ = own.execute("initial Nav(A, B)")
        _ = own.execute("launch")
        expect(own.state.renderPrintHierarchy().contains("state: disappeared, view:  (view not loaded)"))
    }

    @Test("UIKit #153: `appearing` and `disappearing` import as printed, are noted, and print back as such")
    func transitionalStates() throws {
        let text = """
        <UINavigationController 0x1000>, state: appeared, view: <UILayoutContainerView 0x2000>
           | <App.A 0x3000>, state: disappearing, view: <UIView 0x4000> not in the window
           | <App.B 0x5000>, state: appearing, view: <UIView 0x6000>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("printed during a transition: A (printout line 2, disappearing), B (printout line 3, appearing)"))
        expectEqual(s.state.renderPrintHierarchy(), text)
    }

    @Test("UIKit #180: a custom container's child printed disappeared with its view in the window imports")
    func appearanceForwardedByTheApp() throws {
        let text = """
        <App.LockScreen 0x1000>, state: appeared, view: <UIView 0x2000>
           | <App.Status 0x3000>, state: disappeared, view: <_UILegibilityLabel 0x4000>
           | <App.Date 0x5000>, state: appeared, view: <UIView 0x6000>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("under a custom container that does not forward appearance to its children"))
        expectEqual(s.state.renderPrintHierarchy(), text)
    }

    @Test("UIKit #181: a split view showing two columns implies an iPad; the note says so")
    func twoColumnSplitImpliesIPad() throws {
        let text = """
        <UISplitViewController 0x104e24930>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x104e32210>
           | <UINavigationController 0x10589f600>, state: appeared, view: <UILayoutContainerView 0x108b0b300>
           |    | <App.Master 0x104d165d0>, state: appeared, view: <UITableView 0x1058c8000>
           | <UINavigationController 0x105846e00>, state: appeared, view: <UILayoutContainerView 0x108b12f20>
           |    | <App.Detail 0x104e2f540>, state: appeared, view: <UIView 0x10982c000>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expectEqual(s.state.device.idiom, .iPad)
        expect(r.text.contains("as only an iPad's does (UIKit #181)"))
        expectEqual(s.state.renderPrintHierarchy(), text)
    }

    @Test("UIKit #181: a split view on an iPhone that shows its second column only cannot be rebuilt; the error says to add `device iPad …`")
    func splitOnIPhoneSaysWhatToAdd() throws {
        let text = """
        <UISplitViewController 0x1000>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x2000>
           | <App.Master 0x3000>, state: disappeared, view: <UIView 0x4000> not in the window
           | <App.Detail 0x5000>, state: appeared, view: <UIView 0x6000>
        """
        let (_, r) = importPrintout(text)
        let e = try #require(r.error)
        expect(e.location.line >= 2)
        expectEqual(e.suggestion?.contains("`device iPad iOS="), true, "\(e.message) / \(e.suggestion ?? "")")
    }

    @Test("A class name's last word says its kind: RootTabItemNavigationController is a navigation controller")
    func kindByLastWord() throws {
        expectEqual(ImportedHierarchy.kindByName("RootTabItemNavigationController"), .navigation)
        expectEqual(ImportedHierarchy.kindByName("MainTabBarController"), .tabBar)
        expectEqual(ImportedHierarchy.kindByName("Pie_for_Drivers.SplitViewController"), .split)
        expect(ImportedHierarchy.kindByName("Register") == nil)
    }

    @Test("UIKit #177: before iOS 14 a split view controller's view is a UILayoutContainerView; an app's split view is not taken for a tab bar")
    func preIOS14SplitView() throws {
        let text = """
        <App.Menu 0x7f86854755e0>, state: appeared, view: <UIView 0x7f8685476000>
           | <App.SplitViewController 0x7f8685480000>, state: appeared, view: <UILayoutContainerView 0x7f8685481000>
           |    | <UINavigationController 0x7f8685490000>, state: appeared, view: <UILayoutContainerView 0x7f8685491000>
           |    |    | <App.List 0x7f86854a0000>, state: appeared, view: <UITableView 0x7f86854a1000>
           |    | <UINavigationController 0x7f86854b0000>, state: appeared, view: <UILayoutContainerView 0x7f86854b1000>
           |    |    | <App.Map 0x7f86854c0000>, state: appeared, view: <UIView 0x7f86854c1000>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        let split = try #require(s.state.names["SplitViewController"])
        expectEqual(s.state[split].kind, .split)
        expect(s.state.device.iOS <= 13 && s.state.device.idiom == .iPad)
        expectEqual(s.state.renderPrintHierarchy(), text)
    }

    @Test("UIKit #178: a fragment (first line `   + …` or carrying `presented with:`) imports as the subtree it shows, with a note",
          arguments: [
            "   + <App.Lookup 0x102a05800>, state: appeared, view: <UILayoutContainerView 0x11827eec0>, presented with: <_UIOverFullscreenPresentationController 0x11827ce60>\n   |    | <App.Page 0x102a06000>, state: appeared, view: <UIView 0x102a07000>",
            "<App.Auth 0x7f9d21082200>, state: appeared, view: <SFSafariView 0x7f9d21a04da0>, presented with: <_UIFullscreenPresentationController 0x7f9d21a04b10>\n   | <App.Remote 0x7f9d21075c00>, state: appeared, view: <_UISizeTrackingView 0x7f9d1f5658e0>",
            "   | <UINavigationController 0x1000>, state: appeared, view: <UILayoutContainerView 0x2000>\n   |    | <App.A 0x3000>, state: appeared, view: <UIView 0x4000>",
          ])
    func fragment(text: String) throws {
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("starts below the window's root"))
        expectEqual(s.state.renderPrintHierarchy(), text)
    }

    @Test("UIKit #179: the older format without `state:` and `view:` imports, with a note on what was assumed")
    func noStateFields() throws {
        let text = """
        <UITabBarController 0x7fe48b6058f0>
           | <SWNavigationController 0x7fe48b831600>
           |    | <SWViewController 0x7fe48b40f460>
           | <SWNavigationController 0x7fe48c01fc00>
           |    | <SWViewCtrl2 0x7fe48e00cf60>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("no `state:` and no `view:`"))
        expectEqual(s.state.renderPrintHierarchy(), text)
    }

    @Test("Publishing artefacts — CRLF, fences, backticks, blank lines, `  | ` and a missing lead-in — are read")
    func publishingArtefacts() throws {
        let canonical = "<UINavigationController 0x1000>, state: appeared, view: <UILayoutContainerView 0x2000>\n   | <App.A 0x3000>, state: appeared, view: <UIView 0x4000>"
        for text in [canonical.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n",
                     "```\n" + canonical + "\n```", "`" + canonical + "`", canonical.replacingOccurrences(of: "\n", with: "\n\n") + "\n   \n"] {
            let (s, r) = importPrintout(text)
            expectEqual(r.status, .done, "\(r.text)\n\(text.debugDescription)")
            expectEqual(s.state.renderPrintHierarchy(), canonical)
        }
    }

    @Test("Refusals name the line, the column, what was found and one suggestion that fits an import",
          arguments: [
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>\n   | <App.B 0x1>, state: appeared, view: <UIView 0x4>", 3, 1, "which line 2 (A) has too"),
            ("<UINavigationController 0x1>, \n\tstate: appeared, \n\tview: <UILayoutContainerView: 0x2>", 2, 29, "lines were wrapped"),
            ("<App.A 0x1>, state: appeared, view: <UIView 0x2>               | <App.B 0x3>, state: appeared, view: <UIView 0x4>", 2, 49, "two lines were joined"),
            ("<UIViewController: 0x7f85274116b0; view = <UIView; 0x7f8527708ad0>; frame = (0, 0; 414, 736)>", 2, 1, "not a line of _printHierarchy"),
            ("<App.A: 0x1>\n   | <App.B: 0x2>", 2, 1, "another program's output"),
          ])
    func refusals(text: String, line: Int, column: Int, message: String) throws {
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .failed)
        let e = try #require(r.error)
        expect(e.message.contains(message), "\(e.message)")
        expectEqual(e.location.line, line, "\(e.message)")
        expectEqual(e.location.column, column, "\(e.message)")
        let suggestion = try #require(e.suggestion)
        expect(!suggestion.contains("dismiss"))
        expectEqual(s.state.isRunning, false)
    }

    @Test("Limits: a 1,000,000-line printout with a bad line 3 is refused at line 3 without reading the rest")
    func bigBadPrintoutRefusedFast() throws {
        let good = "   | <App.B 0x3>, state: disappeared, view: (view not loaded)\n"
        var text = "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n" + good + "   | <App.A 0x5>, state: apeared, view: <UIView 0x4>\n"
        text.reserveCapacity(text.utf8.count + good.utf8.count * 1_000_000)
        for _ in 0..<1_000_000 { text += good }
        let clock = ContinuousClock()
        var failure: NavLabError?
        let took = clock.measure {
            do throws(NavLabError) { _ = try ImportedHierarchy.parse(text, format: .uikit) } catch { failure = error }
        }
        expectEqual(failure?.location.line, 3)
        expectEqual(failure?.message.contains("'apeared' is not a state"), true)
        expect(took < .seconds(1))
    }

    @Test("Limits: a printout of more view controllers than NavLab holds is refused at the line past the limit, without reading the lines up to it")
    func tooManyViewControllers() throws {
        var text = "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
        text.reserveCapacity(64 * (Limits.viewControllers + 10))
        for i in 0..<(Limits.viewControllers + 5) { text += "   | <App.B 0x\(String(i + 16, radix: 16))>, state: disappeared, view: (view not loaded)\n" }
        var failure: NavLabError?
        do throws(NavLabError) { _ = try ImportedHierarchy.parse(text, format: .uikit) } catch { failure = error }
        expectEqual(failure?.location.line, Limits.viewControllers + 1)
        expectEqual(failure?.message.contains("more than \(Limits.viewControllers) view controllers"), true)
        expectEqual(failure?.suggestion?.contains("dismiss"), false)
    }
}

@Suite struct PrintoutEdgeTests {
    /// What a custom root that never forwards appearance prints: its whole subtree disappeared
    /// with the views in the window, a UIKit container in it too.
    static let unforwarded = """
    <App.Root 0x7fa1c8c04000>, state: appeared, view: <UIView 0x7fa1c8d01000>
       | <App.Menu 0x7fa1c8c05000>, state: disappeared, view: <UIView 0x7fa1c8d02000>
       |    | <UINavigationController 0x7fa1c9806000>, state: disappeared, view: <UILayoutContainerView 0x7fa1c8d03000>
       |    |    | <App.Home 0x7fa1c8c07000>, state: disappeared, view: <UIView 0x7fa1c8d04000>
       | <App.Side 0x7fa1c8c08000>, state: disappeared, view: (view not loaded)
    """

    @Test("UIKit #180: below a custom container that does not forward appearance, grandchildren printed disappeared in the window import too")
    func unforwardedSubtree() {
        let (s, r) = importPrintout(PrintoutEdgeTests.unforwarded)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("Menu (printout line 2), UINavigationController (printout line 3), Home (printout line 4) are printed disappeared with their views in the window"), "\(r.text)")
        // A view that is not loaded is not said to be in the window.
        expect(r.text.contains("Side (printout line 5) is a child of a custom container with its view not loaded"), "\(r.text)")
        expect(!r.text.contains("Side (printout line 5) is printed disappeared"), "\(r.text)")
        expectEqual(s.state.renderPrintHierarchy(), PrintoutEdgeTests.unforwarded)
    }

    @Test("UIKit #180: a child printed disappeared under an appeared UIKit container is still refused")
    func unforwardedChainMustBeUnbroken() {
        let text = """
        <App.Root 0x7fa1c8c04000>, state: appeared, view: <UIView 0x7fa1c8d01000>
           | <UINavigationController 0x7fa1c9806000>, state: appeared, view: <UILayoutContainerView 0x7fa1c8d03000>
           |    | <App.Home 0x7fa1c8c07000>, state: disappeared, view: <UIView 0x7fa1c8d04000>
        """
        let (_, r) = importPrintout(text)
        expectEqual(r.status, .failed, "\(r.text)")
        expectEqual(r.error?.location.line, 4)
    }

    @Test("Notes name the printout's own line numbers, in a script's here-document and from a file alike")
    func notesCountThePrintoutsLines() {
        let text = """
        <App.Root 0x7fa1c8c04000>, state: appeared, view: <UIView 0x7fa1c8d01000>
           | <App.Menu 0x7fa1c8c05000>, state: disappeared, view: <UIView 0x7fa1c8d02000>
        """
        let (_, r) = importPrintout(text)
        expect(r.text.contains("Menu (printout line 2)"), "\(r.text)")
        var runner = ScriptRunner(session: Session(), mode: .run(keepGoing: false))
        runner.readFile = { path, _ in (path, text) }
        let result = runner.run("# a comment\n\nimport uikit menu.txt", file: "x.navlab")
        let printed = result.output.map { $0.text }.joined(separator: "\n")
        expect(printed.contains("Menu (printout line 2)"), "\(printed)")
    }

    @Test("A printout with 8-digit addresses comes from a 32-bit device: iOS 10 at most")
    func thirtyTwoBitAddresses() {
        let text = """
        <UINavigationController 0x18265240>, state: appeared, view: <UILayoutContainerView 0x18265ac0>
           | <App.Home 0x1800f230>, state: appeared, view: <UIView 0x180cd0e0>
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expectEqual(s.state.device.iOS, 10)
        expect(r.text.contains("a 32-bit device"), "\(r.text)")
        // 64-bit addresses, and made-up short ones, say nothing.
        let (s64, _) = importPrintout(text.replacingText("0x18", with: "0x7fa18"))
        expectEqual(s64.state.device.iOS, 16)
        let (short, _) = importPrintout("""
        <UINavigationController 0x1000>, state: appeared, view: <UILayoutContainerView 0x2000>
           | <App.Home 0x3000>, state: appeared, view: <UIView 0x4000>
        """)
        expectEqual(short.state.device.iOS, 16)
    }

    @Test("Cycript's quoted one-line string is read as the lines it stands for; a bad line in it is named")
    func cycriptQuotedString() {
        let text = """
        cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy]
        @"<UINavigationController 0x156823400>, state: appeared, view: <UILayoutContainerView 0x155d2c8d0>\\n   | <App.Feed 0x156052800>, state: appeared, view: <UIView 0x155e66b80>"
        """
        let (s, r) = importPrintout(text)
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("one quoted string, as cycript shows"), "\(r.text)")
        expectEqual(s.state.renderPrintHierarchy(), """
        <UINavigationController 0x156823400>, state: appeared, view: <UILayoutContainerView 0x155d2c8d0>
           | <App.Feed 0x156052800>, state: appeared, view: <UIView 0x155e66b80>
        """)
        let (_, bad) = importPrintout(text.replacingText("state: appeared, view: <UIView", with: "state: here, view: <UIView"))
        expectEqual(bad.status, .failed)
        expect(bad.error?.message.hasPrefix("cycript's quoted string, its line 2") == true, "\(bad.error?.message ?? "")")
        expectEqual(bad.error?.location.line, 3)
    }
}
