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
