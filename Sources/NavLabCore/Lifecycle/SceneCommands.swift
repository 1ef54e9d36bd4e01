// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// `scene new|N|disconnect N|discard N`: the user opens, brings to the front, disconnects and
/// discards the scenes of an app on an iPad (UIKit #211–#214; the model is in MultipleScenes.swift).
extension State {
    mutating func applyScene(_ action: SceneAction, at: SourceLocation) throws(NavLabError) -> Outcome {
        try requireMultipleScenes(at: at)
        switch action {
        case .open: return try openScene(at: at)
        case .front(let n): return try bringToFront(n, at: at)
        case .disconnect(let n): return try disconnectScene(n, at: at)
        case .discard(let n): return try discardScene(n, at: at)
        }
    }

    /// Several scenes need scenes, an iPad and iOS 13 (UIKit #211).
    func requireMultipleScenes(at: SourceLocation) throws(NavLabError) {
        guard device.iOS >= 13 else {
            throw NavLabError(.invalid, "scenes came with iOS 13; the device runs iOS \(device.version)", at: at, suggestion: "`device iPad iOS=13` or later")
        }
        guard device.idiom == .iPad else {
            throw NavLabError(.invalid, "an iPhone shows one scene of an app: a second window scene needs an iPad, where UIApplicationSupportsMultipleScenes lets UIKit create more than one (UIKit #211)", at: at,
                              suggestion: "`reset`, then `device iPad iOS=\(device.version)` and `scenes on`")
        }
        guard application.usesScenes else {
            throw NavLabError(.invalid, "the app has not adopted scenes: without a scene manifest UIKit never creates a second scene (UIKit #211)", at: at,
                              suggestion: isRunning ? "`kill` it, then `scenes on`" : "`scenes on`")
        }
        guard application.supportsMultipleScenes else {
            throw NavLabError(.invalid, "the app's scene manifest does not allow several windows (UIApplicationSupportsMultipleScenes is NO), so UIKit keeps one scene (UIKit #211)", at: at,
                              suggestion: isRunning ? "`kill` it, then `scenes on` (multiple windows allowed)" : "`scenes on` (multiple windows allowed)")
        }
    }

    func sceneNumber(_ n: Int, at: SourceLocation) throws(NavLabError) {
        guard sceneSessionNumbers.contains(n) else {
            throw NavLabError(.unknown, "there is no scene \(n)", at: at,
                              suggestion: "the app's scene sessions: " + sceneSessionNumbers.map { "\($0)" }.joined(separator: ", ") + "; `scene new` opens another")
        }
    }

    /// The front scene, connected, goes behind: its window to `otherScenes`, its activity to
    /// `otherSessions`, kept in order of number.
    mutating func stashFrontScene() {
        let n = application.data.frontSession
        otherScenes.append(ConnectedScene(session: n, window: window))
        otherScenes.sort { $0.session < $1.session }
        application.data.otherSessions.append(SceneSession(number: n, activity: application.data.activity))
        application.data.otherSessions.sort { $0.number < $1.number }
        window = Window()
        application.data.activity = nil
    }

    /// `requestSceneSessionActivation(nil, userActivity: nil, options: nil)`: a new session
    /// whose scene takes the screen; the one in front goes to the background (UIKit #212).
    mutating func openScene(at: SourceLocation) throws(NavLabError) -> Outcome {
        guard application.state == .active || application.state == .inactive else {
            throw NavLabError(.invalid, "the app's code asks for a new scene in answer to the user, in front; the app is \(application.state.rawValue)", at: at,
                              suggestion: isRunning ? "`foreground` first" : "`launch` first")
        }
        guard sceneSessionNumbers.count < State.maxSceneSessions else {
            throw NavLabError(.invalid, "the app has \(sceneSessionNumbers.count) scene sessions, NavLab's limit", at: at, suggestion: "`scene discard N` closes one")
        }
        if let initial {
            var claimed: Set<VCID> = []
            try validateNew(initial, claimed: &claimed)
        }
        let old = application.data.frontSession
        let n = max(application.data.lastSession, sceneSessionNumbers.max() ?? 1) + 1
        var events: [Event] = [.note("requestSceneSessionActivation(nil, userActivity: nil, options: nil): UIKit makes a new session, scene \(n); its scene takes the screen and scene \(old) goes to the background (UIKit #212)")]
        events += sendFrontToBackground(labeled: true)
        stashFrontScene()
        application.data.lastSession = n
        application.data.frontSession = n
        var pre: [Event] = []
        let root = initial.map { instantiate($0, events: &pre) }
        window.rootViewController = root
        events += pre
        events += connectScene(saved: nil, configures: true, locked: false)
        if root == nil {
            events.append(.warning("Application windows are expected to have a root view controller at the end of application launch"))
        }
        return .done(events)
    }

