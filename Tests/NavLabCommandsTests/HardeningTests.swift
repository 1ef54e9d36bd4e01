import Testing
import NavLabCore
@testable import NavLabCommands

/// The hardening issue's numbered findings, each pinned by the input that found it.
@Suite("Hardening")
struct HardeningTests {
    /// #2: `@top`/`@root` where a spec is expected used to force-unwrap `names["top"]` and kill
    /// the process (and with it the page's server). They name the instance they stand for.
    @Test("@top and @root in a spec position resolve like names; none crashes", arguments: [
        "push @top", "present @top", "present Nav(@top)", "addChild @top to Home", "switch @top",
        "swapRoot Nav(@top)", "setViewControllers @top", "present @root", "push @root",
        "present Nav(@root)", "show @top", "showDetail @top", "addChild Root(@top) to Home", "present @window"])
    func atAliases(line: String) {
        let s = session("initial Home", "launch")
        let before = s.state
        let r = s.execute(line)
        expectEqual(r.status, .failed, "\(line): \(r.text)")
        expectEqual(s.state, before, "a failed command leaves the state untouched")
        // The message is about Home (the instance `top`/`root` stand for), or a syntax/`window` error.
        let message = r.error?.message ?? ""
        expect(message.contains("Home") || message.contains("window") || message.contains("container") || message.contains("not"),
                "\(line): \(message)")
        expect(!message.contains("no view controller named top"))
    }

    @Test("@top stands for the instance on top: presenting it when it is active is UIKit's exception (#27)")
    func atTopIsTheTopInstance() {
        let s = session("initial Nav(Home)", "launch", "push Detail")
        let r = s.execute("present @top")
        expectEqual(r.error?.message, "Application tried to present modally an active controller \(s.state.objectDescription(s.state.names["Detail"]!)).")
        expectEqual(r.error?.exceptionName, "NSInvalidArgumentException")
    }

    @Test("@top of a held, detached instance works as the instance itself")
    func atTopThatCanMove() {
        // Root(Home) as root; Detail is presented and on top; `addChild @top to Root` is
        // refused the same way as `addChild @Detail to Root` (it is presented).
        let s = session("initial Root(Home)", "launch", "present Detail")
        let viaAlias = s.execute("addChild @top to Root")
        let viaName = s.execute("addChild @Detail to Root")
        expectEqual(viaAlias.status, viaName.status)
        expectEqual(viaAlias.error?.message, viaName.error?.message)
    }

    /// Found by `make fuzz` (property session 7000444): `switch Page(@top) in Shell`, with
    /// `top` the child being replaced, moved it into the new page and then removed and
    /// deallocated it as the old child, leaving the page holding a deallocated instance; the
    /// next query crashed the process. UIKit #43: `transition(from:to:)` needs both to be
    /// children of the container, and moving `from` into the new child takes it out first.
    @Test("switch refuses a new child that contains the child it replaces, or the container (UIKit #43)", arguments: [
        (["initial Root(Home)", "launch"], "switch Page(@top) in Root", "Home is the child being replaced in Root"),
        (["initial Root(Home)", "launch"], "switch Tab(Nav(@Home), Other) in Root", "Home is the child being replaced in Root"),
        (["class Root switch=addThenRemove", "initial Root(Home)", "launch"], "switch Nav(@Home) in Root", "Home is the child being replaced in Root"),
        (["initial Pages:Page(One)", "launch"], "switch Nav(@One) in Pages", "One is the child being replaced in Pages"),
        (["initial Nav(Outer:Root(Inner:Root(Home)))", "launch"], "switch Wrap:Root(@Outer) in Inner", "would make Outer its own ancestor"),
    ])
    func switchContainingTheReplacedChild(setup: [String], line: String, message: String) {
        let s = session(setup)
        let before = s.state
        let r = s.execute(line)
        expectEqual(r.status, .failed, "\(line): \(r.text)")
        expectEqual(r.error?.message.contains(message), true, "\(line): \(r.error?.message ?? r.text)")
        expectEqual(s.state, before, "a failed command leaves the state untouched")
        expect(s.state.invariantViolations().isEmpty)
        _ = s.execute("tree")
    }

    /// Found by `make fuzz` (property session 2107): an instance whose view a full-screen
    /// presentation removed (UIKit #19), left in the window by a root swap (UIKit #4) and then
    /// moved into a new navigation controller, stays out of the window; `top` was that
    /// instance, which was not on `screen`. `top` stops above a removed view.
    @Test("top stays on screen when a full-screen presenter is moved into a new container (UIKit #19)")
    func topAboveARemovedView() {
        let s = session("initial Nobody", "launch", "present Settings style=fullScreen", "swapRoot Detail",
                        "present Nav(@Nobody) style=overFullScreen")
        let state = s.state
        let nav = state.names["UINavigationController"]!
        expect(state.viewRemovedByPresentation(state.names["Nobody"]!))
        expectEqual(state.top(), nav)
        expect(state.screen().contains(nav))
        expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
    }

    @Test("@top when nothing is on screen is an error, not a crash")
    func atTopNotRunning() {
        let s = session("initial Home")
        let r = s.execute("present @top")
        expectEqual(r.status, .failed)
        expectEqual(r.error?.message.contains("there is no `top`"), true)
    }

    @Test("`memory` names a reference the app holds once: `the app (coordinator)`, not `the app (coordinator).coordinator`")
    func appHoldLabel() {
        let s = session("initial A", "launch", "present C", "hold C as coordinator")
        let text = s.execute("memory").text
        expect(text.contains(", the app (coordinator)\n") || text.hasSuffix(", the app (coordinator)"))
        expect(!text.contains("(coordinator).coordinator"))
    }

    /// #4: setting the root to a view controller that still presents something full-screen
    /// (its view was removed by that presentation) puts its view back in the window (UIKit #1):
    /// the old code kept deriving "removed by the presentation" and left a blank window.
    @Test("swapRoot back to a full-screen presenter installs its view: no blank window (UIKit #1, #19)")
    func swapRootBackToFullScreenPresenter() throws {
        let s = session("initial Home", "launch", "present Nav(B) style=fullScreen",
                        "swapRoot UINavigationController")
        let r = s.execute("swapRoot Home")
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("viewWillAppear Home"), "\(r.text)")
        expect(r.text.contains("viewDidAppear Home"), "\(r.text)")
        let st = s.state
        let home = try #require(st.names["Home"])
        expectEqual(st.window.rootViewController, home)
        expect(st.isInWindow(home))
        expectEqual(st.screen(), [home])
        expectEqual(st.top(), home)
        expect(s.execute("expect visible Home").status != .failed)
    }

    /// #5: `top` is what the user sees on top. After root swaps that leave a presentation
    /// behind the new root's view, `top` is the root's leaf, the last of `screen`.
    @Test("top is on screen after root swaps leave a presentation behind (Docs/Guide.md, Names: top is what the user sees)")
    func topAgreesWithScreen() throws {
        let s = session("initial Home", "launch", "present Settings", "swapRoot Main", "swapRoot Home")
        let st = s.state
        let home = try #require(st.names["Home"])
        expectEqual(st.screen(), [home])
        expectEqual(st.top(), home)
        // Commands with no target aim at what is on screen.
        let r = s.execute("present Detail")
        expectEqual(r.status, .ignored, "Home still presents Settings: UIKit refuses a second presentation (\(r.text))")
        expect(r.text.contains("Home is already presenting Settings"), "\(r.text)")
    }
}
