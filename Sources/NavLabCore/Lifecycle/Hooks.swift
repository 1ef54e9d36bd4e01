/// Code the app runs inside a callback: `on Login viewDidLoad: present Onboarding`. NavLab runs
/// it when UIKit calls that method, as the instance it is called on (`self`), and nests what it
/// causes under the call (UIKit #183–#189).
public struct Hook: Hashable, Sendable {
    /// The class whose instances run it, or `AppDelegate` / `SceneDelegate`.
    public var owner: String
    /// The method as written (`viewDidLoad`, `didFinishLaunching`).
    public var method: String
    /// The callback as NavLab logs it (`viewDidLoad`, `application(_:didFinishLaunchingWithOptions:)`).
    public var callback: String
    /// The command as written after the colon.
    public var text: String
    public var command: Command

    public init(owner: String, method: String, callback: String, text: String, command: Command) {
        self.owner = owner
        self.method = method
        self.callback = callback
        self.text = text
        self.command = command
    }

    /// The line of app code that declares it.
    public var line: String { "on \(owner) \(method): \(text)" }
}

/// When the code of a callback runs, against the transition that called it.
/// A command whose callbacks run code, between the calls to that code (`State.apply`).
struct HookedRun {
    var command: Command
    var windowBefore: Set<VCID>
    var turnBefore: RunLoopTurn?
    var ownTurn: Bool
    var during: RunLoopTurn?
    var incoming: Set<VCID>
    var incomingNames: [VCID: String]
    var out: [Event]
    /// The command's calls, and the next one to look at.
    var queue: [Event]
    var next = 0
    var modal: Bool
    /// The call being looked at, and its hooks still to run.
    var event = Event(kind: .note, callback: "note", message: "")
    var eventOwner: VCID? = nil
    var hooksOfEvent: [Hook] = []
    /// Presentations and dismissals queued until the modal transition ends (UIKit #235).
    var queued: [(hook: Hook, me: VCID?, callback: String)] = []
    var nextQueued = 0

    init(command: Command, windowBefore: Set<VCID>, turnBefore: RunLoopTurn?, ownTurn: Bool, during: RunLoopTurn?,
         incoming: Set<VCID>, incomingNames: [VCID: String], out: [Event], queue: [Event], modal: Bool) {
        self.command = command
        self.windowBefore = windowBefore
        self.turnBefore = turnBefore
        self.ownTurn = ownTurn
        self.during = during
        self.incoming = incoming
        self.incomingNames = incomingNames
        self.out = out
        self.queue = queue
        self.modal = modal
    }
}

enum HookedRunStart {
    case finished(Outcome)
    case running(HookedRun)
}

/// One hook to run in a hooked run: `heading` set for one queued behind a modal transition.
struct HookStep {
    var hook: Hook
    var me: VCID?
    var phase: HookPhase
    var decoded: Int?
    var heading: String?
}

/// A hook's command as `me`'s, with what `runHook` puts back after it.
struct PreparedHook {
    var command: Command
    var place: String
    var hookText: String
    var savedTurn: RunLoopTurn?
    var savedPending: Set<VCID>
    var savedAppearing: Set<VCID>
    var warnings: [Event]
}

enum HookPhase {
    /// Before the instance's view is in the window: `viewDidLoad` and `viewWillAppear` of a view
    /// controller the command puts in the window, the app delegate's launch callbacks. Nothing
    /// that is appearing in this command can present yet (UIKit #28, #183, #185).
    case beforeWindow
    /// `viewWillAppear` of a view controller the command puts in the window: a presentation
    /// from it goes ahead, with UIKit's warning about a detached view controller (UIKit #185).
    case appearing
    /// While the transition runs (`viewWillDisappear`, `viewIsAppearing`, `willMove`): an
    /// animated transition is still in progress (UIKit #186).
    case during
    /// After it (`viewDidAppear`, `viewDidDisappear`, `didMove`, the app delegate's other calls).
    case after
}

extension State {
    /// The methods a view controller's code can say something in, by the name `on` takes,
    /// with the callback NavLab logs for each.
    public static let viewControllerHookMethods: [(method: String, callback: String)] = [
        ("loadView", "loadView"), ("viewDidLoad", "viewDidLoad"), ("viewWillAppear", "viewWillAppear"),
        ("viewIsAppearing", "viewIsAppearing"), ("viewDidAppear", "viewDidAppear"),
        ("viewWillDisappear", "viewWillDisappear"), ("viewDidDisappear", "viewDidDisappear"),
        ("willMove", "willMove(toParent:)"), ("didMove", "didMove(toParent:)"),
        ("viewWillLayoutSubviews", "viewWillLayoutSubviews"), ("viewDidLayoutSubviews", "viewDidLayoutSubviews"),
        ("applicationFinishedRestoringState", "applicationFinishedRestoringState"),
    ]
    /// The app delegate's.
    public static let appDelegateHookMethods: [(method: String, callback: String)] = [
        ("willFinishLaunching", "application(_:willFinishLaunchingWithOptions:)"),
        ("didFinishLaunching", "application(_:didFinishLaunchingWithOptions:)"),
        ("applicationDidBecomeActive", "applicationDidBecomeActive(_:)"),
        ("applicationWillResignActive", "applicationWillResignActive(_:)"),
        ("applicationDidEnterBackground", "applicationDidEnterBackground(_:)"),
        ("applicationWillEnterForeground", "applicationWillEnterForeground(_:)"),
    ]
    /// The scene delegate's.
    public static let sceneDelegateHookMethods: [(method: String, callback: String)] = [
        ("willConnect", "scene(_:willConnectTo:options:)"),
        ("sceneWillEnterForeground", "sceneWillEnterForeground(_:)"),
        ("sceneDidBecomeActive", "sceneDidBecomeActive(_:)"),
        ("sceneWillResignActive", "sceneWillResignActive(_:)"),
        ("sceneDidEnterBackground", "sceneDidEnterBackground(_:)"),
    ]

