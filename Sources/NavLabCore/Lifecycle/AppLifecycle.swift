/// The app leaving and coming back to the screen: home button, the system's termination,
/// force quit, crashes, uninstall (UIKIT.md §8).
extension State {
    public enum CrashPoint: String, Sendable, Hashable, CaseIterable {
        /// Now, while the app runs.
        case now
        /// During the next launch, before state restoration.
        case launch
        /// During the next launch, while state is being restored.
        case restoration
    }

    func requireState(_ allowed: Set<ApplicationState>, verb: String, suggestion: String) throws(NavLabError) {
        guard allowed.contains(application.state) else {
            throw NavLabError(.invalid, "`\(verb)` needs the app \(allowed.map({ $0.rawValue }).sorted().joined(separator: " or ")); it is \(application.state.rawValue)",
                              at: SourceLocation(column: 1), suggestion: suggestion)
        }
    }

    /// The home button: resign active, enter the background; state preservation runs then (UIKit #111).
    /// An app with no background work is suspended soon after; `running`: it keeps running
    /// there (a background task, audio, location), so ending it runs its code (UIKit #218).
    mutating func background(running: Bool = false) throws(NavLabError) -> Outcome {
        try requireState([.active, .inactive], verb: "background", suggestion: isRunning ? "it is already in the background" : "`launch` first")
        // An inactive app (UIKit #173) has already resigned active.
        let wasActive = application.state == .active
        var events: [Event]
        if application.usesScenes {
            // The activity is asked for before the scene goes (UIKit #145).
            let labeled = labelsScenes
            events = sendFrontToBackground(labeled: labeled)
            let activity = application.data.activity ?? [:]
            events.append(.note((labeled ? "scene \(application.data.frontSession)'s" : "the scene's") + " activity is saved: \(State.describe(activity))"))
        } else {
            events = (wasActive ? [.app("applicationWillResignActive(_:)")] : []) + [.app("applicationDidEnterBackground(_:)")]
            application.state = .background
            events += preserveIfAsked()
        }
        application.runsInBackground = running
        if running {
            events.append(.note("the app keeps running in the background (a background task, audio, location): ended by the system or swiped away in the app switcher, it runs applicationWillTerminate(_:) first (UIKit #218); `suspend` suspends it"))
        }
        return .done(events)
    }

    /// The system suspends an app that was running in the background: no callback (UIKit #218).
    mutating func suspend() throws(NavLabError) -> Outcome {
        try requireState([.background, .suspended], verb: "suspend", suggestion: isRunning ? "`background` first" : "`launch` first")
        guard application.runsInBackground else {
            return .ignored(reason: "the app is suspended already: an app with no background work is suspended soon after it enters the background (`background running` keeps it running)", events: [])
        }
        application.runsInBackground = false
        application.state = .suspended
        return .done([.note("the system suspends the app: no callback; its code no longer runs, so ending it now runs nothing (UIKit #218)")])
    }

    /// Whether the process runs code when it is ended: in front, or running in the background.
    var isProcessRunningCode: Bool {
        application.state == .active || application.state == .inactive
            || (application.state == .background && application.runsInBackground)
    }

    mutating func preserveIfAsked() -> [Event] {
        guard application.optIn.implemented else {
            return [.note("the app delegate does not opt in to state preservation, so nothing is saved: `optIn save=yes restore=yes` (UIKit #106)")]
        }
        var events: [Event] = [.app(shouldSaveCallback)]
        guard application.optIn.save else {
            events.append(.note("\(shouldSaveCallback) returned false: nothing is saved this time (UIKit #106)"))
            return events
        }
        // The app delegate's high-level state, "at the beginning of the preservation process" (UIKit #110, #172).
        var appState: [String: String] = [:]
        if let keys = application.appDelegateEncodes {
            for k in keys { if let v = application.appDelegateValues[k] { appState[k] = v } }
            events.append(Event(kind: .appDelegate, callback: "application(_:willEncodeRestorableStateWith:)", message: State.describeValues(appState)))
        }
        var (archive, preserved) = preserve()
        archive.appState = appState
        application.data.archive = .valid(archive)
        events += preserved
        events.append(.note("archive written: " + (archive.entries.isEmpty ? "no view controller preserved" : Abridged.list(archive.paths))))
        return events
    }

