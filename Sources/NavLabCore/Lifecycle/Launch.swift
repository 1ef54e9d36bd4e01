extension State {
    /// A cold start: the storyboard's initial view controller is made and set as the window's
    /// root (UIKit #134), `willFinishLaunching`, `didFinishLaunching`, the window made key and
    /// visible, the root's view loads and appears, then the app becomes active.
    mutating func launch() throws -> Outcome {
        guard !isRunning else {
            throw NavLabError(.invalid, "the app is already running", at: SourceLocation(column: 1),
                              suggestion: "`reset` starts afresh")
        }
        if let initial {
            var claimed: Set<VCID> = []
            try validateNew(initial, claimed: &claimed)
        }
        // A new process: names start again, so the Initial UI gets the same names every launch.
        nameCounters = [:]
        names = [:]
        application.launches += 1
        var events: [Event] = []
        var root: VCID?
        if let initial { root = instantiate(initial, events: &events) }
        window = Window()
        window.rootViewController = root
        if root != nil { window.subviews = [.rootView] }
        events.append(.app("application(_:willFinishLaunchingWithOptions:)"))
        events.append(.app("application(_:didFinishLaunchingWithOptions:)"))
        if root == nil {
            events.append(.warning("Application windows are expected to have a root view controller at the end of application launch"))
        }
        events += transition(.sequential, animated: false) { s, _, _ in
            s.window.isKey = true
            s.application.state = .active
        }
        events.append(.app("applicationDidBecomeActive(_:)"))
        return .done(events)
    }

    /// The Initial UI can only name classes, never `@instances` (there are none yet).
    func validateNew(_ spec: Spec, claimed: inout Set<VCID>) throws {
        if case .existing(let ref) = spec {
            throw NavLabError(.invalid, "the initial view controller is made at launch; @\(ref.text) names a live instance",
                              at: ref.location, suggestion: "write the class name: \(State.splitName(ref.text).0)")
        }
        if case .container(_, _, let children, _) = spec {
            for c in children { try validateNew(c, claimed: &claimed) }
        }
        var copy = State()
        copy.device = device
        try copy.validate(spec, claimed: &claimed)
    }

    /// `initial SPEC`: the storyboard's initial view controller for every launch from now on.
    mutating func setInitial(_ spec: Spec) throws -> Outcome {
        var claimed: Set<VCID> = []
        try validateNew(spec, claimed: &claimed)
        initial = spec
        return .done(isRunning ? [.note("the Initial UI is \(spec.text) from the next launch on; the running app keeps its window")] : [])
    }

    /// `device iPhone|iPad iOS=N`.
    mutating func setDevice(_ d: Device) throws -> Outcome {
        guard !isRunning else {
            throw NavLabError(.invalid, "the device cannot change under a running app", at: SourceLocation(column: 1),
                              suggestion: "`reset`, then `device \(d.description)`")
        }
        guard d != device else { return .ignored(reason: "the device is already \(d.description)", events: []) }
        device = d
        return .done([])
    }
}
