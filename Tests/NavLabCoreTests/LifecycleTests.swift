import Testing
@testable import NavLabCore

/// UIKIT.md §5: lifecycle callback order per operation.
@Suite("§5 Lifecycle order")
struct LifecycleTests {
    @Test("UIKit #61: the view loads lazily, once; viewDidLoad is not called again on re-appearance")
    func fact61() {
        let s = launched("Nav(A)")
        expect(s.calls("push B").contains("viewDidLoad B"))
        let again = launched("Tab(A, B)")
        again.run("select UITabBarController 1")
        expect(!again.calls("select UITabBarController 0").contains("viewDidLoad A"))
    }

    @Test("UIKit #62: viewIsAppearing comes after viewWillAppear and before viewDidAppear, from iOS 13",
          arguments: [(12, false), (13, true), (18, true)])
    func fact62(ios: Int, has: Bool) {
        let s = launched("Nav(A)", device: "iPhone iOS=\(ios)")
        let calls = s.appearance("push B")
        expectEqual(calls.contains("viewIsAppearing B"), has)
        if has {
            expect(calls.firstIndex(of: "viewWillAppear B")! < calls.firstIndex(of: "viewIsAppearing B")!)
            expect(calls.firstIndex(of: "viewIsAppearing B")! < calls.firstIndex(of: "viewDidAppear B")!)
        }
    }

    @Test("UIKit #63: push A→B calls B.willMove, B loads, A.willDisappear, B.willAppear, A.didDisappear, B.didAppear, B.didMove")
    func fact63() {
        let s = launched("Nav(A)", device: "iPhone iOS=12")
        expectEqual(s.calls("push B"), [
            "willMove(toParent: UINavigationController) B", "loadView B", "viewDidLoad B",
            "viewWillDisappear A", "viewWillAppear B", "viewDidDisappear A", "viewDidAppear B",
            "didMove(toParent: UINavigationController) B",
        ])
    }

    @Test("UIKit #64, #80: pop B→A: B.willMove(nil), B.willDisappear, A.willAppear, B.didDisappear, A.didAppear, B.didMove(nil), B deallocated")
    func fact64() {
        let s = launched("Nav(A)", device: "iPhone iOS=12")
        s.run("push B")
        expectEqual(s.calls("pop"), [
            "willMove(toParent: nil) B", "viewWillDisappear B", "viewWillAppear A",
            "viewDidDisappear B", "viewDidAppear A", "didMove(toParent: nil) B", "deinit B",
        ])
    }

    @Test("UIKit #66: full-screen present calls B.viewDidAppear before A.viewDidDisappear; A stays allocated")
    func fact66() {
        let s = launched("A", device: "iPhone iOS=17")
        expectEqual(s.appearance("present B style=fullScreen"), [
            "viewWillDisappear A", "viewWillAppear B", "viewIsAppearing B", "viewDidAppear B", "viewDidDisappear A",
        ])
        expect(s.alive("A"))
    }

    @Test("UIKit #67: dismissing a full-screen B: A reappears without viewDidLoad, B disappears and is deallocated")
    func fact67() {
        let s = launched("A", device: "iPhone iOS=17")
        s.run("present B style=fullScreen")
        let calls = s.calls("dismiss")
        expect(calls.contains("viewWillAppear A") && calls.contains("viewDidAppear A"))
        expect(!calls.contains("viewDidLoad A"))
        expect(calls.contains("viewWillDisappear B") && calls.contains("viewDidDisappear B"))
        expectEqual(calls.last, "deinit B")
    }

    @Test("UIKit #68, #69: sheets and over-styles give the presenter no appearance callbacks, on present or on dismiss",
          arguments: ["pageSheet", "formSheet", "overFullScreen", "overCurrentContext"])
    func fact68(style: String) {
        let s = launched("A", device: "iPhone iOS=17")
        let present = s.appearance("present B style=\(style)")
        expectEqual(present, ["viewWillAppear B", "viewIsAppearing B", "viewDidAppear B"])
        expect(s.inWindow("A"))
        let dismiss = s.appearance("dismiss")
        expectEqual(dismiss, ["viewWillDisappear B", "viewDidDisappear B"])
    }

