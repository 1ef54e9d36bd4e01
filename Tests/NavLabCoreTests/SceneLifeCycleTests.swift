import Testing
@testable import NavLabCore
import NavLabCommands

/// iOS 27 and the SDK as its own axis; restoration as today's scene apps do it (UIKit #198–#208).
@Suite("iOS 27: the scene life cycle and the SDK")
struct SceneLifeCycleTests {
    @Test("UIKit #198: the SDK is its own axis: sdk=N next to the device's iOS; by default the device's own version")
    func fact198() {
        let s = Sim("device iPhone iOS=27 sdk=26")
        expect(s.state.device.iOS == 27 && s.state.device.sdkVersion == 26)
        s.run("device iPad iOS=17")
        expect(s.state.device.sdkVersion == 17 && s.state.device.sdk == nil)
        expect(s.fail("device iPhone iOS=28") != nil)
        expect(s.fail("device iPhone iOS=27 sdk=7") != nil)
        expectEqual(s.fail("device iPhone sdk=26 iOS=27")?.suggestion?.contains("iOS=27 sdk=26"), true)
        s.run("device iPhone iOS=18.4")
        expect(s.state.device.minor == 4 && s.state.device.description == "iPhone iOS=18.4")
        expect(s.fail("device iPhone iOS=18.40") != nil)
        expect(s.state.codeScript().contains("device iPhone iOS=18.4"))
    }

    @Test("UIKit #199: with the iOS 27 SDK on iOS 27 and no scenes, launch fails with UIKit's assertion and the app stays not running")
    func fact199() {
        let s = Sim("device iPhone iOS=27", "initial Nav(Countries)")
        let r = s.run("launch")
        let warnings = r.lines.filter { $0.style == .warning }.map(\.text)
        expectEqual(warnings, ["warning: failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK. See \"Transitioning to the UIKit scene-based life cycle\" in the UIKit documentation for more information on migration."])
        // No app-delegate call: the trap comes before willFinishLaunching.
        expect(s.calls("expect app is notRunning").isEmpty)
        expect(!r.lines.contains { $0.style == .appDelegate || $0.style == .callback })
        expectEqual(s.state.application.state, .notRunning)
        expect(r.lines.contains { $0.text.contains("`scenes on`") })
        expect(s.fail("push Country") != nil)
        // Adopting scenes makes it launch.
        s.run("scenes on")
        s.run("launch")
        expect(s.state.application.state == .active && s.top == "Countries")
    }

    @Test("UIKit #201: built with the iOS 26 SDK the app launches on iOS 27 without scenes")
    func fact201() {
        let s = Sim("device iPhone iOS=27 sdk=26", "initial Countries")
        let r = s.run("launch")
        expectEqual(s.state.application.state, .active)
        expect(!r.lines.contains { $0.style == .warning })
        expect(r.lines.contains { $0.style == .note && $0.text.contains("UIKit #199") })
        expect(r.lines.contains { $0.text == "applicationDidBecomeActive(_:)" })
    }

    @Test("UIKit #200: iOS 18.4 and iOS 26 log their warnings at launch, keyed to the device's iOS, before the app delegate's first call")
    func fact200() {
        let s184 = Sim("device iPhone iOS=18.4 sdk=18", "initial A")
        let r = s184.run("launch")
        expectEqual(r.lines.first { $0.style == .warning }?.text, "warning: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.")
        let w = r.lines.firstIndex { $0.style == .warning }!
        let first = r.lines.firstIndex { $0.style == .appDelegate }!
        expect(w < first)
        let s26 = Sim("device iPhone iOS=26", "initial A")
        expectEqual(s26.warnings("launch"), ["`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."])
        // iOS 18.0 (NavLab's iOS=18) logs nothing, nor does a scene app on iOS 26.
        expect(Sim("initial A").warnings("launch").isEmpty)
        expect(Sim("device iPhone iOS=26", "scenes on", "initial A").warnings("launch").isEmpty)
    }

    @Test("UIKit #202: a scene app gets no applicationDidEnterBackground and friends; an expect that waits for one is flagged")
    func fact202() {
        let s = Sim("scenes on", "initial A", "launch")
        let calls = s.calls("background") + s.calls("foreground")
        expect(!calls.contains { $0.hasPrefix("applicationDid") || $0.hasPrefix("applicationWill") })
        let r = s.session.execute("expect log contains \"applicationDidEnterBackground\"")
        expectEqual(r.status, .failed)
        expect(r.lines.contains { $0.style == .note && $0.text.contains("sceneDidEnterBackground(_:)") && $0.text.contains("UIKit #202") })
        // Not flagged without scenes.
        let old = Sim("initial A", "launch")
        old.run("background")
        let ok = old.session.execute("expect log contains \"applicationDidEnterBackground\"")
        expect(ok.status == .shown && !ok.lines.contains { $0.style == .note })
    }

