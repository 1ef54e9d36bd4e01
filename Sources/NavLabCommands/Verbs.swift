import NavLabCore

/// What a verb's next argument is, for completion and hints.
public enum ArgumentKind: Hashable, Sendable {
    case spec, name, className, style, settingKey, file, integer, fact, verb
    /// A segue identifier of the imported storyboards; a storyboard ID.
    case segue, storyboardID
    /// An app of the simulated device (`app NAME`).
    case appName
    case keyword([String])
}

/// One verb, declared once: the parser, `help`, completion and Docs/Reference.md read it.
public struct Verb: Sendable {
    public enum Group: String, Sendable, CaseIterable {
        case setup = "The app's code and device"
        case hierarchy = "Presenting and containing"
        case window = "The window"
        case memory = "Memory"
        case show = "Showing"
        case lifecycle = "The app's lifecycle"
        case restoration = "State preservation and restoration"
        case check = "Checking"
        case session = "The session"
    }
    public let name: String
    public let group: Group
    public let syntax: String
    public let summary: String
    /// The UIKit call it stands for.
    public let uikit: String
    public let examples: [String]
    /// What follows the verb, in order (for completion).
    public let arguments: [ArgumentKind]
    let parse: @Sendable (inout Arguments) throws(NavLabError) -> Action
}

/// The one verb table.
public enum VerbTable {
    /// `import storyboard FILE…` (the shell reads the files) or `import storyboard NAME… <<END`
    /// with the storyboards' XML, one after another, each from its `<?xml …?>` line.
    static func importStoryboard(_ a: inout Arguments) throws(NavLabError) -> Action {
        var names: [(String, SourceLocation)] = []
        while let p = a.peek, !(p.kind == .word && p.text.hasPrefix("<<")) {
            names.append((try a.path(), p.location))
        }
        guard let p = a.peek else {
            guard !names.isEmpty else { throw a.error("import storyboard needs the storyboard files", suggestion: "import storyboard Main.storyboard") }
            return .meta(.importStoryboards(names.map { $0.0 }))
        }
        a.index += 1
        try a.end()
        guard let doc = a.heredoc, p.text == "<<" + doc.terminator else {
            throw a.error("the storyboard's XML goes on the lines after `\(p.text)`, up to a line `\(p.text.dropFirst(2))`", suggestion: "or give the files: import storyboard Main.storyboard", at: p.location)
        }
        guard !names.isEmpty else {
            throw a.error("name the storyboard before `\(p.text)` (references between storyboards use the name)", suggestion: "import storyboard Main \(p.text)", at: p.location)
        }
        let documents = StoryboardReader.split(doc.body, count: names.count)
        guard documents.count == names.count else {
            throw a.error("\(names.count) storyboards named, \(documents.count) found after `\(p.text)`: each starts at a line `<?xml …?>`", suggestion: "one name for each storyboard, in order", at: p.location)
        }
        var given: [(name: String, text: String)] = []
        for (i, (n, _)) in names.enumerated() { given.append((StoryboardReader.name(ofFile: n), documents[i])) }
        return .model(.importStoryboards(try StoryboardReader.read(given), at: p.location))
    }

    public static let all: [Verb] = setupVerbs + hierarchyVerbs + windowVerbs + memoryVerbs + showVerbs + lifecycleVerbs + restorationVerbs + checkVerbs + sessionVerbs

    /// Verbs are found whatever their case (`Push`, `TREE`, `swaproot`); `?` is `help`, and
    /// `exit`, `\q` and `.quit` (psql's, sqlite3's) are `quit` (vi's `:q` is LineParser's).
    public static func verb(named name: String) -> Verb? {
        if let v = all.first(where: { $0.name == name }) { return v }
        let lower = name.lowercased()
        if let alias = aliases[lower] { return all.first { $0.name == alias } }
        return all.first { $0.name.lowercased() == lower }
    }

    static let aliases = ["?": "help", "exit": "quit", "\\q": "quit", ".quit": "quit", ".exit": "quit"]

    public static var names: [String] { all.map({ $0.name }) }

    static let styleNames = ModalPresentationStyle.allCases.map({ $0.rawValue })

