import Testing
import NavLabCore
@testable import NavLabCommands

/// Code in callbacks: `on CLASS METHOD: COMMAND` (UIKit #183–#188).
@Suite("Code in callbacks")
struct HookTests {
    /// The printed lines of the last command's events, indentation included.
    func printed(_ r: LineResult) -> [String] { r.events.map { $0.text } }

    @Test("UIKit #183: presenting from viewDidLoad is refused, the view is not in the window hierarchy; the warning is nested under viewDidLoad")
    func presentFromViewDidLoad() {
        let s = session("on Login viewDidLoad: present Onboarding", "initial Login")
        let r = s.execute("launch")
        expectEqual(r.status, .done)
        let lines = printed(r)
        let load = lines.firstIndex(of: "viewDidLoad Login")!
        expectEqual(lines[load + 1], "  note: Login's viewDidLoad runs `present Onboarding`")
        expect(lines.contains("  warning: [Presentation] Attempt to present <App.Onboarding: 0x7f9a00002000> on <App.Login: 0x7f9a00001000> (from <App.Login: 0x7f9a00001000>) whose view is not in the window hierarchy."))
        expect(s.state.names["Onboarding"] == nil)
        expect(s.state[s.state.window.rootViewController!].presentedChild == nil)
        // iOS 12 prints the older format (UIKit #92).
        let old = session("device iPhone iOS=12", "on Login viewDidLoad: present Onboarding", "initial Login")
        expect(printed(old.execute("launch")).contains("  warning: Warning: Attempt to present <App.Onboarding: 0x7f9a00002000> on <App.Login: 0x7f9a00001000> whose view is not in the window hierarchy!"))
    }

    @Test("UIKit #184: presenting from didFinishLaunching finds the root's view not in the window yet")
    func presentFromDidFinishLaunching() {
        let s = session("on AppDelegate didFinishLaunching: present Onboarding", "initial Nav(Home)")
        let lines = printed(s.execute("launch"))
        let did = lines.firstIndex(of: "application(_:didFinishLaunchingWithOptions:)")!
        expectEqual(lines[did + 1], "  note: AppDelegate's didFinishLaunching runs `present Onboarding`")
        expect(lines.contains { $0.hasPrefix("  warning: [Presentation] Attempt to present <App.Onboarding: ") && $0.hasSuffix("whose view is not in the window hierarchy.") && $0.contains("on <UINavigationController: ") })
        expectEqual(lines.last, "applicationDidBecomeActive(_:)")
        expect(s.state.names["Onboarding"] == nil)
    }

    @Test("UIKit #185: presenting from viewWillAppear warns about a detached view controller and presents")
    func presentFromViewWillAppear() {
        let s = session("on Intro viewWillAppear: present Sheet style=fullScreen", "initial Intro")
        let lines = printed(s.execute("launch"))
        expect(lines.contains("  warning: Presenting view controller <App.Sheet: 0x7f9a00002000> from detached view controller <App.Intro: 0x7f9a00001000> is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure <App.Intro: 0x7f9a00001000> is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release."), "\(lines)")
        expect(s.state.names["Sheet"].map { s.state[$0].presenter } == s.state.names["Intro"])
    }

    @Test("UIKit #186: code in viewWillAppear runs while an animated push is in progress: a push there is a nested push")
    func pushFromViewWillAppear() {
        let s = session("on Detail viewWillAppear: push More", "initial Nav(Home)", "launch")
        let lines = printed(s.execute("push Detail animated"))
        let will = lines.firstIndex(of: "viewWillAppear Detail")!
        expectEqual(lines[will + 2], "  warning: nested push animation can result in a corrupted navigation bar")
        expect(lines[will + 3].hasPrefix("  warning: Attempting to begin a transition on navigation bar (<UINavigationBar: "))
        // Not animated: nothing is in progress, no warning.
        let quiet = session("on Detail viewWillAppear: push More", "initial Nav(Home)", "launch")
        expect(!printed(quiet.execute("push Detail animated=no")).contains { $0.contains("warning:") })
    }

