import Testing
@testable import NavLabCore

/// UIKIT.md §2: presentation.
@Suite("§2 Presentation")
struct PresentationTests {
    @Test("UIKit #10: compact width adapts the full-screen family; regular width keeps the style",
          arguments: [("iPhone iOS=12", "formSheet", "fullScreen"), ("iPad iOS=12", "formSheet", "formSheet"),
                      ("iPad iOS=17", "currentContext", "currentContext"), ("iPhone iOS=17", "currentContext", "currentContext")])
    func fact10(device: String, requested: String, expected: String) {
        let s = launched("A", device: device)
        s.run("present B style=\(requested)")
        expectEqual(s.style("B"), expected)
        expectEqual(s.vc("B").presentation?.requestedStyle.rawValue, requested)
    }

    @Test("UIKit #11: presenting links presenter and presented until dismissal")
    func fact11() {
        let s = launched("A")
        s.run("present B")
        expectEqual(s.name(s.vc("A").presentedChild), "B")
        expectEqual(s.name(s.vc("B").presenter), "A")
        s.run("dismiss")
        expect(s.vc("A").presentedChild == nil)
    }

    @Test("UIKit #12: UIKit routes the request to a suitable presenter")
    func fact12() {
        let s = launched("Nav(A)")
        s.run("present B on A")
        expectEqual(s.presenting("B"), "UINavigationController")
        expectEqual(s.vc("B").presentation?.calledOn, s.id("A"))
    }

    @Test("UIKit #13: presentedViewController/presentingViewController are set; the completion runs after viewDidAppear")
    func fact13() {
        let s = launched("A")
        let calls = s.calls("present B animated")
        expectEqual(calls, ["loadView B", "viewDidLoad B", "viewWillAppear B", "viewIsAppearing B", "viewDidAppear B"])
        // The next line runs in the completion, after viewDidAppear: the links are set and
        // B can present at once.
        expect(s.presented("A") == "B" && s.presenting("B") == "A")
        expect(s.warnings("present C on B") == [] && s.presented("B") == "C")
        // Before the completion (the same turn) the presentation is still in progress (UIKit #91).
        let r = s.run("dismiss C animated=no; present D animated; present E on D")
        expect(r.lines.contains { $0.style == .ignored && $0.text.contains("present E") })
        expect(s.presented("D") == nil && !s.alive("E"))
    }

    @Test("UIKit #14: a full-screen presentation walks up to an ancestor covering the screen, else the root")
    func fact14() {
        let s = launched("Tab(Nav(A), B)")
        s.run("present C on A style=fullScreen")
        expectEqual(s.presenting("C"), "UITabBarController")
        expect(!s.inWindow("UITabBarController") && !s.inWindow("A"))
    }

    @Test("UIKit #15: presentedViewController includes the nearest presenting ancestor's; presentingViewController a presented ancestor's presenter")
    func fact15() {
        let s = launched("Nav(A)")
        s.run("present Nav(B)")
        expectEqual(s.presented("A"), "UINavigationController#2")          // via its ancestor
        expectEqual(s.presenting("B"), "UINavigationController")           // its ancestor's presenter
        expect(s.presented("B") == nil)
        expect(s.presenting("A") == nil)
    }

    @Test("UIKit #16: in a tab bar app, A presents B: A.presentedViewController is B, B.presentingViewController is the tab bar controller")
    func fact16() {
        let s = launched("Tab(A, Other)")
        s.run("present B on A")
        expectEqual(s.presented("A"), "B")
        expectEqual(s.presenting("B"), "UITabBarController")
    }

    @Test("UIKit #17: containment and presentation are separate: children never include presented VCs, parent is not the presenter")
    func fact17() {
        let s = launched("Nav(A)")
        s.run("present B")
        expectEqual(s.vc("UINavigationController").children, [s.id("A")])
        expect(s.vc("B").parent == nil)
    }

    @Test("UIKit #18: .automatic is .fullScreen before iOS 13, .pageSheet on 13–17, .formSheet from 18",
          arguments: [(12, "fullScreen"), (13, "pageSheet"), (17, "pageSheet"), (18, "formSheet"), (26, "formSheet")])
    func fact18(ios: Int, expected: String) {
        let s = launched("A", device: "iPad iOS=\(ios)")
        s.run("present B")
        expectEqual(s.style("B"), expected)
        expectEqual(s.vc("B").modalPresentationStyle, .automatic)
    }

    @Test("UIKit #19: .fullScreen removes the presenter's views; .overFullScreen keeps them")
    func fact19() {
        let s = launched("A")
        s.run("present B style=fullScreen")
        expect(!s.inWindow("A"))
        s.run("dismiss")
        s.run("present C style=overFullScreen")
        expect(s.inWindow("A"))
        expectEqual(s.screen, ["A", "C"])
    }