    @Test("UIKit #70: page view controller callback order, scroll and page-curl",
          arguments: [("scroll", ["viewWillAppear B", "viewIsAppearing B", "viewWillDisappear A", "viewDidAppear B", "viewDidDisappear A"]),
                      ("pageCurl", ["viewWillAppear B", "viewIsAppearing B", "viewWillDisappear A", "viewDidDisappear A", "viewDidAppear B"])])
    func fact70(style: String, expected: [String]) {
        let s = launched("Page(A)", device: "iPhone iOS=17")
        s.run("set UIPageViewController transitionStyle=\(style)")
        expectEqual(s.appearance("switch B in UIPageViewController"), expected)
    }

    @Test("UIKit #71: for each VC willAppear precedes didAppear and willDisappear precedes didDisappear",
          arguments: ["push B", "present B style=fullScreen", "swapRoot B", "select UITabBarController 1"])
    func fact71(command: String) {
        let s = launched(command.hasPrefix("select") ? "Tab(Nav(A), B)" : "Nav(A)")
        let calls = s.appearance(command)
        for name in ["A", "B", "UINavigationController"] {
            if let did = calls.firstIndex(of: "viewDidAppear \(name)") { expect(calls.firstIndex(of: "viewWillAppear \(name)")! < did) }
            if let did = calls.firstIndex(of: "viewDidDisappear \(name)") { expect(calls.firstIndex(of: "viewWillDisappear \(name)")! < did) }
        }
    }

    /// The pre-iOS 13 table: does dismissing trigger viewWillAppear on the underlying VC?
    @Test("UIKit #74: dismissing a modal triggers viewWillAppear on the presenter, per style and idiom (pre-iOS 13 table)",
          arguments: [
            ("iPhone", "fullScreen", true), ("iPhone", "pageSheet", true), ("iPhone", "formSheet", true),
            ("iPhone", "currentContext", true), ("iPhone", "overFullScreen", false), ("iPhone", "overCurrentContext", false),
            ("iPhone", "popover", true),
            ("iPad", "fullScreen", true), ("iPad", "pageSheet", false), ("iPad", "formSheet", false),
            ("iPad", "currentContext", true), ("iPad", "overFullScreen", false), ("iPad", "overCurrentContext", false),
            ("iPad", "popover", false),
          ])
    func fact74(idiom: String, style: String, reappears: Bool) {
        let s = launched("A", device: "\(idiom) iOS=12")
        s.run("present B style=\(style)")
        expectEqual(s.appearance("dismiss").contains("viewWillAppear A"), reappears)
    }

    @Test("UIKit #75: presenting with .none crashes the app: the process dies, no callback runs")
    func fact75() {
        let s = launched("A")
        let r = s.run("present B style=none")
        expectEqual(r.status, .done)
        expect(r.lines.filter { $0.style == .callback || $0.style == .appDelegate }.isEmpty)
        expect(r.lines.contains { $0.style == .note && $0.text.contains("the app crashed") && $0.text.contains("(UIKit #75)") })
        expect(!s.state.isRunning && s.state.viewControllers.isEmpty && s.state.window.rootViewController == nil)
        // A class whose modalPresentationStyle is .none crashes the same way when presented.
        s.run("class Popup modalPresentationStyle=none")
        s.run("launch")
        s.run("present Popup")
        expect(!s.state.isRunning)
        // A misspelt style is still a syntax error that changes nothing.
        s.run("launch")
        expectEqual(s.fail("present B style=nonee")?.suggestion, "did you mean none?")
    }