    /// The methods `owner` can have code in.
    public static func hookMethods(of owner: String) -> [(method: String, callback: String)] {
        switch owner {
        case "AppDelegate": return appDelegateHookMethods
        case "SceneDelegate": return sceneDelegateHookMethods
        default: return viewControllerHookMethods
        }
    }

    /// `on OWNER METHOD: COMMAND` (append) or `on OWNER METHOD none` (remove its code).
    mutating func declareHook(owner: String, method: String, body: String?, command: Command?, at: SourceLocation) throws(NavLabError) -> Outcome {
        let delegate = owner == "AppDelegate" || owner == "SceneDelegate"
        if !delegate, !ContainerWord.allCases.contains(where: { $0.kind.uikitClass == owner }) {
            try validateClassName(owner, at: at)
        }
        let methods = State.hookMethods(of: owner)
        guard let m = methods.first(where: { $0.method == method }) else {
            let names = methods.map { $0.method }
            let near = Suggest.nearest(to: method, in: names)
            throw NavLabError(.unknown, "\(delegate ? owner : "a view controller") has no callback '\(method)' that NavLab calls",
                              at: at, suggestion: near.map { "did you mean \($0)?" } ?? "one of: " + names.joined(separator: ", "))
        }
        guard let body, let command else {
            let before = application.hooks.count
            application.hooks.removeAll { $0.owner == owner && $0.method == method }
            guard application.hooks.count != before else {
                return .ignored(reason: "\(owner)'s \(method) has no code to remove", events: [])
            }
            return .done([])
        }
        if let problem = State.hookProblem(command, delegate: delegate) {
            throw NavLabError(.invalid, problem.message, at: at, suggestion: problem.suggestion)
        }
        application.hooks.append(Hook(owner: owner, method: method, callback: m.callback, text: body, command: command))
        return .done([])
    }

    /// Why `command` cannot be code in a callback, if it cannot.
    static func hookProblem(_ command: Command, delegate: Bool) -> (message: String, suggestion: String)? {
        switch command {
        case .present, .dismiss, .push, .pop, .popToRoot, .setViewControllers, .select, .addChild, .removeChild,
             .switchChild, .swapRoot, .swapRootToNil, .show, .touchPresentationController, .beginAppearanceTransition,
             .endAppearanceTransition, .addSubview, .removeFromSuperview, .reuseView, .hold, .release, .set, .setDefaults, .removeDefault, .appDelegateSet:
            if delegate, command.mentionsSelf {
                return ("the app and scene delegates are not view controllers: `self` means nothing in their code",
                        "name the view controller (`root`, `top`, or its name)")
            }
            return nil
        default:
            return ("only what a view controller's or delegate's code does at run time can be code in a callback (present, push, dismiss, addChild, set, defaults, …), not this command",
                    "declare it on its own line")
        }
    }

    /// Whether any code in callbacks is declared.
    var hasHooks: Bool { !application.hooks.isEmpty }

    /// The layout callbacks (UIKit #210), which can hold the app's code (UIKit #232).
    static let layoutCallbacks: Set<String> = ["viewWillLayoutSubviews", "viewDidLayoutSubviews"]

    /// Whether transitions make the layout calls: to show them (`log layout=on`), or to run
    /// the app's code in them, shown or not (UIKit #232).
    var emitsLayout: Bool { logsLayout || application.hooks.contains { State.layoutCallbacks.contains($0.callback) } }

    /// Applies `command`, then the code in the callbacks it caused, nested under each call
    /// (UIKit #183–#189). Code that goes deeper than `Limits.hookDepth`, or runs more than
    /// `Limits.hookRuns` times for one command, throws: the caller discards the state.
    ///
    /// Code in callbacks nests: `apply` runs a hook, whose command is applied by `apply`. So
    /// that the deepest nesting allowed fits in a Mac's 512 KiB thread stack even in a debug
    /// build (Docs/Limits.md), the two functions on that path, this one and `runHook`, keep
    /// almost nothing in their frames: the work is done in `startHookedRun`, `nextHookStep`,
    /// `finishHookStep`, `prepareHook` and `hookEvents`, which return before the next level.
    public mutating func apply(_ command: Command) throws(NavLabError) -> Outcome {
        guard hasHooks, !command.declaresCode else { return try applyCommand(command) }
        let top = hookDepth == 0
        if top { hookRuns = 0 }
        // Back to 0 after the command typed, whatever happened: it counts one command's runs.
        defer { if top { hookRuns = 0 } }
        var run: HookedRun
        switch try startHookedRun(command) {
        case .finished(let outcome): return outcome
        case .running(let started): run = started
        }
        while let step = nextHookStep(&run) {
            do throws(NavLabError) {
                let events = try runHook(step.hook, on: step.me, phase: step.phase, incoming: run.incoming, during: &run.during,
                                         after: run.turnBefore, heading: step.heading)
                finishHookStep(&run, step, events)
            } catch {
                turn = run.turnBefore
                throw error
            }
        }
        return .done(finishHookedRun(&run))
    }

