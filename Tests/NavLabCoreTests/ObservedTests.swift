import Testing
@testable import NavLabCore
import NavLabCommands

/// The seven behaviours decided from published observations (issue 26, Tests/Observed).
@Suite struct ObservedTests {
    @Test("UIKit #166: a tab switch calls the new tab's viewWillAppear before the old tab's viewWillDisappear",
          arguments: [12, 17])
    func fact166(ios: Int) {
        let s = launched("Tab(A, B)", device: "iPhone iOS=\(ios)")
        let forward = s.appearance("select UITabBarController 1")
        let isAppearing = ios >= 13 ? ["viewIsAppearing B"] : []
        expectEqual(forward, ["viewWillAppear B", "viewWillDisappear A"] + isAppearing + ["viewDidDisappear A", "viewDidAppear B"])
        let back = s.appearance("select UITabBarController 0")
        expectEqual(back, ["viewWillAppear A", "viewWillDisappear B"] + (ios >= 13 ? ["viewIsAppearing A"] : []) + ["viewDidDisappear B", "viewDidAppear A"])
    }

    @Test("UIKit #167: a scene app's cold launch: configurationForConnecting, willConnectTo, then sceneWillEnterForeground and sceneDidBecomeActive between the root's viewWillAppear and viewDidAppear")
    func fact167() {
        let s = Sim("device iPhone iOS=17", "scenes on", "initial Root")
        let calls = s.calls("launch").map { String($0.split(separator: " —")[0]) }
        expectEqual(calls, ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)",
                          "application(_:configurationForConnecting:options:)", "scene(_:willConnectTo:options:)",
                          "loadView Root", "viewDidLoad Root", "viewWillAppear Root", "viewIsAppearing Root",
                          "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)", "viewDidAppear Root"])
        // Swiped away while active: the scene delegate hears it and the app delegate gets no
        // background call; the session is discarded and the app ends (UIKit #217).
        expectEqual(s.calls("forceQuit"), ["sceneWillResignActive(_:)", "sceneDidDisconnect(_:)", "application(_:didDiscardSceneSessions:)", "applicationWillTerminate(_:)"])
    }

    @Test("UIKit #168: setViewControllers removes the old top without willMove(toParent: nil) or didMove(toParent: nil)")
    func fact168() {
        let s = launched("Nav(VC1, VC2, VC3)")
        let calls = s.calls("setViewControllers Other animated")
        expect(!calls.contains("willMove(toParent: nil) VC3"))
        expect(!calls.contains("didMove(toParent: nil) VC3"))
        expect(calls.contains("willMove(toParent: nil) VC2") && calls.contains("didMove(toParent: nil) VC1"))
        expect(calls.contains("viewWillDisappear VC3") && calls.contains("viewDidDisappear VC3"))
        expect(s.vc("Other").parent != nil)
        expect(!s.alive("VC3"))
    }

    @Test("UIKit #168: a tab bar controller's setViewControllers removes an old view controller whose place the new list fills without willMove(toParent: nil) or didMove(toParent: nil)")
    func fact168Tabs() {
        let s = launched("Tab(Chats, Settings)")
        let calls = s.calls("setViewControllers Chats, Settings on UITabBarController")
        expect(!calls.contains { $0.contains("(toParent: nil)") }, "\(calls)")
        expect(calls.contains("viewWillDisappear Chats") && calls.contains("viewWillAppear Chats#2"), "\(calls)")
        expect(calls.contains("deinit Chats") && calls.contains("deinit Settings"))
        expectEqual(s.vc("UITabBarController").children.map { s.name($0)! }, ["Chats#2", "Settings#2"])
    }

    @Test("UIKit #169: two pushes in one turn: before iOS 13 the nested warning without 'a' and 'Finishing up…'; from iOS 13 'a corrupted' and the navigation bar's 'Attempting to begin a transition…'",
          arguments: [10, 13])
    func fact169(ios: Int) {
        let s = launched("Nav(A)", device: "iPhone iOS=\(ios)")
        let w = s.warnings("push B; push C")
        if ios < 13 {
            expectEqual(w, ["nested push animation can result in corrupted navigation bar",
                          "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."])
        } else {
            expectEqual(w.count, 2)
            expectEqual(w.first, "nested push animation can result in a corrupted navigation bar")
            expectEqual(w.last?.hasPrefix("Attempting to begin a transition on navigation bar (<UINavigationBar: 0x"), true)
            expectEqual(w.last?.hasSuffix(">) while a transition is in progress."), true)
            expectEqual(s.vc("UINavigationController").children.count, 3)
            let pops = s.warnings("pop; pop")
            expectEqual(pops.first, "nested pop animation can result in a corrupted navigation bar")
        }
    }

    @Test("UIKit #170: cancelling a manual appearance transition — begin(false), begin(true), one end — is warning-free")
    func fact170() {
        let s = Sim("device iPhone iOS=17", "class Container shouldAutomaticallyForwardAppearanceMethods=no",
                    "initial Container", "launch", "addChild Current to Container")
        expect(s.warnings("beginAppearanceTransition Current false animated").isEmpty)
        let r = s.run("beginAppearanceTransition Current true")
        expect(!r.lines.contains { $0.style == .warning })
        expect(r.lines.contains { $0.text.hasPrefix("viewWillAppear Current") })
        let end = s.calls("endAppearanceTransition Current")
        expect(end.count == 1 && end[0].hasPrefix("viewDidAppear Current"))
        // An end with nothing begun is still unbalanced (UIKit #95).
        expectEqual(s.warnings("endAppearanceTransition Current").count, 1)
    }

    @Test("UIKit #171: in compact width a popover behaves as .formSheet from iOS 13 (a card that swipes down); before 13 it is full screen",
          arguments: [(12, "fullScreen", false), (13, "formSheet", true), (17, "formSheet", true)])
    func fact171(ios: Int, expected: String, card: Bool) {
        let s = launched("A", device: "iPhone iOS=\(ios)")
        s.run("present B style=popover")
        expectEqual(s.style("B"), expected)
        expectEqual(s.inWindow("A"), card)
        s.run("swipe down")
        expect(s.alive("B") != card)
    }

    @Test("UIKit #172: restoration loads each restored view before decodeRestorableState, and calls applicationFinishedRestoringState parents first")
    func fact172() {
        let s = Sim("device iPhone iOS=17", "class * restorationIdentifier=class", "optIn save=yes restore=yes",
                    "initial Nav(List)", "launch", "push Detail", "background", "kill")
        let calls = s.calls("launch")
        func at(_ c: String) -> Int { calls.firstIndex(of: c) ?? -1 }
        for name in ["UINavigationController", "List", "Detail"] {
            expect(at("viewDidLoad \(name)") >= 0 && at("viewDidLoad \(name)") < at("decodeRestorableState \(name)"))
        }
        let finished = calls.filter { $0.hasPrefix("applicationFinishedRestoringState") }
        expectEqual(finished, ["applicationFinishedRestoringState UINavigationController",
                             "applicationFinishedRestoringState List", "applicationFinishedRestoringState Detail"])
    }

    @Test("UIKit #173: resignActive and becomeActive call only the resign/become-active methods; background from inactive only enters the background",
          arguments: [false, true])
    func fact173(scenes: Bool) {
        let s = Sim("scenes \(scenes ? "on" : "off")", "initial Nav(Root)", "launch")
        expectEqual(s.calls("resignActive"), [scenes ? "sceneWillResignActive(_:)" : "applicationWillResignActive(_:)"])
        expect(s.state.application.state == .inactive && s.inWindow("Root"))
        s.fail("resignActive")
        // A command while inactive runs as while active.
        expect(s.appearance("push B").contains("viewDidAppear B"))
        expectEqual(s.calls("becomeActive"), [scenes ? "sceneDidBecomeActive(_:)" : "applicationDidBecomeActive(_:)"])
        s.fail("becomeActive")
        s.run("resignActive")
        let bg = s.calls("background")
        expect(!bg.contains { $0.hasSuffix("WillResignActive(_:)") })
        expectEqual(bg.first, (scenes ? "sceneDidEnterBackground(_:)" : "applicationDidEnterBackground(_:)"))
    }

    @Test("UIKit #160: UIKit's own classes used as they are print without the app's module")
    func uikitClassesUnqualified() {
        let s = launched("Nav(UIViewController)")
        s.run("present UIAlertController style=overFullScreen")
        expectEqual(s.state.objectDescription(s.id("UIViewController")), "<UIViewController: 0x7f9a00001000>")
        expect(s.state.objectDescription(s.id("UIAlertController")).hasPrefix("<UIAlertController: "))
        s.run("present Mine on UIAlertController")
        expect(s.state.objectDescription(s.id("Mine")).hasPrefix("<App.Mine: "))
        expect(!ViewController.isUIKitClassName("UIntro") && !ViewController.isUIKitClassName("Uploads"))
    }

    @Test("expect log order checks the last command's log, in order")
    func logOrder() {
        let s = launched("Tab(A, B)")
        s.run("select UITabBarController 1")
        expect(s.session.execute("expect log order \"viewWillAppear B\", \"viewWillDisappear A\", \"viewDidAppear B\"").status != .failed)
        let r = s.session.execute("expect log order \"viewWillDisappear A\", \"viewWillAppear B\"")
        expectEqual(r.status, .failed)
        expect(r.text.contains("comes before"))
        // Only the last command: A's viewDidAppear at launch does not count.
        expectEqual(s.session.execute("expect log order \"viewDidAppear A\"").status, .failed)
        expect(s.session.execute("expect not log order \"viewDidAppear A\"").status != .failed)
    }
}
