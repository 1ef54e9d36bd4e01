import Testing
@testable import NavLabCore

/// An app set up for restoration: every class uses its name as identifier, the delegate opts in.
func restorable(_ initial: String, device: String = "iPhone iOS=17", _ setup: String...) -> Sim {
    let s = Sim("device \(device)", "class * restorationIdentifier=class", "optIn save=yes restore=yes")
    for line in setup { s.run(line) }
    s.run("initial \(initial)")
    s.run("launch")
    return s
}

/// UIKIT.md §8: view-controller-based state preservation and restoration.
@Suite("§8 Preservation and restoration")
struct RestorationTests {
    @Test("UIKit #106: without both delegate methods nothing is saved or restored; a method returning false skips that cycle")
    func fact106() {
        let s = Sim("class * restorationIdentifier=class", "initial Nav(A)", "launch")
        s.run("background")
        expect(s.state.application.data.archive == nil)
        s.run("foreground")
        s.run("optIn save=no restore=yes")
        expect(s.calls("background").contains("application(_:shouldSaveSecureApplicationState:)"))
        expect(s.state.application.data.archive == nil)
        s.run("optIn save=yes restore=no")
        s.run("foreground")
        s.run("push B")
        s.run("background")
        expect(s.state.application.data.archive != nil)
        s.run("kill")
        let calls = s.calls("launch")
        expect(calls.contains("application(_:shouldRestoreSecureApplicationState:)"))
        expect(!calls.contains("decodeRestorableState B"))
        expect(!s.alive("B"))
    }

    @Test("UIKit #106: the Secure variants from iOS 13.2; the originals before (save and restore)", arguments: [(12, false), (13, false), (14, true), (17, true)])
    func fact106Names(ios: Int, secure: Bool) {
        let s = restorable("A", device: "iPhone iOS=\(ios)")
        let save = s.calls("background")
        expect(save.contains(secure ? "application(_:shouldSaveSecureApplicationState:)" : "application(_:shouldSaveApplicationState:)"))
        expect(!save.contains(secure ? "application(_:shouldSaveApplicationState:)" : "application(_:shouldSaveSecureApplicationState:)"))
        s.run("kill")
        let restore = s.calls("launch")
        expect(restore.contains(secure ? "application(_:shouldRestoreSecureApplicationState:)" : "application(_:shouldRestoreApplicationState:)"))
        expect(!restore.contains(secure ? "application(_:shouldRestoreApplicationState:)" : "application(_:shouldRestoreSecureApplicationState:)"))
    }

    @Test("UIKit #108: a restore hook that returns false vetoes restoration; the Initial UI is built instead")
    func fact108() {
        let s = restorable("Nav(A)")
        s.run("push B")
        s.run("background")
        s.run("kill")
        s.run("optIn save=yes restore=no")
        s.run("launch")
        expectEqual(s.top, "A")
        expect(s.state.application.data.archive != nil)   // vetoed, not deleted
    }

    @Test("UIKit #109: the archive records the system version and the idiom")
    func fact109() {
        let s = restorable("A", device: "iPad iOS=16")
        s.run("background")
        let archive = s.state.application.archive!
        expect(archive.systemVersion == "16.0" && archive.idiom == "iPad")
    }

    @Test("UIKit #111: preservation runs when the app moves to the background, after applicationDidEnterBackground")
    func fact111() {
        let s = restorable("Nav(A)")
        let calls = s.calls("background")
        expectEqual(Array(calls.prefix(4)), ["applicationWillResignActive(_:)", "applicationDidEnterBackground(_:)",
                                           "application(_:shouldSaveSecureApplicationState:)", "encodeRestorableState UINavigationController"])
        expectEqual(s.state.application.state, .background)
    }

    @Test("UIKit #115: force quit deletes the archive; the system's kill keeps it")
    func fact115() {
        let s = restorable("Nav(A)")
        s.run("push B")
        s.run("background")
        s.run("kill")
        expect(s.state.application.data.archive != nil)
        s.run("launch")
        expectEqual(s.top, "B")
        s.run("forceQuit")
        expect(s.state.application.data.archive == nil)
        s.run("launch")
        expectEqual(s.top, "A")
    }

    @Test("UIKit #115, #116: a crash during launch or restoration deletes the archive", arguments: ["launch", "restoration"])
    func fact116(point: String) {
        let s = restorable("Nav(A)")
        s.run("push B")
        s.run("background")
        s.run("kill")
        s.run("crash during \(point)")
        expect(s.state.application.data.archive == nil)
        expect(!s.state.isRunning)
        s.run("launch")
        expect(s.top == "A" && !s.alive("B"))
    }