    mutating func foreground() throws(NavLabError) -> Outcome {
        try requireState([.background, .suspended], verb: "foreground", suggestion: isRunning ? "it is already in the foreground" : "`launch` it")
        application.state = .active
        if application.usesScenes { return .done([sceneEvent("sceneWillEnterForeground(_:)"), sceneEvent("sceneDidBecomeActive(_:)")]) }
        return .done([.app("applicationWillEnterForeground(_:)"), .app("applicationDidBecomeActive(_:)")])
    }

    /// A temporary interruption — Notification Center or Control Center pulled down, an
    /// incoming call, a system alert: the app resigns active but stays in the foreground, its
    /// window on screen; no view controller callback (UIKit #173). Commands given while it is
    /// inactive run as they would while active: the app's code still runs.
    mutating func resignActive() throws(NavLabError) -> Outcome {
        try requireState([.active], verb: "resignActive",
                         suggestion: application.state == .inactive ? "it is already inactive: `becomeActive` ends the interruption" : isRunning ? "`foreground` first" : "`launch` first")
        application.state = .inactive
        return .done([application.usesScenes ? sceneEvent("sceneWillResignActive(_:)") : .app("applicationWillResignActive(_:)")])
    }

    /// The interruption ends: active again, no foreground call, no appearance call (UIKit #173).
    mutating func becomeActive() throws(NavLabError) -> Outcome {
        try requireState([.inactive], verb: "becomeActive",
                         suggestion: application.state == .active ? "it is active: `resignActive` first" : isRunning ? "`foreground` brings it back from the background" : "`launch` first")
        application.state = .active
        return .done([application.usesScenes ? sceneEvent("sceneDidBecomeActive(_:)") : .app("applicationDidBecomeActive(_:)")])
    }

    /// The process ends: every object goes with it, no `deinit` is called.
    mutating func endProcess() {
        application.runsInBackground = false
        removeAllInstances()
        holds = []
        window = Window()
        otherScenes = []
        application.state = .notRunning
    }

    /// The system terminates the suspended app; the archive is kept (UIKit #115). An app that
    /// is still active is killed too — Xcode's stop button does that — but it never entered
    /// the background, so nothing was preserved (UIKit #111).
    mutating func kill() throws(NavLabError) -> Outcome {
        try requireState([.active, .inactive, .background, .suspended], verb: "kill", suggestion: "the app is not running")
        let wasActive = application.state == .active || application.state == .inactive
        if application.state == .background, application.runsInBackground {
            // The system asks a running app to exit: its code runs once more (UIKit #218).
            endProcess()
            let archive = application.data.archive != nil ? " The archive is kept." : ""
            return .done([.app("applicationWillTerminate(_:)"),
                          .note("the system ended the app while it ran in the background: UIKit asks it to exit and calls applicationWillTerminate(_:) (\"may be called\", Apple says; about five seconds to return) (UIKit #218).\(archive)")])
        }
        endProcess()
        let archive = application.data.archive != nil
        if wasActive {
            return .done([.note("the app was killed while still active (as Xcode's stop button does); no callback runs. It never entered the background, so nothing was preserved now (UIKit #111, #115): "
                                + (archive ? "the archive is the one the last `background` wrote." : "there is no archive, and the next launch shows the Initial UI."))])
        }
        let activity = application.usesScenes && application.data.activity != nil ? " The scene's saved activity is kept (UIKit #204)." : ""
        let sessions = application.usesScenes && !application.data.otherSessions.isEmpty
            ? " Each scene session keeps its own activity for its next connection: " + sceneSessionNumbers.map { "scene \($0)" }.joined(separator: ", ") + " (UIKit #213)." : ""
        return .done([.note("the system terminated the app; no callback runs. " + (archive ? "The archive is kept." : "There is no archive.") + activity + sessions)])
    }