    @Test("UIKit #203: legacy restoration commands say UIKit will not call them, with scenes or with the iOS 27 SDK on iOS 27")
    func fact203() {
        let s = Sim("scenes on")
        expect(s.run("optIn save=yes restore=yes").lines.contains { $0.text.contains("never calls it") && $0.text.contains("UIKit #148, #203") })
        expect(s.run("encode Country capital").lines.contains { $0.text.contains("encodeRestorableState(with:)") && $0.text.contains("never calls it") })
        expect(s.run("appDelegate restores Detail").lines.contains { $0.text.contains("never calls it") })
        let sdk27 = Sim("device iPhone iOS=27")
        expect(sdk27.run("optIn save=yes restore=yes").lines.contains { $0.text.contains("iOS 27 SDK must adopt scenes") })
        // On iOS 27 built with the 26 SDK, without scenes, UIKit still calls them.
        let sdk26 = Sim("device iPhone iOS=27 sdk=26")
        expect(!sdk26.run("optIn save=yes restore=yes").lines.contains { $0.style == .note })
    }

    func countries(_ extra: String...) -> Sim {
        let s = Sim("scenes on", "encode Country capital", "initial Nav(Countries)")
        for l in extra { s.run(l) }
        s.run("launch")
        s.run("push Country")
        s.run("set Country capital=Paris")
        s.run("background")
        return s
    }

    @Test("UIKit #204: the scene's activity survives kill and a crash after launch; a crash at launch and an uninstall delete it")
    func fact204() {
        let s = countries()
        s.run("kill")
        expectEqual(s.state.application.data.activity?["capital"], "Paris")
        s.run("launch")
        s.run("crash")
        expectEqual(s.state.application.data.activity?["capital"], "Paris")
        s.run("crash during launch")
        expect(s.state.application.data.activity == nil)
        let u = countries()
        u.run("kill")
        u.run("uninstall")
        expect(u.state.application.data.activity == nil)
    }

    @Test("UIKit #205: launched while the device is locked, willConnectTo gets a nil activity; the file is kept")
    func fact205() {
        let s = countries("route Country push Country")
        s.run("kill")
        let calls = s.calls("launch locked")
        expect(calls.contains("scene(_:willConnectTo:options:) — session.stateRestorationActivity = nil"))
        expect(!calls.contains { $0.hasPrefix("scene(_:restoreInteractionStateWith:)") })
        expectEqual(s.top, "Countries")
        expectEqual(s.state.application.data.activity?["capital"], "Paris")
    }

    @Test("UIKit #206: the routing code replays navigation from the activity in willConnectTo, before the window appears")
    func fact206() {
        let s = countries("route Country push Country")
        s.run("kill")
        let calls = s.calls("launch")
        expect(s.top == "Country" && s.vc("Country").properties["capital"] == "Paris")
        expectEqual(s.vc("UINavigationController").children.map { s.state[$0].name }, ["Countries", "Country"])
        // Only the top of the rebuilt stack appears; Countries' view does not load.
        let connect = calls.firstIndex { $0.hasPrefix("scene(_:willConnectTo:options:)") }!
        let push = calls.firstIndex(of: "didMove(toParent: UINavigationController) Country")!
        let appear = calls.firstIndex(of: "viewWillAppear Country")!
        expect(connect < push && push < appear)
        expect(!calls.contains("viewWillAppear Countries"))
        // Without a route the Initial UI stays, and NavLab says so.
        let n = countries()
        n.run("kill")
        let r = n.run("launch")
        expectEqual(n.top, "Countries")
        expect(r.lines.contains { $0.text.contains("`route Country push Country`") })
    }

    @Test("UIKit #207: restoreInteractionState once per connection, after the first appearance; not on a return from the background")
    func fact207() {
        let s = countries("route Country push Country")
        s.run("kill")
        let calls = s.calls("launch")
        let restore = calls.firstIndex { $0.hasPrefix("scene(_:restoreInteractionStateWith:)") }!
        expect(restore > calls.firstIndex(of: "viewWillAppear Country")!)
        s.run("background")
        expect(!s.calls("foreground").contains { $0.hasPrefix("scene(_:restoreInteractionStateWith:)") })
    }

    @Test("UIKit #208: the activity is asked for at every trip to the background, so the latest screen wins")
    func fact208() {
        let s = countries()
        s.run("foreground")
        s.run("pop")
        s.run("background")
        expectEqual(s.state.application.data.activity, ["screen": "Countries"])
    }
}
