import Testing
@testable import NavLabCore

/// UIKIT.md §1: window and root view controller.
@Suite("§1 Window and root view controller")
struct WindowTests {
    @Test("UIKit #1: assigning rootViewController replaces the window's content view")
    func fact1() {
        let s = launched("A")
        expectEqual(s.screen, ["A"])
        s.run("swapRoot B")
        expectEqual(s.name(s.state.window.rootViewController), "B")
        expectEqual(s.screen, ["B"])
        expect(!s.alive("A"))  // nothing else held it
        expectEqual(s.state.window.subviews, [.rootView])
    }

    @Test("UIKit #1: the old root's views are removed before the new ones are installed")
    func fact1Order() {
        let s = launched("A")
        expectEqual(s.appearance("swapRoot B"), ["viewWillDisappear A", "viewDidDisappear A", "viewWillAppear B", "viewIsAppearing B", "viewDidAppear B"])
    }

    @Test("UIKit #2: the window holds its root strongly")
    func fact2() {
        let s = launched("A")
        let refs = s.state.references(to: s.id("A"))
        expect(refs.contains { $0.holder == .window && $0.property == "rootViewController" && $0.isStrong })
        expect(s.state.leaked().isEmpty)
    }

    @Test("UIKit #3: a root has no parent and no presentingViewController")
    func fact3() {
        let s = launched("Nav(A)")
        expect(s.vc("UINavigationController").parent == nil)
        expect(s.presenting("UINavigationController") == nil)
        expect(s.presenting("A") == nil)
    }

    @Test("UIKit #6: setting the root to nil with a modal up does not tear it down: the view controllers stay alive, the modal's view stays on screen")
    func fact6() {
        let s = launched("X")
        s.run("present Y style=fullScreen")
        let r = s.run("swapRoot nil")
        // X's view was already removed by the full-screen presentation (UIKit #19): no calls.
        expect(r.lines.filter { $0.style == .callback }.isEmpty)
        expect(s.state.window.rootViewController == nil)
        expect(s.alive("X") && s.alive("Y"))
        expect(s.screen == ["Y"] && s.state.window.transitionViewCount == 1)
        expectEqual(Set(s.leaked), ["X", "Y"])
        expectEqual(s.run("swapRoot nil").status, .ignored)
    }

    @Test("UIKit #1, #6: setting the root to nil with nothing presented removes the root's view; the root is released")
    func fact6NoModal() {
        let s = launched("A")
        expectEqual(s.calls("swapRoot nil"), ["viewWillDisappear A", "viewDidDisappear A", "deinit A"])
        expect(s.screen == [] && s.state.window.rootViewController == nil)
        s.run("swapRoot B")
        expectEqual(s.screen, ["B"])
    }

    @Test("UIKit #4: swapping the root under a presentation leaves a UITransitionView with the presented view")
    func fact4() {
        let s = launched("X")
        s.run("present Y style=fullScreen")
        s.run("swapRoot Z")
        expectEqual(s.state.window.transitionViewCount, 1)
        expect(s.inWindow("Y"))        // still in the window…
        expectEqual(s.screen, ["Z"])      // …behind Z's view
        expectEqual(s.state.window.subviews, [.transitionView(presented: s.id("Y")), .rootView])
        expect(s.alive("X") && s.alive("Y"))
    }

    @Test("UIKit #5: dismissing first, then swapping in the completion, leaves a clean window")
    func fact5() {
        let s = launched("X")
        s.run("present Y style=fullScreen")
        s.run("dismiss X")       // each command runs to completion: the swap is in its completion
        s.run("swapRoot Z")
        expectEqual(s.state.window.transitionViewCount, 0)
        expectEqual(s.state.window.subviews, [.rootView])
        expect(!s.alive("X") && !s.alive("Y"))
    }

    @Test("UIKit #7: present the new root from the top, dismiss the old stack, then set the root: clean")
    func fact7() {
        let s = launched("Register", device: "iPhone iOS=12")
        s.run("present Nav(Welcome)")
        s.run("present Main")
        s.run("hold Main as closure")
        s.run("dismiss root")
        s.run("swapRoot Main")
        s.run("release Main")
        expectEqual(s.state.allocatedIDs.map { s.state[$0].name }, ["Main"])
        expectEqual(s.state.window.transitionViewCount, 0)
        expect(s.state.leaked().isEmpty)
    }

    @Test("UIKit #8: a permanent container swapping its children keeps the window clean")
    func fact8() {
        let s = launched("Root(Login)")
        s.run("present Done")
        s.run("dismiss Login")
        s.run("switch Main")
        expectEqual(s.vc("Root").children, [s.id("Main")])
        expect(!s.alive("Login") && !s.alive("Done"))
        expect(s.state.window.transitionViewCount == 0 && s.state.leaked().isEmpty)
    }

    @Test("UIKit #9: a full-screen presentation from a child falls back to a full-screen ancestor: the root")
    func fact9() {
        let s = launched("Root(Child)")
        s.run("present Modal on Child style=fullScreen")
        expectEqual(s.name(s.vc("Modal").presenter), "Root")
    }
}