    @Test("UIKit #187: presenting from viewDidAppear works; the presented view controller's calls are nested inside viewDidAppear, and the log keeps the nesting")
    func presentFromViewDidAppear() {
        let s = session("on Home viewDidAppear: present Onboarding style=fullScreen", "initial Home")
        let lines = printed(s.execute("launch"))
        let did = lines.firstIndex(of: "viewDidAppear Home")!
        expect(Array(lines[(did + 1)...]).starts(with: ["  note: Home's viewDidAppear runs `present Onboarding style=fullScreen`",
                                                        "  loadView Onboarding", "  viewDidLoad Onboarding", "  viewWillDisappear Home",
                                                        "  viewWillAppear Onboarding", "  viewIsAppearing Onboarding", "  viewDidAppear Onboarding",
                                                        "  viewDidDisappear Home"]))
        expect(s.state.names["Onboarding"] != nil)
        expect(s.logEntries().contains { $0.event.depth == 1 && $0.event.text == "  viewDidAppear Onboarding" })
        if case .array(let log) = s.logJSON() {
            expect(log.contains { if case .object(let f) = $0 { return f.contains { $0.0 == "depth" && $0.1 == .int(1) } } else { return false } })
        }
    }

    @Test("UIKit #209: a child added in the parent's viewDidLoad without didMove appears with the parent, and its didMove code never runs")
    func addChildWithoutDidMove() {
        let s = session("on Parent viewDidLoad: addChild Child to self didMove=no", "on Child didMove: addChild Badge to self", "initial Parent")
        let lines = printed(s.execute("launch")).map { String($0.drop { $0 == " " }) }
        // Stack Overflow 48653763 (iOS 11): willMove, viewDidLoad, viewWillAppear, viewDidAppear; no didMove.
        let order = ["willMove(toParent: Parent) Child", "viewDidLoad Child", "viewWillAppear Child", "viewDidAppear Child"]
        let found = order.compactMap { lines.firstIndex(of: $0) }
        expect(found.count == order.count && found == found.sorted())
        expect(!lines.contains { $0.hasPrefix("didMove") })
        expect(!lines.contains { $0.contains("Child's didMove runs") })
        // removeFromParent sends didMove(toParent: nil), and with it the code (UIKit #41);
        // the app holds Child, so it is still there to run it.
        expectEqual(s.execute("hold Child").status, .done)
        let removed = printed(s.execute("removeChild Child"))
        expect(removed.contains("didMove(toParent: nil) Child"))
        expect(!removed.contains("deinit Child"))
        expect(removed.contains { $0.contains("Child's didMove runs `addChild Badge to self`") })
    }

    @Test("UIKit #185: a page replaced in its page view controller's viewDidLoad is released before it appears: it neither loads, is laid out nor appears")
    func replacedBeforeAppearing() {
        let s = session("log layout=on", "on UIPageViewController viewDidLoad: switch Child in self", "initial Page(First)")
        let lines = printed(s.execute("launch")).map { String($0.drop { $0 == " " }) }
        expect(lines.contains("deinit First"))
        expect(!lines.contains { $0.hasSuffix(" First") && ($0.hasPrefix("view") || $0.hasPrefix("loadView")) })
        for cb in ["loadView", "viewWillAppear", "viewWillLayoutSubviews", "viewDidAppear"] { expect(lines.contains("\(cb) Child")) }
    }

