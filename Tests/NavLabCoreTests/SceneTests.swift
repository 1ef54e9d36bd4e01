import Testing
@testable import NavLabCore

/// UIKIT.md §9: scene-based restoration, as a mode (`scenes on`).
@Suite("§9 Scene-based restoration")
struct SceneTests {
    func sceneApp() -> Sim {
        let s = Sim("scenes on", "class * restorationIdentifier=class", "optIn save=yes restore=yes", "encode Country capital", "initial Nav(Countries)", "launch")
        s.run("push Country")
        s.run("set Country capital=Paris")
        return s
    }

    @Test("UIKit #144, #145: a scene's state is saved as the activity stateRestorationActivity(for:) returns, when it goes to the background")
    func fact145() {
        let s = sceneApp()
        let calls = s.calls("background")
        expectEqual(calls.prefix(3), ["sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)",
                                    "stateRestorationActivity(for:) — {capital: Paris, screen: Country}"])
        expectEqual(s.state.application.data.activity, ["screen": "Country", "capital": "Paris"])
    }

    @Test("UIKit #146, #147: the activity is there at willConnectTo, and delivered again after the root appears")
    func fact147() {
        let s = sceneApp()
        s.run("background")
        s.run("kill")
        let calls = s.calls("launch")
        let connect = calls.firstIndex { $0.hasPrefix("scene(_:willConnectTo:options:) — session.stateRestorationActivity = {capital: Paris") }
        let restore = calls.firstIndex { $0.hasPrefix("scene(_:restoreInteractionStateWith:)") }
        let appear = calls.firstIndex(of: "viewWillAppear Countries")
        expect(connect != nil && restore != nil && appear != nil)
        expect(connect! < appear! && appear! < restore!)
    }

    @Test("UIKit #148: with scenes, encodeRestorableState and decodeRestorableState are not called and nothing is restored by UIKit")
    func fact148() {
        let s = sceneApp()
        expect(!s.calls("background").contains { $0.hasPrefix("encodeRestorableState") })
        s.run("kill")
        let calls = s.calls("launch")
        expect(!calls.contains { $0.hasPrefix("decodeRestorableState") || $0.hasPrefix("application(_:shouldRestore") })
        expectEqual(s.top, "Countries")
    }

    @Test("UIKit #149: force quit deletes the scene's activity (Apple's sample; a report says iOS 15 kept it)")
    func fact149() {
        let s = sceneApp()
        s.run("background")
        let r = s.run("forceQuit")
        expect(s.state.application.data.activity == nil)
        expect(r.lines.contains { $0.text.contains("UIKit #149") })
    }

    @Test("Scenes can only be switched while the app is not running")
    func switching() {
        let s = sceneApp()
        expectEqual(s.fail("scenes off")?.suggestion?.contains("kill"), true)
    }
}