    /// The user swipes the app away in the app switcher: what runs depends on whether the app
    /// was in front (the switcher made it inactive), running in the background, or suspended
    /// (UIKit #217, #218); the archive is deleted (UIKit #115).
    mutating func forceQuit() throws(NavLabError) -> Outcome {
        try requireState([.active, .inactive, .background, .suspended], verb: "forceQuit", suggestion: "the app is not running")
        var events: [Event] = []
        let scenes = application.usesScenes
        let inFront = application.state == .active || application.state == .inactive
        let runsCode = isProcessRunningCode
        if application.state == .active {
            // Opening the app switcher resigns active first; a scene app hears it through its
            // scene delegate only (UIKit #167, #202).
            events.append(scenes ? sceneEvent("sceneWillResignActive(_:)") : .app("applicationWillResignActive(_:)"))
        }
        let front = application.data.frontSession
        // On an iPad with several windows each is swiped away in turn, the one in front last;
        // the last one ends the app, and its session stays for the next launch (UIKit #214, #217).
        let others = application.data.otherSessions.map { $0.number }
        // An iPad app whose manifest allows several windows: the last window swiped away ends
        // the app and keeps its session; a one-window app's session is discarded with it.
        let keepsFront = scenes && device.idiom == .iPad && application.supportsMultipleScenes
        if scenes {
            for n in others where otherScenes.contains(where: { $0.session == n }) {
                events.append(sceneEvent("sceneDidDisconnect(_:)", session: n))
            }
            if runsCode, !others.isEmpty {
                events.append(Event(kind: .appDelegate, callback: "application(_:didDiscardSceneSessions:)", message: others.map { "scene \($0)" }.joined(separator: ", ")))
            } else if !others.isEmpty {
                application.data.discardedWhileNotRunning += others
            }
        }
        var preservedThenDeleted = false
        if runsCode {
            if scenes {
                if device.iOS < 14, device.idiom == .iPhone || keepsFront {
                    // iOS 13 on an iPhone, or an iPad window of several: the scene enters the
                    // background, and the app is told it ends (UIKit #217).
                    if inFront { events.append(sceneEvent("sceneDidEnterBackground(_:)")) }
                } else {
                    // The scene is destroyed: disconnected without a background call, its session
                    // discarded (unless it is the last of several windows), then the app ends (UIKit #217).
                    events.append(sceneEvent("sceneDidDisconnect(_:)"))
                    if !keepsFront {
                        events.append(Event(kind: .appDelegate, callback: "application(_:didDiscardSceneSessions:)", message: labelsScenes ? "scene \(front)" : nil))
                    }
                }
            } else if inFront {
                // UIKit takes an app still in front through its background transition first,
                // preservation included, then terminates it (UIKit #217).
                events.append(.app("applicationDidEnterBackground(_:)"))
                if application.optIn.implemented {
                    events += preserveIfAsked()
                    preservedThenDeleted = application.data.archive != nil
                }
            }
            events.append(.app("applicationWillTerminate(_:)"))
        } else if scenes, !keepsFront {
            // A suspended app runs nothing: UIKit reports the discarded session at the next launch (UIKit #214, #217).
            application.data.discardedWhileNotRunning.append(front)
        }
        let had = application.data.archive != nil
        let hadActivity = application.data.activity != nil || application.data.otherSessions.contains { $0.activity != nil }
        endProcess()
        application.runsInBackground = false
        application.data.archive = nil
        if keepsFront {
            application.data.otherSessions = []
        } else {
            application.data.activity = nil
            application.data.otherSessions = []
            if scenes {
                // The next launch makes a new session, which the app delegate configures; a
                // discarded session's number is not used again (UIKit #217).
                application.data.sessionExists = false
                application.data.lastSession = max(application.data.lastSession, front) + 1
                application.data.frontSession = application.data.lastSession
            }
        }
        let how = runsCode ? (inFront ? "it was in front, so UIKit ends it gracefully: its code runs once more (UIKit #217)"
                                      : "it was running in the background, so UIKit ends it gracefully: applicationWillTerminate(_:) runs (UIKit #217, #218)")
                           : "it was suspended, so it is removed from memory and no code runs (UIKit #217)"
        events.append(.note("force quit: \(how); the app is terminated" + (had ? " and its restoration archive deleted (UIKit #115)" : "")
                            + (preservedThenDeleted ? ", the archive it just wrote included" : "")))
        if keepsFront {
            events.append(.note("every window of the app is swiped away, scene \(front) last" + (others.isEmpty ? "" : ": the others' sessions are discarded" + (runsCode ? "" : " (reported at the next launch)"))
                                + "; the last window's session stays, with its activity, and the next launch connects it again (UIKit #214, #217)"))
        } else if scenes, !runsCode {
            events.append(.note("the scene's session is discarded: UIKit reports it with application(_:didDiscardSceneSessions:) after the next launch's didFinishLaunching, and that launch connects a new session (UIKit #214, #217)"))
        }
        if hadActivity, !keepsFront {
            events.append(.note("the scene's restoration activity is deleted too, as Apple's sample documents; one report says iOS 15 kept it (UIKit #149)"))
        }
        return .done(events)
    }