    @Test("UIKit #188: a push in the root's viewDidLoad before the navigation controller appears: the pushed one appears, the root only loads")
    func pushFromViewDidLoad() {
        let s = session("on Home viewDidLoad: push Detail", "initial Nav(Home)")
        let lines = printed(s.execute("launch"))
        expect(lines.contains("  willMove(toParent: UINavigationController) Detail"))
        expect(lines.contains("viewDidAppear Detail"))
        expect(!lines.contains("viewWillAppear Home"))
        expect(!lines.contains("viewDidAppear Home"))
        expect(!lines.contains("viewWillDisappear Home"))
        let nav = s.state.window.rootViewController!
        expectEqual(s.state[nav].children.map { s.state[$0].name }, ["Home", "Detail"])
    }

    @Test("UIKit #232: code in viewWillLayoutSubviews and viewDidLayoutSubviews runs at the layout pass, once per first entry into the window, whether log layout=on shows the calls or not")
    func layoutHooks() {
        for shown in [false, true] {
            let s = session(["device iPhone iOS=17", "on Pager viewDidLayoutSubviews: addChild Child to self", "initial Nav(Pager)"] + (shown ? ["log layout=on"] : []))
            let r = s.execute("launch")
            let lines = r.lines.map(\.text)
            let ran = lines.firstIndex { $0.contains("Pager's viewDidLayoutSubviews runs `addChild Child to self`") }
            expect(ran != nil, "\(lines)")
            // The call itself is printed only with log layout=on; the code runs either way.
            expectEqual(lines.contains("viewDidLayoutSubviews Pager"), shown)
            if shown, let ran { expect(lines.firstIndex(of: "viewDidLayoutSubviews Pager")! < ran) }
            // After Pager's viewIsAppearing, before its viewDidAppear (UIKit #210); the child appears once.
            let appearing = lines.firstIndex(of: "viewIsAppearing Pager")!, appeared = lines.firstIndex(of: "viewDidAppear Pager")!
            expect(ran.map { appearing < $0 && $0 < appeared } ?? false)
            expectEqual(lines.filter { $0.hasSuffix("viewWillAppear Child") }.count, 1)
            expectEqual(lines.filter { $0.hasSuffix("viewDidAppear Child") }.count, 1)
            // Pushed over and popped back: no second layout pass, so the code does not run again.
            _ = s.execute("push Other")
            let back = s.execute("pop").text
            expect(!back.contains("runs `addChild"), "\(back)")
            expect(s.state.names["Child#2"] == nil)
        }
        // viewWillLayoutSubviews comes first; code there that adds itself would never end: an error.
        let order = session("log layout=on", "on Pager viewWillLayoutSubviews: addChild A to self", "on Pager viewDidLayoutSubviews: addChild B to self", "initial Pager")
        let text = order.execute("launch").text
        expect(text.range(of: "runs `addChild A to self`")!.lowerBound < text.range(of: "runs `addChild B to self`")!.lowerBound)
        let loop = session("on Pager viewWillLayoutSubviews: addChild Pager to self", "initial Home", "launch")
        let before = loop.state
        expectEqual(loop.execute("swapRoot Pager").status, .failed)
        expectEqual(loop.state, before)
    }

    @Test("UIKit #233: before iOS 10 a child added while its parent is appearing gets viewDidAppear and no viewWillAppear; from iOS 10 all three",
          arguments: [9, 17])
    func midAppearanceChild(ios: Int) {
        let s = session("device iPhone iOS=\(ios)", "on Pager viewWillLayoutSubviews: addChild Child to self", "initial Pager")
        let lines = s.execute("launch").lines.map(\.text)
        expectEqual(lines.contains { $0.hasSuffix("viewWillAppear Child") }, ios >= 10)
        expect(lines.contains { $0.hasSuffix("viewDidAppear Child") })
        // Added right after an animated push of its parent, in the same turn.
        let p = session("device iPad iOS=\(ios)", "initial Nav(Home)", "launch")
        let turn = p.execute("push Container:Root(Red) animated; addChild Blue to Container").lines.map(\.text)
        expectEqual(turn.contains("viewWillAppear Blue"), ios >= 10)
        expect(turn.contains("viewDidAppear Blue"))
        // A parent that has appeared is not appearing: the child gets all its calls.
        let later = session("device iPhone iOS=\(ios)", "initial Main", "launch")
        expect(later.execute("addChild Banner to Main").lines.contains { $0.text == "viewWillAppear Banner" })
    }

