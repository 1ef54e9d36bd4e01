// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead): code in
// callbacks runs only once `on` declared some, and a first visit's steps declare none.

/// Running the code in callbacks a command caused (`State.apply(_:)` in Hooks.swift): the run's
/// set-up, its steps, each hook's command and what it changes in the calls to come.
extension State {
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
                let me = run.eventOwner, callback = run.event.callback
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
}
