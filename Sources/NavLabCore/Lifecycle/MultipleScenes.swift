/// Several scenes of one app on an iPad (UIKit #211–#214): each scene session has its own
/// window and its own saved activity. The scene in front is `window`, its session
/// `application.data.frontSession`, its activity `application.data.activity`; the other
/// connected scenes keep their windows in `otherScenes`, and every other session keeps its
/// activity in `application.data.otherSessions`. NavLab shows one scene at a time, full screen:
/// Split View and Stage Manager, where two scenes are in the foreground together, are not
/// modelled (Docs/Modelling.md).
extension State {
    /// `scene new`, `scene N`, `scene disconnect N`, `scene discard N`.
    public enum SceneAction: Hashable, Sendable {
        /// The app's code calls `requestSceneSessionActivation(nil, …)`: a new session, its scene in front.
        case open
        /// The user brings scene N's window to the front (the app switcher, the Dock's windows).
        case front(Int)
        /// The system releases scene N, in the background; its session stays.
        case disconnect(Int)
        /// The user swipes scene N's window away in the app switcher: its session is discarded.
        case discard(Int)
    }

    /// How many scene sessions an app may have at once in NavLab.
    public static let maxSceneSessions = 16

    /// Whether scene callbacks name their scene: from the moment the app has a second session.
    var labelsScenes: Bool { !application.data.otherSessions.isEmpty || !otherScenes.isEmpty }

    /// A scene delegate call, naming its scene (`— scene 2`) once the app has several.
    func sceneEvent(_ callback: String, _ message: String? = nil, session: Int? = nil, labeled: Bool? = nil) -> Event {
        let n = session ?? application.data.frontSession
        guard labeled ?? labelsScenes else { return Event(kind: .appDelegate, callback: callback, message: message) }
        return Event(kind: .appDelegate, callback: callback, message: "scene \(n)" + (message.map { ": " + $0 } ?? ""))
    }

    /// Every session's number, front one included, in order.
    public var sceneSessionNumbers: [Int] {
        ([application.data.frontSession] + application.data.otherSessions.map { $0.number }).sorted()
    }

    /// The scene `window` belongs to connects: `scene(_:willConnectTo:options:)` with the
    /// session's saved activity, the routing code, the root's view loading and appearing, the
    /// scene entering the foreground and becoming active (UIKit #146, #147, #167, #205, #206).
    /// `window.rootViewController` is set and its view not yet shown (or the app not running yet).
    mutating func connectScene(saved: [String: String]?, configures: Bool, locked: Bool, labeled: Bool? = nil) -> [Event] {
        var events: [Event] = []
        // The saved activity is there from willConnectTo (UIKit #146). A new session is
        // configured by the app delegate first (UIKit #167, #212).
        if configures { events.append(.app("application(_:configurationForConnecting:options:)")) }
        // While the device is locked the encrypted file cannot be read: nil at first (UIKit #205).
        let activity = locked ? nil : saved
        events.append(sceneEvent("scene(_:willConnectTo:options:)", "session.stateRestorationActivity = " + (activity.map(State.describe) ?? "nil"), labeled: labeled))
        if locked, saved != nil {
            events.append(.note("the device is locked: the saved activity is encrypted on disk and cannot be read yet, so session.stateRestorationActivity is nil at willConnectTo; UIKit sets it when the data becomes available, after the scene connected (UIKit #205). The file is kept"))
        } else if locked {
            events.append(.note("the device is locked; there is no saved activity anyway (UIKit #205)"))
        }
        if let activity { events += replayRoute(activity) }
        var shown = transition(.sequential, animated: false) { s, _, _ in
            if s.window.rootViewController != nil, !s.window.subviews.contains(.rootView) { s.window.subviews.append(.rootView) }
            s.window.isKey = true
            s.application.state = .active
        }
        // The scene enters the foreground and becomes active between the root's
        // viewWillAppear and its viewDidAppear (UIKit #167); the activity is delivered again
        // after viewWillAppear (UIKit #147).
        var sceneCalls: [Event] = []
        if let activity {
            sceneCalls.append(sceneEvent("scene(_:restoreInteractionStateWith:)", State.describe(activity), labeled: labeled))
        }
        sceneCalls.append(sceneEvent("sceneWillEnterForeground(_:)", labeled: labeled))
        sceneCalls.append(sceneEvent("sceneDidBecomeActive(_:)", labeled: labeled))
        let firstDidAppear = shown.firstIndex { $0.callback == "viewDidAppear" } ?? shown.count
        shown.insert(contentsOf: sceneCalls, at: firstDidAppear)
        return events + shown
    }

