import Testing
@testable import NavLabCore
import NavLabCommands

/// The user's tap on a classic tab bar item (`tab` on a `Tab(…)`), against the code's
/// `selectedIndex` (`select`).
@Suite("Tapping a classic tab")
struct TabTapTests {
    @Test("UIKit #221: the user's tap asks tabBarController(_:shouldSelect:), switches, then sends tabBarController(_:didSelect:); `select` sends neither")
    func factT1() {
        let s = launched("Tab(A, B)", device: "iPhone iOS=17")
        let calls = s.calls("tab B")
        expectEqual(calls.first, "tabBarController(_:shouldSelect:) UITabBarController — B")
        expectEqual(calls.last, "tabBarController(_:didSelect:) UITabBarController — B")
        // In between, exactly the switch `selectedIndex = 1` makes (UIKit #166).
        let code = launched("Tab(A, B)", device: "iPhone iOS=17")
        expectEqual(Array(calls.dropFirst().dropLast()), code.calls("select UITabBarController 1"))
        expectEqual(s.vc("UITabBarController").selectedIndex, 1)
        expect(!s.calls("select UITabBarController 0").contains { $0.hasPrefix("tabBarController") })
        // An index, or a view controller inside a tab, names the tab.
        let nav = launched("Tab(A, Nav(B))", device: "iPhone iOS=17")
        expectEqual(nav.calls("tab B").first, "tabBarController(_:shouldSelect:) UITabBarController — UINavigationController")
        expectEqual(nav.top, "B")
        expectEqual(nav.calls("tab 0").last, "tabBarController(_:didSelect:) UITabBarController — A")
    }

    @Test("UIKit #221: a tab under More, an index out of range, a view controller outside the tab bar, and a covered tab bar are refused")
    func factT1Refused() {
        let s = launched("Tab(A, B, C, D, E, F)", device: "iPhone iOS=17")
        expectEqual(s.fail("tab 4")?.message.contains("under More"), true)
        expectEqual(s.fail("tab F")?.message.contains("under More"), true)
        expectEqual(s.fail("tab 9")?.message.contains("out of range"), true)
        s.run("present X style=fullScreen")
        expectEqual(s.fail("tab 1 in UITabBarController")?.message.contains("not on screen"), true)
        let sheet = launched("Tab(A, B)", device: "iPhone iOS=17")
        sheet.run("present X style=pageSheet")
        expectEqual(sheet.fail("tab 1 in UITabBarController")?.message.contains("presented over"), true)
        expectEqual(sheet.fail("tab X in UITabBarController")?.message.contains("presented over"), true)
        let none = launched("A", device: "iPhone iOS=17")
        expectEqual(none.fail("tab 0")?.message.contains("no tab bar controller"), true)
    }

    @Test("UIKit #221: a tab bar controller set up with UITabs sends only tabBarController(_:shouldSelectTab:) and didSelectTab, never the classic pair")
    func factT1TabsMode() {
        let s = launched("Tabs(Home, Search)", device: "iPhone iOS=26")
        let calls = s.calls("tab Search")
        expect(!calls.contains { $0.hasPrefix("tabBarController(_:shouldSelect:)") || $0.hasPrefix("tabBarController(_:didSelect:)") })
        expectEqual(calls.first, "tabBarController(_:shouldSelectTab:) UITabBarController — Search")
    }

    @Test("UIKit #222: a delegate that answers false from shouldSelect leaves the selection, and sends no didSelect and no appearance call",
          arguments: ["set UITabBarController shouldSelect=no", "class UITabBarController shouldSelect=no"])
    func factT2(refusal: String) {
        let classWide = refusal.hasPrefix("class")
        let s = classWide ? Sim("device iPhone iOS=17", refusal, "initial Tab(A, B)", "launch") : launched("Tab(A, B)", device: "iPhone iOS=17")
        if !classWide { s.run(refusal) }
        let before = s.state
        let calls = s.calls("tab B")
        expectEqual(calls, ["tabBarController(_:shouldSelect:) UITabBarController — B"])
        expectEqual(s.vc("UITabBarController").selectedIndex, 0)
        expect(!s.alive("B") || !s.vc("B").isViewLoaded)
        expectEqual(s.state.windowViewControllers(), before.windowViewControllers())
        // The code's selection does not ask the delegate.
        expectEqual(s.calls("select UITabBarController 1").first, "loadView B")
        // With UITabs the delegate's shouldSelectTab answers alike.
        let tabs = launched("Tabs(Home, Search)", device: "iPhone iOS=18")
        tabs.run("set UITabBarController shouldSelect=no")
        expectEqual(tabs.calls("tab Search"), ["tabBarController(_:shouldSelectTab:) UITabBarController — Search"])
        expectEqual(tabs.vc("UITabBarController").selectedTab, "Home")
    }