    /// The user brings scene `n` to the front: the front one goes to the background; `n` comes
    /// back to the foreground if it is connected, or connects and restores from its own
    /// activity if it is not (UIKit #213).
    mutating func bringToFront(_ n: Int, at: SourceLocation) throws(NavLabError) -> Outcome {
        try sceneNumber(n, at: at)
        guard isRunning else {
            throw NavLabError(.invalid, "the app is not running", at: at,
                              suggestion: "`launch` connects scene \(application.data.frontSession), the one last in front; then `scene \(n)`")
        }
        guard n != application.data.frontSession else { return .ignored(reason: "scene \(n) is already in front", events: []) }
        if let initial, !otherScenes.contains(where: { $0.session == n }) {
            var claimed: Set<VCID> = []
            try validateNew(initial, claimed: &claimed)
        }
        var events = sendFrontToBackground(labeled: true)
        stashFrontScene()
        let session = application.data.otherSessions.first { $0.number == n }!
        application.data.otherSessions.removeAll { $0.number == n }
        application.data.frontSession = n
        application.data.activity = session.activity
        if let i = otherScenes.firstIndex(where: { $0.session == n }) {
            // Connected, in the background: it comes back as an app does (no appearance call).
            window = otherScenes.remove(at: i).window
            application.state = .active
            events += [sceneEvent("sceneWillEnterForeground(_:)", labeled: true), sceneEvent("sceneDidBecomeActive(_:)", labeled: true)]
            return .done(events)
        }
        events.append(.note("scene \(n) is not connected: UIKit connects its session again, with the activity it saved (UIKit #213)"))
        var pre: [Event] = []
        let root = initial.map { instantiate($0, events: &pre) }
        window.rootViewController = root
        events += pre
        events += connectScene(saved: session.activity, configures: false, locked: false)
        if root == nil {
            events.append(.warning("Application windows are expected to have a root view controller at the end of application launch"))
        }
        return .done(events)
    }

    /// Takes scene `n`'s window away and releases what only it held (UIKit #151): every view
    /// controller of its hierarchy, presentations included, unless the app holds one.
    mutating func releaseScene(_ n: Int) -> [Event] {
        guard let i = otherScenes.firstIndex(where: { $0.session == n }) else { return [] }
        let scene = otherScenes.remove(at: i)
        guard let root = scene.window.rootViewController, viewControllers[root] != nil else { return [] }
        // The window and its transition views go: presentations are torn down with them.
        var all: [VCID] = []
        var stack = [root]
        var seen: Set<VCID> = []
        while let id = stack.popLast() {
            guard viewControllers[id] != nil, seen.insert(id).inserted else { continue }
            all.append(id)
            stack += self[id].children.reversed()
            if let p = self[id].presentedChild { stack.append(p) }
        }
        var candidates = [root]
        for id in all where self[id].presentedChild != nil {
            let p = self[id].presentedChild!
            self[id].presentedChild = nil
            if viewControllers[p] != nil {
                self[p].presenter = nil
                self[p].presentation = nil
                self[p].presentationControllerCycle = false
                candidates.append(p)
            }
        }
        return release(candidates: candidates)
    }

    /// The system releases a scene in the background; its session stays, with its activity,
    /// and connects again later (UIKit #151).
    mutating func disconnectScene(_ n: Int, at: SourceLocation) throws(NavLabError) -> Outcome {
        try sceneNumber(n, at: at)
        guard isRunning else { return .ignored(reason: "the app is not running: no scene is connected", events: []) }
        if n == application.data.frontSession {
            let other = sceneSessionNumbers.first { $0 != n }
            throw NavLabError(.invalid, "scene \(n) is in front: the system disconnects scenes some time after they enter the background", at: at,
                              suggestion: other.map { "`scene \($0)` brings another scene to the front first" } ?? "`background`, then `kill`: the system ends the app")
        }
        guard otherScenes.contains(where: { $0.session == n }) else {
            return .ignored(reason: "scene \(n) is not connected", events: [])
        }
        var events: [Event] = [sceneEvent("sceneDidDisconnect(_:)", session: n, labeled: true)]
        events += releaseScene(n)
        let activity = application.data.otherSessions.first { $0.number == n }?.activity
        events.append(.note("the system released scene \(n): its window and view controllers go; the session stays, its window in the app switcher, with its activity \(activity.map(State.describe) ?? "(none)"), and `scene \(n)` connects it again (UIKit #151)"))
        return .done(events)
    }

    /// The user swipes scene `n`'s window away in the app switcher: the scene disconnects and
    /// its session is discarded with its activity (UIKit #214).
    mutating func discardScene(_ n: Int, at: SourceLocation) throws(NavLabError) -> Outcome {
        try sceneNumber(n, at: at)
        if n == application.data.frontSession {
            let other = sceneSessionNumbers.first { $0 != n }
            throw NavLabError(.invalid, other == nil ? "scene \(n) is the app's only scene: swiping it away quits the app"
                                                     : "scene \(n) is the one in front; NavLab discards scenes in the background only", at: at,
                              suggestion: other.map { "`scene \($0)` brings another scene to the front first" } ?? "`forceQuit`")
        }
        var events: [Event] = []
        if isRunning {
            if otherScenes.contains(where: { $0.session == n }) {
                events.append(sceneEvent("sceneDidDisconnect(_:)", session: n, labeled: true))
                events += releaseScene(n)
            }
            events.append(Event(kind: .appDelegate, callback: "application(_:didDiscardSceneSessions:)", message: "scene \(n)"))
        } else {
            application.data.discardedWhileNotRunning.append(n)
        }
        let had = application.data.otherSessions.first { $0.number == n }?.activity
        application.data.otherSessions.removeAll { $0.number == n }
        events.append(.note("scene \(n)'s session is discarded" + (had != nil ? " and its activity deleted with it" : "") + ": it will not come back"
                            + (isRunning ? "" : "; the app is not running, so application(_:didDiscardSceneSessions:) comes at its next launch") + " (UIKit #214)"))
        return .done(events)
    }
}
