import Testing
@testable import NavLabCore

/// UIKIT.md §4: containment and the container classes.
@Suite("§4 Containment")
struct ContainmentTests {
    @Test("UIKit #39, #42: addChild calls willMove(toParent:); the container calls didMove(toParent:) after the view is in place")
    func fact39() {
        let s = launched("Main")
        let calls = s.calls("addChild Banner to Main")
        // willMove from addChild; the view is loaded and added (so it appears); didMove last.
        expectEqual(calls, ["willMove(toParent: Main) Banner", "loadView Banner", "viewDidLoad Banner",
                          "viewWillAppear Banner", "viewIsAppearing Banner", "viewDidAppear Banner",
                          "didMove(toParent: Main) Banner"])
        expectEqual(s.vc("Banner").parent, s.id("Main"))
        expectEqual(s.vc("Main").children, [s.id("Banner")])
    }

    @Test("UIKit #39, #42, #61: addChild to a parent lower in a navigation stack loads the child's view then and there, and nothing appears")
    func fact42OffScreen() {
        let s = launched("Nav(A)")
        s.run("push B")
        // `c.view.frame` and `view.addSubview(c.view)` touch the views now (UIKit #42, #61);
        // A's view is loaded but not in the window, so there are no appearance calls.
        expectEqual(s.calls("addChild Banner to A"), ["willMove(toParent: A) Banner", "loadView Banner", "viewDidLoad Banner",
                                                    "didMove(toParent: A) Banner"])
        expect(s.vc("Banner").isViewLoaded && !s.inWindow("Banner"))
        expectEqual(s.vc("Banner").parent, s.id("A"))
        // Its view was loaded by the add, not by the pop that shows it.
        let pop = s.calls("pop")
        expect(!pop.contains("loadView Banner") && !pop.contains("viewDidLoad Banner"))
        expect(pop.contains("viewWillAppear Banner") && pop.contains("viewDidAppear Banner"))
    }

    @Test("UIKit #39, #42, #61: addChild to a parent whose view was never loaded loads the child's view, then the parent's, in the add's order")
    func fact42NotLoaded() {
        let s = launched("Tab(A, B)")
        expect(!s.vc("B").isViewLoaded)
        // addChild (willMove), `c.view.frame` (the child's view), `view.addSubview` (the parent's), didMove.
        expectEqual(s.calls("addChild Banner to B"), ["willMove(toParent: B) Banner", "loadView Banner", "viewDidLoad Banner",
                                                    "loadView B", "viewDidLoad B", "didMove(toParent: B) Banner"])
        expect(s.vc("B").isViewLoaded && !s.inWindow("B") && !s.inWindow("Banner"))
        let select = s.calls("select UITabBarController 1")
        expect(!select.contains { $0.hasPrefix("loadView") || $0.hasPrefix("viewDidLoad") })
        expect(select.contains("viewWillAppear B") && select.contains("viewWillAppear Banner"))
    }

    @Test("UIKit #40, #41: adding a child that has a parent first sends it willMove(toParent: nil) and removes it via removeFromParent, which calls didMove(toParent: nil)")
    func fact40() {
        let s = launched("Root(Left, Right)")
        let calls = s.calls("addChild @Left to Right")
        expectEqual(calls.prefix(3), ["willMove(toParent: nil) Left", "didMove(toParent: nil) Left", "willMove(toParent: Right) Left"])
        expectEqual(s.vc("Root").children, [s.id("Right")])
        expectEqual(s.vc("Left").parent, s.id("Right"))
    }

    @Test("UIKit #41, #42: the canonical remove: willMove(toParent: nil), the view leaves, removeFromParent → didMove(toParent: nil)")
    func fact41() {
        let s = launched("Main")
        s.run("addChild Banner to Main")
        expectEqual(s.calls("removeChild Banner"), ["willMove(toParent: nil) Banner", "viewWillDisappear Banner",
                                                  "viewDidDisappear Banner", "didMove(toParent: nil) Banner", "deinit Banner"])
    }