    @Test("code that calls itself for ever ends with an error at the limit, and leaves the state as it was")
    func runaway() {
        let s = session("on Detail viewDidAppear: push Detail", "initial Nav(Home)", "launch")
        let before = s.state
        let r = s.execute("push Detail")
        expectEqual(r.status, .failed)
        expectEqual(r.error?.message.contains("more than \(Limits.hookDepth) deep"), true)
        expectEqual(s.state, before)
        let pingPong = session("on A viewDidAppear: present B style=fullScreen", "on B viewDidAppear: dismiss", "initial Home", "launch")
        let state = pingPong.state
        expectEqual(pingPong.execute("swapRoot A").status, .failed)
        expectEqual(pingPong.state, state)
    }

    @Test("`on` refuses unknown methods, queries and delegates' self; `none` removes; the code is part of the app's code script")
    func declaring() {
        let s = Session()
        expectEqual(s.execute("on Login viewDidLod: present X").error?.suggestion, "did you mean viewDidLoad?")
        expectEqual(s.execute("on Login viewDidLoad: tree").status, .failed)
        expectEqual(s.execute("on Login viewDidLoad: launch").status, .failed)
        expectEqual(s.execute("on AppDelegate didFinishLaunching: dismiss self").status, .failed)
        expectEqual(s.execute("on Login viewDidLoad").status, .failed)
        expectEqual(s.execute("on Login viewDidLoad: present Onboarding style=fullScreen").status, .done)
        expectEqual(s.execute("on AppDelegate applicationDidBecomeActive: defaults seen=yes").status, .done)
        expectEqual(s.state.codeScript(), ["on Login viewDidLoad: present Onboarding style=fullScreen", "on AppDelegate applicationDidBecomeActive: defaults seen=yes"])
        // The code script, run in a new session, declares the same code.
        let again = session(s.state.codeScript())
        expectEqual(again.state.application.hooks, s.state.application.hooks)
        expectEqual(s.execute("on Login viewDidLoad none").status, .done)
        expectEqual(s.execute("on Login viewDidLoad none").status, .ignored)
        expectEqual(s.state.codeScript(), ["on AppDelegate applicationDidBecomeActive: defaults seen=yes"])
    }

    @Test("export swift writes code in callbacks into the class's method, in force from the step that declares it, its calls nested in the log")
    func exportWritesHooks() throws {
        let s = session("on Home viewDidAppear: present Onboarding", "on AppDelegate didFinishLaunching: set root seen=yes",
                        "initial Nav(Home)", "launch", "on Home viewDidAppear none")
        let r = s.execute("export swift")
        expect(r.status != .failed, "\(r.text)")
        let text = r.text
        // Home's viewDidAppear calls the code after UIKit's own work (super logs the call).
        expect(text.contains("""
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    Script.shared.code1(self)   // on Home viewDidAppear: present Onboarding
                }
            """))
        // The code acts as the instance: `self` and a verb's default target are `me`.
        expect(text.contains("    func code1(_ me: Home) {"))
        expect(text.contains("me.present(onboarding, animated: false)"))
        expect(text.contains("        Script.shared.code2()   // on AppDelegate didFinishLaunching: set root seen=yes"))
        // In force from its step; `on … none` takes it out again.
        expect(text.contains("appCode.insert(\"on Home viewDidAppear: present Onboarding\")"))
        expect(text.contains("appCode = appCode.filter { !$0.hasPrefix(\"on Home viewDidAppear: \") }"))
        // What the code causes is one level deeper in the log, as NavLab prints it (the note first).
        expect(text.contains("logLine(\"note: \\(place) runs `\\(text)`\")"))
        expect(text.contains("print(\"  \" + String(repeating: \"  \", count: navLabDepth) + line)"))
        // Code in UIKit's own container classes has no class of the app's to go in.
        let nav = session("on UINavigationController viewDidLoad: present Onboarding", "initial Nav(Home)", "launch").execute("export swift")
        expectEqual(nav.status, .failed)
        expectEqual(nav.error?.message.contains("export swift writes code in callbacks into the app's own classes; `on UINavigationController viewDidLoad: present Onboarding` is in UINavigationController"), true)
    }

