import Testing
@testable import NavLabCore

/// `show`, and what the user's finger does (UIKIT.md §2, §3, §5).
@Suite("show and swipes")
struct InteractiveTests {
    @Test("UIKit #23: show pushes inside a navigation controller and presents without one")
    func fact23() {
        let s = launched("Nav(A)")
        let r = s.run("show B")
        expectEqual(s.vc("B").parent, s.id("UINavigationController"))
        expectEqual(r.lines.first?.text.contains("pushes it (UIKit #23)"), true)
        let plain = launched("A")
        plain.run("show B")
        expectEqual(plain.presenting("B"), "A")
    }

    @Test("UIKit #23, #59: showDetail fills an expanded split view's secondary column; collapsed, it goes through show")
    func fact23Detail() {
        let s = launched("Split(Nav(Master), Detail)", device: "iPad iOS=17")
        s.run("showDetail Message on Master")
        expectEqual(s.vc("UISplitViewController").children.last, s.id("Message"))
        expect(!s.alive("Detail"))
        let compact = launched("Split(Nav(Master), Detail)", device: "iPhone iOS=17")
        compact.run("showDetail Message on Master")
        expectEqual(compact.vc("Message").parent, compact.id("UINavigationController"))
    }

    @Test("UIKit #59: showDetail of a navigation controller on a collapsed split view is not UIKit's push exception (UIKit nests it, as Xcode's Master-Detail template does): NavLab says it does not model that, and changes nothing")
    func fact59NestedDetail() {
        let s = launched("Split(Nav(Master), Nav(Detail))", device: "iPhone iOS=17")
        let before = s.state
        let error = s.fail("showDetail Nav(Message) on Master")
        expectEqual(error?.kind, .invalid)
        expectEqual(error?.message.contains("nests it inside the primary navigation controller, which NavLab does not model"), true)
        expectEqual(error?.message.contains("Pushing a navigation controller is not supported"), false)
        expectEqual(error?.suggestion?.contains("`device iPad`"), true)
        expect(s.state == before)
        // Expanded, the same line replaces the secondary column.
        let wide = launched("Split(Nav(Master), Nav(Detail))", device: "iPad iOS=17")
        wide.run("showDetail Nav(Message) on Master")
        expectEqual(wide.vc("UISplitViewController").children.last, wide.vc("Message").parent)
    }

    @Test("UIKit #23: showDetail of a new column that would contain the column it replaces, or the split view controller, is refused and changes nothing")
    func fact23DetailContainsItself() {
        let s = launched("Split(A, B)", device: "iPad iOS=17")
        expectEqual(s.fail("showDetail Nav(C, @B)")?.message.contains("being replaced"), true)
        let nested = launched("Root(Split(A, B))", device: "iPad iOS=17")
        expect(nested.fail("showDetail Nav(@Root) on A") != nil)
        expect(nested.fail("showDetail Nav(@UISplitViewController) on A") != nil)
    }

