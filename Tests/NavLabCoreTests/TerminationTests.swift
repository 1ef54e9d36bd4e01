import Testing
@testable import NavLabCore
import NavLabCommands

/// How the app ends: the user's swipe in the app switcher and the system's termination, by
/// the state the app is in (UIKit #217–#219).
@Suite("Termination: the app switcher and the system")
struct TerminationTests {
    @Test("UIKit #217: swiped away after the switcher made it inactive, an app without scenes enters the background, then applicationWillTerminate")
    func swipedFromTheSwitcher() {
        let s = Sim("device iPhone iOS=12", "initial Root", "launch")
        expectEqual(s.calls("resignActive"), ["applicationWillResignActive(_:)"])
        expectEqual(s.calls("forceQuit"), ["applicationDidEnterBackground(_:)", "applicationWillTerminate(_:)"])
        expectEqual(s.state.application.state, .notRunning)
        // Swiped straight from active (no `resignActive` typed): the switcher resigns it first.
        s.run("launch")
        expectEqual(s.calls("forceQuit"), ["applicationWillResignActive(_:)", "applicationDidEnterBackground(_:)", "applicationWillTerminate(_:)"])
    }

    @Test("UIKit #217: swiped away while suspended, no code runs; while running in the background, applicationWillTerminate alone")
    func swipedFromTheBackground() {
        let s = Sim("initial Root", "launch", "background")
        expectEqual(s.calls("forceQuit"), [])
        s.run("launch")
        s.run("background running")
        expectEqual(s.calls("forceQuit"), ["applicationWillTerminate(_:)"])
        s.run("launch")
        s.run("background running")
        s.run("suspend")
        expectEqual(s.calls("forceQuit"), [])
    }

    @Test("UIKit #217: state preservation runs in the background transition of a swiped app, and the archive is deleted after it (UIKit #115)")
    func swipedAppPreservesThenLosesTheArchive() {
        let s = Sim("class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)", "launch", "push B")
        let calls = s.calls("forceQuit")
        expectEqual(calls.first, "applicationWillResignActive(_:)")
        expect(calls.contains("encodeRestorableState B"), "\(calls)")
        expectEqual(calls.last, "applicationWillTerminate(_:)")
        expect(s.state.application.archive == nil)
    }

    @Test("UIKit #217: a scene app swiped away from the switcher (iOS 14+): sceneDidDisconnect, no background call, the session discarded, then applicationWillTerminate")
    func sceneAppSwiped() {
        let s = Sim("scenes on", "initial Root", "launch")
        expectEqual(s.calls("resignActive"), ["sceneWillResignActive(_:)"])
        let calls = s.calls("forceQuit")
        expectEqual(calls, ["sceneDidDisconnect(_:)", "application(_:didDiscardSceneSessions:)", "applicationWillTerminate(_:)"])
        // The next launch makes a new session, which the app delegate configures.
        let launch = s.calls("launch")
        expect(launch.contains("application(_:configurationForConnecting:options:)"), "\(launch)")
        expect(!launch.contains("application(_:didDiscardSceneSessions:)"), "\(launch)")
    }

    @Test("UIKit #217: iOS 13, one account: on an iPhone the scene enters the background; on an iPad whose manifest allows one window it is disconnected and discarded")
    func sceneAppSwipedOnIOS13() {
        let phone = Sim("device iPhone iOS=13", "scenes on", "initial Root", "launch", "resignActive")
        expectEqual(phone.calls("forceQuit"), ["sceneDidEnterBackground(_:)", "applicationWillTerminate(_:)"])
        let pad = Sim("device iPad iOS=13", "scenes on multiple=no", "initial Root", "launch", "resignActive")
        expectEqual(pad.calls("forceQuit"), ["sceneDidDisconnect(_:)", "application(_:didDiscardSceneSessions:)", "applicationWillTerminate(_:)"])
        // An iPad app that allows several windows, with one: the account's multi-window case.
        let multi = Sim("device iPad iOS=13", "scenes on", "initial Root", "launch", "resignActive")
        expectEqual(multi.calls("forceQuit"), ["sceneDidEnterBackground(_:)", "applicationWillTerminate(_:)"])
    }

