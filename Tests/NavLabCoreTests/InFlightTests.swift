import Testing
@testable import NavLabCore

/// Transitions in flight: `A; B` runs both commands in one run-loop turn, so B starts while
/// A's animation is still running (UIKIT.md §3, §4, §7).
@Suite("In-flight transitions (one run-loop turn)")
struct InFlightTests {
    @Test("UIKit #91: presenting while a presentation is in progress is refused with UIKit's warning", arguments: [(17, true), (12, false)])
    func fact91(ios: Int, modern: Bool) {
        let s = launched("A", device: "iPhone iOS=\(ios)")
        let r = s.run("present B animated; present C on A")
        expect(r.lines.contains { $0.style == .ignored && $0.text.contains("present C") })
        let expected = modern
            ? "warning: [Presentation] Attempt to present <App.C: 0x7f9a00003000> on <App.A: 0x7f9a00001000> (from <App.A: 0x7f9a00001000>) while a presentation is in progress."
            : "warning: Warning: Attempt to present <App.C: 0x7f9a00003000> on <App.A: 0x7f9a00001000> while a presentation is in progress!"
        expect(r.lines.contains { $0.text == expected })
        expect(s.presented("A") == "B" && !s.alive("C"))
    }

    @Test("UIKit #35, #94: a dismiss during a presentation is ignored with UIKit's warning")
    func fact94() {
        let s = launched("A")
        let r = s.run("present B animated; dismiss")
        expect(r.lines.contains { $0.text == "warning: Warning: Attempt to dismiss from view controller <App.A: 0x7f9a00001000> while a presentation or dismiss is in progress!" })
        expectEqual(s.presented("A"), "B")
    }

    @Test("UIKit #97, #169: a push during a push animates a nested push and warns; before iOS 13 the turn ends in an unexpected state, from 13 the bar reports the clash", arguments: [(17, "a corrupted"), (13, "a corrupted"), (12, "corrupted")])
    func fact97(ios: Int, wording: String) {
        let s = launched("Nav(A)", device: "iPhone iOS=\(ios)")
        let r = s.run("push B; push C")
        let finishing = "warning: Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."
        let bar = "warning: Attempting to begin a transition on navigation bar (<UINavigationBar: 0x7f9c00002000>) while a transition is in progress."
        expectEqual(r.lines.filter { $0.style == .warning }.map(\.text), [
            "warning: nested push animation can result in \(wording) navigation bar", ios >= 13 ? bar : finishing,
        ])
        if ios < 13 { expectEqual(r.lines.last?.text, finishing) }
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A", "B", "C"])
        let pops = s.run("pop; pop")
        // The iOS 13+ bar spells the pop message with "a" too (UIKit #169).
        expectEqual(pops.lines.filter { $0.style == .warning }.map(\.text), [
            "warning: nested pop animation can result in \(wording) navigation bar", ios >= 13 ? bar : finishing,
        ])
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A"])
    }

    @Test("Without animation there is nothing in flight, so no warning")
    func notAnimated() {
        let s = launched("Nav(A)")
        let r = s.run("push B animated=no; push C")
        expect(!r.lines.contains { $0.style == .warning })
    }

    @Test("UIKit #54, #98: setViewControllers right after a push of the same navigation controller is applied once the push has completed, with no warning")
    func fact98() {
        let s = launched("Nav(A)")
        let r = s.run("push B; setViewControllers @A, C")
        expect(!r.lines.contains { $0.style == .warning })
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A", "C"])
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        // B's push ends before the new stack's transition begins.
        let pushed = calls.firstIndex(of: "didMove(toParent: UINavigationController) B"), replaced = calls.firstIndex(of: "willMove(toParent: UINavigationController) C")
        expect(pushed != nil && replaced != nil && pushed! < replaced!, "\(calls)")
    }

