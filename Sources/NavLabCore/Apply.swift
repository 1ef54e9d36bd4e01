/// What applying a command did.
public enum Outcome: Hashable, Sendable {
    /// It happened; these are UIKit's calls, warnings and NavLab's notes, in order.
    case done([Event])
    /// UIKit would not do it: the state is unchanged; `events` holds UIKit's warning, if it logs one.
    case ignored(reason: String, events: [Event])

    public var events: [Event] {
        switch self {
        case .done(let e): return e
        case .ignored(_, let e): return e
        }
    }
}

extension State {
    /// Applies `command`. Throws `NavLabError` for what NavLab cannot carry out (a bad name,
    /// what UIKit answers with an exception); it throws before changing anything, so a
    /// failed command leaves the state as it was.
    ///
    /// NavLab's `Limits` are checked after a command (`applyWithinLimits`):
    /// the caller that owns the timeline (the Session) discards a state that went past them.
    /// (Keeping a copy here to roll back would copy every large array the command touches.)
    mutating func applyCommand(_ command: Command) throws(NavLabError) -> Outcome {
        try refuseBackgroundScenes(command)
        switch try canonical(command) {
        case .device(let d): return try setDevice(d)
        case .classDecl(let cls, let settings, let at): return try declareClass(cls, settings, at: at)
        case .restorationIdentifiersFromClassNames:
            restorationIdentifiersFromClassNames = true
            return .done([.note("every class made from now on has its class name as restorationIdentifier")])
        case .initial(let spec): return try setInitial(spec)
        case .launch: return try launch()
        case .launchWhileLocked: return try launch(locked: true)
        case .present(let spec, let on, let style, let animated):
            return try present(spec, on: on, style: style, animated: animated)
        case .dismiss(let name, let animated): return try dismiss(name, animated: animated)
        case .push(let spec, let on, let animated): return try push(spec, on: on, animated: animated)
        case .pop(let name, let animated): return try pop(name, animated: animated)
        case .popToRoot(let name, let animated): return try popToRoot(name, animated: animated)
        case .setViewControllers(let specs, let on, let animated):
            return try setViewControllers(specs, on: on, animated: animated)
        case .select(let name, let index, let at): return try select(name, index: index, at: at)
        case .addChild(let spec, let to, let didMove): return try addChild(spec, to: to, didMove: didMove)
        case .removeChild(let name): return try removeChild(name)
        case .switchChild(let spec, let name, let animated): return try switchChild(spec, in: name, animated: animated)
        case .swapRoot(let spec): return try swapRoot(spec)
        case .swapRootToNil(let at): return try swapRootToNil(at: at)
        case .show(let spec, let on, let detail, let animated): return try show(spec, on: on, detail: detail, animated: animated)
        case .swipe(let kind, let on, let cancel): return try swipe(kind, on: on, cancel: cancel)
        case .tapTab(let id, let on, let at): return try tapTab(id, in: on, at: at)
        case .tapOutside(let name, let at): return try tapOutside(name, at: at)
        case .relaunch: return try relaunch()
        case .background: return try background()
        case .backgroundRunning: return try background(running: true)
        case .suspend: return try suspend()
        case .foreground: return try foreground()
        case .resignActive: return try resignActive()
        case .becomeActive: return try becomeActive()
        case .kill: return try kill()
        case .forceQuit: return try forceQuit()
        case .crash(let point): return try crash(point)
        case .uninstall: return try uninstall()
        case .encode(let cls, let keys, let at): return try encode(cls, keys: keys, at: at)
        case .setDefaults(let settings):
            for s in settings { application.data.defaults[s.key] = s.value }
            return .done([])
        case .removeDefault(let key):
            guard application.data.defaults.removeValue(forKey: key) != nil else {
                return .ignored(reason: "there is no default named \(key)", events: [])
            }
            return .done([])
        case .optIn(let save, let restore):
            application.optIn = OptIn()
            application.optIn.implemented = true
            application.optIn.save = save
            application.optIn.restore = restore
            // Legacy restoration on an SDK or mode where UIKit never calls it (UIKit #203).
            return .done(legacyRestorationSilenced.map { [.note("application(_:shouldSaveSecureApplicationState:) and application(_:shouldRestoreSecureApplicationState:): " + $0)] } ?? [])
        case .optOut:
            application.optIn = OptIn()
            return .done([])
        case .app(let name): return try switchApp(name, data: nil)
        case .scenes(let on, let multiple): return try setScenes(on, multiple: multiple)
        case .scene(let action, let at): return try applyScene(action, at: at)
        case .route(let screen, let select, let push, let at): return try declareRoute(screen: screen, select: select, push: push, at: at)
        case .appDelegateRestores(let identifier, let cls, let returnsNil):
            application.appDelegateRules.removeAll { $0.identifier == identifier }
            if let cls { try validateClassName(cls, at: SourceLocation(column: 1)) }
            if !returnsNil { application.appDelegateRules.append(AppDelegateRule(identifier: identifier, className: cls)) }
            return .done(legacyRestorationSilenced.map { [.note("application(_:viewControllerWithRestorationIdentifierPath:coder:): " + $0)] } ?? [])
        case .appDelegateEncodes(let keys):
            guard application.appDelegateEncodes != keys else { return .ignored(reason: "the app delegate already encodes that", events: []) }
            application.appDelegateEncodes = keys
            return .done([])
        case .appDelegateSet(let settings):
            try requireRunning(at: settings.first?.location ?? SourceLocation(column: 1), verb: "set on the app delegate")
            for s in settings { application.appDelegateValues[s.key] = s.value }
            return .done([])
        case .importHierarchy(let h): return try importHierarchy(h)
        case .importStoryboards(let boards, let at): return try importStoryboards(boards, at: at)
        case .segue(let id, let from, let byUser, let animated, let at): return try performSegue(id, from: from, byUser: byUser, animated: animated, at: at)
        case .instantiate(let id, let at): return try instantiateScene(id, at: at)
        case .touchPresentationController(let name): return try touchPresentationController(name)
        case .addSubview(let spec, let to): return try addSubview(spec, to: to)
        case .removeFromSuperview(let name): return try removeFromSuperview(name)
        case .reuseView(let of, let other): return try reuseView(of: of, for: other)
        case .beginAppearanceTransition(let name, let appearing, let animated):
            return try beginAppearanceTransition(name, isAppearing: appearing, animated: animated)
        case .endAppearanceTransition(let name): return try endAppearanceTransition(name)
        case .logFlags(let on):
            guard logsAppearanceFlags != on else { return .ignored(reason: "appearance flags are already \(on ? "on" : "off")", events: []) }
            logsAppearanceFlags = on
            return .done([.note(on ? "appearance calls now end with the flags UIKit #72 reads inside them (`viewWillAppear B — isBeingPresented`): isBeingPresented, isBeingDismissed, isMovingToParent, isMovingFromParent"
                                   : "appearance calls no longer show the UIKit #72 flags")])
        case .logLayout(let on):
            guard logsLayout != on else { return .ignored(reason: "layout calls are already \(on ? "shown" : "hidden")", events: []) }
            logsLayout = on
            return .done([.note(on ? "the log now shows viewWillLayoutSubviews and viewDidLayoutSubviews where UIKit #210 places them: once, when a view first enters the window (UIKit may repeat the pair)"
                                   : "the log no longer shows layout calls")])
        case .hold(let name, let label): return try hold(name, label: label)
        case .release(let name): return try release(name)
        case .set(let name, let settings): return try set(name, settings)
        case .hook(let owner, let method, let body, let command, let at):
            return try declareHook(owner: owner, method: method, body: body, command: command, at: at)
        }
    }