    @Test("UIKit #217, #214: a suspended scene app swiped away runs nothing; the discarded session is reported after the next launch's didFinishLaunching")
    func suspendedSceneAppSwiped() {
        let s = Sim("scenes on", "initial Root", "launch", "background")
        expectEqual(s.calls("forceQuit"), [])
        let launch = s.calls("launch")
        let finish = launch.firstIndex(of: "application(_:didFinishLaunchingWithOptions:)")
        let discard = launch.firstIndex { $0.hasPrefix("application(_:didDiscardSceneSessions:)") }
        let configure = launch.firstIndex(of: "application(_:configurationForConnecting:options:)")
        expect(finish != nil && discard != nil && configure != nil, "\(launch)")
        if let finish, let discard, let configure { expect(finish < discard && discard < configure, "\(launch)") }
    }

    @Test("UIKit #217, #214: on an iPad with several windows swiped away one by one, the last one ends the app and its session comes back")
    func lastWindowKeepsItsSession() {
        let s = Sim("device iPad", "scenes on", "route Detail push Detail", "initial Nav(Main)", "launch", "scene new", "push Detail", "background")
        s.run("scene discard 1")
        s.run("forceQuit")
        let launch = s.calls("launch")
        expect(!launch.contains("application(_:configurationForConnecting:options:)"), "\(launch)")
        expect(launch.contains { $0.contains("stateRestorationActivity = {screen: Detail}") }, "\(launch)")
    }

    @Test("UIKit #218: the system ends an app running in the background gracefully (applicationWillTerminate); a suspended one, or one stopped by Xcode, runs nothing")
    func systemTermination() {
        let s = Sim("initial Root", "launch", "background running")
        expectEqual(s.calls("kill"), ["applicationWillTerminate(_:)"])
        s.run("launch")
        s.run("background")
        expectEqual(s.calls("kill"), [])
        s.run("launch")
        expectEqual(s.calls("kill"), [])
        s.run("launch")
        s.run("background running")
        expectEqual(s.calls("suspend"), [])
        expectEqual(s.state.application.state, .suspended)
        expectEqual(s.calls("kill"), [])
    }

    @Test("UIKit #218: `suspend` needs an app in the background; an app with no background work is suspended already")
    func suspendNeedsTheBackground() {
        let s = Sim("initial Root", "launch")
        expect(s.fail("suspend")?.message.contains("needs the app background") == true)
        s.run("background")
        expectEqual(s.run("suspend").status, .ignored)
        expectEqual(s.fail("background running")?.message.contains("needs the app active or inactive"), true)
    }

    @Test("UIKit #219: a scene app killed (or stopped by Xcode) reconnects its session at the next launch: no configurationForConnecting, saved activity or not")
    func killedSceneAppReconnects() {
        let s = Sim("scenes on", "initial Root")
        expect(s.calls("launch").contains("application(_:configurationForConnecting:options:)"))
        s.run("kill")
        let again = s.calls("launch")
        expect(!again.contains("application(_:configurationForConnecting:options:)"), "\(again)")
        expect(again.contains("scene(_:willConnectTo:options:) — session.stateRestorationActivity = nil"), "\(again)")
        s.run("crash")
        expect(!s.calls("launch").contains("application(_:configurationForConnecting:options:)"))
        // An app that adopts scenes in a new build has no session yet: it is configured.
        let fresh = Sim("initial Root", "launch", "kill", "scenes on")
        expect(fresh.calls("launch").contains("application(_:configurationForConnecting:options:)"))
    }

    @Test("UIKit #211: `scenes on multiple=no` is a manifest without UIApplicationSupportsMultipleScenes: no second window, and the code keeps it")
    func oneWindowManifest() {
        let s = Sim("device iPad", "scenes on multiple=no", "initial Root", "launch")
        expect(s.fail("scene new")?.message.contains("UIApplicationSupportsMultipleScenes is NO") == true)
        expect(s.state.codeScript().contains("scenes on multiple=no"))
        expect(s.fail("scenes on multiple=maybe") != nil)
    }
}