    /// The process dies. During launch or restoration the archive is deleted unless
    /// `UIStateRestorationDeveloperMode` is set (UIKit #115–#117); otherwise the archive
    /// of the last `background` stays.
    mutating func crash(_ point: CrashPoint) throws(NavLabError) -> Outcome {
        switch point {
        case .now:
            try requireState([.active, .inactive, .background, .suspended], verb: "crash", suggestion: "`crash during launch` crashes the next launch")
            endProcess()
            let activity = application.usesScenes && application.data.activity != nil ? " The scene's activity saved at the last background stays (UIKit #204)." : ""
            return .done([.note("the app crashed; no callback runs. " + (application.data.archive != nil ? "The archive of the last background stays." : "") + activity)])
        case .launch, .restoration:
            guard !isRunning else {
                throw NavLabError(.invalid, "`crash during \(point.rawValue)` crashes a launch; the app is running", at: SourceLocation(column: 1),
                                  suggestion: "`kill` or `crash` it first")
            }
            if let initial {
                var claimed: Set<VCID> = []
                try validateNew(initial, claimed: &claimed)
            }
            var events: [Event] = []
            if !application.data.installed {
                application.data = AppData()
                events.append(.note("\(appName) is installed afresh: no archive, no defaults"))
            }
            application.data.launches += 1
            events.append(.app("application(_:willFinishLaunchingWithOptions:)"))
            if point == .restoration {
                if application.data.archive != nil && application.optIn.implemented && application.optIn.restore {
                    events.append(.app(shouldRestoreCallback))
                } else {
                    events.append(.note("there was nothing to restore; the launch crashed anyway"))
                }
            }
            endProcess()
            // A scene app's saved activity goes the same way (UIKit #204).
            if application.usesScenes, application.data.activity != nil || application.data.otherSessions.contains(where: { $0.activity != nil }) {
                application.data.activity = nil
                // Every session's: the app's preserved state (UIKit #204, #213).
                for i in application.data.otherSessions.indices { application.data.otherSessions[i].activity = nil }
                events.append(.note("crashed during \(point.rawValue): the system deletes the scene's preserved state, as Apple's sample says of a crash at launch (UIKit #204)"))
            }
            if application.data.archive != nil {
                if application.data.developerMode {
                    events.append(.note("crashed during \(point.rawValue); UIStateRestorationDeveloperMode keeps the archive (UIKit #117)"))
                } else {
                    application.data.archive = nil
                    events.append(.note("crashed during \(point.rawValue): UIKit deletes the restoration archive so the next launch starts clean (UIKit #115, #116)"))
                }
            } else {
                events.append(.note("crashed during \(point.rawValue)"))
            }
            return .done(events)
        }
    }

