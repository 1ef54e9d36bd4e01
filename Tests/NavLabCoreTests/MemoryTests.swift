import Testing
@testable import NavLabCore

/// UIKIT.md §6: ownership and leaks.
@Suite("§6 Memory")
struct MemoryTests {
    @Test("UIKit #78: parents hold children strongly, parent is weak; a navigation controller holds its whole stack, a tab bar all tabs")
    func fact78() {
        let s = launched("Tab(Nav(A, B), C)")
        let refsB = s.state.references(to: s.id("B"))
        expect(refsB.contains { $0.holder == .viewController(s.id("UINavigationController")) && $0.isStrong && $0.property == "viewControllers" })
        let refsNav = s.state.references(to: s.id("UINavigationController"))
        expect(refsNav.contains { $0.holder == .viewController(s.id("B")) && !$0.isStrong && $0.property == "parent" })
        expect(s.state.references(to: s.id("C")).contains { $0.holder == .viewController(s.id("UITabBarController")) && $0.isStrong })
    }

    @Test("UIKit #79: the presenter keeps the presented VC alive; dismissal releases it")
    func fact79() {
        let s = launched("A")
        s.run("present B")
        expect(s.state.references(to: s.id("B")).contains { $0.holder == .viewController(s.id("A")) && $0.property == "presentedViewController" })
        s.run("dismiss")
        expect(!s.alive("B"))
    }

    @Test("UIKit #80: a popped VC is deallocated right after the pop, after the new top's viewDidAppear")
    func fact80() {
        let s = launched("Nav(A)")
        s.run("push B")
        let calls = s.calls("pop")
        expect(calls.firstIndex(of: "deinit B")! > calls.firstIndex(of: "viewDidAppear A")!)
        s.run("push C")
        s.run("hold C as cache")
        expect(!s.calls("pop").contains("deinit C"))
    }

    @Test("UIKit #81: dropping a presenting VC without dismissing leaks it and the modal, whose view stays in the window")
    func fact81() {
        let s = launched("A")
        s.run("present B style=overFullScreen")
        let r = s.run("swapRoot C")
        expect(r.lines.contains { $0.style == .leak })
        expectEqual(Set(s.leaked), ["A", "B"])
        expect(s.inWindow("B"))
    }

    @Test("UIKit #83: reading presentationController on the root makes a retain cycle that keeps it alive after a root swap")
    func fact83() {
        // Without the read, the old root is released at the swap.
        let plain = launched("Nav(A)")
        expect(plain.calls("swapRoot B").contains("deinit UINavigationController"))

        let s = launched("Nav(A)")
        s.run("touch presentationController of root")
        expectEqual(s.run("touch presentationController of root").status, .ignored)
        let calls = s.calls("swapRoot B")
        expect(!calls.contains("deinit UINavigationController") && !calls.contains("deinit A"))
        expect(s.alive("UINavigationController") && s.alive("A"))
        expectEqual(Set(s.leaked), ["UINavigationController", "A"])
        let nav = s.id("UINavigationController")
        expect(s.state.references(to: nav).contains { $0.holder == .viewController(nav) && $0.isStrong && $0.property.hasPrefix("presentationController") })
        expect(s.state.leakCause(s.id("A")).contains("UIKit #83"))
        let why = s.run("why A").lines.map(\.text)
        expectEqual(why.first, "UINavigationController")
        expect(why.contains { $0.contains(".presentationController.presentedViewController") })
        expect(s.run("memory").lines.contains { $0.text.contains("UINavigationController.presentationController.presentedViewController") })
    }

    @Test("UIKit #82: swapping the root while it presents leaks the old root and the whole presented tree")
    func fact82() {
        let s = launched("Nav(Register)", device: "iPhone iOS=12")
        s.run("present Nav(Welcome)")
        s.run("push Done")
        s.run("swapRoot Main")
        expectEqual(Set(s.leaked), ["UINavigationController", "Register", "UINavigationController#2", "Welcome", "Done"])
        expect(s.state.leakCause(s.id("Register")).contains("UITransitionView"))
    }

