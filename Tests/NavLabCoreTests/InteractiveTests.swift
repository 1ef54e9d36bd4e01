import Testing
@testable import NavLabCore

/// `show`, and what the user's finger does (UIKIT.md §2, §3, §5).
@Suite("show and swipes")
struct InteractiveTests {
    @Test("UIKit #23: show pushes inside a navigation controller and presents without one")
    func fact23() {
        let s = launched("Nav(A)")
        let r = s.run("show B")
        #expect(s.vc("B").parent == s.id("UINavigationController"))
        #expect(r.lines.first?.text.contains("pushes it (UIKit #23)") == true)
        let plain = launched("A")
        plain.run("show B")
        #expect(plain.presenting("B") == "A")
    }

    @Test("UIKit #23, #59: showDetail fills an expanded split view's secondary column; collapsed, it goes through show")
    func fact23Detail() {
        let s = launched("Split(Nav(Master), Detail)", device: "iPad iOS=17")
        s.run("showDetail Message on Master")
        #expect(s.vc("UISplitViewController").children.last == s.id("Message"))
        #expect(!s.alive("Detail"))
        let compact = launched("Split(Nav(Master), Detail)", device: "iPhone iOS=17")
        compact.run("showDetail Message on Master")
        #expect(compact.vc("Message").parent == compact.id("UINavigationController"))
    }

    @Test("UIKit #24, #37: swiping a sheet down calls ShouldDismiss, WillDismiss, the sheet disappears, DidDismiss; only the sheet is deinited")
    func fact24() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        #expect(s.calls("swipe down") == [
            "presentationControllerShouldDismiss(_:) B", "presentationControllerWillDismiss(_:) B",
            "viewWillDisappear B", "viewDidDisappear B", "presentationControllerDidDismiss(_:) B", "deinit B",
        ])
        #expect(s.inWindow("A") && !s.alive("B"))
    }

    @Test("UIKit #37: an abandoned swipe: viewWillDisappear, then the sheet appears again, never viewDidDisappear")
    func fact37() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        #expect(s.calls("swipe down cancel") == [
            "presentationControllerShouldDismiss(_:) B", "presentationControllerWillDismiss(_:) B",
            "viewWillDisappear B", "viewWillAppear B", "viewIsAppearing B", "viewDidAppear B",
        ])
        #expect(s.presented("A") == "B")
    }

    @Test("UIKit #24: isModalInPresentation blocks the swipe; the delegate hears presentationControllerDidAttemptToDismiss")
    func fact24Modal() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        s.run("set B isModalInPresentation=yes")
        #expect(s.calls("swipe down") == ["presentationControllerDidAttemptToDismiss(_:) B"])
        #expect(s.presented("A") == "B")
    }

    @Test("UIKit #25: a programmatic dismiss dismisses the sheet and calls no presentation-controller delegate method")
    func fact25() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=pageSheet")
        // Only the sheet's own disappearance (the presenter stays in the window, UIKit #68).
        #expect(s.calls("dismiss") == ["viewWillDisappear B", "viewDidDisappear B", "deinit B"])
        #expect(s.presented("A") == nil && !s.alive("B"))
        #expect(s.screen == ["A"])
    }

    @Test("Only iOS 13+ card sheets can be swiped down", arguments: [("iPhone iOS=12", "pageSheet"), ("iPhone iOS=17", "fullScreen")])
    func notACard(device: String, style: String) {
        let s = launched("A", device: device)
        s.run("present B style=\(style)")
        #expect(s.run("swipe down").status == .ignored)
    }

    @Test("UIKit #65: an abandoned edge swipe: Current.willDisappear, New.willAppear, New.willDisappear, New.didDisappear, Current.willAppear, Current.didAppear")
    func fact65() {
        let s = launched("Nav(A)", device: "iPhone iOS=12")
        s.run("push B")
        #expect(s.calls("swipe back cancel") == [
            "viewWillDisappear B", "viewWillAppear A", "viewWillDisappear A", "viewDidDisappear A", "viewWillAppear B", "viewDidAppear B",
        ])
        #expect(s.top == "B")
        #expect(s.calls("swipe back").contains("deinit B"))
        #expect(s.top == "A")
    }
}