    @Test("UIKit #209: addChild without didMove: willMove, the view appears, no didMove; removeFromParent still sends didMove(toParent: nil)")
    func fact209() {
        let s = launched("Main")
        // The view is added, so it appears with its parent; nothing calls didMove (UIKit #209).
        expectEqual(s.calls("addChild Banner to Main didMove=no"), ["willMove(toParent: Main) Banner", "loadView Banner", "viewDidLoad Banner",
                                                                  "viewWillAppear Banner", "viewIsAppearing Banner", "viewDidAppear Banner"])
        expectEqual(s.vc("Banner").parent, s.id("Main"))
        #expect(s.vc("Banner").awaitsDidMove)
        expect(s.run("tree").text.contains("Banner  appeared · didMove(toParent:) never called"))
        // removeFromParent calls didMove(toParent: nil) itself (UIKit #41), half-added or not.
        expectEqual(s.calls("removeChild Banner"), ["willMove(toParent: nil) Banner", "viewWillDisappear Banner",
                                                  "viewDidDisappear Banner", "didMove(toParent: nil) Banner", "deinit Banner"])
        // Re-added the canonical way, the mark goes.
        let t = launched("Main")
        t.run("addChild Banner to Main didMove=no")
        // Added again, still without didMove (UIKit #229): still half-added.
        expectEqual(t.calls("addChild @Banner to Main didMove=no").last, "willMove(toParent: Main) Banner")
        #expect(t.vc("Banner").awaitsDidMove)
        expectEqual(t.calls("addChild Ad to Main didMove=yes").last, "didMove(toParent: Main) Ad")
        #expect(!t.vc("Ad").awaitsDidMove)
        // A wrong value is refused with the usage.
        let e = t.fail("addChild X to Main didMove=maybe")
        expectEqual(e?.message.contains("didMove takes no or yes"), true)
    }

    @Test("UIKit #229: addChild of a child to the parent it already has: willMove(toParent: nil), didMove(toParent: nil), willMove and didMove again, no appearance call; it moves to the end")
    func factT9() {
        let s = launched("Main")
        s.run("addChild Banner to Main")
        s.run("addChild Other to Main")
        let before = s.state.windowViewControllers()
        let calls = s.calls("addChild @Banner to Main")
        expectEqual(calls, ["willMove(toParent: nil) Banner", "didMove(toParent: nil) Banner",
                            "willMove(toParent: Main) Banner", "didMove(toParent: Main) Banner"])
        expectEqual(s.vc("Main").children, [s.id("Other"), s.id("Banner")])
        expectEqual(s.vc("Banner").parent, s.id("Main"))
        expectEqual(Set(s.state.windowViewControllers()), Set(before))
        // Into itself or a descendant is still refused.
        expect(s.fail("addChild @Main to Banner") != nil)
    }

    @Test("UIKit #228: addChild to a navigation controller makes the child its top: the old top disappears, the child appears")
    func factT8Navigation() {
        let s = launched("Nav(A)")
        s.run("push C")
        let calls = s.calls("addChild D to UINavigationController")
        expectEqual(calls, ["willMove(toParent: UINavigationController) D", "loadView D", "viewDidLoad D",
                            "viewWillDisappear C", "viewWillAppear D", "viewIsAppearing D", "viewDidDisappear C", "viewDidAppear D",
                            "didMove(toParent: UINavigationController) D"])
        expectEqual(s.vc("UINavigationController").children, [s.id("A"), s.id("C"), s.id("D")])
        expectEqual(s.top, "D")
        // Off screen the navigation controller, not the app, places the view: nothing loads.
        let off = launched("Tab(Nav(A), B)")
        off.run("select UITabBarController 1")
        expectEqual(off.calls("addChild D to UINavigationController"), ["willMove(toParent: UINavigationController) D", "didMove(toParent: UINavigationController) D"])
        // What a stack cannot hold, and the entries it has, are refused.
        expect(s.fail("addChild Nav(E) to UINavigationController") != nil)
        expect(s.fail("addChild @C to UINavigationController") != nil)
    }

    @Test("UIKit #228: addChild to a tab bar controller adds a last tab, not selected: no appearance call; page and split view controllers are refused")
    func factT8TabBar() {
        let s = launched("Tab(A, B)")
        expectEqual(s.calls("addChild E to UITabBarController"), ["willMove(toParent: UITabBarController) E", "didMove(toParent: UITabBarController) E"])
        expectEqual(s.vc("UITabBarController").children.last, s.id("E"))
        expectEqual(s.vc("UITabBarController").selectedIndex, 0)
        expect(!s.vc("E").isViewLoaded)
        let page = launched("Page(P1)")
        expectEqual(page.fail("addChild X to UIPageViewController")?.message.contains("does not model"), true)
        let split = launched("Split(M, D)", device: "iPad iOS=17")
        expectEqual(split.fail("addChild X to UISplitViewController")?.message.contains("does not model"), true)
    }