    @Test("UIKit #237: an animated push, pop or setViewControllers asked while a presentation or dismissal involving the navigation controller animates is dropped with UIKit's message (no colon; the iOS 26 selector for push and pop); without animation it goes ahead", arguments: [8, 17, 26])
    func fact237(ios: Int) {
        let s = launched("Nav(A)", device: "iPhone iOS=\(ios)")
        let r = s.run("present Alert style=overFullScreen animated; push C on UINavigationController")
        let selector = ios >= 26 ? "_applyViewControllers:transition:animated:operation:rescheduleBlock:" : "pushViewController:animated:"
        expect(r.lines.contains { $0.text == "warning: \(selector) called on <UINavigationController 0x7f9a00002000> while an existing transition or presentation is occurring; the navigation stack will not be updated." }, "\(r.text)")
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A"])
        s.run("dismiss")
        let d = s.run("present Alert style=overFullScreen animated; setViewControllers @A, C on UINavigationController animated")
        expect(d.lines.contains { $0.text.hasPrefix("warning: setViewControllers:animated: called on <UINavigationController 0x7f9a00002000>") }, "\(d.text)")
        s.run("dismiss")
        let quiet = s.run("present Alert style=overFullScreen animated; push C on UINavigationController animated=no")
        expect(!quiet.lines.contains { $0.style == .warning }, "\(quiet.text)")
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A", "C"])
    }

    @Test("UIKit #95: an end with no begin is unbalanced")
    func fact95() {
        let s = launched("A")
        let r = s.run("endAppearanceTransition A")
        expect(r.lines.contains { $0.text == "warning: Unbalanced calls to begin/end appearance transitions for <App.A: 0x7f9a00001000>." })
    }

    @Test("In a turn, each animation's did-callbacks come when the turn ends")
    func deferredDid() {
        let s = launched("Nav(A)", device: "iPhone iOS=12")
        let calls = s.calls("present Modal style=fullScreen animated; push B on UINavigationController animated=no")
        let didAppearModal = calls.firstIndex(of: "viewDidAppear Modal")!
        let pushStart = calls.firstIndex(of: "willMove(toParent: UINavigationController) B")!
        expect(pushStart < didAppearModal)
    }

    @Test("A failing command fails the whole line and changes nothing; undo takes the whole line back")
    func atomicLine() {
        let s = launched("Nav(A)")
        let before = s.state
        expect(s.fail("push B; push @A") != nil)
        expectEqual(s.state, before)
        s.run("push B; push C")
        s.run("undo")
        expectEqual(s.state, before)
        expectEqual(s.fail("push B; tree")?.message.contains("cannot"), true)
    }

    @Test("UIKit #234: presenting on a view controller whose animated dismissal began in the turn is refused, not in the window hierarchy; it is released when the turn ends", arguments: [9, 17])
    func fact234(ios: Int) {
        let s = launched("A", device: "iPhone iOS=\(ios)")
        s.run("present B animated")
        let r = s.run("dismiss B animated; present C on B")
        expect(r.lines.contains { $0.style == .ignored && $0.text.contains("present C on B") })
        let warning = ios >= 14
            ? "warning: [Presentation] Attempt to present <App.C: 0x7f9a00003000> on <App.B: 0x7f9a00002000> (from <App.B: 0x7f9a00002000>) whose view is not in the window hierarchy."
            : "warning: Warning: Attempt to present <App.C: 0x7f9a00003000> on <App.B: 0x7f9a00002000> whose view is not in the window hierarchy!"
        expect(r.lines.contains { $0.text == warning }, "\(r.text)")
        // B lived through the turn and goes with it.
        expectEqual(r.lines.last?.text, "deinit B")
        expect(!s.alive("B") && !s.alive("C") && s.presented("A") == nil)
        // Asked of the presenter that is dismissing: fact 91's refusal.
        s.run("present B animated")
        let onPresenter = s.run("dismiss animated; present C on A")
        expect(onPresenter.lines.contains { $0.text.contains("while a presentation is in progress") })
    }

    @Test("UIKit #238: two tab switches in one turn run one after the other, before and from iOS 18", arguments: [12, 17, 18])
    func fact238(ios: Int) {
        let s = launched("Tab(A, B, C)", device: "iPhone iOS=\(ios)")
        let calls = s.appearance("select UITabBarController 1; select UITabBarController 2")
        let first = ["viewWillAppear B", "viewWillDisappear A"] + (ios >= 13 ? ["viewIsAppearing B"] : []) + ["viewDidDisappear A", "viewDidAppear B"]
        let second = ["viewWillAppear C", "viewWillDisappear B"] + (ios >= 13 ? ["viewIsAppearing C"] : []) + ["viewDidDisappear B", "viewDidAppear C"]
        expectEqual(calls, first + second)
        expectEqual(s.vc("UITabBarController").selectedIndex, 2)
    }
}
