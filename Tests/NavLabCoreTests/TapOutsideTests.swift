import Testing
@testable import NavLabCore
import NavLabCommands

/// The user's tap outside a popover or an iPad sheet (`tapOutside`).
@Suite("Tapping outside a presentation")
struct TapOutsideTests {
    @Test("UIKit #225: a tap outside an iPad popover (iOS 13+): ShouldDismiss, WillDismiss, the popover disappears, DidDismiss, deinit; the presenter gets nothing")
    func factT5Popover() {
        let s = launched("A", device: "iPad iOS=17")
        s.run("present P style=popover")
        expectEqual(s.calls("tapOutside"), ["presentationControllerShouldDismiss(_:) P", "presentationControllerWillDismiss(_:) P",
                                            "viewWillDisappear P", "viewDidDisappear P", "presentationControllerDidDismiss(_:) P", "deinit P"])
        expectEqual(s.presented("A"), nil)
        // Naming the popover, or a view controller inside it, taps outside it too.
        s.run("present Nav(Q) style=popover")
        expect(s.calls("tapOutside Q").contains("presentationControllerDidDismiss(_:) UINavigationController"))
        // The code's dismiss tells the delegate nothing (UIKit #25).
        s.run("present R style=popover")
        expect(!s.calls("dismiss").contains { $0.hasPrefix("presentationController") })
    }

    @Test("UIKit #225: before iOS 13 the popover delegate hears popoverPresentationControllerShouldDismissPopover and DidDismissPopover, no WillDismiss")
    func factT5PopoverBefore13() {
        let s = launched("A", device: "iPad iOS=12")
        s.run("present P style=popover")
        expectEqual(s.calls("tapOutside"), ["popoverPresentationControllerShouldDismissPopover(_:) P", "viewWillDisappear P", "viewDidDisappear P",
                                            "popoverPresentationControllerDidDismissPopover(_:) P", "deinit P"])
    }

    @Test("UIKit #225: an iPad sheet is dismissed by a tap outside from iOS 13, with the calls of the swipe down (UIKit #24); before iOS 13 it stays",
          arguments: ["formSheet", "pageSheet"])
    func factT5Sheets(style: String) {
        let s = launched("A", device: "iPad iOS=13")
        s.run("present B style=\(style)")
        let swipe = launched("A", device: "iPad iOS=13")
        swipe.run("present B style=\(style)")
        expectEqual(s.calls("tapOutside"), swipe.calls("swipe down"))
        expect(!s.alive("B"))
        let old = launched("A", device: "iPad iOS=11")
        old.run("present B style=\(style)")
        let r = old.run("tapOutside")
        expectEqual(r.status, .ignored)
        expectEqual(old.presented("A"), "B")
    }

    @Test("UIKit #225: on an iPhone, outside full-screen styles and while a presentation is animating, the tap does nothing")
    func factT5Ignored() {
        let phone = launched("A", device: "iPhone iOS=17")
        phone.run("present P style=popover")
        let r = phone.run("tapOutside")
        expectEqual(r.status, .ignored)
        expect(r.text.contains("UIKit #171"))
        let full = launched("A", device: "iPad iOS=17")
        full.run("present F style=fullScreen")
        expectEqual(full.run("tapOutside").status, .ignored)
        // The tap on a popover still animating in, and a second tap on one already going.
        let turn = launched("A", device: "iPad iOS=17")
        turn.run("present P style=popover animated; tapOutside")
        expectEqual(turn.presented("A"), "P")
        let twice = launched("A", device: "iPad iOS=17")
        twice.run("present Box style=fullScreen")
        twice.run("present P style=popover")
        twice.run("tapOutside; tapOutside")
        expectEqual(twice.presented("A"), "Box")
        // Only the front-most presentation's dimming view can be tapped; nothing presented is an error.
        let nested = launched("A", device: "iPad iOS=17")
        nested.run("present P style=popover")
        nested.run("present Q on P style=popover")
        expectEqual(nested.fail("tapOutside P")?.message.contains("presented over"), true)
        expectEqual(launched("A", device: "iPad iOS=17").fail("tapOutside")?.message.contains("not in a presented"), true)
    }

    @Test("UIKit #226: isModalInPresentation keeps a popover without asking the delegate, and a sheet with presentationControllerDidAttemptToDismiss")
    func factT6Modal() {
        let s = launched("A", device: "iPad iOS=26")
        s.run("present P style=popover")
        s.run("set P isModalInPresentation=yes")
        let r = s.run("tapOutside")
        expectEqual(r.status, .ignored)
        expect(!r.text.contains("presentationController"))
        expectEqual(s.presented("A"), "P")
        let sheet = launched("A", device: "iPad iOS=26")
        sheet.run("present B style=formSheet")
        sheet.run("set B isModalInPresentation=yes")
        expectEqual(sheet.calls("tapOutside"), ["presentationControllerDidAttemptToDismiss(_:) B"])
        expectEqual(sheet.presented("A"), "B")
    }

    @Test("UIKit #226: a delegate answering false from shouldDismiss keeps the popover (no other call) and the sheet (DidAttemptToDismiss), for a tap and a swipe")
    func factT6Delegate() {
        let s = launched("A", device: "iPad iOS=17")
        s.run("class P shouldDismiss=no")
        s.run("present P style=popover")
        expectEqual(s.calls("tapOutside"), ["presentationControllerShouldDismiss(_:) P"])
        expectEqual(s.presented("A"), "P")
        let old = launched("A", device: "iPad iOS=12")
        old.run("present P style=popover")
        old.run("set P shouldDismiss=no")
        expectEqual(old.calls("tapOutside"), ["popoverPresentationControllerShouldDismissPopover(_:) P"])
        let sheet = launched("A", device: "iPad iOS=17")
        sheet.run("present B style=formSheet")
        sheet.run("set B shouldDismiss=no")
        let refused = ["presentationControllerShouldDismiss(_:) B", "presentationControllerDidAttemptToDismiss(_:) B"]
        expectEqual(sheet.calls("tapOutside"), refused)
        expectEqual(sheet.calls("swipe down"), refused)
        expectEqual(sheet.presented("A"), "B")
        let phone = launched("A", device: "iPhone iOS=17")
        phone.run("present B style=pageSheet")
        phone.run("set B shouldDismiss=no")
        expectEqual(phone.calls("swipe down"), refused)
    }
}