    @Test("UIKit #72: with log flags=on each appearance call shows isBeingPresented, isBeingDismissed, isMovingToParent or isMovingFromParent as UIKit reads them inside it")
    func fact72() {
        let s = launched("Nav(A)")
        // Off by default: the documented log lines are unchanged.
        expect(s.appearance("push First").contains("viewWillAppear First"))
        s.run("pop")
        s.run("log flags=on")
        expectEqual(s.appearance("push B"), ["viewWillDisappear A", "viewWillAppear B — isMovingToParent", "viewIsAppearing B — isMovingToParent",
                                           "viewDidDisappear A", "viewDidAppear B — isMovingToParent"])
        // "Leaving for good" in viewWillDisappear: isMovingFromParent (UIKit #72's example).
        expectEqual(s.appearance("pop"), ["viewWillDisappear B — isMovingFromParent", "viewWillAppear A", "viewIsAppearing A",
                                        "viewDidDisappear B — isMovingFromParent", "viewDidAppear A"])
        expectEqual(s.appearance("present C style=fullScreen"), ["viewWillDisappear UINavigationController", "viewWillDisappear A",
                                                               "viewWillAppear C — isBeingPresented", "viewIsAppearing C — isBeingPresented",
                                                               "viewDidAppear C — isBeingPresented",
                                                               "viewDidDisappear UINavigationController", "viewDidDisappear A"])
        expectEqual(s.appearance("dismiss"), ["viewWillDisappear C — isBeingDismissed", "viewWillAppear UINavigationController", "viewWillAppear A",
                                            "viewIsAppearing UINavigationController", "viewIsAppearing A",
                                            "viewDidAppear UINavigationController", "viewDidAppear A", "viewDidDisappear C — isBeingDismissed"])
        expectEqual(s.appearance("addChild Banner to A"), ["viewWillAppear Banner — isMovingToParent", "viewIsAppearing Banner — isMovingToParent",
                                                         "viewDidAppear Banner — isMovingToParent"])
        expectEqual(s.appearance("removeChild Banner"), ["viewWillDisappear Banner — isMovingFromParent", "viewDidDisappear Banner — isMovingFromParent"])
        // The JSON log carries the flags in the event's message.
        let json = s.run("log --json").text
        expect(json.contains("\"message\": \"isBeingPresented\""))
        s.run("log flags=off")
        expect(s.appearance("push D").contains("viewWillAppear D"))
    }

    @Test("UIKit #210: log layout=on shows one layout pair when a view first enters the window, after viewIsAppearing, parents first; none when it comes back")
    func fact210() {
        let s = Sim("device iPhone iOS=17", "log layout=on", "initial Nav(A)")
        // The navigation controller shows A from its layout pass, after its own will-calls (UIKit #220).
        expectEqual(s.appearance("launch"), ["viewWillAppear UINavigationController", "viewIsAppearing UINavigationController",
                                           "viewWillAppear A", "viewIsAppearing A",
                                           "viewWillLayoutSubviews UINavigationController", "viewDidLayoutSubviews UINavigationController",
                                           "viewWillLayoutSubviews A", "viewDidLayoutSubviews A",
                                           "viewDidAppear UINavigationController", "viewDidAppear A"])
        // The readke log: B's pair before A's viewDidDisappear; nothing for A when it comes back.
        expectEqual(s.appearance("push B"), ["viewWillDisappear A", "viewWillAppear B", "viewIsAppearing B",
                                           "viewWillLayoutSubviews B", "viewDidLayoutSubviews B",
                                           "viewDidDisappear A", "viewDidAppear B"])
        expectEqual(s.appearance("pop"), ["viewWillDisappear B", "viewWillAppear A", "viewIsAppearing A", "viewDidDisappear B", "viewDidAppear A"])
        // A presentation: the presented view's pair before its viewDidAppear; a dismissal brings back laid-out views.
        expectEqual(s.appearance("present C style=fullScreen"), ["viewWillDisappear UINavigationController", "viewWillDisappear A",
                                                               "viewWillAppear C", "viewIsAppearing C",
                                                               "viewWillLayoutSubviews C", "viewDidLayoutSubviews C", "viewDidAppear C",
                                                               "viewDidDisappear UINavigationController", "viewDidDisappear A"])
        expect(!s.appearance("dismiss").contains { $0.contains("Layout") })
        // Before iOS 13 the pair follows viewWillAppear (akisute's iOS 9 log).
        let old = Sim("device iPad iOS=9", "log layout=on", "initial Root")
        expectEqual(old.appearance("launch"), ["viewWillAppear Root", "viewWillLayoutSubviews Root", "viewDidLayoutSubviews Root", "viewDidAppear Root"])
        // Layout comes from the view: a view added without addChild gets its pair with the
        // appearance calls its move into the window makes (UIKit #47, #230).
        expectEqual(old.appearance("addSubview Menu to Root"), ["viewWillAppear Menu", "viewWillLayoutSubviews Menu", "viewDidLayoutSubviews Menu", "viewDidAppear Menu"])
    }