    @Test("UIKit #115: a crash while running keeps the archive of the last background")
    func crashWhileRunning() {
        let s = restorable("Nav(A)")
        s.run("push B")
        s.run("background")
        s.run("foreground")
        s.run("push C")
        s.run("crash")
        s.run("launch")
        expectEqual(s.top, "B")
    }

    @Test("UIKit #117: UIStateRestorationDeveloperMode keeps the archive after a crash during restoration, and the next launch restores from it")
    func fact117() {
        let s = restorable("Nav(A)")
        s.run("defaults UIStateRestorationDeveloperMode=YES")
        s.run("push B")
        s.run("background")
        s.run("kill")
        s.run("crash during restoration")
        expect(s.state.application.data.archive != nil)
        let calls = s.calls("launch")
        expect(calls.contains("application(_:shouldRestoreSecureApplicationState:)"))
        expect(calls.contains("decodeRestorableState B"))
        expect(s.top == "B" && s.vc("B").restored)
        expectEqual(s.vc("UINavigationController").children, [s.id("A"), s.id("B")])
    }

    @Test("UIKit #120: a VC without a restoration identifier is skipped with all its children and presented VCs")
    func fact120() {
        let s = restorable("Tab(Nav(A), B)", "class UINavigationController restorationIdentifier=nil")
        s.run("push C")
        // Asked by C inside the skipped navigation controller, but presented by the tab bar
        // controller (UIKit #164), so D's path runs through the tab bar controller.
        s.run("present D on C")
        s.run("background")
        expectEqual(s.state.application.archive?.paths, ["UITabBarController", "UITabBarController/B", "UITabBarController/D"])
    }

    @Test("UIKit #121, #143: a restoration class that returns nil leaves the VC and its subtree out")
    func fact121() {
        let s = restorable("Nav(A)", "class B restorationClass=nil", "encode B children")
        s.run("push B")
        s.run("addChild Part to B")
        s.run("push C")
        s.run("background")
        expectEqual(s.state.application.archive?.paths.contains("UINavigationController/B/Part"), true)
        s.run("kill")
        s.run("launch")
        // C is the navigation controller's child, not B's: only B and what B contains are left out.
        expectEqual(s.vc("UINavigationController").children, [s.id("A"), s.id("C")])
        expect(!s.alive("B") && !s.alive("Part"))
    }

    @Test("UIKit #122: an excluded VC of the default launch UI is still created, in its default configuration")
    func fact122() {
        let s = restorable("Tab(Nav(A), B)", "class B restorationIdentifier=nil")
        s.run("select UITabBarController 1")
        s.run("background")
        s.run("kill")
        s.run("launch")
        expect(s.alive("B"))
        expect(!s.vc("B").restored)
        expectEqual(s.vc("UITabBarController").selectedIndex, 1)
    }

    @Test("UIKit #124: UIKit containers encode their children; a custom container only when its encodeRestorableState does, and decoding re-adds them")
    func fact124() {
        let plain = restorable("RootViewController:Root(Register)")
        plain.run("switch Main")
        plain.run("background")
        expectEqual(plain.state.application.archive?.paths, ["RootViewController"])
        plain.run("kill")
        plain.run("launch")
        expectEqual(plain.top, "Register")

        let encoding = restorable("RootViewController:Root(Register)", "encode RootViewController children")
        encoding.run("switch Main")
        encoding.run("background")
        expectEqual(encoding.state.application.archive?.paths, ["RootViewController", "RootViewController/Main"])
        encoding.run("kill")
        let calls = encoding.calls("launch")
        expectEqual(encoding.vc("RootViewController").children, [encoding.id("Main")])
        expect(calls.contains("deinit Register"))   // the default child is replaced
        expectEqual(encoding.top, "Main")
    }

    @Test("UIKit #126, #125: each VC encodes its own keys; its state comes back only if it encodes it")
    func fact126() {
        let s = restorable("Nav(Countries)", "class Country encodes=capital")
        s.run("push Country")
        s.run("set Country capital=Paris population=67M")
        s.run("background")
        s.run("kill")
        s.run("launch")
        expectEqual(s.vc("Country").properties, ["capital": "Paris"])
    }

    @Test("UIKit #128: view state (contentOffset, selection by model identifier) is preserved only when the view has a restoration identifier")
    func fact128() {
        for viewID in [true, false] {
            let s = restorable("Nav(Countries)", viewID ? "class Countries viewRestorationIdentifier=tableView" : "class Countries storyboard=yes")
            s.run("set Countries contentOffset=0,480 selectedRow=France")
            s.run("background")
            s.run("kill")
            s.run("launch")
            expectEqual(s.vc("Countries").properties["selectedRow"], (viewID ? "France" : nil))
            expectEqual(s.vc("Countries").properties["contentOffset"], (viewID ? "0,480" : nil))
        }
    }

