import Testing
@testable import NavLabCore
import NavLabCommands

/// Several scenes of one app on an iPad (UIKit #151, #211–#214).
@Suite("§9 Several scenes on an iPad")
struct MultipleScenesTests {
    /// Scene 1 shows Country (capital Paris); scene 2, opened after it, shows City (name Lyon).
    func twoScenes() -> Sim {
        let s = Sim("device iPad iOS=18", "scenes on", "encode Country capital", "encode City name",
                    "route Country push Country", "route City push Country, City", "initial Nav(Countries)", "launch")
        s.run("push Country")
        s.run("set Country capital=Paris")
        s.run("scene new")
        s.run("push Country")
        s.run("push City")
        s.run("set City name=Lyon")
        return s
    }

    @Test("UIKit #211: a second scene needs an iPad and scenes; an iPhone refuses it with a clear error")
    func fact209() {
        let phone = Sim("device iPhone iOS=18", "scenes on", "initial Nav(Countries)", "launch")
        let e = phone.fail("scene new")
        expectEqual(e?.message.contains("iPhone shows one scene"), true)
        expectEqual(e?.suggestion?.contains("device iPad"), true)
        let noScenes = Sim("device iPad iOS=18", "initial Nav(Countries)", "launch")
        expectEqual(noScenes.fail("scene new")?.suggestion?.contains("scenes on"), true)
        let old = Sim("device iPad iOS=12", "initial Nav(Countries)", "launch")
        expectEqual(old.fail("scene new")?.message.contains("iOS 13"), true)
        let pad = Sim("device iPad iOS=18", "scenes on", "initial Nav(Countries)", "launch")
        pad.run("scene new")
        expectEqual(pad.state.sceneSessionNumbers, [1, 2])
        expectEqual(pad.fail("scene 7")?.suggestion?.contains("1, 2"), true)
        expectEqual(pad.fail("scene")?.kind, .syntax)
        expectEqual(pad.fail("scene 0")?.kind, .syntax)
    }

    @Test("UIKit #211: the other scene's window holds its view controllers; tree draws it and the JSON lists the sessions")
    func fact209Memory() {
        let s = twoScenes()
        // Scene 1's view controllers live on, held by its window, in the one process.
        expect(s.alive("Country") && s.alive("Countries"))
        expect(s.leaked.isEmpty)
        expect(s.state.invariantViolations().isEmpty)
        expectEqual(s.screen, ["UINavigationController#2", "City"])
        let tree = s.run("tree").text
        expect(tree.contains("— scene 1, in the background, its own window:"))
        expect(tree.contains("Country  appeared, in scene 1's window"))
        expect(tree.contains("scenes: scene 2 in front · scene 1 connected, in the background"))
        // Appeared in its own window, as `_printHierarchy` there would say; and `expect state` agrees.
        s.run("expect state Country appeared")
        s.run("expect state Countries disappeared")
        let fields = s.state.topLevelJSON(seq: 0, application: false)
        guard let sessions = fields.first(where: { $0.0 == "sceneSessions" })?.1, case .array(let list) = sessions else {
            Issue.record("no sceneSessions in the state's JSON"); return
        }
        expectEqual(list.count, 2)
        // Commands act on the scene in front: scene 1's navigation controller is out of reach.
        expectEqual(s.fail("push Detail on UINavigationController")?.suggestion, "`scene 1` brings it to the front")
    }

    @Test("UIKit #212: scene new configures a new session, connects it, and sends the scene in front to the background")
    func fact210() {
        let s = Sim("device iPad iOS=18", "scenes on", "encode Country capital", "initial Nav(Countries)", "launch")
        s.run("push Country")
        s.run("set Country capital=Paris")
        // The storyboard's Nav(Countries) is made before willConnectTo, as at launch.
        let calls = s.calls("scene new").filter { !$0.hasPrefix("willMove") && !$0.hasPrefix("didMove") }
        expectEqual(Array(calls.prefix(5)), [
            "sceneWillResignActive(_:) — scene 1", "sceneDidEnterBackground(_:) — scene 1",
            "stateRestorationActivity(for:) — scene 1: {capital: Paris, screen: Country}",
            "application(_:configurationForConnecting:options:)",
            "scene(_:willConnectTo:options:) — scene 2: session.stateRestorationActivity = nil",
        ])
        let active = calls.firstIndex(of: "sceneDidBecomeActive(_:) — scene 2")
        let appear = calls.firstIndex(of: "viewDidAppear Countries#2")
        expect(active != nil && appear != nil && active! < appear!)
        expectEqual(s.top, "Countries#2")
        expectEqual(s.state.application.state, .active)
        // Back to scene 1: connected in the background, it only comes to the foreground.
        expectEqual(s.calls("scene 1"), ["sceneWillResignActive(_:) — scene 2", "sceneDidEnterBackground(_:) — scene 2",
                                       "stateRestorationActivity(for:) — scene 2: {screen: Countries}",
                                       "sceneWillEnterForeground(_:) — scene 1", "sceneDidBecomeActive(_:) — scene 1"])
        expectEqual(s.top, "Country")
        expectEqual(s.state.application.data.activity, ["screen": "Country", "capital": "Paris"])
        // Undo takes the switch back whole.
        s.run("undo")
        expectEqual(s.top, "Countries#2")
        expectEqual(s.state.application.data.frontSession, 2)
        expect(s.state.invariantViolations().isEmpty)
    }

