extension State {
    /// A cold start: the storyboard's initial view controller is made and set as the window's
    /// root (UIKit #134), `willFinishLaunching`, `didFinishLaunching`, the window made key and
    /// visible, the root's view loads and appears, then the app becomes active.
    mutating func launch() throws(NavLabError) -> Outcome {
        guard !isRunning else {
            throw NavLabError(.invalid, "the app is already running", at: SourceLocation(column: 1),
                              suggestion: "`relaunch` terminates it and starts it again; `reset` starts afresh")
        }
        var events: [Event] = []
        if let initial {
            var claimed: Set<VCID> = []
            try validateNew(initial, claimed: &claimed)
        }
        if !application.data.installed {
            application.data = AppData()
            events.append(.note("\(appName) is installed afresh: no archive, no defaults"))
        }
        // A new process: names start again, so the Initial UI gets the same names every launch.
        removeAllNameCounters()
        removeAllInstances()
        holds = []
        // The app delegate is made afresh with the process.
        application.appDelegateValues = [:]
        application.data.launches += 1
        var root: VCID?
        if let initial { root = instantiate(initial, events: &events) }
        window = Window()
        window.rootViewController = root
        if root != nil { window.subviews = [.rootView] }
        // Until the window is shown nothing is in it: the state stays notRunning for the
        // derivations, so everything that is in the window at the end appears then.
        events.append(.app("application(_:willFinishLaunchingWithOptions:)"))
        let restored = application.usesScenes ? [] : restoreIfAsked(events: &events)
        events.append(.app("application(_:didFinishLaunchingWithOptions:)"))
        if application.usesScenes {
            if application.data.archive != nil {
                events.append(.note("the app adopts scenes, so UIKit does not restore from the view-controller archive (UIKit #148)"))
            }
            // The saved activity is there from willConnectTo (UIKit #146). A scene with no saved
            // activity is taken as a new session, which the app delegate configures first (UIKit #167).
            let activity = application.data.activity
            if activity == nil { events.append(.app("application(_:configurationForConnecting:options:)")) }
            events.append(Event(kind: .appDelegate, callback: "scene(_:willConnectTo:options:)",
                                message: "session.stateRestorationActivity = " + (activity.map(State.describe) ?? "nil")))
            var shown = transition(.sequential, animated: false) { s, _, _ in
                s.window.isKey = true
                s.application.state = .active
            }
            // The scene enters the foreground and becomes active between the root's
            // viewWillAppear and its viewDidAppear (UIKit #167); the activity is delivered again
            // after viewWillAppear (UIKit #147).
            var sceneCalls: [Event] = []
            if let activity { sceneCalls.append(Event(kind: .appDelegate, callback: "scene(_:restoreInteractionStateWith:)", message: State.describe(activity))) }
            sceneCalls.append(.app("sceneWillEnterForeground(_:)"))
            sceneCalls.append(.app("sceneDidBecomeActive(_:)"))
            let firstDidAppear = shown.firstIndex { $0.callback == "viewDidAppear" } ?? shown.count
            shown.insert(contentsOf: sceneCalls, at: firstDidAppear)
            events += shown
            if root == nil {
                events.append(.warning("Application windows are expected to have a root view controller at the end of application launch"))
            }
            return .done(events)
        }
        if root == nil {
            events.append(.warning("Application windows are expected to have a root view controller at the end of application launch"))
        }
        // applicationFinishedRestoringState after all decoding (UIKit #140).
        for id in restored where viewControllers[id] != nil {
            events.append(.vc("applicationFinishedRestoringState", self[id].name))
        }
        // The window is made key and visible: the root's view loads and appears.
        events += transition(.sequential, animated: false) { s, _, _ in
            s.window.isKey = true
            s.application.state = .active
        }
        events.append(.app("applicationDidBecomeActive(_:)"))
        return .done(events)
    }

    /// Restoration runs only if an archive exists and the app delegate agrees (UIKit #106,
    /// #132); a damaged archive is discarded with a warning (SPEC §5).
    mutating func restoreIfAsked(events: inout [Event]) -> [VCID] {
        guard var file = application.data.archive else { return [] }
        // One that decodes but could not have been written by preservation is damaged too.
        if case .valid(let archive) = file, let problem = archive.problem { file = .damaged(problem) }
        guard case .valid(let archive) = file else {
            if case .damaged(let reason) = file {
                events.append(.warning("the state restoration archive of \(appName) is damaged (\(reason)); it is discarded and the app launches without restoring"))
            }
            application.data.archive = nil
            return []
        }
        guard application.optIn.implemented else {
            events.append(.note("an archive exists, but the app delegate does not opt in to restoration: `optIn save=yes restore=yes` (UIKit #106)"))
            return []
        }
        events.append(.app(shouldRestoreCallback))
        guard application.optIn.restore else {
            events.append(.note("\(shouldRestoreCallback) returned false: nothing is restored this launch (UIKit #106, #108)"))
            return []
        }
        let restored = restore(archive, events: &events)
        // "The final step in the state restoration process", after every decodeRestorableState (UIKit #110, #172).
        if application.appDelegateEncodes != nil {
            for (k, v) in archive.appState { application.appDelegateValues[k] = v }
            events.append(Event(kind: .appDelegate, callback: "application(_:didDecodeRestorableStateWith:)", message: State.describeValues(archive.appState)))
        }
        return restored
    }

    /// `{account: ann, theme: dark}`, keys sorted; `{}` when empty.
    static func describeValues(_ values: [String: String]) -> String {
        "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// The Initial UI can only name classes, never `@instances` (there are none yet).
    func validateNew(_ spec: Spec, claimed: inout Set<VCID>) throws(NavLabError) {
        if case .existing(let ref) = spec {
            throw NavLabError(.invalid, "the initial view controller is made at launch; @\(ref.text) names a live instance",
                              at: ref.location, suggestion: "write the class name: \(State.splitName(ref.text).0)")
        }
        if case .container(let word, _, let children, _) = spec, !word.isSwiftUI, !word.isUITab {
            for c in children { try validateNew(c, claimed: &claimed) }
        }
        var copy = State()
        copy.device = device
        try copy.validate(spec, claimed: &claimed)
    }

    /// `initial SPEC`: the storyboard's initial view controller for every launch from now on.
    mutating func setInitial(_ spec: Spec) throws(NavLabError) -> Outcome {
        var claimed: Set<VCID> = []
        try validateNew(spec, claimed: &claimed)
        initial = spec
        return .done(isRunning ? [.note("the Initial UI is \(spec.text) from the next launch on; the running app keeps its window")] : [])
    }

    /// `device iPhone|iPad iOS=N`.
    mutating func setDevice(_ d: Device) throws(NavLabError) -> Outcome {
        guard !isRunning else {
            throw NavLabError(.invalid, "the device cannot change under a running app", at: SourceLocation(column: 1),
                              suggestion: "`reset`, then `device \(d.description)`")
        }
        guard d != device else { return .ignored(reason: "the device is already \(d.description)", events: []) }
        device = d
        return .done([])
    }
}