    @Test("UIKit #210: layout calls are off by default, and log layout=on is undone and saved like the other settings")
    func fact210Setting() {
        let s = launched("Nav(A)")
        // Off by default: no transcript changes.
        expect(!s.appearance("push B").contains { $0.contains("Layout") })
        s.run("log layout=on")
        expect(s.session.state.logsLayout)
        expectEqual(s.run("log layout=on").status, .ignored)
        // A was laid out while the setting was off: a view is laid out once, shown or not.
        expect(!s.appearance("pop").contains { $0.contains("Layout") })
        expect(s.appearance("push C").contains("viewWillLayoutSubviews C"))
        s.run("undo")
        s.run("undo")
        expect(s.session.state.logsLayout)
        // Back past the setting (the ignored repeat may be a step of its own): off again, B still pushed.
        for _ in 0..<2 where s.session.state.logsLayout { s.run("undo") }
        expect(!s.session.state.logsLayout)
        expect(s.session.state.names["B"] != nil)
        expectEqual(s.fail("log layout=maybe")?.message.contains("layout takes on or off"), true)
        // `save` writes the timeline's lines: the setting is one of them, so a saved session replays with it.
        s.run("redo")
        let saved = s.session.script()
        expect(saved.contains("log layout=on"))
        let replay = Sim()
        for line in saved.split(separator: "\n") where !line.hasPrefix("#") { replay.run(String(line)) }
        expect(replay.session.state.logsLayout)
    }

    @Test("UIKit #45: a container that returns false from shouldAutomaticallyForwardAppearanceMethods passes its children no appearance calls")
    func fact45() {
        let s = Sim("device iPhone iOS=17", "class Root shouldAutomaticallyForwardAppearanceMethods=no", "initial Root(Nav(A))")
        let launch = s.calls("launch")
        expect(launch.contains("viewWillAppear Root") && launch.contains("viewDidAppear Root"))
        expect(!launch.contains { $0.hasSuffix(" UINavigationController") && $0.hasPrefix("viewWill") })
        expect(!launch.contains("viewWillAppear A") && !launch.contains("viewDidAppear A"))
        // The views are in the window all the same.
        expect(s.inWindow("A") && s.vc("A").isViewLoaded)
        // Leaving the window: only Root is told.
        expectEqual(s.appearance("swapRoot Other"), ["viewWillDisappear Root", "viewDidDisappear Root",
                                                   "viewWillAppear Other", "viewIsAppearing Other", "viewDidAppear Other"])
    }

    @Test("UIKit #45, #73: beginAppearanceTransition/endAppearanceTransition drive the will and did calls, forwarded down; nested begins wait for the final end")
    func fact73() {
        let s = Sim("device iPhone iOS=17", "class Root shouldAutomaticallyForwardAppearanceMethods=no", "initial Root(Nav(A))", "launch")
        // The navigation controller forwards automatically to its top (UIKit #45).
        expectEqual(s.calls("beginAppearanceTransition UINavigationController true animated"), [
            "viewWillAppear UINavigationController", "viewWillAppear A", "viewIsAppearing UINavigationController", "viewIsAppearing A"])
        expectEqual(s.calls("beginAppearanceTransition UINavigationController true"), [])
        expectEqual(s.calls("endAppearanceTransition UINavigationController"), [])
        expectEqual(s.calls("endAppearanceTransition UINavigationController"), ["viewDidAppear UINavigationController", "viewDidAppear A"])
        expectEqual(s.calls("beginAppearanceTransition A false"), ["viewWillDisappear A"])
        expectEqual(s.calls("endAppearanceTransition A"), ["viewDidDisappear A"])
        expectEqual(s.warnings("endAppearanceTransition UINavigationController"), [
            "Unbalanced calls to begin/end appearance transitions for <UINavigationController: 0x7f9a00002000>."])
    }

    @Test("UIKit #231: a child whose own class forwards appearance by hand gets its did-calls on the first end after nested begins; the later end calls nothing and logs nothing")
    func factT11() {
        let s = Sim("device iPhone iOS=17", "class Container shouldAutomaticallyForwardAppearanceMethods=no",
                    "class Child shouldAutomaticallyForwardAppearanceMethods=no", "initial Container", "launch", "addChild Child to Container")
        expectEqual(s.calls("beginAppearanceTransition Child true"), ["viewWillAppear Child", "viewIsAppearing Child"])
        expectEqual(s.calls("beginAppearanceTransition Child true"), [])
        expectEqual(s.calls("endAppearanceTransition Child"), ["viewDidAppear Child"])
        let last = s.run("endAppearanceTransition Child")
        expect(last.lines.allSatisfy { $0.style != .callback && $0.style != .warning }, "\(last.text)")
        expectEqual(s.vc("Child").pendingAppearanceTransitions, 0)
        // Balanced again: a further end is unbalanced, and a new transition starts afresh.
        expectEqual(s.warnings("endAppearanceTransition Child").count, 1)
        expectEqual(s.calls("beginAppearanceTransition Child false"), ["viewWillDisappear Child"])
        expectEqual(s.calls("endAppearanceTransition Child"), ["viewDidDisappear Child"])
    }