    /// After didFinishLaunching: the sessions the user discarded while the app was not running (UIKit #214).
    mutating func reportDiscardedSessions() -> [Event] {
        let gone = application.data.discardedWhileNotRunning
        guard !gone.isEmpty else { return [] }
        application.data.discardedWhileNotRunning = []
        let list = Abridged.list(gone.map { "scene \($0)" })
        return [Event(kind: .appDelegate, callback: "application(_:didDiscardSceneSessions:)", message: list),
                .note("the user closed \(list) in the app switcher while the app was not running: UIKit reports \(gone.count == 1 ? "it" : "them") shortly after this launch's didFinishLaunching (UIKit #214)")]
    }

    /// At launch: the sessions a launch leaves disconnected (UIKit #213).
    func otherSessionsNote() -> [Event] {
        let others = application.data.otherSessions
        guard !others.isEmpty else { return [] }
        let list = Abridged.list(others.map { "scene \($0.number)" + ($0.activity.map { " " + State.describe($0) } ?? " (no activity)") })
        return [.note("the launch connects scene \(application.data.frontSession), the one last in front; the other sessions stay disconnected, their windows in the app switcher, each with its own saved activity: \(list). `scene \(others[0].number)` connects one and it restores from its own activity (UIKit #213)")]
    }

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

    /// The scene in front leaves the screen: it resigns active if it was, enters the
    /// background, and is asked for its activity (UIKit #145, #208).
    mutating func sendFrontToBackground(labeled: Bool) -> [Event] {
        guard application.state == .active || application.state == .inactive else { return [] }
        let wasActive = application.state == .active
        let activity = sceneActivity()
        application.data.activity = activity
        application.state = .background
        return (wasActive ? [sceneEvent("sceneWillResignActive(_:)", labeled: labeled)] : [])
            + [sceneEvent("sceneDidEnterBackground(_:)", labeled: labeled),
               Event(kind: .appDelegate, callback: "stateRestorationActivity(for:)", message: (labeled ? "scene \(application.data.frontSession): " : "") + State.describe(activity))]
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

    /// The view controllers whose views are in scene `session`'s window (in the background).
    public func viewControllers(inScene session: Int) -> [VCID] {
        guard let scene = otherScenes.first(where: { $0.session == session }) else { return [] }
        var copy = self
        copy.window = scene.window
        copy.otherScenes = []
        return copy.windowViewControllers()
    }

    /// The scene in the background whose window holds `id`, if any.
    public func backgroundScene(holding id: VCID) -> Int? {
        guard !otherScenes.isEmpty else { return nil }
        var current = id
        var steps = 0
        while let vc = viewControllers[current], steps <= viewControllers.count {
            if let s = otherScenes.first(where: { $0.window.rootViewController == current }) { return s.session }
            if let p = vc.parent { current = p } else if let p = vc.presenter { current = p } else { return nil }
            steps += 1
        }
        return nil
    }

    /// A command acts on the scene in front only: a view controller of a scene in the
    /// background is out of its reach until that scene is in front.
    func refuseBackgroundScenes(_ command: Command) throws(NavLabError) {
        guard !otherScenes.isEmpty else { return }
        var refs: [NameRef] = []
        func spec(_ s: Spec) {
            for (inner, _) in s.preorder() { if case .existing(let r) = inner { refs.append(r) } }
        }
        switch command {
        case .present(let s, let on, _, _): spec(s); if let on { refs.append(on) }
        case .dismiss(let n, _), .pop(let n, _), .popToRoot(let n, _): if let n { refs.append(n) }
        case .push(let s, let on, _): spec(s); if let on { refs.append(on) }
        case .setViewControllers(let specs, let on, _): specs.forEach(spec); if let on { refs.append(on) }
        case .select(let n, _, _), .removeChild(let n), .touchPresentationController(let n), .endAppearanceTransition(let n), .beginAppearanceTransition(let n, _, _):
            refs.append(n)
        case .addChild(let s, let to, _): spec(s); refs.append(to)
        case .addSubview(let s, let to): spec(s); refs.append(to)
        case .switchChild(let s, let n, _): spec(s); if let n { refs.append(n) }
        case .swapRoot(let s): spec(s)
        case .show(let s, let on, _, _): spec(s); if let on { refs.append(on) }
        case .swipe(_, let on, _): if let on { refs.append(on) }
        case .tapTab(_, let on, _), .tapOutside(let on, _): if let on { refs.append(on) }
        case .removeFromSuperview(let n): refs.append(n)
        case .reuseView(let a, let b): refs += [a, b]
        default: break
        }
        for r in refs {
            guard let id = names[r.text], let n = backgroundScene(holding: id) else { continue }
            throw NavLabError(.invalid, "\(r.text) is in scene \(n)'s window, in the background: the app's code runs on the scene in front", at: r.location,
                              suggestion: "`scene \(n)` brings it to the front")
        }
    }
}
