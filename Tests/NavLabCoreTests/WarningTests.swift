import Testing
@testable import NavLabCore

/// UIKIT.md §7: warnings and exceptions, in UIKit's words.
@Suite("§7 Warnings and exceptions")
struct WarningTests {
    @Test("UIKit #89: already presenting, old format (before iOS 14)")
    func fact89() {
        let s = launched("A", device: "iPhone iOS=12")
        s.run("present B")
        s.run("hold A")
        s.run("present C on B style=overFullScreen")
        let w = s.warnings("present D on B")
        expectEqual(w, ["Warning: Attempt to present <App.D: 0x7f9a00004000> on <App.B: 0x7f9a00002000> which is already presenting <App.C: 0x7f9a00003000>"])
    }

    @Test("UIKit #90: already presenting, modern format names the real presenter and the VC called (iOS 14+)")
    func fact90() {
        let s = launched("Nav(A)", device: "iPhone iOS=17")
        s.run("present B")
        let w = s.warnings("present C on A")
        expectEqual(w, ["[Presentation] Attempt to present <App.C: 0x7f9a00004000> on <UINavigationController: 0x7f9a00002000> (from <App.A: 0x7f9a00001000>) which is already presenting <App.B: 0x7f9a00003000>."])
    }

    @Test("UIKit #92: not in the window, old format")
    func fact92() {
        let s = launched("A", device: "iPhone iOS=12")
        s.run("present B")
        expectEqual(s.warnings("present C on A"), ["Warning: Attempt to present <App.C: 0x7f9a00003000> on <App.A: 0x7f9a00001000> whose view is not in the window hierarchy!"])
    }

    @Test("UIKit #93: not in the window, modern format")
    func fact93() {
        let s = launched("A", device: "iPhone iOS=18")
        s.run("present B style=fullScreen")
        expectEqual(s.warnings("present C on A"), ["[Presentation] Attempt to present <App.C: 0x7f9a00003000> on <App.A: 0x7f9a00001000> (from <App.A: 0x7f9a00001000>) whose view is not in the window hierarchy."])
    }

    @Test("UIKit #96, #236: detached presenter warning, in the words of each iOS", arguments: [12, 15, 18])
    func fact96Detached(ios: Int) {
        let s = launched("A", device: "iPhone iOS=\(ios)")
        s.run("present B style=overFullScreen")
        s.run("swapRoot C")
        // B's view is still in the window (its transition view), but B is not in C's hierarchy.
        let r = s.run("present D on B")
        expectEqual(r.status, .done)
        let expected = ios < 14 ? "Presenting view controllers on detached view controllers is discouraged <App.B: 0x7f9a00002000>."
            : ios < 17 ? "[Presentation] Presenting view controller <App.D: 0x7f9a00004000> from detached view controller <App.B: 0x7f9a00002000> is discouraged."
            : "Presenting view controller <App.D: 0x7f9a00004000> from detached view controller <App.B: 0x7f9a00002000> is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure <App.B: 0x7f9a00002000> is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release."
        expectEqual(r.lines.first { $0.style == .warning }?.text, "warning: " + expected)
    }

    @Test("UIKit #99: pushing the same instance twice raises NSInvalidArgumentException")
    func fact99() {
        let s = launched("Nav(A)")
        s.run("push B")
        let e = s.fail("push @B")
        expect(e?.kind == .exception && e?.exceptionName == "NSInvalidArgumentException")
        expectEqual(e?.message, "Pushing the same view controller instance more than once is not supported (<App.B: 0x7f9a00003000>)")
    }

    @Test("UIKit #101: re-presenting a presented VC raises; presenting an active one too")
    func fact101() {
        let s = launched("A")
        s.run("present B style=overFullScreen")
        let e = s.fail("present @B on A")
        expectEqual(e?.message, "Application tried to present modally a view controller <App.B: 0x7f9a00002000> that is already being presented by <App.A: 0x7f9a00001000>.")
        let active = s.fail("present @A on B")
        expectEqual(active?.message, "Application tried to present modally an active controller <App.A: 0x7f9a00001000>.")
    }
}