    static let setupVerbs: [Verb] = [
        Verb(name: "device", group: .setup, syntax: "device iPhone|iPad [iOS=N[.M]] [sdk=N]",
             summary: "the idiom (compact or regular width), the iOS version whose rules apply, and the SDK the app is built with; default iPhone iOS=18, the SDK of the device's iOS",
             uikit: "UITraitCollection.horizontalSizeClass, the OS version, the SDK the app links (Xcode's Base SDK)", examples: ["device iPhone iOS=12", "device iPad", "device iPhone iOS=27 sdk=26", "device iPhone iOS=18.4"],
             arguments: [.keyword(["iPhone", "iPad"]), .keyword(["iOS=", "sdk="])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("iPhone or iPad")
            guard let idiom = Device.Idiom(rawValue: t.text) ?? Device.Idiom.allCases.first(where: { $0.rawValue.lowercased() == t.text.lowercased() }) else {
                throw a.error("unknown device '\(t.text)'", suggestion: "iPhone or iPad", at: t.location)
            }
            let range = "\(Device.supportedVersions.lowerBound)…\(Device.supportedVersions.upperBound)"
            var ios = Device.default.iOS
            var minor = 0
            var sdk: Int?
            if a.accept("iOS") || a.accept("ios") {
                guard a.acceptSymbol("=") else { throw a.error("expected iOS=N", suggestion: "iOS=17") }
                let v = try a.word("an iOS version")
                let parts = v.text.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count <= 2, let n = Int(parts[0]), parts.count == 1 || Int(parts[1]) != nil else {
                    throw a.error("expected an iOS version, found '\(v.text)'", suggestion: "iOS=17 or iOS=18.4", at: v.location)
                }
                guard Device.supportedVersions.contains(n) else {
                    throw a.error("iOS \(n) is outside what NavLab models", suggestion: "use \(range)", at: v.location)
                }
                if parts.count == 2 {
                    guard let m = Int(parts[1]), Device.supportedMinors.contains(m) else {
                        throw a.error("iOS \(v.text): NavLab knows point releases .0 to .\(Device.supportedMinors.upperBound)", suggestion: "e.g. iOS=18.4", at: v.location)
                    }
                    minor = m
                }
                ios = n
            }
            if a.accept("sdk") || a.accept("SDK") {
                guard a.acceptSymbol("=") else { throw a.error("expected sdk=N", suggestion: "sdk=26") }
                let (n, at) = try a.int("an SDK version")
                guard Device.supportedVersions.contains(n) else {
                    throw a.error("SDK \(n) is outside what NavLab models", suggestion: "use \(range)", at: at)
                }
                sdk = n
            }
            if let w = a.peek, w.kind == .word, w.text.lowercased() == "ios" || w.text.lowercased() == "sdk" {
                throw a.error("iOS= comes before sdk=", suggestion: "device \(idiom.rawValue) iOS=27 sdk=26", at: w.location)
            }
            try a.end()
            return .model(.device(Device(idiom: idiom, iOS: ios, minor: minor, sdk: sdk)))
        },
        Verb(name: "class", group: .setup, syntax: "class NAME key=value… | class * restorationIdentifier=class",
             summary: "what the app's code and storyboard say about a class, for every instance made from now on",
             uikit: "the class's code and its storyboard scene",
             examples: ["class Register modalPresentationStyle=fullScreen", "class Country encodes=capital restorationIdentifier=Country", "class * restorationIdentifier=class"],
             arguments: [.className, .settingKey]) { (a: inout Arguments) throws(NavLabError) -> Action in
            if a.peek?.text == "*" {
                a.index += 1
                let s = try a.settings()
                guard s.count == 1, s[0].key == "restorationIdentifier", s[0].value == "class" else {
                    throw a.error("`class *` takes only restorationIdentifier=class", suggestion: "class * restorationIdentifier=class")
                }
                return .model(.restorationIdentifiersFromClassNames)
            }
            let t = try a.word("a class name")
            let s = try a.settings()
            return .model(.classDecl(className: t.text, settings: s, at: t.location))
        },
        Verb(name: "initial", group: .setup, syntax: "initial SPEC",
             summary: "the storyboard's initial view controller (the Initial UI) that every launch makes",
             uikit: "UIMainStoryboardFile's initial view controller", examples: ["initial Nav(Register)", "initial RootViewController:Root(Splash)"],
             arguments: [.spec]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let s = try a.spec(); try a.end(); return .model(.initial(s))
        },
        Verb(name: "launch", group: .setup, syntax: "launch [locked]",
             summary: "a cold start: willFinishLaunching, didFinishLaunching, the window made key, the root appears; `locked`: while the device is locked, a scene's saved activity cannot be read yet",
             uikit: "UIApplicationMain", examples: ["launch", "launch locked"], arguments: [.keyword(["locked"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let locked = a.accept("locked")
            try a.end(); return .model(locked ? .launchWhileLocked : .launch)
        },
        Verb(name: "on", group: .setup, syntax: "on CLASS METHOD: COMMAND | on CLASS METHOD none",
             summary: "code the app runs inside a callback: when UIKit calls METHOD on an instance of CLASS (or on AppDelegate, SceneDelegate), COMMAND runs as that instance (`self`, and the default target of present, push, dismiss, pop); its calls are nested under the callback; several lines add up, `none` removes them. METHOD: "
                + State.viewControllerHookMethods.map { $0.method }.joined(separator: ", ") + "; AppDelegate: "
                + State.appDelegateHookMethods.map { $0.method }.joined(separator: ", ") + "; SceneDelegate: "
                + State.sceneDelegateHookMethods.map { $0.method }.joined(separator: ", "),
             uikit: "the body of an overridden method (viewDidLoad, viewDidAppear(_:), application(_:didFinishLaunchingWithOptions:), …)",
             examples: ["on Login viewDidLoad: present Onboarding", "on Home viewDidAppear: present Onboarding", "on AppDelegate didFinishLaunching: present Onboarding on root", "on Login viewDidLoad none"],
             arguments: [.className, .keyword(State.viewControllerHookMethods.map { $0.method } + State.appDelegateHookMethods.map { $0.method } + State.sceneDelegateHookMethods.map { $0.method }), .verb]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let owner = try a.word("a class name (or AppDelegate, SceneDelegate)")
            let method = try a.word("the method whose code it is, like viewDidLoad")
            if a.accept("none") {
                try a.end()
                return .model(.hook(owner: owner.text, method: method.text, body: nil, command: nil, at: owner.location))
            }
            guard a.acceptSymbol(":") else {
                throw a.error("expected `:` and the command the method runs", suggestion: "on \(owner.text) \(method.text): present Onboarding")
            }
            guard let first = a.peek, let source = a.source else {
                throw a.error("`on \(owner.text) \(method.text):` needs the command the method runs", suggestion: "on \(owner.text) \(method.text): present Onboarding")
            }
            let offset = first.location.column - source.firstColumn
            let body = String(source.line.dropFirst(max(0, offset)))
            guard let parsed = try LineParser.parse(body, lineNumber: source.lineNumber, firstColumn: first.location.column) else {
                throw a.error("`on \(owner.text) \(method.text):` needs the command the method runs", suggestion: "on \(owner.text) \(method.text): present Onboarding")
            }
            guard case .model(let command) = parsed.action, parsed.verb != "on" else {
                throw NavLabError(.syntax, "`\(parsed.verb)` is not something the app's code does inside a callback", at: parsed.location,
                                  suggestion: "a command that changes the app: present, push, dismiss, addChild, set, defaults, …")
            }
            a.index = a.tokens.count
            return .model(.hook(owner: owner.text, method: method.text, body: parsed.text, command: command, at: method.location))
        },
        Verb(name: "set", group: .setup, syntax: "set NAME key=value…",
             summary: "changes one live instance now: the keys of `class`, or the app's own properties",
             uikit: "assigning a property", examples: ["set Detail modalPresentationStyle=overFullScreen", "set Country capital=Paris"],
             arguments: [.name, .settingKey]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name(); let s = try a.settings(); return .model(.set(n, settings: s))
        },
    ]

    static func noArguments(_ a: inout Arguments, _ c: Command) throws(NavLabError) -> Action {
        try a.end()
        return .model(c)
    }

    static let lifecycleVerbs: [Verb] = [
        Verb(name: "relaunch", group: .lifecycle, syntax: "relaunch",
             summary: "ends the running app (as the system would; nothing is preserved if it is still active) and launches it again",
             uikit: "process exit, then UIApplicationMain", examples: ["background", "kill", "relaunch"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .relaunch) },
        Verb(name: "background", group: .lifecycle, syntax: "background [running]",
             summary: "the home button: resign active, enter the background; state preservation runs now. An app with no background work is suspended soon after, so ending it runs no code; `running`: it keeps running there (a background task, audio, location), and `kill` or `forceQuit` then run its applicationWillTerminate(_:)",
             uikit: "applicationDidEnterBackground → _saveApplicationPreservationState; beginBackgroundTask (running)", examples: ["background", "background running"],
             arguments: [.keyword(["running"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let running = a.accept("running")
            try a.end()
            return .model(running ? .backgroundRunning : .background)
        },
        Verb(name: "suspend", group: .lifecycle, syntax: "suspend",
             summary: "the system suspends an app that was running in the background (`background running`): no callback; from then on ending it runs no code",
             uikit: "the system's suspension (endBackgroundTask, or its expiration)", examples: ["background running", "suspend"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .suspend) },
        Verb(name: "foreground", group: .lifecycle, syntax: "foreground", summary: "back to the app from the background",
             uikit: "applicationWillEnterForeground, applicationDidBecomeActive", examples: ["foreground"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .foreground) },
        Verb(name: "resignActive", group: .lifecycle, syntax: "resignActive",
             summary: "a temporary interruption (Notification Center, Control Center, a call): inactive, still in the foreground",
             uikit: "applicationWillResignActive (sceneWillResignActive with scenes)", examples: ["resignActive", "becomeActive"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .resignActive) },
        Verb(name: "becomeActive", group: .lifecycle, syntax: "becomeActive", summary: "the interruption ends: active again",
             uikit: "applicationDidBecomeActive (sceneDidBecomeActive with scenes)", examples: ["resignActive", "becomeActive"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .becomeActive) },
        Verb(name: "kill", group: .lifecycle, syntax: "kill",
             summary: "the system terminates the app; the archive is kept (background first). A suspended app (or one stopped by Xcode while active) runs no code; one running in the background (`background running`) gets applicationWillTerminate(_:)",
             uikit: "the system's SIGKILL of a suspended app (Xcode's stop button); its graceful exit of a running one", examples: ["background", "kill"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .kill) },
        Verb(name: "forceQuit", group: .lifecycle, syntax: "forceQuit",
             summary: "the user swipes the app away in the app switcher (which made it inactive first): in front or running in the background it is ended gracefully — applicationDidEnterBackground(_:) if it was in front, or with scenes sceneDidDisconnect(_:) and application(_:didDiscardSceneSessions:), then applicationWillTerminate(_:); suspended, no code runs; the archive is deleted",
             uikit: "the app switcher", examples: ["forceQuit"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .forceQuit) },
        Verb(name: "scene", group: .lifecycle, syntax: "scene new | scene N | scene disconnect N | scene discard N",
             summary: "several scenes of a scene app on an iPad (`scenes on`): `new` opens another window scene, which takes the screen; `N` brings scene N to the front (connecting it again if the system had released it, restored from its own activity); `disconnect N`: the system releases scene N in the background, its session stays; `discard N`: the user swipes scene N away in the app switcher, its session and activity go",
             uikit: "UIApplication.requestSceneSessionActivation, UISceneSession, sceneDidDisconnect, application(_:didDiscardSceneSessions:)",
             examples: ["scene new", "scene 1", "scene disconnect 2", "scene discard 2"],
             arguments: [.keyword(["new", "disconnect", "discard"]), .integer]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let at = a.peek?.location ?? a.here
            if a.accept("new") { try a.end(); return .model(.scene(.open, at: at)) }
            func number(_ a: inout Arguments) throws(NavLabError) -> Int {
                let (n, loc) = try a.int("a scene number")
                guard n >= 1 else { throw a.error("scenes are numbered from 1", suggestion: "scene 1", at: loc) }
                return n
            }
            if a.accept("disconnect") { let n = try number(&a); try a.end(); return .model(.scene(.disconnect(n), at: at)) }
            if a.accept("discard") { let n = try number(&a); try a.end(); return .model(.scene(.discard(n), at: at)) }
            guard let t = a.peek, Int(t.text) != nil else {
                throw a.error("scene takes new, a scene number, disconnect N or discard N", suggestion: "scene new")
            }
            let n = try number(&a)
            try a.end()
            return .model(.scene(.front(n), at: at))
        },
        Verb(name: "crash", group: .lifecycle, syntax: "crash [during launch|restoration]",
             summary: "the process dies; a crash during launch or restoration deletes the archive (unless UIStateRestorationDeveloperMode)",
             uikit: "an uncaught exception", examples: ["crash", "crash during restoration"],
             arguments: [.keyword(["during"]), .keyword(["launch", "restoration"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var point = State.CrashPoint.now
            if a.accept("during") {
                let t = try a.word("launch or restoration")
                guard let p = State.CrashPoint(rawValue: t.text), p != .now else {
                    throw a.error("crash during takes launch or restoration, not '\(t.text)'", suggestion: "crash during restoration", at: t.location)
                }
                point = p
            }
            try a.end()
            return .model(.crash(point))
        },
        Verb(name: "uninstall", group: .lifecycle, syntax: "uninstall",
             summary: "deletes the app and everything it stored, defaults included; `launch` installs it again",
             uikit: "deleting the app from the home screen", examples: ["uninstall", "launch"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try noArguments(&a, .uninstall) },
        Verb(name: "defaults", group: .lifecycle, syntax: "defaults [key=value…] | defaults remove KEY",
             summary: "UserDefaults: app data that outlives kill and forceQuit, not uninstall; alone, shows them",
             uikit: "UserDefaults.standard.set(_:forKey:)", examples: ["defaults loggedIn=true", "defaults", "defaults remove loggedIn"],
             arguments: [.settingKey]) { (a: inout Arguments) throws(NavLabError) -> Action in
            if a.atEnd { return .query(.defaults) }
            if a.accept("remove") {
                let t = try a.word("a key"); try a.end(); return .model(.removeDefault(t.text))
            }
            return .model(.setDefaults(try a.settings()))
        },
        Verb(name: "app", group: .lifecycle, syntax: "app NAME",
             summary: "which app's archive and defaults to use under $NAVLAB_HOME (default App); also its module name in UIKit's output",
             uikit: "the bundle", examples: ["app Restorer"], arguments: [.appName]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.path()
            try State.validateAppName(t, at: a.tokens[a.index - 1].location); try a.end(); return .model(.app(t))
        },
    ]

    static let restorationVerbs: [Verb] = [
        Verb(name: "optIn", group: .restoration, syntax: "optIn save=yes|no restore=yes|no | optIn off",
             summary: "the app delegate implements shouldSave/shouldRestore…ApplicationState and returns these (both are needed)",
             uikit: "application(_:shouldSaveSecureApplicationState:), application(_:shouldRestoreSecureApplicationState:)",
             examples: ["optIn save=yes restore=yes", "optIn save=yes restore=no", "optIn off"], arguments: [.keyword(["save=", "restore=", "off"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            if a.accept("off") { try a.end(); return .model(.optOut) }
            var save = false, restore = false
            for s in try a.settings() {
                let value: Bool
                switch s.value { case "yes", "true": value = true; case "no", "false": value = false
                default: throw NavLabError(.syntax, "\(s.key) takes yes or no, not '\(s.value)'", at: s.location, suggestion: "\(s.key)=yes") }
                switch s.key {
                case "save": save = value
                case "restore": restore = value
                default: throw NavLabError(.syntax, "optIn takes save= and restore=, not \(s.key)=", at: s.location, suggestion: "optIn save=yes restore=yes")
                }
            }
            return .model(.optIn(save: save, restore: restore))
        },
        Verb(name: "encode", group: .restoration, syntax: "encode CLASS key…",
             summary: "what CLASS's encodeRestorableState writes: its properties by name, or `children` for a custom container (whose decoding then replaces its default child)",
             uikit: "encodeRestorableState(with:) / decodeRestorableState(with:)", examples: ["encode Country capital", "encode RootViewController children"],
             arguments: [.className, .keyword(["children"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("a class name")
            var keys: [String] = []
            while let k = a.peek, k.kind == .word { keys.append(k.text); a.index += 1; _ = a.acceptSymbol(",") }
            guard !keys.isEmpty else { throw a.error("encode needs the keys the class writes", suggestion: "encode \(t.text) capital") }
            try a.end()
            return .model(.encode(className: t.text, keys: keys, at: t.location))
        },
        Verb(name: "appDelegate", group: .restoration, syntax: "appDelegate restores ID [as CLASS] | appDelegate restores ID nil | appDelegate encodes KEY…|none | appDelegate set KEY=VALUE…",
             summary: "the app delegate's restoration code: `restores` — how application(_:viewControllerWithRestorationIdentifierPath:coder:) answers for archived view controllers whose identifier is ID: a new instance (of CLASS, default the archived class), or nil (keep searching); `encodes` — the app-level values its willEncodeRestorableStateWith writes into the archive and didDecodeRestorableStateWith reads back at the next launch (UIKit #110); `set` — those values, the app delegate's own properties, gone when the process ends",
             uikit: "application(_:viewControllerWithRestorationIdentifierPath:coder:), application(_:willEncodeRestorableStateWith:), application(_:didDecodeRestorableStateWith:)",
             examples: ["appDelegate restores Detail", "appDelegate restores Detail as LegacyDetail", "appDelegate restores Detail nil", "appDelegate encodes account", "appDelegate set account=ann"],
             arguments: [.keyword(["restores", "encodes", "set"]), .name, .keyword(["as", "nil"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            if a.accept("encodes") {
                if a.accept("none") { try a.end(); return .model(.appDelegateEncodes(nil)) }
                var keys: [String] = []
                while let k = a.peek, k.kind == .word { keys.append(k.text); a.index += 1; _ = a.acceptSymbol(",") }
                guard !keys.isEmpty else { throw a.error("appDelegate encodes needs the keys it writes", suggestion: "appDelegate encodes account") }
                try a.end()
                return .model(.appDelegateEncodes(keys))
            }
            if a.accept("set") {
                let s = try a.settings()
                guard !s.isEmpty else { throw a.error("appDelegate set needs KEY=VALUE", suggestion: "appDelegate set account=ann") }
                return .model(.appDelegateSet(s))
            }
            guard a.accept("restores") else { throw a.error("expected `restores`, `encodes` or `set`", suggestion: "appDelegate restores ID [as CLASS]") }
            let id = try a.word("a restoration identifier")
            if a.accept("nil") { try a.end(); return .model(.appDelegateRestores(identifier: id.text, className: nil, returnsNil: true)) }
            var cls: String?
            if a.accept("as") { cls = try a.word("a class name").text }
            try a.end()
            return .model(.appDelegateRestores(identifier: id.text, className: cls, returnsNil: false))
        },
        Verb(name: "route", group: .restoration, syntax: "route SCREEN [select N] [push CLASS[, CLASS…]]",
             summary: "the scene delegate's routing code: when the saved activity's screen is SCREEN, scene(_:willConnectTo:options:) selects tab N and pushes these classes onto the navigation controller, not animated, before the window shows; the new top gets the activity's values",
             uikit: "scene(_:willConnectTo:options:) reading session.stateRestorationActivity", examples: ["route Country push Country", "route City push Country, City", "route Settings select 1"],
             arguments: [.className, .keyword(["select", "push"]), .className]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let screen = try a.word("the screen (a class name) the activity names")
            var select: Int?
            if a.accept("select") { select = try a.int("a tab index").0 }
            var classes: [String] = []
            if a.accept("push") {
                repeat { classes.append(try a.word("a class name").text) } while a.acceptSymbol(",")
            }
            guard select != nil || !classes.isEmpty else {
                throw a.error("a route selects a tab or pushes screens", suggestion: "route \(screen.text) push \(screen.text)")
            }
            try a.end()
            return .model(.route(screen: screen.text, select: select, push: classes, at: screen.location))
        },
        Verb(name: "scenes", group: .restoration, syntax: "scenes on|off [multiple=no]",
             summary: "the app adopts UIScene: state is saved per scene as the activity stateRestorationActivity(for:) returns (the top screen's class and the keys it encodes), no longer as a view-controller archive",
             uikit: "UISceneDelegate.stateRestorationActivity(for:), scene(_:willConnectTo:options:); UIApplicationSupportsMultipleScenes (multiple=no)", examples: ["scenes on", "scenes on multiple=no"],
             arguments: [.keyword(["on", "off"]), .keyword(["multiple=no"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("on or off")
            guard t.text == "on" || t.text == "off" else { throw a.error("scenes takes on or off", suggestion: "scenes on", at: t.location) }
            var multiple = true
            if t.text == "on", a.isWord("multiple") {
                let key = a.peek!
                a.index += 1
                guard a.acceptSymbol("=") else { throw a.error("expected multiple=no", suggestion: "scenes on multiple=no", at: key.location) }
                let v = try a.word("yes or no")
                guard v.text == "yes" || v.text == "no" else { throw a.error("multiple takes yes or no, not '\(v.text)'", suggestion: "scenes on multiple=no", at: v.location) }
                multiple = v.text == "yes"
            }
            try a.end()
            return .model(.scenes(t.text == "on", multiple: multiple))
        },
        Verb(name: "archive", group: .restoration, syntax: "archive", summary: "the saved restoration archive: paths, classes, encoded keys",
             uikit: "restorationArchiveTool", examples: ["archive"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try a.end(); return .query(.archive) },
    ]

    /// `show` and `showDetail`: `SPEC [on NAME] [animated=no]`.
    static func parseShow(_ a: inout Arguments, detail: Bool) throws(NavLabError) -> Action {
        let s = try a.spec()
        var on: NameRef?
        if a.accept("on") { on = try a.name() }
        let animated = try a.animatedFlag(default: true)
        try a.end()
        return .model(.show(s, on: on, detail: detail, animated: animated))
    }

    static let hierarchyVerbs: [Verb] = [
        Verb(name: "present", group: .hierarchy, syntax: "present SPEC [on NAME] [style=S] [animated]",
             summary: "presents modally; default on `top`; S: " + styleNames.filter { $0 != "none" }.joined(separator: ", ") + "; style=none crashes the app (UIKit #75)",
             uikit: "NAME.present(_:animated:completion:)",
             examples: ["present Nav(Welcome)", "present Settings on root style=fullScreen", "present @Done"],
             arguments: [.spec, .keyword(["on", "style=", "animated"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let s = try a.spec()
            var on: NameRef?
            var style: ModalPresentationStyle?
            var animated = false
            while !a.atEnd {
                if a.accept("on") { on = try a.name(); continue }
                if a.isWord("style") {
                    a.index += 1
                    guard a.acceptSymbol("=") else { throw a.error("expected style=S", suggestion: "style=fullScreen") }
                    let t = try a.word("a presentation style")
                    guard let st = ModalPresentationStyle(rawValue: t.text) else {
                        let near = Suggest.nearest(to: t.text, in: styleNames)
                        throw a.error("'\(t.text)' is not a presentation style", suggestion: near.map { "did you mean \($0)?" } ?? styleNames.joined(separator: ", "), at: t.location)
                    }
                    style = st
                    continue
                }
                if a.isWord("animated") { animated = try a.animatedFlag(default: false); continue }
                try a.end()
            }
            return .model(.present(s, on: on, style: style, animated: animated))
        },
        Verb(name: "dismiss", group: .hierarchy, syntax: "dismiss [NAME] [animated]",
             summary: "dismisses what NAME presents (and everything above it), or NAME itself if it was presented; default `top`",
             uikit: "NAME.dismiss(animated:completion:)", examples: ["dismiss", "dismiss root"],
             arguments: [.name, .keyword(["animated"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var n: NameRef?
            if !a.atEnd && !a.isWord("animated") { n = try a.name() }
            let animated = try a.animatedFlag(default: false)
            try a.end()
            return .model(.dismiss(n, animated: animated))
        },
        Verb(name: "push", group: .hierarchy, syntax: "push SPEC [on NAME] [animated=no]",
             summary: "pushes onto NAME if it is a navigation controller, else onto NAME's navigationController; default `top`",
             uikit: "navigationController.pushViewController(_:animated:)", examples: ["push Detail", "push Detail on UINavigationController#2"],
             arguments: [.spec, .keyword(["on", "animated=no"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let s = try a.spec()
            var on: NameRef?
            if a.accept("on") { on = try a.name() }
            let animated = try a.animatedFlag(default: true)
            try a.end()
            return .model(.push(s, on: on, animated: animated))
        },
        Verb(name: "pop", group: .hierarchy, syntax: "pop [NAME] [animated=no]",
             summary: "pops the top view controller of NAME's navigation controller; default `top`",
             uikit: "navigationController.popViewController(animated:)", examples: ["pop"],
             arguments: [.name, .keyword(["animated=no"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var n: NameRef?
            if !a.atEnd && !a.isWord("animated") { n = try a.name() }
            let animated = try a.animatedFlag(default: true); try a.end()
            return .model(.pop(n, animated: animated))
        },
        Verb(name: "popToRoot", group: .hierarchy, syntax: "popToRoot [NAME] [animated=no]",
             summary: "pops everything above the navigation stack's root",
             uikit: "navigationController.popToRootViewController(animated:)", examples: ["popToRoot"],
             arguments: [.name, .keyword(["animated=no"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var n: NameRef?
            if !a.atEnd && !a.isWord("animated") { n = try a.name() }
            let animated = try a.animatedFlag(default: true); try a.end()
            return .model(.popToRoot(n, animated: animated))
        },
        Verb(name: "setViewControllers", group: .hierarchy, syntax: "setViewControllers SPEC, SPEC… [on NAME] [animated]",
             summary: "replaces the whole navigation stack (bottom first); @NAME keeps an instance already on it. On a tab bar controller, replaces its tabs index by index (an old tab whose place is filled leaves silently, old tabs past the new end get willMove/didMove(toParent: nil)), then selects the selected one if listed, else the same index, else tab 0",
             uikit: "navigationController.setViewControllers(_:animated:), tabBarController.setViewControllers(_:animated:) / viewControllers = […]", examples: ["setViewControllers @Countries, Detail animated", "setViewControllers Nav(Feed), @Profile on UITabBarController"],
             arguments: [.spec, .keyword(["on", "animated"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var specs: [Spec] = []
            repeat { specs.append(try a.spec()) } while a.acceptSymbol(",")
            var on: NameRef?
            if a.accept("on") { on = try a.name() }
            let animated = try a.animatedFlag(default: false); try a.end()
            return .model(.setViewControllers(specs, on: on, animated: animated))
        },
        Verb(name: "show", group: .hierarchy, syntax: "show SPEC [on NAME] [animated=no]",
             summary: "lets the nearest container decide: a navigation controller pushes; with none, it presents; default on `top`",
             uikit: "NAME.show(_:sender:)", examples: ["show Detail"], arguments: [.spec, .keyword(["on", "animated=no"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            try parseShow(&a, detail: false)
        },
        Verb(name: "showDetail", group: .hierarchy, syntax: "showDetail SPEC [on NAME] [animated=no]",
             summary: "an expanded split view controller puts it in its secondary column; otherwise as `show`",
             uikit: "NAME.showDetailViewController(_:sender:)", examples: ["showDetail Message"], arguments: [.spec, .keyword(["on", "animated=no"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            try parseShow(&a, detail: true)
        },
        Verb(name: "swipe", group: .hierarchy, syntax: "swipe down|back|content [NAME] [cancel]",
             summary: "the user's finger: swipe a card sheet (or a zoom-presented screen, iOS 18+) down, the edge swipe back in a navigation controller, or (iOS 26+) the swipe back from anywhere in the content; `cancel` abandons it halfway; a zoom push grabbed in the same turn completes, then pops, and from iOS 26 so does any push or pop in flight (no nested-transition warnings)",
             uikit: "the sheet's and the navigation controller's interactive transitions; interactiveContentPopGestureRecognizer (content)", examples: ["swipe down", "swipe back cancel", "swipe content"],
             arguments: [.keyword(["down", "back", "content"]), .name, .keyword(["cancel"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("down, back or content")
            guard let kind = State.Swipe(rawValue: t.text) else {
                throw a.error("swipe takes down, back or content, not '\(t.text)'", suggestion: "swipe down, swipe back, swipe content", at: t.location)
            }
            var on: NameRef?
            if !a.atEnd && !a.isWord("cancel") { on = try a.name() }
            let cancel = a.accept("cancel")
            try a.end()
            return .model(.swipe(kind, on: on, cancel: cancel))
        },
        Verb(name: "tapOutside", group: .hierarchy, syntax: "tapOutside [NAME]",
             summary: "the user taps outside a presented view controller (default: the one `top` is in), on its dimming view: an iPad popover, or an iPad sheet from iOS 13, is dismissed — presentationControllerShouldDismiss(_:), presentationControllerWillDismiss(_:), the dismissal, presentationControllerDidDismiss(_:) (before iOS 13 the popover delegate's ShouldDismissPopover and DidDismissPopover); the presenter gets no call. `isModalInPresentation=yes` or `shouldDismiss=no` keep it; form sheets before iOS 13 and everything on an iPhone ignore the tap",
             uikit: "the presentation's dimming view (UIPopoverPresentationController, UIAdaptivePresentationControllerDelegate)", examples: ["tapOutside", "tapOutside Picker"],
             arguments: [.name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var n: NameRef?
            if !a.atEnd { n = try a.name() }
            try a.end()
            return .model(.tapOutside(n, at: a.verb.location))
        },
        Verb(name: "select", group: .hierarchy, syntax: "select NAME INDEX|more",
             summary: "selects a tab of NAME (a tab bar controller, or a view controller inside one); `more`: the More tab of a tab bar controller with more than five tabs, after which selectedIndex reads NSNotFound",
             uikit: "tabBarController.selectedIndex = INDEX; selectedViewController = moreNavigationController", examples: ["select UITabBarController 1", "select UITabBarController more"],
             arguments: [.name, .integer]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name()
            if let t = a.peek, t.kind == .word, t.text == "more" {
                a.index += 1; try a.end()
                return .model(.select(n, index: NSNotFound, at: t.location))
            }
            let (i, at) = try a.int("a tab index, or more"); try a.end()
            return .model(.select(n, index: i, at: at))
        },
        Verb(name: "tab", group: .hierarchy, syntax: "tab NAME|INDEX|ID [in TABBAR]",
             summary: "the user taps a tab bar item (default: the front-most tab bar on screen). On a Tab(…) (viewControllers): the tab at INDEX or holding NAME — tabBarController(_:shouldSelect:), the switch, tabBarController(_:didSelect:) (from iOS 18 didSelect comes before the cross-fade's appearance calls); the selected tab tapped again sends both and pops its navigation controller to the root; `set UITabBarController shouldSelect=no` refuses the tap. On a Tabs(…) (iOS 18 UITab): the tab whose identifier is ID — tabBarController(_:shouldSelectTab:), the switch, tabBarController(_:didSelectTab:previousTab:); a tab inside a NavGroup rebuilds its managing navigation controller's stack. `select` is the code's selectedIndex and sends no delegate call",
             uikit: "the tab bar item's action (_tabBarItemClicked:), UITabBarControllerDelegate", examples: ["tab 1", "tab Settings", "tab 0 in UITabBarController#2", "tab Albums"],
             arguments: [.name, .keyword(["in"]), .name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("a tab's identifier")
            var on: NameRef?
            if a.accept("in") { on = try a.name() }
            try a.end()
            return .model(.tapTab(t.text, in: on, at: t.location))
        },
        Verb(name: "addChild", group: .hierarchy, syntax: "addChild SPEC to NAME [didMove=no]",
             summary: "containment: addChild, the view added, didMove(toParent:); `didMove=no`: the app's code never calls didMove(toParent:) — the child still appears with its parent, its didMove code never runs, and only removeFromParent sends it didMove(toParent: nil) (UIKit #209). A child NAME already has is removed and added again, last (UIKit #229); a child of another parent gets willMove(toParent: nil) and didMove(toParent: nil) first (UIKit #40); on a navigation controller the child becomes its top, on a tab bar controller a new last tab, not selected (UIKit #228)",
             uikit: "NAME.addChild(_:) … child.didMove(toParent: NAME)", examples: ["addChild Banner to Main", "addChild Banner to Main didMove=no", "addChild @Banner to Main", "addChild TitleView to UINavigationController"],
             arguments: [.spec, .keyword(["to"]), .name, .keyword(["didMove="])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let s = try a.spec()
            guard a.accept("to") else { throw a.error("addChild needs `to NAME`", suggestion: "addChild \(s.text) to PARENT") }
            let n = try a.name()
            var didMove = true
            if a.isWord("didMove") {
                a.index += 1
                guard a.acceptSymbol("=") else { throw a.error("expected didMove=no or didMove=yes", suggestion: "addChild \(s.text) to \(n.text) didMove=no") }
                let t = try a.word("no or yes")
                guard t.text == "no" || t.text == "yes" else {
                    throw a.error("didMove takes no or yes, not '\(t.text)'", suggestion: "addChild \(s.text) to \(n.text) didMove=no", at: t.location)
                }
                didMove = t.text == "yes"
            }
            try a.end()
            return .model(.addChild(s, to: n, didMove: didMove))
        },
        Verb(name: "addSubview", group: .hierarchy, syntax: "addSubview SPEC to NAME",
             summary: "NAME.view.addSubview(SPEC's view) WITHOUT addChild: its view controller has no parent, and presenting from it warns; if NAME's view is in the window, the view's move into it calls viewWillAppear … viewDidAppear (UIKit's window path), but no parent ever forwards it another call; if not, it gets none, even when NAME's view enters the window; a child of another parent raises UIKit's hierarchy exception",
             uikit: "NAME.view.addSubview(x.view)", examples: ["addSubview Banner to Main", "addSubview @Menu to Main"],
             arguments: [.spec, .keyword(["to"]), .name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let s = try a.spec()
            guard a.accept("to") else { throw a.error("addSubview needs `to NAME`", suggestion: "addSubview \(s.text) to PARENT") }
            let n = try a.name(); try a.end()
            return .model(.addSubview(s, to: n))
        },
        Verb(name: "removeFromSuperview", group: .hierarchy, syntax: "removeFromSuperview NAME",
             summary: "NAME.view.removeFromSuperview() for a view added with addSubview: if it was in the window, its move out of it calls viewWillDisappear and viewDidDisappear; the app still holds NAME (`release NAME` lets it go)",
             uikit: "NAME.view.removeFromSuperview()", examples: ["removeFromSuperview Banner"],
             arguments: [.name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name(); try a.end(); return .model(.removeFromSuperview(n))
        },
        Verb(name: "reuseView", group: .hierarchy, syntax: "reuseView NAME for OTHER",
             summary: "OTHER.view = NAME.view: a view belongs to one view controller at a time, so UIKit raises (UIKit #103)",
             uikit: "OTHER.view = NAME.view", examples: ["reuseView Main for Copy"],
             arguments: [.name, .keyword(["for"]), .name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name()
            guard a.accept("for") else { throw a.error("reuseView needs `for OTHER`", suggestion: "reuseView \(n.text) for OTHER") }
            let o = try a.name(); try a.end()
            return .model(.reuseView(of: n, for: o))
        },
        Verb(name: "removeChild", group: .hierarchy, syntax: "removeChild NAME",
             summary: "containment: willMove(toParent: nil), the view removed, removeFromParent()",
             uikit: "NAME.willMove(toParent: nil); NAME.removeFromParent()", examples: ["removeChild Banner"],
             arguments: [.name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name(); try a.end(); return .model(.removeChild(n))
        },
        Verb(name: "beginAppearanceTransition", group: .hierarchy, syntax: "beginAppearanceTransition NAME true|false [animated]",
             summary: "a container's code forwarding appearance by hand (its class says shouldAutomaticallyForwardAppearanceMethods=no): viewWillAppear (true) or viewWillDisappear (false) for NAME and what it forwards to; a begin the other way before the end is unbalanced",
             uikit: "NAME.beginAppearanceTransition(_:animated:)", examples: ["beginAppearanceTransition Main true", "beginAppearanceTransition Splash false animated"],
             arguments: [.name, .keyword(["true", "false"]), .keyword(["animated"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name()
            let t = try a.word("true or false")
            let appearing: Bool
            switch t.text {
            case "true", "yes": appearing = true
            case "false", "no": appearing = false
            default: throw a.error("isAppearing is true or false, not '\(t.text)'", suggestion: "beginAppearanceTransition \(n.text) true", at: t.location)
            }
            let animated = try a.animatedFlag(default: false); try a.end()
            return .model(.beginAppearanceTransition(n, isAppearing: appearing, animated: animated))
        },
        Verb(name: "endAppearanceTransition", group: .hierarchy, syntax: "endAppearanceTransition NAME",
             summary: "ends NAME's appearance transition begun by hand: viewDidAppear or viewDidDisappear on the final matching end; with none begun, UIKit's unbalanced-calls warning",
             uikit: "NAME.endAppearanceTransition()", examples: ["endAppearanceTransition Main"], arguments: [.name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name(); try a.end(); return .model(.endAppearanceTransition(n))
        },
        Verb(name: "switch", group: .hierarchy, syntax: "switch SPEC [in NAME] [animated]",
             summary: "a custom container's transition(from:to:) to a new child (default: the Root container); a page view controller turns to a new page",
             uikit: "NAME.transition(from:to:duration:options:animations:completion:)", examples: ["switch Main", "switch Page2 in UIPageViewController"],
             arguments: [.spec, .keyword(["in", "animated"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let s = try a.spec()
            var n: NameRef?
            if a.accept("in") { n = try a.name() }
            let animated = try a.animatedFlag(default: false); try a.end()
            return .model(.switchChild(s, in: n, animated: animated))
        },
        Verb(name: "segue", group: .hierarchy, syntax: "segue [ID] [from NAME] [user]",
             summary: "performs the storyboard's segue ID from NAME (default: `top`) as performSegue(withIdentifier:sender:) does: a new destination each time, prepare(for:sender:), then show, showDetail, present, popover, push or an unwind's search up the chain; `user`: the user taps the control it is wired to, so UIKit asks shouldPerformSegue(withIdentifier:sender:) first (`class NAME shouldPerformSegue=no` refuses it); a control's segue without an identifier is named by its element id and only `user` performs it (UIKit #254); with no ID, the segues the screen can perform (UIKit #239–#247)",
             uikit: "NAME.performSegue(withIdentifier:sender:)", examples: ["segue", "segue showDetail", "segue login from Feed", "segue unwindToHome user"],
             arguments: [.segue, .keyword(["from", "user"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            guard let t = a.peek, t.kind == .word, t.text != "from" else {
                var from: NameRef?
                if a.accept("from") { from = try a.name() }
                try a.end()
                return .query(.segues(from))
            }
            a.index += 1
            var from: NameRef?
            var user = false
            while !a.atEnd {
                if a.accept("from") { from = try a.name(); continue }
                if a.accept("user") { user = true; continue }
                try a.end()
            }
            return .model(.segue(t.text, from: from, byUser: user, animated: true, at: t.location))
        },
        Verb(name: "instantiate", group: .hierarchy, syntax: "instantiate ID",
             summary: "makes a new view controller from the scene whose storyboard ID is ID (a new instance each time, UIKit #240) and the app's code holds it, for `present @NAME`, `push @NAME` or `release NAME`",
             uikit: "storyboard.instantiateViewController(withIdentifier:)", examples: ["instantiate Settings"],
             arguments: [.storyboardID]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("a storyboard ID"); try a.end()
            return .model(.instantiate(t.text, at: t.location))
        },
    ]

    static let windowVerbs: [Verb] = [
        Verb(name: "swapRoot", group: .window, syntax: "swapRoot SPEC|NAME|nil",
             summary: "sets the window's rootViewController and does nothing else; a live instance's name takes that instance; nil empties the window but leaves a presentation's UITransitionView on screen (UIKit #6)",
             uikit: "window.rootViewController = x", examples: ["swapRoot Main", "swapRoot Tab(Nav(Feed), Settings)", "swapRoot nil"],
             arguments: [.spec]) { (a: inout Arguments) throws(NavLabError) -> Action in
            if let t = a.peek, t.kind == .word, t.text == "nil" {
                a.index += 1; try a.end(); return .model(.swapRootToNil(at: t.location))
            }
            let s = try a.spec(); try a.end(); return .model(.swapRoot(s))
        },
        Verb(name: "import", group: .window, syntax: "import uikit|screenstate FILE|-|<<END | import storyboard FILE…|NAME… <<END",
             summary: "the app runs with the hierarchy a real app printed — `_printHierarchy`'s lines (classes, containers, selected tabs, presentations, loaded and appeared states, addresses) or ScreenState's summary — from FILE, from lines pasted at the prompt (`-`, then an empty line), or from the lines up to END; nothing is imported if one line cannot be read. `import storyboard` reads the app's storyboards (Xcode's .storyboard files, together when they reference each other): their scenes and segues for `segue` and `instantiate`, their classes' settings, and the initial view controller as the Initial UI `launch` makes (never a launch screen's, UIKit #253); iOS and tvOS storyboards are read, a macOS or watchOS one is refused naming its platform; a navigation or tab bar controller whose view controllers the app's code sets is imported, and making it is refused; a file that cannot be read is refused with its file:line:col and nothing is imported",
             uikit: "po [UIViewController _printHierarchy] in the debugger; UIMainStoryboardFile, UIStoryboard(name:bundle:)",
             examples: ["import uikit hierarchy.txt", "import uikit -", "import screenstate <<END", "import storyboard Main.storyboard Settings.storyboard"],
             arguments: [.keyword(ImportedHierarchy.Format.allCases.map({ $0.rawValue }) + ["storyboard"]), .file]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("uikit, screenstate or storyboard")
            if t.text.lowercased() == "storyboard" { return try importStoryboard(&a) }
            guard let format = ImportedHierarchy.Format(rawValue: t.text.lowercased()) else {
                let near = Suggest.nearest(to: t.text, in: ImportedHierarchy.Format.allCases.map({ $0.rawValue }) + ["storyboard"])
                throw a.error("'\(t.text)' is not a printout NavLab reads", suggestion: near.map { "did you mean \($0)?" } ?? "uikit (what _printHierarchy prints), screenstate or storyboard", at: t.location)
            }
            if let p = a.peek, p.kind == .word, p.text.hasPrefix("<<") {
                a.index += 1
                try a.end()
                guard let doc = a.heredoc, p.text == "<<" + doc.terminator else {
                    throw a.error("the printout goes on the lines after `\(p.text)`, up to a line `\(p.text.dropFirst(2))`", suggestion: "at the prompt, `import \(format.rawValue) -` reads pasted lines", at: p.location)
                }
                return .model(.importHierarchy(try ImportedHierarchy.parse(doc.body, format: format, firstLine: doc.firstLine)))
            }
            let path = try a.path()
            try a.end()
            return .meta(.importFile(format, path))
        },
    ]

    static let memoryVerbs: [Verb] = [
        Verb(name: "hold", group: .memory, syntax: "hold NAME [as LABEL]",
             summary: "the app's own code keeps a strong reference (a property, a coordinator, a captured closure)",
             uikit: "a strong reference in the app's code", examples: ["hold Main as \"done(notification:) closure\""],
             arguments: [.name, .keyword(["as"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name()
            var label: String?
            if a.accept("as") {
                guard let t = a.next() else { throw a.error("`as` needs a label", suggestion: "hold \(n.text) as coordinator") }
                label = t.text
                while let more = a.peek, more.kind == .word { label! += " " + more.text; a.index += 1 }
            }
            try a.end()
            return .model(.hold(n, label: label))
        },
        Verb(name: "touch", group: .memory, syntax: "touch presentationController of NAME",
             summary: "the app's code reads NAME.presentationController although nothing presents NAME: the presentation controller made then and NAME hold each other, a retain cycle that keeps NAME alive after a root swap (UIKit #83)",
             uikit: "_ = NAME.presentationController", examples: ["touch presentationController of root"],
             arguments: [.keyword(["presentationController"]), .keyword(["of"]), .name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            guard a.accept("presentationController") else {
                throw a.error("touch reads one property: presentationController", suggestion: "touch presentationController of NAME")
            }
            guard a.accept("of") else { throw a.error("expected `of NAME`", suggestion: "touch presentationController of NAME") }
            let n = try a.name(); try a.end()
            return .model(.touchPresentationController(n))
        },
        Verb(name: "release", group: .memory, syntax: "release NAME",
             summary: "the app's code drops its references to NAME", uikit: "setting the reference to nil",
             examples: ["release Main"], arguments: [.name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name(); try a.end(); return .model(.release(n))
        },
    ]

    static let showVerbs: [Verb] = [
        Verb(name: "tree", group: .show, syntax: "tree [--screenstate|--uikit|--json]",
             summary: "the hierarchy: compact; the ScreenState summary; _printHierarchy; the JSON state",
             uikit: "[UIViewController _printHierarchy] (--uikit)", examples: ["tree", "tree --uikit"],
             arguments: [.keyword(["--screenstate", "--uikit", "--json"])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            var format = Query.TreeFormat.compact
            if let t = a.peek {
                a.index += 1
                switch t.text {
                case "--screenstate": format = .screenstate
                case "--uikit": format = .uikit
                case "--json": format = .json
                default: throw a.error("unknown option '\(t.text)'", suggestion: "--screenstate, --uikit or --json", at: t.location)
                }
            }
            try a.end()
            return .query(.tree(format))
        },
        Verb(name: "views", group: .show, syntax: "views", summary: "the window's view hierarchy, with UIKit's class names",
             uikit: "Xcode's Debug View Hierarchy", examples: ["views"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in
            try a.end(); return .query(.views)
        },
        Verb(name: "memory", group: .show, syntax: "memory", summary: "what is allocated, who holds each, and what leaked",
             uikit: "Xcode's Debug Memory Graph", examples: ["memory"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in
            try a.end(); return .query(.memory)
        },
        Verb(name: "why", group: .show, syntax: "why NAME", summary: "the chain of strong references that keeps NAME alive",
             uikit: "the memory graph's retain path", examples: ["why Done"], arguments: [.name]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let n = try a.name(); try a.end(); return .query(.why(n))
        },
        Verb(name: "export", group: .show, syntax: "export mermaid|dot [storyboard]|json|swift [FILE] [--force]",
             summary: "the hierarchy for documents (a Mermaid or Graphviz graph, the JSON state), the imported storyboards' map (mermaid storyboard, dot storyboard: scenes as boxes, relationships, embeds and segues as labelled arrows, the initial view controller marked), or the session as a UIKit program to run in Xcode (swift); to FILE or printed; an existing FILE only with --force",
             uikit: "— (swift: the UIKit calls of each command)", examples: ["export mermaid", "export dot hierarchy.dot", "export mermaid storyboard", "export swift", "export swift Repro.swift --force"],
             arguments: [.keyword(ExportFormat.allCases.map({ $0.rawValue })), .keyword(["storyboard"]), .file]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("mermaid, dot, json or swift")
            guard let format = ExportFormat(rawValue: t.text) else {
                let near = Suggest.nearest(to: t.text, in: ExportFormat.allCases.map({ $0.rawValue }))
                throw a.error("'\(t.text)' is not an export format", suggestion: near.map { "did you mean \($0)?" } ?? "mermaid, dot, json or swift", at: t.location)
            }
            var storyboard = false
            if a.isWord("storyboard") {
                guard format == .mermaid || format == .dot else {
                    throw a.error("the storyboard map is a graph: export mermaid storyboard or export dot storyboard, not \(format.rawValue)", suggestion: "export mermaid storyboard", at: a.peek?.location)
                }
                a.index += 1
                storyboard = true
            }
            let file = a.atEnd || a.peek?.text == "--force" ? nil : try a.path()
            let replace = a.accept("--force")
            if replace, file == nil {
                throw a.error("--force replaces a FILE, and none is named", suggestion: "export \(format.rawValue)\(storyboard ? " storyboard" : "") FILE --force")
            }
            try a.end()
            return .query(.export(format, file: file, replace: replace, storyboard: storyboard))
        },
        Verb(name: "log", group: .show, syntax: "log [--json] | log flags=on|off | log layout=on|off",
             summary: "the lifecycle log so far, oldest first; `flags=on`: from now on each appearance call ends with the flags UIKit reads inside it (`viewWillAppear B — isBeingPresented`: isBeingPresented, isBeingDismissed, isMovingToParent, isMovingFromParent, UIKit #72); `layout=on`: from now on the log shows viewWillLayoutSubviews and viewDidLayoutSubviews, once when a view first enters the window, after viewIsAppearing (UIKit #210); code in them (`on CLASS viewDidLayoutSubviews: …`) runs either way",
             uikit: "print statements in every callback", examples: ["log", "log --json", "log flags=on", "log layout=on"], arguments: [.keyword(["--json", "flags=", "layout="])]) { (a: inout Arguments) throws(NavLabError) -> Action in
            if a.isWord("layout") {
                a.index += 1
                guard a.acceptSymbol("=") else { throw a.error("expected layout=on or layout=off", suggestion: "log layout=on") }
                let t = try a.word("on or off")
                guard t.text == "on" || t.text == "off" else { throw a.error("layout takes on or off, not '\(t.text)'", suggestion: "log layout=on", at: t.location) }
                try a.end()
                return .model(.logLayout(t.text == "on"))
            }
            if a.isWord("flags") {
                a.index += 1
                guard a.acceptSymbol("=") else { throw a.error("expected flags=on or flags=off", suggestion: "log flags=on") }
                let t = try a.word("on or off")
                guard t.text == "on" || t.text == "off" else { throw a.error("flags takes on or off, not '\(t.text)'", suggestion: "log flags=on", at: t.location) }
                try a.end()
                return .model(.logFlags(t.text == "on"))
            }
            let json = a.accept("--json"); try a.end(); return .query(.log(json: json))
        },
    ]

    static let checkVerbs: [Verb] = [
        Verb(name: "expect", group: .check, syntax: "expect [not] FACT",
             summary: "fails the script when FACT does not hold (see `help expect`)", uikit: "an assertion",
             examples: ["expect root is Main", "expect transitionViews 1", "expect not allocated Done", "expect log contains \"viewDidAppear Main\""],
             arguments: [.fact]) { (a: inout Arguments) throws(NavLabError) -> Action in
            .query(.expect(try ExpectParser.parse(&a)))
        },
    ]

    static let sessionVerbs: [Verb] = [
        Verb(name: "undo", group: .session, syntax: "undo", summary: "steps the model back one command", uikit: "—",
             examples: ["undo"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try a.end(); return .meta(.undo) },
        Verb(name: "redo", group: .session, syntax: "redo", summary: "steps forward again after undo", uikit: "—",
             examples: ["redo"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try a.end(); return .meta(.redo) },
        Verb(name: "reset", group: .session, syntax: "reset", summary: "starts afresh (undo brings the old state back)", uikit: "—",
             examples: ["reset"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try a.end(); return .meta(.reset) },
        Verb(name: "record", group: .session, syntax: "record FILE | record stop",
             summary: "keeps what is typed from now on (commands that did not fail, with their comments) as a script; `record stop` writes it",
             uikit: "—", examples: ["record login.navlab", "record stop"], arguments: [.file]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.word("a file name, or stop")
            try a.end()
            return .meta(t.text == "stop" ? .recordStop : .record(t.text))
        },
        Verb(name: "save", group: .session, syntax: "save FILE [--force]",
             summary: "writes the session as a script that replays to this state: the lines of the current timeline (not what was undone, nothing before the last reset); an existing FILE only with --force",
             uikit: "—", examples: ["save session.navlab", "save session.navlab --force"], arguments: [.file]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.path()
            let replace = a.accept("--force")
            try a.end()
            return .meta(.save(t, replace: replace))
        },
        Verb(name: "load", group: .session, syntax: "load FILE", summary: "runs a script here, in this session",
             uikit: "—", examples: ["load Tests/Scripts/replace-root-1-swaproot-while-presented.navlab"], arguments: [.file]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = try a.path(); try a.end(); return .meta(.load(t))
        },
        Verb(name: "help", group: .session, syntax: "help [VERB|PATTERN|#N]", summary: "all verbs, one verb, the verbs matching a word, or UIKit fact N (as `explain N`)",
             uikit: "—", examples: ["help", "help present", "help root", "help #82"], arguments: [.verb]) { (a: inout Arguments) throws(NavLabError) -> Action in
            let t = a.next(); try a.end()
            if let t, UIKitFacts.number(t.text) != nil, t.text.hasPrefix("#") { return .query(.explain(t.text)) }
            return .query(.help(t?.text))
        },
        Verb(name: "explain", group: .session, syntax: "explain [N|WORD…]",
             summary: "the UIKit behaviour a note cites as (UIKit #N), or the behaviours about a word; alone, lists them all",
             uikit: "—", examples: ["explain 82", "explain #4 #82", "explain UITransitionView", "explain restoration class"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in
            var words: [String] = []
            while let t = a.next() { words.append(t.text) }
            return .query(.explain(words.joined(separator: " ")))
        },
        Verb(name: "quit", group: .session, syntax: "quit", summary: "leaves NavLab", uikit: "—",
             examples: ["quit"], arguments: []) { (a: inout Arguments) throws(NavLabError) -> Action in try a.end(); return .meta(.quit) },
    ]
}