    @Test("UIKit #213: two iPad scenes, background, kill, relaunch: each restores its own screen from its own activity")
    func fact211() {
        let s = twoScenes()
        s.run("background")
        s.run("kill")
        expectEqual(s.state.application.data.activity, ["screen": "City", "name": "Lyon"])
        expectEqual(s.state.application.data.otherSessions, [SceneSession(number: 1, activity: ["screen": "Country", "capital": "Paris"])])
        let launch = s.calls("launch")
        expect(launch.contains("scene(_:willConnectTo:options:) — scene 2: session.stateRestorationActivity = {name: Lyon, screen: City}"))
        expect(!launch.contains("application(_:configurationForConnecting:options:)"))
        expectEqual(s.top, "City")
        expectEqual(s.vc("City").properties["name"], "Lyon")
        let back = s.calls("scene 1")
        expect(back.contains("scene(_:willConnectTo:options:) — scene 1: session.stateRestorationActivity = {capital: Paris, screen: Country}"))
        expect(back.contains("scene(_:restoreInteractionStateWith:) — scene 1: {capital: Paris, screen: Country}"))
        expect(!back.contains("application(_:configurationForConnecting:options:)"))
        expectEqual(s.top, "Country#2")
        expectEqual(s.vc("Country#2").properties["capital"], "Paris")
        // Scene 2 kept its screen, in the background.
        expectEqual(s.state.viewControllers(inScene: 2).map { s.state[$0].name }, ["UINavigationController", "City"])
        expect(s.state.invariantViolations().isEmpty)
    }

    @Test("UIKit #151: a disconnected scene releases its view controllers; its session stays and connects again with its activity")
    func fact151() {
        let s = twoScenes()
        expectEqual(s.fail("scene disconnect 2")?.message.contains("in front"), true)
        let calls = s.calls("scene disconnect 1")
        expectEqual(calls, ["sceneDidDisconnect(_:) — scene 1", "deinit UINavigationController", "deinit Countries", "deinit Country"])
        expect(!s.alive("Country"))
        expect(s.state.otherScenes.isEmpty)
        expectEqual(s.state.application.data.otherSessions.first?.activity, ["screen": "Country", "capital": "Paris"])
        let back = s.calls("scene 1")
        expect(back.contains("scene(_:willConnectTo:options:) — scene 1: session.stateRestorationActivity = {capital: Paris, screen: Country}"))
        // New instances: Country was released, Country#2 is in scene 2.
        expectEqual(s.top, "Country#3")
        expectEqual(s.vc("Country#3").properties["capital"], "Paris")
    }

    @Test("UIKit #214: a discarded session loses its state; discarded while not running, the call comes at the next launch")
    func fact212() {
        let s = twoScenes()
        expectEqual(s.fail("scene discard 2")?.suggestion?.contains("scene 1"), true)
        expectEqual(s.calls("scene discard 1"), ["sceneDidDisconnect(_:) — scene 1", "deinit UINavigationController", "deinit Countries", "deinit Country",
                                               "application(_:didDiscardSceneSessions:) — scene 1"])
        expectEqual(s.state.sceneSessionNumbers, [2])
        expectEqual(s.fail("scene discard 2")?.suggestion, "`forceQuit`")

        // Not running: UIKit reports it right after the next didFinishLaunching.
        let t = twoScenes()
        t.run("background")
        t.run("kill")
        let r = t.run("scene discard 1")
        expect(r.text.contains("comes at its next launch"))
        expect(t.state.application.data.otherSessions.isEmpty)
        let launch = t.calls("launch")
        let finished = launch.firstIndex(of: "application(_:didFinishLaunchingWithOptions:)")
        let discarded = launch.firstIndex(of: "application(_:didDiscardSceneSessions:) — scene 1")
        expect(finished != nil && discarded != nil && finished! + 1 == discarded!)
        expect(t.state.application.data.discardedWhileNotRunning.isEmpty)
        expectEqual(t.fail("scene 1")?.kind, .unknown)
    }

    @Test("UIKit #214, #217: force quit swipes every window away, the one in front last, whose session stays; export swift refuses a session with a second scene")
    func forceQuitAndExport() throws {
        let s = twoScenes()
        expectEqual(s.calls("forceQuit"), ["sceneWillResignActive(_:) — scene 2", "sceneDidDisconnect(_:) — scene 1", "application(_:didDiscardSceneSessions:) — scene 1",
                                           "sceneDidDisconnect(_:) — scene 2", "applicationWillTerminate(_:)"])
        expect(s.state.application.data.otherSessions.isEmpty)
        expectEqual(s.state.application.data.frontSession, 2)
        expect(!s.calls("launch").contains("application(_:configurationForConnecting:options:)"))
        let t = twoScenes()
        #expect(throws: NavLabError.self) { try SwiftExport.program(from: t.session) }
    }
}