    @Test("UIKit #129: a restoration path runs from the root to the VC; presented and embedded VCs both count as children")
    func fact129() {
        let s = restorable("Tab(Nav(A))")
        s.run("push B")
        s.run("present Nav(C) on B")
        expectEqual(s.state.restorationPath(of: s.id("B")), "UITabBarController/UINavigationController/B")
        // Identifiers are class names here, so the presented navigation controller's is too.
        expectEqual(s.state.restorationPath(of: s.id("C")), "UITabBarController/UINavigationController/C")
    }

    @Test("UIKit #130: paths must be unique; a navigation controller disambiguates its stack by position")
    func fact130() {
        let s = restorable("Nav(Detail)")
        s.run("push Detail")
        s.run("push Detail")
        s.run("addChild Part to Detail#3")
        s.run("addChild Part to Detail#3")
        s.run("encode Detail children")
        let calls = s.run("background").lines.map(\.text)
        let paths = s.state.application.archive!.paths
        expectEqual(paths.filter { $0 == "UINavigationController/Detail" }.count, 3)
        expectEqual(paths.filter { $0 == "UINavigationController/Detail/Part" }.count, 1)
        expect(calls.contains { $0.contains("is already taken") })
        s.run("kill")
        s.run("launch")
        expectEqual(s.vc("UINavigationController").children.count, 3)
    }

    @Test("UIKit #132, #141: willFinishLaunching, restoration (find/create, then decode before viewWillAppear), didFinishLaunching, applicationFinishedRestoringState")
    func fact132() {
        let s = restorable("Nav(A)")
        s.run("push B")
        s.run("background")
        s.run("kill")
        let calls = s.calls("launch")
        let i = { (c: String) in calls.firstIndex(of: c)! }
        expect(i("application(_:willFinishLaunchingWithOptions:)") < i("application(_:shouldRestoreSecureApplicationState:)"))
        expect(i("application(_:shouldRestoreSecureApplicationState:)") < i("decodeRestorableState UINavigationController"))
        expect(i("decodeRestorableState B") < i("application(_:didFinishLaunchingWithOptions:)"))
        expect(i("application(_:didFinishLaunchingWithOptions:)") < i("applicationFinishedRestoringState B"))
        expect(i("decodeRestorableState B") < i("viewWillAppear B"))
        expect(s.vc("B").restored)
    }

    @Test("UIKit #134, #138: the Initial UI exists before restoration and its instances are reused, not remade")
    func fact138() {
        let s = restorable("Tab(Nav(A), B)")
        s.run("background")
        s.run("kill")
        let calls = s.calls("launch")
        expectEqual(s.state.viewControllers.count, 4)
        expect(!calls.contains { $0.hasPrefix("deinit") })
        expect(s.vc("A").restored)
    }

    @Test("UIKit #135, #136: lookup order: restoration class, app delegate, existing instance, storyboard; made in code with none is left out")
    func fact135() {
        let s = restorable("Nav(A)", "class ByClass restorationClass=yes", "class InCode storyboard=no", "appDelegate restores ByDelegate")
        s.run("push ByClass")
        s.run("push ByDelegate")
        s.run("push FromStoryboard")
        s.run("push InCode")
        s.run("background")
        s.run("kill")
        let r = s.run("launch")
        let lines = r.lines.map(\.text)
        expect(lines.contains("viewController(withRestorationIdentifierPath:coder:) ByClass — UINavigationController/ByClass"))
        expect(lines.contains("application(_:viewControllerWithRestorationIdentifierPath:coder:) — UINavigationController/ByDelegate"))
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A", "ByClass", "ByDelegate", "FromStoryboard"])
        expect(!s.alive("InCode"))
        expect(lines.contains { $0.contains("InCode is made in code and has no restoration class") })
    }

    @Test("UIKit #137: restored VCs get their identifier and class back, so they are preserved again next cycle")
    func fact137() {
        let s = restorable("Nav(A)", "class B restorationClass=yes")
        s.run("push B")
        s.run("background")
        s.run("kill")
        s.run("launch")
        expect(s.vc("B").restorationIdentifier == "B" && s.vc("B").restorationClass == .instance)
        s.run("background")
        expectEqual(s.state.application.archive?.paths.contains("UINavigationController/B"), true)
    }

    @Test("UIKit #139: an object of another class is not decoded: its state is silently lost")
    func fact139() {
        let s = restorable("Nav(A)", "class Detail encodes=item", "appDelegate restores Detail as LegacyDetail")
        s.run("push Detail")
        s.run("set Detail item=42")
        s.run("background")
        s.run("kill")
        let calls = s.calls("launch")
        expect(!calls.contains { $0.hasPrefix("decodeRestorableState LegacyDetail") })
        expect(s.alive("LegacyDetail") && s.vc("LegacyDetail").properties["item"] == nil)
    }