    @Test("UIKit #4, #79: tree draws the leaked navigation controller still presenting the new root, the link that keeps the flow alive")
    func treeShowsPresentationOfTheRoot() {
        let s = launched("A")
        s.run("present Nav(B)")
        s.run("present C on UINavigationController")
        s.run("swapRoot C")
        // The navigation controller's presentedViewController is still C (UIKit #79), and C's
        // presentation controller holds the navigation controller: memory and tree agree.
        expect(s.state.references(to: s.id("UINavigationController")).contains { $0.holder == .viewController(s.id("C")) })
        let tree = s.run("tree").lines.map(\.text)
        expectEqual(Array(tree.prefix(7)), [
            "C  root · appeared  ← top",
            "",
            "— kept alive by a UITransitionView left in the window (UIKit #4, #82):",
            "A  disappeared · not in the window · LEAKED",
            "└▸ UINavigationController  presented formSheet (automatic) · appeared · LEAKED",
            "   ├─ B  appeared · LEAKED",
            "   └▸ C  still presented by UINavigationController · now the root, drawn above",
        ])
    }

    @Test("A presented VC made root keeps its presenter reachable; its transition view stays, empty")
    func presentedBecomesRoot() {
        let s = launched("A")
        s.run("present B")
        s.run("swapRoot @B")   // B's view moves to the window; the presentation link stays
        // Only B's undismissed presentation keeps A: a UIKit leftover, so A is leaked.
        expectEqual(s.leaked, ["A"])
        expect(s.state.leakCause(s.id("A")).contains("never dismissed"))
        expectEqual(s.state.retainPath(to: s.id("A"))?.map(\.property), ["rootViewController", "presentingViewController (its presentationController)"])
        expectEqual(s.state.window.transitionViewCount, 1)
        expect(!s.inWindow("A") && s.screen == ["B"])
    }

    @Test("A presentation cycle that nothing holds any more is reported as an undismissed presentation")
    func undismissedCycle() {
        let s = launched("A")
        s.run("present B")
        s.run("swapRoot @B")
        s.run("swapRoot C")    // the window lets go of B; A ⇄ B hold each other, B's view is gone
        expectEqual(s.leaked, ["A", "B"])
        expect(!s.inWindow("B"))
        expect(s.state.leakCause(s.id("A")).contains("never dismissed"))
        expectEqual(s.state.retainPath(to: s.id("A")), [])
    }

    @Test("why: the retain path names every edge; a leaked VC's path starts at a UITransitionView")
    func why() {
        let s = launched("Register", device: "iPhone iOS=12")
        s.run("present Nav(Welcome)")
        s.run("push Done")
        let path = s.state.retainPath(to: s.id("Done"))!
        expectEqual(path.first?.holder, .window)
        expectEqual(path.map(\.property), ["rootViewController", "presentedViewController", "viewControllers"])
        s.run("swapRoot Main")
        let leakedPath = s.state.retainPath(to: s.id("Done"))!
        expectEqual(leakedPath.first?.holder, .transitionView(presented: s.id("UINavigationController")))
        expect(s.state.renderWhy(s.id("Done")).contains("leaked"))
    }

    @Test("UIKit #87: a page view controller keeps only displayed pages; hold a page to keep it")
    func fact87() {
        let s = launched("Page(A)")
        s.run("hold A as dataSource")
        s.run("switch B in UIPageViewController")
        expect(s.alive("A") && !s.inWindow("A"))
        expect(s.leaked.isEmpty)
    }

    @Test("hold/release: the app's own reference keeps a VC alive; releasing it deallocates")
    func holdRelease() {
        let s = launched("A")
        s.run("present B")
        s.run("hold B as coordinator")
        s.run("dismiss")
        expect(s.alive("B"))
        expectEqual(s.calls("release B"), ["deinit B"])
        expectEqual(s.fail("release A")?.message.contains("does not hold"), true)
    }

    @Test("Deallocation runs parents before their children")
    func deinitOrder() {
        let s = launched("A")
        s.run("present Nav(B, C)")
        expectEqual(s.calls("dismiss").suffix(3), ["deinit UINavigationController", "deinit B", "deinit C"])
    }
}
