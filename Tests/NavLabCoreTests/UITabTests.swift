import Testing
@testable import NavLabCore
import NavLabCommands

/// iOS 18's UITab and UITabGroup (UIKit.md §12).
@Suite("iOS 18 tabs")
struct UITabTests {
    @Test("UIKit #195: Tabs(…) is refused before iOS 18, and identifiers are unique")
    func fact195Refused() {
        let old = Sim("device iPhone iOS=17")
        expectEqual(old.fail("initial Tabs(Home, Search)")?.message.contains("iOS 18"), true)
        let s = Sim("device iPhone iOS=18")
        expectEqual(s.fail("initial Tabs(Home, Home)")?.message.contains("unique"), true)
        expectEqual(s.fail("initial Tabs(Home, Group(Albums))")?.message.contains("identifier"), true)
        expect(s.fail("initial Tabs(Home, Nav(Feed))") != nil)
        let running = launched("A", device: "iPhone iOS=18")
        expect(running.fail("present Group(A)") != nil)
        expectEqual(running.fail("tab Home")?.message.contains("no tab bar controller"), true)
    }

    @Test("UIKit #195: tapping a tab: shouldSelectTab, the switch, didSelectTab with the previous tab")
    func fact195Tap() {
        let s = launched("Tabs(Home, Search)", device: "iPhone iOS=18")
        expectEqual(s.vc("UITabBarController").selectedTab, "Home")
        let calls = s.calls("tab Search")
        expectEqual(calls.first, "tabBarController(_:shouldSelectTab:) UITabBarController — Search")
        expectEqual(calls.last, "tabBarController(_:didSelectTab:previousTab:) UITabBarController — Search, previousTab: Home")
        // In between, the tab switch a `select` makes (UIKit #166).
        let plain = launched("Tabs(Home, Search)", device: "iPhone iOS=18")
        expectEqual(Array(calls.dropFirst().dropLast()), plain.calls("select UITabBarController 1"))
        expect(s.top == "Search" && s.vc("UITabBarController").selectedTab == "Search")
        // `select` is programmatic: no delegate call.
        expect(!s.calls("select UITabBarController 0").contains { $0.hasPrefix("tabBarController") })
        expectEqual(s.fail("tab Serch")?.suggestion?.contains("Search"), true)
    }

    @Test("UIKit #196: a tab inside a group without a managing navigation controller leaves the root tab's view controller on screen")
    func fact196Unmanaged() {
        let s = launched("Tabs(Home, Library:Group(Albums, Songs))", device: "iPhone iOS=18")
        let r = s.run("tab Albums")
        expectEqual(s.top, "Library")
        expect(!s.alive("Albums"))
        expect(r.text.contains("root tabs only"))
        expectEqual(s.vc("UITabBarController").selectedTab, "Albums")
    }

    @Test("UIKit #196: a managing navigation controller's stack is rebuilt as group, then leaf; each tab's view controller is made once")
    func fact196Managed() {
        let s = launched("Tabs(Home, Library:NavGroup(Albums, Songs))", device: "iPhone iOS=18")
        expectEqual(s.vc("Library").parent, s.id("UINavigationController"))
        s.run("tab Albums")
        expectEqual(s.vc("UINavigationController").children, [s.id("Library"), s.id("Albums")])
        expectEqual(s.top, "Albums")
        let albums = s.id("Albums")
        s.run("tab Songs")
        expectEqual(s.vc("UINavigationController").children, [s.id("Library"), s.id("Songs")])
        // The tab keeps the view controller its provider made: no second Albums.
        expect(s.alive("Albums") && !s.inWindow("Albums"))
        s.run("tab Albums")
        expect(s.id("Albums") == albums && !s.alive("Albums#2"))
        expectEqual(s.top, "Albums")
    }

    @Test("UIKit #197: mode .automatic is a sidebar with a group on an iPad, a tab bar otherwise")
    func fact197() {
        let pad = Sim("device iPad iOS=18", "initial Tabs(Home, Library:Group(Albums))")
        expect(pad.run("launch").text.contains(".tabSidebar"))
        let phone = Sim("device iPhone iOS=18", "initial Tabs(Home, Library:Group(Albums))")
        expect(phone.run("launch").text.contains("resolves to .tabBar"))
        let flat = Sim("device iPad iOS=18", "initial Tabs(Home, Search)")
        expect(flat.run("launch").text.contains("resolves to .tabBar"))
    }
}
