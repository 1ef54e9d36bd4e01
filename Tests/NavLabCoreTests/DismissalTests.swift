import Testing
@testable import NavLabCore

/// UIKIT.md §3: dismissal.
@Suite("§3 Dismissal")
struct DismissalTests {
    @Test("UIKit #30: dismiss called on the presented VC is forwarded to its presenter")
    func fact30() {
        let s = launched("A")
        s.run("present B")
        let r = s.run("dismiss B")
        expectEqual(r.status, .done)
        expect(s.vc("A").presentedChild == nil)
        expect(!s.alive("B"))
    }

    @Test("UIKit #31: dismissing lower in a presented stack dismisses its presented child and everything above")
    func fact31() {
        let s = launched("A")
        s.run("present B")
        s.run("present C")
        s.run("present D")
        s.run("dismiss B")
        expect(s.presented("B") == nil)
        expectEqual(s.presented("A"), "B")
        expect(!s.alive("C") && !s.alive("D"))
        expectEqual(s.top, "B")
    }

    @Test("UIKit #32: the completion runs after the dismissed VC's viewDidDisappear")
    func fact32() {
        let s = launched("A")
        s.run("present B style=fullScreen")
        expectEqual(s.calls("dismiss animated"), ["viewWillDisappear B", "viewWillAppear A", "viewIsAppearing A", "viewDidAppear A",
                                                "viewDidDisappear B", "deinit B"])
        // The next line runs in the completion: B is gone and A presents again at once.
        expect(s.presented("A") == nil && s.presenting("A") == nil)
        expect(s.warnings("present C") == [] && s.presented("A") == "C")
    }

    @Test("UIKit #38: a presenter inside a popover gets viewWillAppear but no viewDidAppear after what it presented is dismissed")
    func fact38() {
        let s = launched("A", device: "iPad iOS=17")
        s.run("present Nav(P) style=popover")
        expectEqual(s.style("UINavigationController"), "popover")
        s.run("present X on P style=fullScreen")
        expect(!s.inWindow("P"))
        let calls = s.appearance("dismiss X")
        expectEqual(calls, ["viewWillDisappear X", "viewWillAppear UINavigationController", "viewWillAppear P",
                          "viewIsAppearing UINavigationController", "viewIsAppearing P", "viewDidDisappear X"])
        expect(s.inWindow("P") && !s.alive("X"))
        // On iPhone the popover behaves as .formSheet (UIKit #171): not a popover, so viewDidAppear comes.
        let phone = launched("A", device: "iPhone iOS=17")
        phone.run("present Nav(P) style=popover")
        phone.run("present X on P style=fullScreen")
        expect(phone.appearance("dismiss X").contains("viewDidAppear P"))
    }

    @Test("UIKit #33: a dismissed VC is released when nothing else holds it, and kept when something does")
    func fact33() {
        let s = launched("A")
        s.run("present B")
        expectEqual(s.calls("dismiss").last, "deinit B")
        s.run("present C")
        s.run("hold C as coordinator")
        expect(!s.calls("dismiss").contains("deinit C"))
        expect(s.alive("C") && !s.inWindow("C"))
    }

    @Test("UIKit #36: dismiss on a presented VC with nothing presented dismisses the receiver itself")
    func fact36() {
        let s = launched("A")
        s.run("present Nav(B)")
        s.run("dismiss B")          // a child of the presented navigation controller
        expect(!s.alive("UINavigationController") && !s.alive("B"))
    }

    @Test("Dismiss with nothing presented and nothing presenting is ignored and changes nothing")
    func nothingToDismiss() {
        let s = launched("A")
        let before = s.state
        let r = s.run("dismiss")
        expectEqual(r.status, .ignored)
        expectEqual(s.state, before)
    }
}