    /// `@top`, `@root` in a spec become the names of the instances they stand for, so that
    /// everything after this reads `names[ref.text]` of a live name (or fails here, cleanly).
    func canonical(_ command: Command) throws(NavLabError) -> Command {
        switch command {
        case .present(let spec, let on, let style, let animated):
            return .present(try canonical(spec), on: on, style: style, animated: animated)
        case .push(let spec, let on, let animated): return .push(try canonical(spec), on: on, animated: animated)
        case .setViewControllers(let specs, let on, let animated):
            return .setViewControllers(try specs.map(canonical), on: on, animated: animated)
        case .addChild(let spec, let to, let didMove): return .addChild(try canonical(spec), to: to, didMove: didMove)
        case .addSubview(let spec, let to): return .addSubview(try canonical(spec), to: to)
        case .switchChild(let spec, let name, let animated): return .switchChild(try canonical(spec), in: name, animated: animated)
        case .swapRoot(let spec): return .swapRoot(try canonical(spec))
        case .show(let spec, let on, let detail, let animated):
            return .show(try canonical(spec), on: on, detail: detail, animated: animated)
        default: return command
        }
    }

    func canonical(_ spec: Spec) throws(NavLabError) -> Spec {
        try spec.rebuilt { (s: Spec) throws(NavLabError) -> Spec in
            guard case .existing(let ref) = s else { return s }
            return .existing(NameRef(self[try resolve(ref)].name, at: ref.location))
        }
    }

    /// Commands that change the hierarchy need a running app.
    func requireRunning(at location: SourceLocation, verb: String) throws(NavLabError) {
        guard isRunning else {
            throw NavLabError(.invalid, "the app is not running, so there is nothing to \(verb)", at: location,
                              suggestion: initial == nil ? "declare its first screen with `initial SPEC`, then `launch`" : "type `launch`")
        }
    }

    /// After a command let go of `candidates`: their `deinit`s, then any leaks it caused.
    mutating func release(candidates: [VCID]) -> [Event] {
        let deinits = collectGarbage(candidates)
        return deinits + newLeaks(among: candidates)
    }
}