    @Test("UIKit #43, #44: transition(from:to:) in a custom container: from.willMove(nil), addChild(to), then removeFromParent and didMove")
    func fact44() {
        let s = launched("Root(Register)", device: "iPhone iOS=12")
        let calls = s.calls("switch Main")
        expectEqual(calls, [
            "willMove(toParent: nil) Register", "willMove(toParent: Root) Main",
            "loadView Main", "viewDidLoad Main",
            "viewWillDisappear Register", "viewWillAppear Main",
            "viewDidDisappear Register", "viewDidAppear Main",
            "didMove(toParent: nil) Register", "didMove(toParent: Root) Main", "deinit Register",
        ])
    }

    @Test("UIKit #45: a container forwards appearance callbacks to its visible children automatically")
    func fact45() {
        let s = Sim("initial Start", "launch")
        let calls = s.appearance("swapRoot Tab(Nav(A), B)")
        expect(calls.contains("viewWillAppear UITabBarController"))
        expect(calls.contains("viewWillAppear UINavigationController"))
        expect(calls.contains("viewDidAppear A"))
        expect(!calls.contains { $0.hasSuffix(" B") })   // not the unselected tab
    }

    @Test("UIKit #48: viewControllers is the stack, root first, top last")
    func fact48() {
        let s = launched("Nav(A, B)")
        s.run("push C")
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A", "B", "C"])
        expectEqual(s.top, "C")
    }

    @Test("UIKit #49: pushing makes the new top; a navigation controller cannot be pushed; a tab bar controller can, against Apple's page, with a note")
    func fact49() {
        let s = launched("Nav(A)")
        s.run("push B")
        expectEqual(s.top, "B")
        expectEqual(s.fail("push Nav(X)")?.message, "Pushing a navigation controller is not supported")
        let r = s.run("push Tab(X, Y)")
        expect(r.text.contains("UIKit does not check it"))
        expectEqual(s.top, "X")
        expect(!s.run("pop").text.contains("willMove(toParent: nil) X"))
    }

    @Test("UIKit #50: pop removes the top; the root cannot be popped")
    func fact50() {
        let s = launched("Nav(A)")
        s.run("push B")
        s.run("pop")
        expectEqual(s.top, "A")
        let before = s.state
        expectEqual(s.run("pop").status, .ignored)
        expectEqual(s.state, before)
    }