    @Test("UIKit #20: current-context styles go to the nearest definesPresentationContext ancestor, else the root")
    func fact20() {
        let s = launched("Root(Tab(Nav(A), B))", device: "iPad iOS=17")
        s.run("present C on A style=currentContext")
        expectEqual(s.presenting("C"), "UINavigationController")   // defines it by default
        expect(!s.inWindow("UINavigationController"))            // its views covered by C
        expect(s.inWindow("Root") && s.inWindow("UITabBarController"))
        s.run("dismiss C")
        s.run("set UINavigationController definesPresentationContext=no")
        s.run("present D on A style=currentContext")
        expectEqual(s.presenting("D"), "Root")                      // no context: the window's root
    }

    @Test("UIKit #22, #171, #252: in compact width a popover behaves as a form sheet (iOS 13+); current-context styles keep their style",
          arguments: [("currentContext", "currentContext"), ("overCurrentContext", "overCurrentContext"), ("popover", "formSheet")])
    func fact22(requested: String, expected: String) {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=\(requested)")
        expectEqual(s.style("B"), expected)
    }

    @Test("UIKit #252: on an iPhone a current-context presentation covers the navigation controller that defines the context, not the tab bar")
    func fact252() {
        let s = launched("Tab(Nav(A), B)", device: "iPhone iOS=15")
        s.run("present C on A style=overCurrentContext")
        // The navigation controller defines the context by default; the tab bar stays on screen,
        // the presented content inside its tab (qiita hirotakan; radar 18552380).
        expectEqual(s.presenting("C"), "UINavigationController")
        expectEqual(s.style("C"), "overCurrentContext")
        expect(s.inWindow("A") && s.inWindow("UITabBarController"))
        s.run("dismiss C")
        s.run("present D on A style=currentContext")
        expectEqual(s.presenting("D"), "UINavigationController")
        expect(!s.inWindow("A"))                                   // covered, its views removed (UIKit #19)
        expect(s.inWindow("UITabBarController"))
        // Without a context-defining ancestor the window's root presents, as on iPad (UIKit #20).
        let root = launched("A", device: "iPhone iOS=12")
        root.run("present B style=currentContext")
        expectEqual(root.presenting("B"), "A")
        expect(!root.inWindow("A"))
    }

    @Test("UIKit #26: a VC that is already presenting does not present a second one; UIKit warns")
    func fact26() {
        let s = launched("A")
        s.run("present B")
        let r = s.run("present C on A")
        expectEqual(r.status, .ignored)
        expect(!s.alive("C"))
        expectEqual(s.presented("A"), "B")
    }

    @Test("UIKit #27: presenting an instance that is already presented raises")
    func fact27() {
        let s = launched("A")
        s.run("present B")
        s.run("hold B")
        s.run("present Nav(C) on B style=overFullScreen")
        let e = s.fail("present @B on C")
        expectEqual(e?.kind, .exception)
        expectEqual(e?.message.hasPrefix("Application tried to present modally a view controller <App.B: "), true)
    }

    @Test("UIKit #28: presenting from a VC whose view is not in the window does not present")
    func fact28() {
        let s = launched("A")
        s.run("present B style=fullScreen")
        let r = s.run("present C on A")
        expectEqual(r.status, .ignored)
        expect(!s.alive("C"))
    }

    @Test("UIKit #164: every style but current-context is presented by the nearest parentless ancestor, popovers included",
          arguments: ["fullScreen", "pageSheet", "formSheet", "overFullScreen", "popover", "automatic"])
    func fact164(style: String) {
        let s = launched("Root(Nav(A))", device: "iPad iOS=17")
        s.run("present B on A style=\(style)")
        expectEqual(s.presenting("B"), "Root")
        expectEqual(s.state.renderPrintHierarchy().split(separator: "\n").last?.hasPrefix("   + <App.B "), true)
    }

    @Test("UIKit #165: from iOS 13 sheets stay cards on iPhone and the presenter stays in the window; before 13 they go full screen",
          arguments: [(12, "fullScreen", false), (13, "pageSheet", true), (18, "formSheet", true)])
    func fact165(ios: Int, expected: String, presenterStays: Bool) {
        let s = launched("A", device: "iPhone iOS=\(ios)")
        s.run("present B style=\(ios >= 18 ? "formSheet" : "pageSheet")")
        expectEqual(s.style("B"), expected)
        expectEqual(s.inWindow("A"), presenterStays)
    }
}
