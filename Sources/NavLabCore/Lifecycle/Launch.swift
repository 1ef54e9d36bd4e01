extension State {
    /// A cold start: the storyboard's initial view controller is made and set as the window's
    /// root (UIKit #134), `willFinishLaunching`, `didFinishLaunching`, the window made key and
    /// visible, the root's view loads and appears, then the app becomes active.
    mutating func launch(locked: Bool = false) throws(NavLabError) -> Outcome {
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
        // UIKit evaluates scene adoption as it creates the process's first scene, before the
        // app delegate's launch calls (UIKit #199, #200).
        if let failed = sceneLifeCycleCheck(events: &events) { return .done(failed) }
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
        let restored = try application.usesScenes ? [] : restoreIfAsked(events: &events)
        events.append(.app("application(_:didFinishLaunchingWithOptions:)"))
        if application.usesScenes {
            events += reportDiscardedSessions()
            if application.data.archive != nil {
                events.append(.note("the app adopts scenes, so UIKit does not restore from the view-controller archive (UIKit #148)"))
            }
            // UIKit asks the app delegate for a configuration for a new session only: the
            // first launch, or one after the user discarded the last session. A session from
            // the last run (killed, crashed) connects again, saved activity or not (UIKit #217).
            let newSession = !application.data.sessionExists
            application.data.sessionExists = true
            events += connectScene(saved: application.data.activity, configures: newSession, locked: locked)
            if root == nil {
                events.append(.warning("Application windows are expected to have a root view controller at the end of application launch"))
            }
            events += otherSessionsNote()
            noteLaunchInTurn()
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
        noteLaunchInTurn()
        return .done(events)
    }

    /// Inside a turn (`launch; push Detail`), remembers what the launch put in the window: a
    /// push later in the same turn finds it (UIKit #215).
    mutating func noteLaunchInTurn() {
        guard turn != nil, hookDepth == 0 else { return }
        turn!.launchShown = Set(windowViewControllers())
    }

    /// `route SCREEN [select N] [push A, B…]` (UIKit #206).
    mutating func declareRoute(screen: String, select: Int?, push: [String], at: SourceLocation) throws(NavLabError) -> Outcome {
        try validateClassName(screen, at: at)
        if let select, select < 0 || select > 99 {
            throw NavLabError(.invalid, "tab \(select) is out of range", at: at, suggestion: "a tab index: 0, 1, …")
        }
        for c in push {
            try validateClassName(c, at: at)
            if ContainerWord.allCases.contains(where: { $0.kind.uikitClass == c }) {
                throw NavLabError(.invalid, "a route pushes the app's own screens; \(c) is a UIKit container", at: at,
                                  suggestion: "route \(screen) push \(screen)")
            }
        }
        application.routes.removeAll { $0.screen == screen }
        application.routes.append(SceneRoute(screen: screen, select: select, push: push))
        var events: [Event] = []
        if !application.usesScenes {
            events.append(.note("the route runs in scene(_:willConnectTo:options:), which only a scene app has: `scenes on` (UIKit #206)"))
        }
        if let last = push.last, last != screen {
            events.append(.note("the route ends on \(last), not on \(screen): the activity's values go to \(last)"))
        }
        return .done(events)
    }

    /// The scene delegate's routing code in `scene(_:willConnectTo:options:)`: the activity
    /// names a screen; a route for it selects a tab and pushes its classes onto the navigation
    /// controller before the window is shown, and the new top takes the activity's values (UIKit #206).
    mutating func replayRoute(_ activity: [String: String]) -> [Event] {
        guard let screen = activity["screen"] else { return [] }
        guard let route = application.routes.first(where: { $0.screen == screen }) else {
            // The Initial UI already shows it: nothing to replay.
            if let top = top(), self[top].className == screen { return [] }
            return [.note("the activity names \(screen), but the app's routing code has no route for it: the scene shows the Initial UI and the saved state is not used (`route \(screen) push \(screen)` replays it, UIKit #206)")]
        }
        var done: [String] = []
        if let select = route.select {
            guard let tab = routeTabBarController(), self[tab].children.indices.contains(select) else {
                return [.note("the route for \(screen) selects tab \(select), but the Initial UI has no such tab: nothing is replayed (UIKit #206)")]
            }
            self[tab].selectedIndex = select
            done.append("selects tab \(select) of \(self[tab].name)")
        }
        var events: [Event] = []
        var top: VCID? = nil
        if !route.push.isEmpty {
            guard let nav = routeNavigationController() else {
                return [.note("the route for \(screen) pushes onto a navigation controller, but the Initial UI has none there: nothing is replayed (UIKit #206)")]
            }
            for cls in route.push {
                let x = makeInstance(className: cls, kind: .plain)
                events.append(.move("willMove(toParent:)", self[x].name, parent: self[nav].name))
                self[x].parent = nav
                appendChild(x, to: nav)
                events.append(.move("didMove(toParent:)", self[x].name, parent: self[nav].name))
                top = x
            }
            done.append("pushes \(route.push.joined(separator: ", ")) onto \(self[nav].name) without animation")
        }
        if top == nil { top = self.top() }
        var values: [String] = []
        if let top {
            for (k, v) in activity.sorted(by: { $0.key < $1.key }) where k != "screen" {
                self[top].properties[k] = v
                values.append("\(k)=\(v)")
            }
        }
        let note = Event.note("the routing code replays the activity before the window is shown: it " + done.joined(separator: " and ")
                              + (values.isEmpty || top == nil ? "" : ", and sets \(values.joined(separator: ", ")) on \(self[top!].name)") + " (UIKit #206)")
        return [note] + events
    }

    /// The tab bar controller on the way down from the root, if any.
    func routeTabBarController() -> VCID? {
        var id = window.rootViewController
        var depth = 0
        while let v = id, depth < 8 {
            if self[v].kind == .tabBar { return v }
            id = self[v].kind == .navigation ? nil : self[v].children.first
            depth += 1
        }
        return nil
    }

    /// The navigation controller a route pushes onto: the root, or the selected tab's.
    func routeNavigationController() -> VCID? {
        var id = window.rootViewController
        var depth = 0
        while let v = id, depth < 8 {
            if self[v].kind == .navigation { return v }
            if self[v].kind == .tabBar, self[v].children.indices.contains(self[v].selectedIndex) { id = self[v].children[self[v].selectedIndex] }
            else { id = self[v].children.first }
            depth += 1
        }
        return nil
    }

    /// Restoration runs only if an archive exists and the app delegate agrees (UIKit #106,
    /// #132); a damaged archive is discarded with a warning (Docs/Guide.md, "State preservation and restoration").
    mutating func restoreIfAsked(events: inout [Event]) throws(NavLabError) -> [VCID] {
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
        let restored = try restore(archive, events: &events)
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
        for (s, _) in spec.preorder(into: { !$0.isSwiftUI && !$0.isUITab }) {
            if case .existing(let ref) = s {
                throw NavLabError(.invalid, "the initial view controller is made at launch; @\(ref.text) names a live instance",
                                  at: ref.location, suggestion: "write the class name: \(State.splitName(ref.text).0)")
            }
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
        return .done(isRunning ? [.note("the Initial UI is \(spec.abridgedText) from the next launch on; the running app keeps its window")] : [])
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