    @Test("UIKit #51: setViewControllers replaces the whole stack in one transition; the animation follows the new top")
    func fact51() {
        let s = launched("Nav(A, B, C)")
        let r = s.run("setViewControllers D, @A, @B animated")
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["D", "A", "B"])
        expect(r.lines.contains { $0.text.contains("a pop transition") })
        expect(!s.alive("C"))
        expectEqual(s.appearance("setViewControllers @D, @A, @B"), [])   // same top: no transition
    }

    @Test("UIKit #52: earlier stack entries stay children until popped")
    func fact52() {
        let s = launched("Nav(A)")
        s.run("push B")
        expectEqual(s.vc("A").parent, s.id("UINavigationController"))
        expect(s.alive("A") && !s.inWindow("A"))
    }

    @Test("UIKit #53: the top of the stack is what shows; a VC presented over the navigation controller covers it")
    func fact53() {
        let s = launched("Nav(A, B)")
        expectEqual(s.top, "B")
        s.run("present Modal style=fullScreen")
        expectEqual(s.top, "Modal")
        expectEqual(s.vc("UINavigationController").children.last, s.id("B"))
    }

    @Test("UIKit #55, #57: selectedIndex indexes viewControllers; unselected tabs are disappeared, not in the window, views unloaded until shown")
    func fact57() {
        let s = launched("Tab(A, B, C)")
        expect(s.inWindow("A") && !s.inWindow("B"))
        expect(!s.vc("B").isViewLoaded)
        s.run("select UITabBarController 2")
        expectEqual(s.vc("UITabBarController").selectedIndex, 2)
        expect(s.inWindow("C") && !s.inWindow("A") && s.vc("A").isViewLoaded && !s.vc("B").isViewLoaded)
        expectEqual(s.fail("select UITabBarController 3")?.suggestion, "use 0…2")
    }

    @Test("UIKit #55, #56: with more than five tabs, selecting the More tab makes selectedIndex read NSNotFound; the selected tab leaves the window")
    func fact55More() {
        let s = launched("Tab(A, B, C, D, E, F)")
        let calls = s.calls("select UITabBarController more")
        expectEqual(calls, ["viewWillDisappear A", "viewDidDisappear A"])
        expectEqual(s.vc("UITabBarController").selectedIndex, NSNotFound)
        expectEqual(s.run("expect selectedIndex UITabBarController is NSNotFound").status, .shown)
        expect(!s.inWindow("A") && s.inWindow("UITabBarController"))
        // The tabs are still the tab bar controller's viewControllers (UIKit #55 indexes them).
        expectEqual(s.vc("UITabBarController").children.count, 6)
        expect(s.run("tree").lines.contains { $0.text.hasPrefix("├─ E  tab 4, under More") })
        // Selecting an index again reads it back.
        s.run("select UITabBarController 5")
        expect(s.vc("UITabBarController").selectedIndex == 5 && s.inWindow("F"))
    }

    @Test("UIKit #56: a More tab exists only with more than five tabs")
    func fact56() {
        let s = launched("Tab(A, B, C, D, E)")
        let e = s.fail("select UITabBarController more")
        expectEqual(e?.message.contains("only with more than five"), true)
        expectEqual(e?.suggestion, "use an index 0…4")
        expect(!s.run("tree").lines.contains { $0.text.contains("under More") })
    }

    @Test("UIKit #46, #47, #230: addSubview without addChild puts the view on screen with no parent; its move into the window calls its appearance methods, and no parent ever forwards it more")
    func fact47Subview() {
        let s = launched("Nav(Main)", device: "iPhone iOS=17")
        expectEqual(s.calls("addSubview Menu to Main"), ["loadView Menu", "viewDidLoad Menu", "viewWillAppear Menu", "viewIsAppearing Menu", "viewDidAppear Menu"])
        expect(s.vc("Menu").parent == nil && s.vc("Main").children.isEmpty)
        expect(s.inWindow("Menu") && s.screen.contains("Menu"))
        expect(!s.state.isAttachedToWindowHierarchy(s.id("Menu")))
        expect(s.run("views").lines.contains { $0.text.contains("UIView — Menu (added with addSubview, no containment)") })
        // Leaving the window, it is told nothing either.
        expectEqual(s.appearance("push Other"), ["viewWillDisappear Main", "viewWillAppear Other", "viewIsAppearing Other",
                                               "viewDidDisappear Main", "viewDidAppear Other"])
        expect(!s.inWindow("Menu"))
    }

    @Test("UIKit #230: a view added to a view that is not in the window gets no appearance call, then or when that view enters the window")
    func factT10OffWindow() {
        // Added in viewDidLoad, before the pushed view controller's view is in the window (Tests/Observed/92).
        let s = launched("Nav(A)", device: "iPhone iOS=17")
        s.run("on B viewDidLoad: addSubview Card to self")
        // The code's calls are nested one level under viewDidLoad B.
        let calls = s.calls("push B").map { String($0.drop { $0 == " " }) }
        expect(calls.contains("viewDidLoad Card") && !calls.contains { $0.hasSuffix(" Card") && $0.hasPrefix("view") && $0 != "viewDidLoad Card" }, "\(calls)")
        expect(s.inWindow("Card"))
        // Added to a view lower in the stack: nothing now, nothing when it comes back.
        let lower = launched("Nav(A)", device: "iPhone iOS=17")
        lower.run("push B")
        expectEqual(lower.calls("addSubview Card to A"), ["loadView Card", "viewDidLoad Card"])
        expect(!lower.calls("pop").contains { $0.hasSuffix(" Card") })
        expect(lower.inWindow("Card"))
    }

    @Test("UIKit #230: the detached view controller forwards the window path's calls to its own children")
    func factT10Forwards() {
        let s = launched("Base", device: "iPhone iOS=17")
        let calls = s.appearance("addSubview Menu:Root(Page) to Base")
        expectEqual(calls, ["viewWillAppear Menu", "viewWillAppear Page", "viewIsAppearing Menu", "viewIsAppearing Page", "viewDidAppear Menu", "viewDidAppear Page"])
    }

    @Test("UIKit #230: removeFromSuperview of a view added with addSubview: viewWillDisappear, viewDidDisappear if it was in the window; the app still holds it")
    func factT10Remove() {
        let s = launched("Main", device: "iPhone iOS=17")
        s.run("addSubview Card to Main")
        expectEqual(s.calls("removeFromSuperview Card"), ["viewWillDisappear Card", "viewDidDisappear Card"])
        expect(s.alive("Card") && !s.inWindow("Card") && s.vc("Card").hostView == nil)
        expect(s.vc("Main").hostedViews.isEmpty)
        // Added again, it appears again; released, it goes.
        expect(s.calls("addSubview @Card to Main").contains("viewWillAppear Card"))
        s.run("removeFromSuperview Card")
        expectEqual(s.calls("release Card"), ["deinit Card"])
        // Out of the window: no call.
        let off = launched("Nav(A)", device: "iPhone iOS=17")
        off.run("push B")
        off.run("addSubview Card to A")
        expectEqual(off.calls("removeFromSuperview Card"), [])
        // Only a view added with addSubview: a child, a presented one, the root and a plain one are refused.
        let t = launched("Root(Left)", device: "iPhone iOS=17")
        expectEqual(t.fail("removeFromSuperview Left")?.suggestion?.contains("removeChild Left"), true)
        expectEqual(t.fail("removeFromSuperview Root")?.suggestion?.contains("swapRoot"), true)
        t.run("present P")
        expectEqual(t.fail("removeFromSuperview P")?.suggestion?.contains("dismiss P"), true)
    }

    @Test("UIKit #96: presenting from a detached view controller warns, and presents")
    func fact96() {
        let s = launched("Main", device: "iPhone iOS=17")
        s.run("addSubview Menu to Main")
        expectEqual(s.warnings("present Sheet on Menu"), ["Presenting view controller <App.Sheet: 0x7f9a00003000> from detached view controller <App.Menu: 0x7f9a00002000> is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure <App.Menu: 0x7f9a00002000> is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release."])
        expect(s.presenting("Sheet") == "Menu" && s.inWindow("Sheet"))
    }

    @Test("UIKit #46, #102: putting a child's view under a view controller other than its parent raises UIViewControllerHierarchyInconsistency")
    func fact102() {
        let s = launched("Root(Left, Right)")
        let e = s.fail("addSubview @Left to Right")
        expectEqual(e?.kind, .exception)
        expectEqual(e?.exceptionName, "UIViewControllerHierarchyInconsistency")
        expectEqual(e?.message, "child view controller:<App.Left: 0x7f9a00001000> should have parent view controller:<App.Root: 0x7f9a00003000> but requested parent is:<App.Right: 0x7f9a00002000>")
    }

    @Test("addSubview refuses a view that would end up inside itself, and the state is unchanged")
    func subviewLoop() {
        let s = launched("Root(A)")
        s.run("addSubview Menu to A")
        expectEqual(s.fail("addSubview Nav(@A) to Menu")?.message.contains("its own ancestor"), true)
        expect(s.fail("addSubview @A to Menu") != nil)
        expectEqual(s.fail("addChild Nav(@A) to Menu")?.message.contains("its own ancestor"), true)
    }

    @Test("UIKit #103: a view can be associated with one view controller at a time")
    func fact103() {
        let s = launched("Root(Left, Right)")
        let e = s.fail("reuseView Left for Right")
        expectEqual(e?.exceptionName, "UIViewControllerHierarchyInconsistency")
        expectEqual(e?.message, "A view can only be associated with at most one view controller at a time! View <UIView: 0x7f9b00001000> is associated with <App.Left: 0x7f9a00001000>. Clear this association before associating this view with <App.Right: 0x7f9a00002000>")
    }

    @Test("UIKit #57: every tab is a child of the tab bar controller")
    func fact57Children() {
        let s = launched("Tab(Nav(A), B)")
        expectEqual(s.vc("UITabBarController").children, [s.id("UINavigationController"), s.id("B")])
    }

    @Test("UIKit #58, #87: a page view controller holds only the displayed pages; a page turned away from is released")
    func fact58() {
        let s = launched("Page(Intro)")
        s.run("switch Second in UIPageViewController")
        expectEqual(s.vc("UIPageViewController").children, [s.id("Second")])
        expect(!s.alive("Intro"))
    }

    @Test("UIKit #59: a collapsed split view (compact width) shows the primary only; expanded shows both",
          arguments: [("iPhone", false), ("iPad", true)])
    func fact59(idiom: String, secondaryShown: Bool) {
        let s = launched("Split(Master, Detail)", device: "\(idiom) iOS=17")
        expect(s.inWindow("Master"))
        expectEqual(s.inWindow("Detail"), secondaryShown)
        // viewControllers: two when expanded, the primary alone when collapsed.
        let split = s.id("UISplitViewController")
        expectEqual(s.state.viewControllersProperty(of: split), (secondaryShown ? [s.id("Master"), s.id("Detail")] : [s.id("Master")]))
        expectEqual(s.run("expect viewControllers UISplitViewController is \(secondaryShown ? "Master, Detail" : "Master")").status, .shown)
        expectEqual(s.run("expect children UISplitViewController is Master, Detail").status, .shown)
    }
}
