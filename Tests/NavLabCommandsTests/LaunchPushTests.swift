import Testing
import NavLabCore
@testable import NavLabCommands

/// A push in the same turn of the run loop as the launch (UIKit #215).
@Suite("A push in the launch's turn")
struct LaunchPushTests {
    /// The view-controller calls a response printed, without indentation.
    func calls(_ r: LineResult) -> [String] {
        r.lines.filter { $0.style == .callback }.map { String($0.text.drop { $0 == " " }) }
    }

    /// Its notes.
    func notes(_ r: LineResult) -> [String] { r.lines.filter { $0.style == .note }.map { $0.text } }

    static let loadAndAppear = ["loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
                                "viewWillDisappear", "viewDidDisappear"]

    @Test("UIKit #215: on iOS 18 a push in the launch's turn leaves the root unloaded: no loadView, viewDidLoad or appearance call; a pop loads it")
    func iOS18SkipsTheRoot() {
        let s = session("initial Nav(Home)")
        let r = s.execute("launch; push Detail")
        expectEqual(r.status, .done)
        let c = calls(r)
        for cb in LaunchPushTests.loadAndAppear { expect(!c.contains("\(cb) Home"), "\(cb) Home") }
        for cb in ["loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"] {
            expect(c.contains("\(cb) Detail"), "\(cb) Detail")
            expect(c.contains("\(cb) UINavigationController"), "\(cb) UINavigationController")
        }
        expect(c.contains("willMove(toParent: UINavigationController) Detail"))
        expect(c.contains("didMove(toParent: UINavigationController) Detail"))
        // Detail appears with the window: no animation is in flight, no nested-push warning.
        expect(!r.lines.contains { $0.style == .warning })
        expect(notes(r).contains { $0.contains("before UIKit has loaded Home's view") && $0.contains("UIKit #215") })
        let nav = s.state.window.rootViewController!
        expectEqual(s.state[nav].children.map { s.state[$0].name }, ["Home", "Detail"])
        let home = s.state.names["Home"]!
        expect(!s.state[home].isViewLoaded)
        // Its view loads when a pop shows it.
        let pop = calls(s.execute("pop"))
        let load = pop.firstIndex(of: "viewDidLoad Home"), will = pop.firstIndex(of: "viewWillAppear Home")
        expectEqual(pop.first(where: { $0.hasSuffix(" Home") }), "loadView Home")
        expect(load != nil && will != nil && load! < will!)
        expect(s.state[home].isViewLoaded)
    }

    @Test("UIKit #215: iOS 17 and earlier load the root and show it before the push, as they always did")
    func iOS17LoadsTheRoot() {
        for version in [17, 13] {
            let s = session("device iPhone iOS=\(version)", "initial Nav(Home)")
            let c = calls(s.execute("launch; push Detail"))
            expect(c.contains("loadView Home") && c.contains("viewDidLoad Home") && c.contains("viewWillAppear Home"), "iOS \(version)")
            expect(c.contains("viewWillDisappear Home"), "iOS \(version)")
            expect(s.state[s.state.names["Home"]!].isViewLoaded, "iOS \(version)")
        }
    }

    @Test("UIKit #215: iOS 17.4: the root gets viewWillAppear and viewIsAppearing, then the push covers it at once: no viewDidAppear for it, its viewDidDisappear before the pushed one's viewIsAppearing")
    func iOS174Order() {
        let s = session("device iPhone iOS=17.4", "scenes on", "initial Nav(RootViewController)")
        let c = calls(s.execute("launch; push PushedViewController")).filter { $0.hasSuffix("RootViewController") || $0.hasSuffix("PushedViewController") }
        expectEqual(c.filter { !$0.hasPrefix("willMove") && !$0.hasPrefix("didMove") }, [
            "loadView RootViewController", "viewDidLoad RootViewController", "viewWillAppear RootViewController", "viewIsAppearing RootViewController",
            "loadView PushedViewController", "viewDidLoad PushedViewController", "viewWillDisappear RootViewController", "viewWillAppear PushedViewController",
            "viewDidDisappear RootViewController", "viewIsAppearing PushedViewController", "viewDidAppear PushedViewController",
        ])
        // A second push on the line covers the pushed one as usual: it had appeared.
        let twice = session("device iPhone iOS=16", "initial Nav(Home)")
        let t = calls(twice.execute("launch; push A; push B"))
        expect(!t.contains("viewDidAppear Home") && t.contains("viewDidAppear B"), "\(t)")
    }

    @Test("UIKit #215: on iOS 18 the push on the launch's line and the push in didFinishLaunching give the same calls")
    func bothForms() {
        let line = session("initial Nav(Home)")
        let onLine = calls(line.execute("launch; push Detail"))
        let code = session("on AppDelegate didFinishLaunching: push Detail", "initial Nav(Home)")
        let inCode = calls(code.execute("launch"))
        expectEqual(onLine.sorted(), inCode.sorted())
        expect(!inCode.contains("viewDidLoad Home"))
    }

    @Test("UIKit #215: only a push in the launch's own turn: on the next line, or after the root appeared, the root has loaded")
    func onlyInTheTurn() {
        let s = session("initial Nav(Home)", "launch")
        let c = calls(s.execute("push Detail"))
        expect(c.contains("viewWillDisappear Home"))
        expect(s.state[s.state.names["Home"]!].isViewLoaded)
        // A second push in the launch's turn covers Detail, which has not loaded either.
        let twice = session("initial Nav(Home)")
        let t = calls(twice.execute("launch; push Detail; push More"))
        expect(!t.contains("viewDidLoad Home") && !t.contains("viewDidLoad Detail"))
        expect(t.contains("viewDidAppear More"))
        expectEqual(twice.execute("undo").status, .done)
        expect(twice.state.names["More"] == nil && twice.state.names["Home"] == nil)
    }

    @Test("UIKit #215: code in the root's viewDidLoad has already run when the push comes: NavLab keeps the launch's calls and says so")
    func codeAlreadyRan() {
        let s = session("on Home viewDidLoad: set self seen=yes", "initial Nav(Home)")
        let r = s.execute("launch; push Detail")
        expectEqual(r.status, .done)
        expect(calls(r).contains("viewDidLoad Home"))
        expect(notes(r).contains { $0.contains("keeps the launch's calls") })
        expect(s.state[s.state.names["Home"]!].isViewLoaded)
    }
}