    @Test("UIKit #76, #95, #170: an end with no begin logs the unbalanced-calls warning; a begin the other way before the end is a cancel, without it")
    func fact76() {
        let s = Sim("class Root shouldAutomaticallyForwardAppearanceMethods=no", "initial Root(Splash)", "launch")
        let before = s.state
        let r = s.run("endAppearanceTransition Splash")
        expect(r.status == .ignored && s.state == before)
        expect(r.lines.contains { $0.text == "warning: Unbalanced calls to begin/end appearance transitions for <App.Splash: 0x7f9a00001000>." })
        s.run("beginAppearanceTransition Splash false")
        expectEqual(s.warnings("beginAppearanceTransition Splash true"), [])
    }

    @Test("UIKit #43: transition(from:to:) raises when the container forwards appearance by hand")
    func fact43Manual() {
        let s = Sim("class Root shouldAutomaticallyForwardAppearanceMethods=no", "initial Root(Splash)", "launch")
        expectEqual(s.fail("switch Main")?.message.contains("NSInvalidArgumentException"), true)
        s.run("class Root switch=addThenRemove")
        // A new instance of the class would use it; the live Root keeps its transition.
        s.run("set Root switch=addThenRemove")
        let calls = s.calls("switch Main")
        expect(!calls.contains("viewWillAppear Main") && calls.contains("didMove(toParent: Root) Main"))
    }

    @Test("UIKit #77: viewDidDisappear only means the view left the window, not that the VC was deallocated")
    func fact77() {
        let s = launched("Nav(A)")
        expect(s.calls("push B").contains("viewDidDisappear A"))
        expect(s.alive("A"))
    }

    @Test("UIKit #220: a navigation or tab bar controller shows a child the first time from its layout pass: the child loads and begins to appear after the container's will-calls; a child shown before is forwarded them inside the container's")
    func fact220() {
        let s = Sim("device iPhone iOS=17", "initial Tab(Nav(A), B)")
        let launch = s.calls("launch").filter { !$0.hasPrefix("willMove") && !$0.hasPrefix("didMove") && !$0.hasPrefix("application") }
        expectEqual(launch, ["loadView UITabBarController", "viewDidLoad UITabBarController", "viewWillAppear UITabBarController", "viewIsAppearing UITabBarController",
                             "loadView UINavigationController", "viewDidLoad UINavigationController", "viewWillAppear UINavigationController", "viewIsAppearing UINavigationController",
                             "loadView A", "viewDidLoad A", "viewWillAppear A", "viewIsAppearing A",
                             "viewDidAppear UITabBarController", "viewDidAppear UINavigationController", "viewDidAppear A"])
        // Before iOS 13 (no viewIsAppearing) the child comes right after the container's viewWillAppear.
        let old = Sim("device iPhone iOS=12", "initial Nav(Register)")
        let calls = old.calls("launch").filter { $0.hasPrefix("loadView") || $0.hasPrefix("viewWillAppear") }
        expectEqual(calls, ["loadView UINavigationController", "viewWillAppear UINavigationController", "loadView Register", "viewWillAppear Register"])
        // A presented navigation controller: its root after its own will-calls, after the presenter's viewWillDisappear.
        let p = Sim("device iPhone iOS=12", "initial Register", "launch")
        expectEqual(p.appearance("present Nav(Welcome)").prefix(3), ["viewWillDisappear Register", "viewWillAppear UINavigationController", "viewWillAppear Welcome"])
        // Shown before: when the presentation on top goes, the calls come inside the container's.
        s.run("present C style=fullScreen")
        expectEqual(s.appearance("dismiss"), ["viewWillDisappear C", "viewWillAppear UITabBarController", "viewWillAppear UINavigationController", "viewWillAppear A",
                                             "viewIsAppearing UITabBarController", "viewIsAppearing UINavigationController", "viewIsAppearing A",
                                             "viewDidAppear UITabBarController", "viewDidAppear UINavigationController", "viewDidAppear A", "viewDidDisappear C"])
    }
}
