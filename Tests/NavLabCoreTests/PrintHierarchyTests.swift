import Testing
@testable import NavLabCore

/// UIKIT.md §10: the `_printHierarchy` format, and seed 004's ScreenState format.
@Suite("§10 _printHierarchy")
struct PrintHierarchyTests {
    @Test("UIKit #152, #153, #154: the key window's root first; `<Class 0xADDR>, state: S, view: <View 0xADDR>`; children indented by '   | '")
    func fact153() {
        let s = launched("Nav(A, B)", device: "iPhone iOS=15")
        expectEqual(s.state.renderPrintHierarchy(), """
        <UINavigationController 0x7f9a00003000>, state: appeared, view: <UILayoutContainerView 0x7f9b00003000>
           | <App.A 0x7f9a00001000>, state: disappeared, view: (view not loaded)
           | <App.B 0x7f9a00002000>, state: appeared, view: <UIView 0x7f9b00002000>
        """)
    }

    @Test("UIKit #153: ` not in the window` when the view is loaded but out of the window")
    func fact153NotInWindow() {
        let s = launched("Nav(A)", device: "iPhone iOS=15")
        s.run("push B")
        expect(s.state.renderPrintHierarchy().contains("   | <App.A 0x7f9a00001000>, state: disappeared, view: <UIView 0x7f9b00001000> not in the window"))
    }

    @Test("UIKit #155, #156, #157: a presented VC prints after its presenter's children, with '   + ' and its presentation controller")
    func fact155() {
        let s = launched("Tab(Nav(A), B)", device: "iPhone iOS=15")
        s.run("present C on A style=pageSheet")
        s.run("present D style=fullScreen")
        let lines = s.state.renderPrintHierarchy().split(separator: "\n").map(String.init)
        expectEqual(lines, [
            "<UITabBarController 0x7f9a00004000>, state: appeared, view: <UILayoutContainerView 0x7f9b00004000>",
            "   | <UINavigationController 0x7f9a00002000>, state: appeared, view: <UILayoutContainerView 0x7f9b00002000>",
            "   |    | <App.A 0x7f9a00001000>, state: appeared, view: <UIView 0x7f9b00001000>",
            "   | <App.B 0x7f9a00003000>, state: disappeared, view: (view not loaded)",
            "   + <App.C 0x7f9a00005000>, state: disappeared, view: <UIView 0x7f9b00005000> not in the window, presented with: <_UIPageSheetPresentationController 0x600003000500>",
            "   |    + <App.D 0x7f9a00006000>, state: appeared, view: <UIView 0x7f9b00006000>, presented with: <_UIFullscreenPresentationController 0x600003000600>",
        ])
    }

    @Test("UIKit #158: nested sheets hang off the tab bar controller and everything underneath stays appeared")
    func fact158() {
        let s = launched("Tab(Nav(A), Nav(B))", device: "iPhone iOS=16")
        s.run("present S1 on A style=pageSheet")
        s.run("present S2 style=pageSheet")
        s.run("present S3 style=pageSheet")
        let text = s.state.renderPrintHierarchy()
        expect(text.contains("   + <App.S1 "))
        expect(text.contains("   |    + <App.S2 "))
        expect(text.contains("   |    |    + <App.S3 "))
        for name in ["UITabBarController", "UINavigationController", "A", "S1", "S2", "S3"] { expect(s.inWindow(name)) }
    }

    @Test("UIKit #159: below a full-screen modal the presenter is disappeared and not in the window; an iPad popover prints under its presenter")
    func fact159() {
        let s = launched("Split(Master, Nav(Detail))", device: "iPad iOS=12")
        s.run("present Pop on Detail style=popover")
        let text = s.state.renderPrintHierarchy()
        expect(text.contains("   + <App.Pop "))
        expect(text.contains("presented with: <UIPopoverPresentationController "))
        let f = launched("A", device: "iPhone iOS=12")
        f.run("present B style=fullScreen")
        expect(f.state.renderPrintHierarchy().hasPrefix("<App.A 0x7f9a00001000>, state: disappeared, view: <UIView 0x7f9b00001000> not in the window"))
    }

    @Test("UIKit #160: the app's Swift classes print module-qualified; UIKit's do not")
    func fact160() {
        let s = launched("MainTab:Tab(Feed)")
        expect(s.state.renderPrintHierarchy().hasPrefix("<App.MainTab 0x"))
        expect(s.state.objectDescription(s.id("Feed")).hasPrefix("<App.Feed: "))
        let n = launched("Nav(A)")
        expect(n.state.renderPrintHierarchy().hasPrefix("<UINavigationController 0x"))
    }

    @Test("UIKit #161: from iOS 17 the view description has a colon; the VC description never does",
          arguments: [(15, "view: <UIView 0x7f9b00001000>"), (17, "view: <UIView: 0x7f9b00001000>")])
    func fact161(ios: Int, expected: String) {
        let s = launched("A", device: "iPhone iOS=\(ios)")
        let text = s.state.renderPrintHierarchy()
        expectEqual(text, "<App.A 0x7f9a00001000>, state: appeared, \(expected)")
    }

    @Test("UIKit #162: container views print as UILayoutContainerView, _UIPageViewControllerContentView, _UISplitViewControllerPanelImplView")
    func fact162() {
        let s = launched("Root(Page(A), Split(B, C))", device: "iPad iOS=15")
        let text = s.state.renderPrintHierarchy()
        expect(text.contains("<UIPageViewController 0x7f9a00002000>, state: appeared, view: <_UIPageViewControllerContentView 0x7f9b00002000>"))
        expect(text.contains("<UISplitViewController 0x7f9a00005000>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x7f9b00005000>"))
        let t = launched("Tab(X)")
        expect(t.state.renderPrintHierarchy().contains("view: <UILayoutContainerView: "))
    }

    @Test("Seed 004: ScreenState prints class names, four-space indent, and `v Presented v` before the presented tree")
    func screenState() {
        let s = launched("Tab(Nav(Countries), Settings)")
        s.run("push Country")
        s.run("present Nav(Edit) on Country")
        expectEqual(s.state.renderScreenState(), """
        UITabBarController (Root): {
            UINavigationController (Tab Child): {
                Countries (Navigation Child)
                Country (Navigation Child)
            }
            Settings (Tab Child)
        }

        v Presented v

        UINavigationController (Presented): {
            Edit (Navigation Child)
        }
        """)
    }
}