    /// Everything the app stored is gone, defaults included; the next launch installs afresh.
    mutating func uninstall() throws(NavLabError) -> Outcome {
        let wasScenes = application.usesScenes
        endProcess()
        application.data = AppData()
        application.data.installed = false
        let scenes = wasScenes ? "; its scenes' saved activity goes with its container (UIKit #204)" : ""
        return .done([.note("\(appName) is uninstalled: its archive and defaults are deleted\(scenes); `launch` installs it again")])
    }

    /// A cold start. A running app is terminated first: from the background as the system
    /// does (the archive stays), while still active with nothing preserved this time.
    mutating func relaunch() throws(NavLabError) -> Outcome {
        var events: [Event] = []
        if isRunning {
            if application.state == .active || application.state == .inactive {
                events.append(.note("the app was still active, so it was never backgrounded and nothing was preserved now; the archive (if any) is from the last `background`"))
            }
            endProcess()
        }
        let outcome = try launch()
        return .done(events + outcome.events)
    }

    /// What the simulated device holds of the app at the start of a session, or nil when it
    /// holds nothing yet: NavLab says so before the first command.
    public func deviceSummary() -> String? {
        let data = application.data
        guard data.launches > 0 || data.archive != nil || !data.defaults.isEmpty || !otherApps.isEmpty else { return nil }
        var parts = ["launched \(data.launches) time\(data.launches == 1 ? "" : "s")"]
        switch data.archive {
        case .valid(let a)?: parts.append("a restoration archive of \(a.entries.count) view controller\(a.entries.count == 1 ? "" : "s") (`archive` shows it; a launch with `optIn save=yes restore=yes` restores it)")
        case .damaged?: parts.append("a damaged restoration archive (the next launch discards it)")
        case nil: parts.append("no restoration archive")
        }
        parts.append("\(data.defaults.count) default\(data.defaults.count == 1 ? "" : "s")")
        var s = "app \(appName) on the device: " + parts.joined(separator: ", ")
        if !otherApps.isEmpty { s += "; other apps: " + otherApps.keys.sorted().joined(separator: ", ") + " (`app NAME`)" }
        return s + ". `uninstall` removes it."
    }

    /// `app NAME`: another app's archive and defaults (Docs/Guide.md, "State preservation and restoration").
    mutating func switchApp(_ name: String, data: AppData?) throws(NavLabError) -> Outcome {
        try State.validateAppName(name)
        guard !isRunning else {
            throw NavLabError(.invalid, "the app \(appName) is running", at: SourceLocation(column: 1), suggestion: "`kill`, `forceQuit` or `reset` first")
        }
        guard name != appName else { return .ignored(reason: "the app is already \(name)", events: []) }
        otherApps[appName] = application.data
        appName = name
        application.data = otherApps.removeValue(forKey: name) ?? data ?? AppData()
        return .done([.note("app \(name): " + (application.data.archive != nil ? "it has an archive" : "no archive") + ", \(application.data.defaults.count) defaults")])
    }

    /// An app's name is its module name in UIKit's messages (`App.Detail`) and a folder under
    /// `$NAVLAB_HOME`: a Swift identifier, so it can never name a path (`../x`, `/tmp`).
    public static func validateAppName(_ name: String, at location: SourceLocation = SourceLocation(column: 5)) throws(NavLabError) {
        guard isValidAppName(name) else {
            let why = name.contains("/") || name.hasPrefix(".") ? "an app name is not a path" : "an app name is a Swift module name"
            throw NavLabError(.syntax, "'\(name)' is not an app name: \(why)", at: location,
                              suggestion: "letters, digits and _ (not first), at most \(maxAppNameLength) characters, e.g. `app Restorer`")
        }
    }

    public static let maxAppNameLength = 64

    public static func isValidAppName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= maxAppNameLength else { return false }
        func ascii(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
        return ascii(first) && name.unicodeScalars.allSatisfy { ascii($0) || ("0"..."9").contains($0) }
    }
}