    @Test("UIKit #140: the navigation controller's decode re-establishes its stack; presentations come back")
    func fact140() {
        let s = restorable("Tab(Nav(A), B)", device: "iPhone iOS=18")
        s.run("push C")
        // A presented navigation controller needs its own identifier: `UINavigationController`
        // is taken by the tab's (paths must be unique, UIKit #130).
        s.run("present ModalNav:Nav(D) on C style=fullScreen")
        s.run("background")
        s.run("kill")
        s.run("launch")
        expectEqual(s.vc("UINavigationController").children.map { s.name($0)! }, ["A", "C"])
        expectEqual(s.presenting("ModalNav"), "UITabBarController")
        expectEqual(s.style("ModalNav"), "fullScreen")
        expectEqual(s.top, "D")
    }

    @Test("UIKit #227: a tab selected in the tab bar controller's viewDidLoad loses to the restored selection; with nothing to restore it stays")
    func factT7() {
        let s = restorable("MainTab:Tab(A, B, C)", "on MainTab viewDidLoad: select self 2")
        expectEqual(s.vc("MainTab").selectedIndex, 2)
        s.run("select MainTab 1")
        s.run("background")
        s.run("kill")
        let r = s.run("launch")
        expectEqual(s.vc("MainTab").selectedIndex, 1)
        expectEqual(s.top, "B")
        let calls = r.lines.filter { $0.style == .callback }.map(\.text)
        expect(calls.contains("viewWillAppear B") && !calls.contains("viewWillAppear C"), "\(calls)")
        // The code ran, before the decode that undoes its choice.
        let ran = r.lines.firstIndex { $0.text.contains("runs `select self 2`") }
        let decode = r.lines.firstIndex { $0.text == "decodeRestorableState MainTab" }
        expect(ran != nil && decode != nil && ran! < decode!)
        expect(r.text.contains("UIKit #227"))
        // No archive (forceQuit deletes it): the viewDidLoad choice stands.
        s.run("forceQuit")
        s.run("launch")
        expectEqual(s.vc("MainTab").selectedIndex, 2)
    }

    @Test("UIKit #142: a presented navigation controller comes back from the app delegate, its content from its restoration class")
    func fact142() {
        let s = restorable("Nav(List)", "class Content restorationClass=yes", "appDelegate restores ModalNav")
        s.run("present ModalNav:Nav(Content) style=fullScreen")
        s.run("background")
        s.run("kill")
        let lines = s.run("launch").lines.map(\.text)
        expect(lines.contains("application(_:viewControllerWithRestorationIdentifierPath:coder:) — UINavigationController/ModalNav"))
        expect(lines.contains("viewController(withRestorationIdentifierPath:coder:) Content — UINavigationController/ModalNav/Content"))
        expectEqual(s.presenting("ModalNav"), "UINavigationController")
        expectEqual(s.top, "Content")
    }

    @Test("Seed 000: a naive swapRoot is not restored; the Initial UI comes back")
    func seed000Naive() {
        let s = restorable("Register", device: "iPhone iOS=12")
        s.run("swapRoot Main")
        s.run("background")
        s.run("kill")
        s.run("launch")
        expectEqual(s.top, "Register")
        expect(!s.alive("Main"))
    }

    @Test("uninstall deletes defaults too; defaults survive kill and forceQuit")
    func defaultsSurvive() {
        let s = restorable("A")
        s.run("defaults loggedIn=true")
        s.run("background"); s.run("kill"); s.run("launch")
        expectEqual(s.state.application.defaults["loggedIn"], "true")
        s.run("forceQuit"); s.run("launch")
        expectEqual(s.state.application.defaults["loggedIn"], "true")
        s.run("uninstall")
        let r = s.run("launch")
        expect(s.state.application.defaults.isEmpty)
        expectEqual(s.state.application.launches, 1)
        expect(r.lines.contains { $0.text.contains("installed afresh") })
    }

    @Test("UIKit #111, #115: kill of an active app preserves nothing; a damaged archive is discarded at launch with a warning")
    func killAndDamaged() {
        let s = restorable("A")
        // Xcode's stop button on an active app: killed, nothing preserved (it never went to the background).
        expect(s.run("kill").lines.contains { $0.text.contains("nothing was preserved now") })
        expect(s.state.application.data.archive == nil)
        s.run("launch")
        s.run("background")
        s.run("kill")
        _ = s.session.execute("reset")
        var st = s.state
        st.application.data.archive = .damaged("archive.json is not a restoration archive NavLab can read")
        st.application.optIn.implemented = true
        st.application.optIn.restore = true
        st.initial = .instance(className: "A", at: SourceLocation(column: 1))
        _ = try? st.apply(.launch)
        expect(st.application.data.archive == nil)
        expect(st.isRunning)
    }
}