    @Test("UIKit #24, #37: swiping a sheet down calls ShouldDismiss, WillDismiss, the sheet disappears, DidDismiss; only the sheet is deinited")
    func fact24() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        expectEqual(s.calls("swipe down"), [
            "presentationControllerShouldDismiss(_:) B", "presentationControllerWillDismiss(_:) B",
            "viewWillDisappear B", "viewDidDisappear B", "presentationControllerDidDismiss(_:) B", "deinit B",
        ])
        expect(s.inWindow("A") && !s.alive("B"))
    }

    @Test("UIKit #37: an abandoned swipe: viewWillDisappear, then the sheet appears again, never viewDidDisappear")
    func fact37() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        expectEqual(s.calls("swipe down cancel"), [
            "presentationControllerShouldDismiss(_:) B", "presentationControllerWillDismiss(_:) B",
            "viewWillDisappear B", "viewWillAppear B", "viewIsAppearing B", "viewDidAppear B",
        ])
        expectEqual(s.presented("A"), "B")
    }

    @Test("UIKit #24: isModalInPresentation blocks the swipe; the delegate hears presentationControllerDidAttemptToDismiss")
    func fact24Modal() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        s.run("set B isModalInPresentation=yes")
        expectEqual(s.calls("swipe down"), ["presentationControllerDidAttemptToDismiss(_:) B"])
        expectEqual(s.presented("A"), "B")
    }

    @Test("UIKit #25: a programmatic dismiss dismisses the sheet and calls no presentation-controller delegate method")
    func fact25() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        // Only the sheet's own disappearance (the presenter stays in the window, UIKit #68).
        expectEqual(s.calls("dismiss"), ["viewWillDisappear B", "viewDidDisappear B", "deinit B"])
        expect(s.presented("A") == nil && !s.alive("B"))
        expectEqual(s.screen, ["A"])
    }

    @Test("Only iOS 13+ card sheets can be swiped down", arguments: [("iPhone iOS=12", "pageSheet"), ("iPhone iOS=17", "fullScreen")])
    func notACard(device: String, style: String) {
        let s = launched("A", device: device)
        s.run("present B style=\(style)")
        expectEqual(s.run("swipe down").status, .ignored)
    }

    @Test("UIKit #65: an abandoned edge swipe: Current.willDisappear, New.willAppear, New.willDisappear, New.didDisappear, Current.willAppear, Current.didAppear")
    func fact65() {
        let s = launched("Nav(A)", device: "iPhone iOS=12")
        s.run("push B")
        expectEqual(s.calls("swipe back cancel"), [
            "viewWillDisappear B", "viewWillAppear A", "viewWillDisappear A", "viewDidDisappear A", "viewWillAppear B", "viewDidAppear B",
        ])
        expectEqual(s.top, "B")
        expect(s.calls("swipe back").contains("deinit B"))
        expectEqual(s.top, "A")
    }

    @Test("UIKit #251: the back swipe is a pop from its start: isMovingFromParent in viewWillDisappear, also when the swipe is abandoned")
    func fact251() {
        let s = launched("Nav(Wallet)", device: "iPhone iOS=15")
        s.run("push Token")
        s.run("log flags=on")
        // Abandoned: the leaving view controller already read isMovingFromParent; the calls
        // that bring it back carry no flag, and it stays on the stack (AlphaWallet PR #5146).
        expectEqual(s.calls("swipe back cancel"), [
            "viewWillDisappear Token — isMovingFromParent", "viewWillAppear Wallet", "viewWillDisappear Wallet", "viewDidDisappear Wallet",
            "viewWillAppear Token", "viewDidAppear Token",
        ])
        expectEqual(s.top, "Token")
        // Completed, and the back button: the same flag, and the pop's own calls.
        expect(s.calls("swipe back").contains("viewWillDisappear Token — isMovingFromParent"))
        s.run("push Token2")
        expect(s.calls("pop").contains("viewWillDisappear Token2 — isMovingFromParent"))
        // Without flags=on the abandoned swipe's lines are those of UIKit #65.
        s.run("log flags=off")
        s.run("push Token3")
        expectEqual(s.calls("swipe back cancel").first, "viewWillDisappear Token3")
    }

    @Test("UIKit #192: a cancelled zoom pop: viewWillDisappear then viewDidAppear, no second viewWillAppear")
    func fact192() {
        let s = launched("Nav(Grid)", device: "iPhone iOS=18")
        s.run("class Photo preferredTransition=zoom")
        s.run("push Photo")
        let calls = s.calls("swipe back cancel")
        expectEqual(calls, ["viewWillDisappear Photo", "viewWillAppear Grid", "viewWillDisappear Grid", "viewDidDisappear Grid", "viewDidAppear Photo"])
        expect(!calls.contains("viewWillAppear Photo"))
        expect(s.top == "Photo" && s.inWindow("Photo"))
        // Without the zoom transition, the abandoned edge swipe of UIKit #65.
        let plain = launched("Nav(Grid)", device: "iPhone iOS=18")
        plain.run("push Photo")
        expect(plain.calls("swipe back cancel").contains("viewWillAppear Photo"))
    }

    @Test("UIKit #192: a zoom-presented view controller is dragged down whatever its style")
    func fact192Present() {
        let s = launched("Grid", device: "iPhone iOS=18")
        s.run("class Photo preferredTransition=zoom")
        s.run("present Photo style=fullScreen animated")
        expectEqual(s.calls("swipe down cancel"), ["viewWillDisappear Photo", "viewDidAppear Photo"])
        expectEqual(s.presented("Grid"), "Photo")
        expect(s.calls("swipe down").contains("deinit Photo"))
        expect(s.presented("Grid") == nil)
        // A full-screen presentation without it cannot be swiped down.
        let plain = launched("Grid", device: "iPhone iOS=18")
        plain.run("present Photo style=fullScreen")
        expectEqual(plain.run("swipe down").status, .ignored)
    }

    @Test("UIKit #192: preferredTransition=zoom is refused before iOS 18")
    func fact192Refused() {
        let s = launched("Nav(Grid)", device: "iPhone iOS=17")
        expectEqual(s.fail("class Photo preferredTransition=zoom")?.message.contains("iOS 18"), true)
        expect(s.fail("class Photo preferredTransition=fade") != nil)
        // Declared for iOS 18, then run on 17: the push says so.
        let later = Sim("class Photo preferredTransition=zoom", "device iPhone iOS=17", "initial Nav(Grid)", "launch")
        expectEqual(later.fail("push Photo")?.message.contains("iOS 18"), true)
    }

    @Test("UIKit #193: a zoom push interrupted in the same turn completes, then pops, without nested-transition warnings")
    func fact193() {
        let s = launched("Nav(Grid)", device: "iPhone iOS=18")
        s.run("class Photo preferredTransition=zoom")
        let r = s.run("push Photo; swipe back")
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        // The push's whole appearance, then the pop's.
        let didAppear = calls.firstIndex(of: "viewDidAppear Photo"), willDisappear = calls.firstIndex(of: "viewWillDisappear Photo")
        expect(didAppear != nil && willDisappear != nil && didAppear! < willDisappear!)
        expect(calls.contains("viewIsAppearing Photo") && calls.contains("viewDidDisappear Photo"))
        expect(r.lines.filter { $0.style == .warning }.isEmpty)
        expect(r.text.contains("not cancelled"))
        expectEqual(s.top, "Grid")
        // A plain push and an immediate pop warn (UIKit #97, #98).
        let plain = launched("Nav(Grid)", device: "iPhone iOS=18")
        expect(!plain.run("push Photo; pop").lines.filter { $0.style == .warning }.isEmpty)
    }

    @Test("UIKit #193: an interrupted zoom push whose pop is cancelled ends appeared")
    func fact193Cancel() {
        let s = launched("Nav(Grid)", device: "iPhone iOS=18")
        s.run("class Photo preferredTransition=zoom")
        let r = s.run("push Photo; swipe back cancel")
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        expectEqual(calls.last, "viewDidAppear Photo")
        expectEqual(s.top, "Photo")
        expect(r.lines.filter { $0.style == .warning }.isEmpty)
    }

    @Test("UIKit #193, #97: a zoom view controller uncovered by a pop still animating was not pushed in this turn: on iOS 18 the swipe is a nested pop, with #97's warnings, not #193's completed push")
    func fact193OnlyForAPushInThisTurn() {
        let s = launched("Nav(Grid)", device: "iPhone iOS=18")
        s.run("class Photo preferredTransition=zoom")
        s.run("push Photo")
        s.run("push Detail")
        let r = s.run("pop; swipe back")
        expect(!r.text.contains("not cancelled"), "\(r.text)")
        expect(r.lines.filter { $0.style == .warning }.map(\.text).contains("warning: nested pop animation can result in a corrupted navigation bar"))
        expectEqual(s.top, "Grid")
        // The same uncovered zoom view controller on iOS 26 follows UIKit #216.
        let new = launched("Nav(Grid)", device: "iPhone iOS=26")
        new.run("class Photo preferredTransition=zoom")
        new.run("push Photo")
        new.run("push Detail")
        let r26 = new.run("pop; swipe back")
        expect(!r26.text.contains("not cancelled") && r26.text.contains("UIKit #216"), "\(r26.text)")
        expect(r26.lines.filter { $0.style == .warning }.isEmpty)
    }

    @Test("UIKit #194: the content swipe back pops on iOS 26 and is refused before")
    func fact194() {
        let s = launched("Nav(A)", device: "iPhone iOS=26")
        s.run("push B")
        let edge = launched("Nav(A)", device: "iPhone iOS=26")
        edge.run("push B")
        expectEqual(s.calls("swipe content cancel"), edge.calls("swipe back cancel"))
        expect(s.calls("swipe content").contains("deinit B"))
        expectEqual(s.top, "A")
        let old = launched("Nav(A)", device: "iPhone iOS=18")
        old.run("push B")
        expectEqual(old.fail("swipe content")?.message.contains("iOS 26"), true)
    }
    @Test("UIKit #216: on iOS 26 the user's swipe back during a push completes the push, then pops in the same turn, without warnings; on iOS 18 the same line warns",
          arguments: [18, 26])
    func fact216PushThenSwipe(ios: Int) {
        let s = launched("Nav(A)", device: "iPhone iOS=\(ios)")
        let r = s.run("push X; swipe back")
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        let warnings = r.lines.filter { $0.style == .warning }
        expectEqual(s.top, "A")
        expect(!s.alive("X"))
        if ios >= 26 {
            expect(warnings.isEmpty)
            // X's whole appearance, then its pop.
            let didAppear = calls.firstIndex(of: "viewDidAppear X"), willDisappear = calls.firstIndex(of: "viewWillDisappear X")
            expect(didAppear != nil && willDisappear != nil && didAppear! < willDisappear!)
            expect(calls.firstIndex(of: "didMove(toParent: UINavigationController) X")! < willDisappear!)
            expectEqual(calls.last, "deinit X")
            expect(r.text.contains("UIKit #216"))
        } else {
            // Before iOS 26 the swipe's pop is a nested pop (UIKit #97).
            expectEqual(warnings.first?.text.contains("nested pop animation can result in a corrupted navigation bar"), true)
            expect(!r.text.contains("UIKit #216"))
        }
    }

    @Test("UIKit #216: on iOS 26 `pop; swipe back` pops two screens in one turn: the first pop completes, then the second runs")
    func fact216TwoPops() {
        let s = launched("Nav(A, B, C)", device: "iPhone iOS=26")
        let r0 = s.run("pop; swipe back")
        // B and A were never on screen: their views load as they appear (not what is checked here).
        let calls = r0.lines.filter { $0.style == .callback }.map(\.text).filter { !$0.hasPrefix("loadView") && !$0.hasPrefix("viewDidLoad") }
        expect(r0.lines.filter { $0.style == .warning }.isEmpty)
        expectEqual(s.top, "A")
        expect(!s.alive("B") && !s.alive("C"))
        expectEqual(calls, ["willMove(toParent: nil) C", "viewWillDisappear C", "viewWillAppear B", "viewIsAppearing B",
                          "viewDidDisappear C", "viewDidAppear B", "didMove(toParent: nil) C", "deinit C",
                          "willMove(toParent: nil) B", "viewWillDisappear B", "viewWillAppear A", "viewIsAppearing A",
                          "viewDidDisappear B", "viewDidAppear A", "didMove(toParent: nil) B", "deinit B"])
        // The content swipe (UIKit #194) is the user's pop too.
        let c = launched("Nav(A, B, C)", device: "iPhone iOS=26")
        let r = c.run("pop; swipe content")
        expect(r.lines.filter { $0.style == .warning }.isEmpty)
        expectEqual(c.top, "A")
    }

    @Test("UIKit #216: on iOS 26 a cancelled swipe during a push completes the push and ends appeared, as the abandoned edge swipe")
    func fact216Cancel() {
        let s = launched("Nav(A)", device: "iPhone iOS=26")
        let r = s.run("push X; swipe back cancel")
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        expect(r.lines.filter { $0.style == .warning }.isEmpty)
        expectEqual(s.top, "X")
        expectEqual(calls.last, "viewDidAppear X")
        expectEqual(calls.filter { $0 == "viewDidAppear X" }.count, 2)
        // The abandoned swipe's calls come after the push's whole appearance (UIKit #65).
        let first = calls.firstIndex(of: "viewDidAppear X")!
        expectEqual(Array(calls[(first + 2)...]), ["viewWillDisappear X", "viewWillAppear A", "viewWillDisappear A", "viewDidDisappear A",
                                              "viewWillAppear X", "viewDidAppear X"])
    }

    @Test("UIKit #216: code's `pop; pop` and `push; pop` still warn on iOS 26: only the user's pop is let through")
    func fact216CodeStillWarns() {
        let s = launched("Nav(A, B, C)", device: "iPhone iOS=26")
        expectEqual(s.warnings("pop; pop").first, "nested pop animation can result in a corrupted navigation bar")
        let t = launched("Nav(A)", device: "iPhone iOS=26")
        expectEqual(t.warnings("push X; pop").first, "nested pop animation can result in a corrupted navigation bar")
    }
}
