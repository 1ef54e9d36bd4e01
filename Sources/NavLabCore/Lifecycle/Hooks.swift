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
    var eventCallback = ""
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

    /// Applies the command of a hooked run and sets the run up; `.finished` when there is no
    /// code to run after it (the command failed or was ignored).
    mutating func startHookedRun(_ command: Command) throws(NavLabError) -> HookedRunStart {
        let windowBefore = Set(windowViewControllers())
        let turnBefore = turn
        // A turn of our own, to know which animations the command starts: code in a `will…`
        // callback runs while they are in progress.
        let ownTurn = turn == nil
        if ownTurn { turn = RunLoopTurn() }
        let outcome: Outcome
        do throws(NavLabError) { outcome = try applyCommand(command) } catch {
            if ownTurn { turn = nil }
            throw error
        }
        guard case .done(let events) = outcome else {
            if ownTurn { turn = nil }
            return .finished(outcome)
        }
        let incoming = Set(windowViewControllers()).subtracting(windowBefore)
        // Their names, for those the code releases before they appear (`name` no longer knows them).
        var incomingNames: [VCID: String] = [:]
        for id in incoming { incomingNames[id] = self[id].name }
        var out: [Event] = []
        out.reserveCapacity(events.count)
        // A presentation or dismissal asked for by code in the appearance calls of a modal
        // transition waits for that transition to end (UIKit #235).
        let modal = command.presentsOrDismisses || command.dismissesInteractively
        return .running(HookedRun(command: command, windowBefore: windowBefore, turnBefore: turnBefore, ownTurn: ownTurn,
                                  during: turn, incoming: incoming, incomingNames: incomingNames, out: out, queue: events, modal: modal))
    }

    /// The next code to run in a hooked run, in the order of the calls that run it, then
    /// the presentations and dismissals queued behind a modal transition (UIKit #235); nil
    /// when none is left. The calls passed on the way go to the run's output.
    mutating func nextHookStep(_ run: inout HookedRun) -> HookStep? {
        while true {
            if !run.hooksOfEvent.isEmpty {
                let hook = run.hooksOfEvent.removeFirst()
                let me = run.eventOwner, callback = run.eventCallback
                if run.modal, let me, State.appearanceCallbacks.contains(callback), hook.command.presentsOrDismisses {
                    run.out.append(Event(kind: .note, callback: "note", message: "\(self[me].name)'s \(hook.method) runs `\(hook.text)`: UIKit queues it until the transition calling it ends (UIKit #235)", depth: 1))
                    run.queued.append((hook, me, callback))
                    continue
                }
                // What restoration will decode after this call, already decoded: the code runs first.
                return HookStep(hook: hook, me: me, phase: hookPhase(of: run.event, me: me, incoming: run.incoming, command: run.command),
                                decoded: me.map { self[$0].selectedIndex }, heading: nil)
            }
            if run.next < run.queue.count {
                let e = run.queue[run.next]
                run.next += 1
                run.out.append(e)
                guard e.depth == 0, e.kind == .callback || e.kind == .appDelegate else { continue }
                // A layout call made only to run the app's code in it is not printed (UIKit #232).
                if !logsLayout, e.kind == .callback, State.layoutCallbacks.contains(e.callback) { run.out.removeLast() }
                let owner: String, me: VCID?
                if e.kind == .appDelegate {
                    owner = State.sceneDelegateHookMethods.contains(where: { $0.callback == e.callback }) ? "SceneDelegate" : "AppDelegate"
                    me = nil
                } else {
                    guard let n = e.viewController, let id = names[n], let vc = viewControllers[id] else { continue }
                    owner = vc.className
                    me = id
                }
                run.event = e
                run.eventOwner = me
                run.eventCallback = e.callback
                run.hooksOfEvent = application.hooks.filter { $0.owner == owner && $0.callback == e.callback }
                continue
            }
            // The queued requests, now that the transition has ended, as if asked then (UIKit #235).
            while run.nextQueued < run.queued.count {
                let q = run.queued[run.nextQueued]
                run.nextQueued += 1
                guard let me = q.me, viewControllers[me] != nil else { continue }
                return HookStep(hook: q.hook, me: me, phase: .after, decoded: nil,
                                heading: "the transition has ended: UIKit runs what \(self[me].name)'s \(q.hook.method) queued, `\(q.hook.text)` (UIKit #235)")
            }
            return nil
        }
    }

    /// After one hook of a hooked run ran: its events, and what it changed in the calls to come.
    mutating func finishHookStep(_ run: inout HookedRun, _ step: HookStep, _ events: [Event]) {
        run.out += events
        guard step.heading == nil else { return }
        if let me = step.me, let decoded = step.decoded { reapplyDecodedSelection(of: me, decoded, queue: &run.queue, from: run.next) }
        if step.phase == .beforeWindow {
            // What the code changed before anything appeared changes what appears (UIKit #185).
            fixAppearance(of: &run.queue, from: run.next, windowBefore: run.windowBefore, incoming: &run.incoming, names: &run.incomingNames)
        }
    }

    /// The hooked run's output, its turn ended if it began it.
    mutating func finishHookedRun(_ run: inout HookedRun) -> [Event] {
        turn = run.during
        if run.ownTurn { run.out += endTurn() }
        return run.out
    }

    /// A tab bar controller whose code selected a tab in a call made before its
    /// `decodeRestorableState` (its `viewDidLoad` at a restoring launch): the decode comes
    /// later and selects the archived tab again, so the restored selection wins (UIKit #227).
    mutating func reapplyDecodedSelection(of me: VCID, _ decoded: Int, queue: inout [Event], from start: Int) {
        guard viewControllers[me] != nil, self[me].kind == .tabBar, self[me].selectedIndex != decoded,
              self[me].children.indices.contains(decoded) else { return }
        let name = self[me].name
        guard let at = queue[start...].firstIndex(where: { $0.depth == 0 && $0.callback == "decodeRestorableState" && $0.viewController == name }) else { return }
        let chosen = self[me].selectedIndex
        self[me].selectedIndex = decoded
        if let roots = self[me].uiTabs, roots.indices.contains(decoded) { self[me].selectedTab = roots[decoded].identifier }
        let restored = self[self[me].children[decoded]].name
        queue.insert(.note("\(name)'s decodeRestorableState selects \(restored) again, the tab the archive holds: its viewDidLoad chose tab \(chosen == NSNotFound ? "More" : String(chosen)) earlier, so the restored selection wins (UIKit #227)"), at: at + 1)
    }

    /// After code that ran before the command's new view controllers appeared: those no longer
    /// in the window get none of the command's appearance calls still to come, and those the
    /// code put there get them (their views loaded first), next to the others.
    mutating func fixAppearance(of queue: inout [Event], from start: Int, windowBefore: Set<VCID>, incoming: inout Set<VCID>,
                                names: inout [VCID: String]) {
        let now = windowViewControllers()
        let nowSet = Set(now)
        let droppedIDs = incoming.filter { !nowSet.contains($0) }
        let dropped = Set(droppedIDs.compactMap { names[$0] })
        let added = now.filter { !windowBefore.contains($0) && !incoming.contains($0) }
        guard !dropped.isEmpty || !added.isEmpty else { return }
        // What no longer enters the window is neither loaded for it, laid out, nor appears; one
        // the code released (a page replaced in viewDidLoad) is gone altogether.
        let appearance: Set<String> = ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "loadView", "viewDidLoad",
                                       "viewWillLayoutSubviews", "viewDidLayoutSubviews"]
        var rest = Array(queue[start...]).filter { !(appearance.contains($0.callback) && $0.kind == .callback && $0.depth == 0 && dropped.contains($0.viewController ?? "")) }
        for id in droppedIDs where viewControllers[id] != nil {
            // Loaded by the transition for its entry, which no longer happens.
            if rest.contains(where: { $0.callback == "loadView" && $0.viewController == names[id] }) == false,
               queue[start...].contains(where: { $0.callback == "loadView" && $0.depth == 0 && $0.viewController == names[id] }) {
                self[id].isViewLoaded = false
            }
            self[id].hasBeenLaidOut = false
        }
        let animated = rest.first { appearance.contains($0.callback) }?.animated ?? false
        for id in added {
            incoming.insert(id)
            names[id] = self[id].name
            let n = self[id].name
            if !self[id].isViewLoaded {
                self[id].isViewLoaded = true
                let at = rest.firstIndex { $0.callback == "viewWillAppear" } ?? 0
                rest.insert(contentsOf: [.vc("loadView", n), .vc("viewDidLoad", n)], at: at)
            }
            if !self[id].hasBeenLaidOut {
                // Laid out with the others, after them (UIKit #210).
                self[id].hasBeenLaidOut = true
                if emitsLayout {
                    let pair: [Event] = [.vc("viewWillLayoutSubviews", n), .vc("viewDidLayoutSubviews", n)]
                    if let last = rest.lastIndex(where: { $0.callback == "viewDidLayoutSubviews" && $0.kind == .callback }) {
                        rest.insert(contentsOf: pair, at: last + 1)
                    } else if let did = rest.firstIndex(where: { ($0.callback == "viewDidAppear" || $0.callback == "viewDidDisappear") && $0.kind == .callback }) {
                        rest.insert(contentsOf: pair, at: did)
                    } else {
                        rest.append(contentsOf: pair)
                    }
                }
            }
            guard receivesAutomaticAppearance(id) else { continue }
            func put(_ cb: String, after previous: String?) {
                let e = Event.vc(cb, n, animated: animated)
                if let last = rest.lastIndex(where: { $0.callback == cb && $0.kind == .callback }) {
                    rest.insert(e, at: last + 1)
                } else if let previous, let p = rest.lastIndex(where: { $0.callback == previous && $0.viewController == n }) {
                    rest.insert(e, at: p + 1)
                } else {
                    rest.append(e)
                }
            }
            put("viewWillAppear", after: "viewDidLoad")
            if device.hasViewIsAppearing { put("viewIsAppearing", after: "viewWillAppear") }
            put("viewDidAppear", after: nil)
        }
        for id in droppedIDs { incoming.remove(id) }
        queue.replaceSubrange(start..., with: rest)
    }

    /// When code in the callback `e` of `me` runs, against the command's transition.
    func hookPhase(of e: Event, me: VCID?, incoming: Set<VCID>, command: Command) -> HookPhase {
        switch e.callback {
        case "loadView", "viewDidLoad":
            guard let me, incoming.contains(me) else { return .after }
            return .beforeWindow
        case "viewWillAppear":
            guard let me, incoming.contains(me) else { return .during }
            return .appearing
        case "viewIsAppearing", "viewWillDisappear", "willMove(toParent:)", "viewWillLayoutSubviews", "viewDidLayoutSubviews": return .during
        case "application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)",
             "scene(_:willConnectTo:options:)":
            return .beforeWindow
        case "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)":
            // At launch these come between the root's viewWillAppear and viewDidAppear (UIKit #167).
            if case .launch = command { return .during }
            if case .relaunch = command { return .during }
            return .after
        default: return .after
        }
    }

    /// Runs one hook's command as `me`, returning its events one level deeper than the call.
    /// On the path of nested code in callbacks: see `apply(_:)`.
    mutating func runHook(_ hook: Hook, on me: VCID?, phase: HookPhase, incoming: Set<VCID>,
                          during: inout RunLoopTurn?, after: RunLoopTurn?, heading: String? = nil) throws(NavLabError) -> [Event] {
        let prepared = try prepareHook(hook, on: me, phase: phase, incoming: incoming, during: during, after: after)
        hookDepth += 1
        let outcome: Outcome
        do throws(NavLabError) { outcome = try apply(prepared.command) } catch {
            hookDepth -= 1
            restoreHookContext(prepared)
            throw error
        }
        hookDepth -= 1
        if phase != .after { during = turn }
        restoreHookContext(prepared)
        return hookEvents(prepared, outcome, heading: heading)
    }

    /// Checks the limits for one more hook, sets the turn and what is appearing for its
    /// command, and returns the command with what to put back after it.
    mutating func prepareHook(_ hook: Hook, on me: VCID?, phase: HookPhase, incoming: Set<VCID>,
                              during: RunLoopTurn?, after: RunLoopTurn?) throws(NavLabError) -> PreparedHook {
        let who = me.map { self[$0].name } ?? hook.owner
        let place = "\(who)'s \(hook.method)"
        hookRuns += 1
        if hookRuns > Limits.hookRuns {
            throw NavLabError(.invalid, "the code in callbacks ran more than \(Limits.hookRuns) times for one command (the last: \(place) runs `\(hook.text)`); NavLab stops there",
                              at: SourceLocation(line: 0, column: 0),
                              suggestion: "a callback's code causes calls whose code causes more: `on \(hook.owner) \(hook.method) none` removes this one")
        }
        if hookDepth >= Limits.hookDepth {
            throw NavLabError(.invalid, "the code in callbacks runs inside itself more than \(Limits.hookDepth) deep (\(place) runs `\(hook.text)`, which calls it again); NavLab stops there instead of running forever",
                              at: SourceLocation(line: 0, column: 0),
                              suggestion: "make the code run once (in viewDidLoad, or behind a flag in defaults), or `on \(hook.owner) \(hook.method) none`")
        }
        var command = hook.command
        if let me { command = command.actingAs(NameRef(self[me].name)) }
        let prepared = PreparedHook(command: command, place: place, hookText: hook.text, savedTurn: turn, savedPending: hookPending,
                                    savedAppearing: hookAppearing, warnings: [])
        // While the command's transition runs, what it brings into the window is appearing
        // (its viewWillAppear has come, its viewDidAppear not yet: UIKit #233).
        if phase == .appearing || phase == .during { hookAppearing = incoming }
        switch phase {
        case .beforeWindow:
            turn = during
            hookPending = incoming
        case .during:
            turn = during
        case .appearing:
            turn = during
        case .after:
            turn = after
        }
        var warnings: [Event] = []
        if phase == .appearing, case .present(let spec, let on, _, _) = command, let w = try? resolve(on, default: "top"), isPendingOrIncoming(w, incoming) {
            let existing = { () -> VCID? in if case .existing(let r) = spec { return names[r.text] } else { return nil } }()
            warnings.append(detachedPresentationWarning(presenting: existing.map(objectDescription) ?? futureDescription(spec), from: w))
        }
        return PreparedHook(command: prepared.command, place: place, hookText: hook.text, savedTurn: prepared.savedTurn,
                            savedPending: prepared.savedPending, savedAppearing: prepared.savedAppearing, warnings: warnings)
    }

    /// Puts back the turn and what was appearing before a hook's command.
    mutating func restoreHookContext(_ prepared: PreparedHook) {
        turn = prepared.savedTurn
        hookPending = prepared.savedPending
        hookAppearing = prepared.savedAppearing
    }

    /// A hook's events: a heading, then what its command printed, one level deeper.
    func hookEvents(_ prepared: PreparedHook, _ outcome: Outcome, heading: String?) -> [Event] {
        var out: [Event] = [Event(kind: .note, callback: "note", message: heading ?? "\(prepared.place) runs `\(prepared.hookText)`", depth: 1)]
        if case .ignored(let reason, _) = outcome {
            out.append(Event(kind: .note, callback: "note", message: "ignored: \(reason)", depth: 1))
        }
        for var w in prepared.warnings {
            w.depth = 1
            out.append(w)
        }
        for var e in outcome.events {
            e.depth += 1
            out.append(e)
        }
        return out
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