    @Test("code in a scene delegate and app delegate callbacks after launch runs after them")
    func delegates() {
        let s = session("on AppDelegate applicationDidBecomeActive: present Banner style=overFullScreen", "initial Home", "launch")
        expect(s.state.names["Banner"] != nil)
        let scenes = session("scenes on", "on SceneDelegate sceneDidBecomeActive: defaults active=yes", "initial Home", "launch")
        expectEqual(scenes.state.application.defaults["active"], "yes")
    }
}

@Suite("Assigning a tab bar controller's view controllers")
struct TabViewControllersTests {
    @Test("UIKit #189: replacing a tab bar controller's view controllers: index by index, then the old ones past the new end leave, then the selection changes — the selected one kept, else the same index, else tab 0")
    func replaceTabs() {
        let s = session("initial Tab(A, B, C)", "launch", "select UITabBarController 2")
        let r = s.execute("setViewControllers X, Y on UITabBarController")
        expectEqual(r.status, .done)
        let lines = r.events.map { $0.text }
        func at(_ line: String) -> Int { lines.firstIndex(of: line) ?? Int.max }
        // A and B: their places are filled, they leave silently (UIKit #168).
        expect(!lines.contains { $0.hasSuffix("(toParent: nil) A") || $0.hasSuffix("(toParent: nil) B") }, "\(lines)")
        // The new ones are in before anything appears; C, past the new end, leaves with both calls back to back.
        expect(at("willMove(toParent: UITabBarController) X") < at("didMove(toParent: UITabBarController) X"))
        expect(at("didMove(toParent: UITabBarController) Y") < at("willMove(toParent: nil) C"))
        expectEqual(at("didMove(toParent: nil) C"), at("willMove(toParent: nil) C") + 1)
        expect(at("didMove(toParent: nil) C") < at("viewWillAppear X"))
        // Then the selection changes as a tab switch does (UIKit #166).
        expect(at("viewWillAppear X") < at("viewWillDisappear C") && at("viewDidDisappear C") < at("viewDidAppear X"))
        expect(lines.contains("deinit A") && lines.contains("deinit B") && lines.contains("deinit C"))
        expect(lines.contains { $0.contains("so tab 0 is selected; customizableViewControllers is the new list") })
        let tab = s.state.window.rootViewController!
        expectEqual(s.state[tab].children.map { s.state[$0].name }, ["X", "Y"])
        expectEqual(s.state[tab].selectedIndex, 0)

        // The selected one is kept where it moved: it gets no call; A's place is filled by Z.
        let kept = session("initial Tab(A, B, C)", "launch", "select UITabBarController 2")
        let k = kept.execute("setViewControllers Z, @C on UITabBarController").events.map { $0.text }
        expect(!k.contains { $0.hasSuffix(" C") && $0 != "deinit C" } && !k.contains("viewWillAppear Z"), "\(k)")
        expect(!k.contains("willMove(toParent: nil) A") && k.contains("deinit A"))
        expectEqual(kept.state[kept.state.window.rootViewController!].selectedIndex, 1)

        // The same index when the selected one is gone; more tabs than before: the extra one is added.
        let same = session("initial Tab(A, B, C)", "launch", "select UITabBarController 1")
        let m = same.execute("setViewControllers P, Q, R, S on UITabBarController").events.map { $0.text }
        let t = same.state.window.rootViewController!
        expectEqual(same.state[same.state[t].children[same.state[t].selectedIndex]].name, "Q")
        expect(m.contains("willMove(toParent: UITabBarController) S") && !m.contains { $0.hasPrefix("willMove(toParent: nil)") || $0.hasPrefix("didMove(toParent: nil)") }, "\(m)")

        // The list it already has: nothing happens.
        expectEqual(same.execute("setViewControllers @P, @Q, @R, @S on UITabBarController").status, .ignored)
    }
}