    /// Whether `id` or what contains or presents it is among `incoming`.
    func isPendingOrIncoming(_ id: VCID, _ incoming: Set<VCID>) -> Bool {
        var current: VCID? = id
        var steps = 0
        while let c = current, steps <= Limits.hierarchyDepth + 1 {
            if incoming.contains(c) { return true }
            current = viewControllers[c].flatMap { $0.parent ?? $0.hostView ?? $0.presenter }
            steps += 1
        }
        return false
    }

    /// Whether `id`, or what contains or presents it, is entering the window in the command
    /// whose `beforeWindow` code is running: its view is not in the window yet.
    func isPendingAppearance(_ id: VCID) -> Bool {
        guard !hookPending.isEmpty else { return false }
        return isPendingOrIncoming(id, hookPending)
    }
}

extension State {
    /// The appearance methods: code in them that presents during a modal transition is queued (UIKit #235).
    static let appearanceCallbacks: Set<String> = ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
}

extension Command {
    /// `present` or `dismiss` (what UIKit queues behind a running modal transition, UIKit #235).
    var presentsOrDismisses: Bool {
        switch self {
        case .present, .dismiss: return true
        default: return false
        }
    }

    /// The user's dismissal of a presented view controller (a sheet swiped down, a tap outside).
    var dismissesInteractively: Bool {
        switch self {
        case .swipe(let kind, _, _): return kind == .down
        case .tapOutside: return true
        default: return false
        }
    }

    /// Whether this declares app code (runs no hooks itself).
    var declaresCode: Bool {
        if case .hook = self { return true }
        return false
    }

    /// Whether the command names `self`.
    var mentionsSelf: Bool {
        actingAs(NameRef("\u{0}"), defaults: false) != self
    }

    /// The command as `me`'s code: `self` is `me`, and a verb's default target is `me` (what
    /// `present(_:animated:)` inside a view controller's method is called on).
    public func actingAs(_ me: NameRef, defaults: Bool = true) -> Command {
        func ref(_ r: NameRef) -> NameRef { r.text == "self" ? NameRef(me.text, at: r.location) : r }
        func opt(_ r: NameRef?) -> NameRef? { r.map(ref) ?? (defaults ? me : nil) }
        func spec(_ s: Spec) -> Spec {
            s.rebuilt { (leaf: Spec) -> Spec in
                if case .existing(let r) = leaf { return .existing(ref(r)) }
                return leaf
            }
        }
        switch self {
        case .present(let s, let on, let style, let animated): return .present(spec(s), on: opt(on), style: style, animated: animated)
        case .dismiss(let n, let animated): return .dismiss(opt(n), animated: animated)
        case .push(let s, let on, let animated): return .push(spec(s), on: opt(on), animated: animated)
        case .pop(let n, let animated): return .pop(opt(n), animated: animated)
        case .popToRoot(let n, let animated): return .popToRoot(opt(n), animated: animated)
        case .setViewControllers(let ss, let on, let animated): return .setViewControllers(ss.map(spec), on: opt(on), animated: animated)
        case .select(let n, let i, let at): return .select(ref(n), index: i, at: at)
        case .addChild(let s, let to, let didMove): return .addChild(spec(s), to: ref(to), didMove: didMove)
        case .removeChild(let n): return .removeChild(ref(n))
        case .switchChild(let s, let n, let animated): return .switchChild(spec(s), in: opt(n), animated: animated)
        case .swapRoot(let s): return .swapRoot(spec(s))
        case .show(let s, let on, let detail, let animated): return .show(spec(s), on: opt(on), detail: detail, animated: animated)
        case .touchPresentationController(let n): return .touchPresentationController(ref(n))
        case .beginAppearanceTransition(let n, let a, let animated): return .beginAppearanceTransition(ref(n), isAppearing: a, animated: animated)
        case .endAppearanceTransition(let n): return .endAppearanceTransition(ref(n))
        case .addSubview(let s, let to): return .addSubview(spec(s), to: ref(to))
        case .removeFromSuperview(let n): return .removeFromSuperview(ref(n))
        case .reuseView(let of, let other): return .reuseView(of: ref(of), for: ref(other))
        case .hold(let n, let label): return .hold(ref(n), label: label)
        case .release(let n): return .release(ref(n))
        case .set(let n, let settings): return .set(ref(n), settings: settings)
        default: return self
        }
    }
}