    @Test("UIKit #223: tapping the selected tab sends both delegate calls and no appearance call")
    func factT3Plain() {
        let s = launched("Tab(A, B)", device: "iPhone iOS=26")
        expectEqual(s.calls("tab A"), ["tabBarController(_:shouldSelect:) UITabBarController — A", "tabBarController(_:didSelect:) UITabBarController — A"])
        expectEqual(s.vc("UITabBarController").selectedIndex, 0)
    }

    @Test("UIKit #223: tapping the selected tab pops its navigation controller to the root, animated; didSelect comes before the pop's did-calls")
    func factT3Pop() {
        let s = launched("Tab(Nav(A), B)", device: "iPhone iOS=17")
        s.run("push C")
        s.run("push D")
        let calls = s.calls("tab 0")
        expectEqual(s.vc("UINavigationController").children, [s.id("A")])
        expect(!s.alive("C") && !s.alive("D"))
        expectEqual(s.top, "A")
        expectEqual(calls.first, "tabBarController(_:shouldSelect:) UITabBarController — UINavigationController")
        let did = calls.firstIndex(of: "tabBarController(_:didSelect:) UITabBarController — UINavigationController")
        let willAppear = calls.firstIndex(of: "viewWillAppear A"), didAppear = calls.firstIndex(of: "viewDidAppear A")
        expect(did != nil && willAppear != nil && didAppear != nil && willAppear! < did! && did! < didAppear!, "\(calls)")
        // At the root already: only the delegate calls.
        expectEqual(s.calls("tab 0").count, 2)
    }

    @Test("UIKit #223: a navigation controller that presents something is not popped when its tab is tapped again; nor when shouldSelect answers false")
    func factT3NoPop() {
        // A current-context style keeps its style: the tab bar stays visible (UIKit #20, #252).
        let s = launched("Tab(Nav(A), B)", device: "iPad iOS=17")
        s.run("push C")
        s.run("present X on UINavigationController style=currentContext")
        expectEqual(s.presented("UINavigationController"), "X")
        let r = s.run("tab 0")
        expectEqual(s.vc("UINavigationController").children, [s.id("A"), s.id("C")])
        expect(r.text.contains("does not pop"))
        let refused = launched("Tab(Nav(A), B)", device: "iPhone iOS=17")
        refused.run("push C")
        refused.run("set UITabBarController shouldSelect=no")
        refused.run("tab 0")
        expectEqual(refused.vc("UINavigationController").children.count, 2)
    }

    @Test("UIKit #224: from iOS 18 the tap's didSelect comes before the cross-fade's appearance calls; before iOS 18 after them",
          arguments: [17, 18, 26])
    func factT4(ios: Int) {
        let s = launched("Tab(A, B)", device: "iPhone iOS=\(ios)")
        let r = s.run("tab B")
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        let did = calls.firstIndex(of: "tabBarController(_:didSelect:) UITabBarController — B")!
        let willAppear = calls.firstIndex(of: "viewWillAppear B")!
        let viewDidLoad = calls.firstIndex(of: "viewDidLoad B")!
        if ios >= 18 {
            expect(viewDidLoad < did && did < willAppear, "\(calls)")
            expect(r.text.contains("cross-fades") && r.text.contains("viewDidAppear B"))
        } else {
            expectEqual(did, calls.count - 1)
            expect(!r.text.contains("cross-fades"))
        }
        // The appearance calls themselves keep the tab switch's order (UIKit #166).
        let code = launched("Tab(A, B)", device: "iPhone iOS=\(ios)")
        expectEqual(calls.filter { $0.hasPrefix("view") && $0 != "viewDidLoad B" }, code.appearance("select UITabBarController 1"))
    }
}