@Suite("The app delegate's restoration state")
struct AppDelegateStateTests {
    @Test("UIKit #110: the app delegate's own values are written first at preservation and read back last at restoration, through the archive")
    func appLevelState() {
        let s = session("optIn save=yes restore=yes", "class * restorationIdentifier=class", "appDelegate encodes account",
                        "initial Nav(Home)", "launch", "appDelegate set account=ann")
        let bg = s.execute("background").events.map { $0.text }
        let will = bg.firstIndex(of: "application(_:willEncodeRestorableStateWith:) — {account: ann}")!
        expect(will < bg.firstIndex { $0.hasPrefix("encodeRestorableState") }!)
        expectEqual(s.state.application.data.archive?.archive?.appState, ["account": "ann"])
        expect(s.execute("archive").text.contains("app delegate (willEncodeRestorableStateWith)  {account: ann}"))
        _ = s.execute("kill")
        let launch = s.execute("launch").events.map { $0.text }
        expectEqual(s.state.application.appDelegateValues, ["account": "ann"])
        let did = launch.firstIndex(of: "application(_:didDecodeRestorableStateWith:) — {account: ann}")!
        expect(did > launch.lastIndex { $0.hasPrefix("decodeRestorableState") }!)
        expect(did < launch.firstIndex(of: "application(_:didFinishLaunchingWithOptions:)")!)
        expect(s.state.codeScript().contains("appDelegate encodes account"))
        // A launch without restoration starts without the values; without `encodes` nothing is printed.
        let plain = session("optIn save=yes restore=yes", "initial Home", "launch")
        expect(!plain.execute("background").events.contains { $0.callback.contains("RestorableStateWith") })
        _ = s.execute("forceQuit")
        _ = s.execute("launch")
        expect(s.state.application.appDelegateValues.isEmpty)
    }

    @Test("UIKit #235: a presentation asked for in viewDidAppear of a view controller being presented runs after that presentation's remaining calls")
    func presentQueuedBehindPresentation() {
        let s = session("device iPhone iOS=12", "initial VC1", "launch", "on VC2 viewDidAppear: present VC3 style=fullScreen animated")
        let lines = s.execute("present VC2 style=fullScreen animated").events.map { $0.text }.map { String($0.drop { $0 == " " }) }
        let order = ["viewWillDisappear VC1", "viewWillAppear VC2", "viewDidAppear VC2", "viewDidDisappear VC1",
                     "loadView VC3", "viewDidLoad VC3", "viewWillDisappear VC2", "viewWillAppear VC3", "viewDidAppear VC3", "viewDidDisappear VC2"]
        expectEqual(lines.filter { order.contains($0) }, order)
        expect(lines.contains { $0.contains("UIKit queues it until the transition calling it ends (UIKit #235)") })
        // During a launch (no modal transition) the code still runs inside viewDidAppear (UIKit #187).
        let launch = session("on Home viewDidAppear: present Onboarding style=fullScreen", "initial Home")
        let l = launch.execute("launch").events.map { $0.text }.map { String($0.drop { $0 == " " }) }
        let didAppearHome = l.firstIndex(of: "viewDidAppear Home"), loadOnboarding = l.firstIndex(of: "loadView Onboarding"), active = l.firstIndex(of: "applicationDidBecomeActive(_:)")
        expect(didAppearHome != nil && loadOnboarding != nil && active != nil && didAppearHome! < loadOnboarding! && loadOnboarding! < active!, "\(l)")
    }
}
