// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// `export swift`: the session as a self-contained UIKit program that performs its commands on
/// a simulator, step by step, and prints what each callback does in the words of NavLab's log,
/// so that its console can be compared line by line with what NavLab predicts (issue 13).
///
/// Pure: the session's effective history (what `save` writes) is run again in a session of
/// its own, from the state it started on, to know at each step the names in play and the
/// lines `navlab run` prints for it; the program is made from that.
public enum SwiftExport {
    /// The program for the lines of `session`'s current timeline (`Session.replayableLines`).
    public static func program(from session: Session) throws(NavLabError) -> String {
        let lines = session.replayableLines()
        var start = State()
        // The state the first of them ran on: the shell may have started with the app's
        // stored data (its archive, its defaults).
        // The typed lines `replayableLines` returns: on the timeline, after the last `reset`.
        var typed = session.typed.filter { $0.entry <= session.cursor }
        var beforeReset: String?
        if let reset = typed.lastIndex(where: { if case .meta(.reset) = $0.line.action { return true } else { return false } }) {
            if reset > 0 { beforeReset = "the \(reset) line\(reset == 1 ? "" : "s") before the last `reset` (a program is one app from its start: export before `reset` to have them)" }
            typed.removeSubrange(...reset)
        }
        if let first = lines.first, let t = typed.first, t.line == first {
            let isModel: Bool
            if case .model = first.action { isModel = true } else { isModel = false }
            start = session.state(at: isModel ? t.entry - 1 : t.entry)
        }
        return try program(lines: lines.map { (text: $0.text, comment: $0.comment) }, start: start, leftOutBefore: beforeReset)
    }

    /// The program for `lines` (commands as typed, with the comment above each), run from `start`.
    public static func program(lines: [(text: String, comment: String?)], start: State = State(), leftOutBefore: String? = nil) throws(NavLabError) -> String {
        var g = Generator(start: start)
        g.leftOutBefore = leftOutBefore
        try g.replay(lines)
        g.codeHooks()
        try g.checkKinds()
        return g.render()
    }
}

// MARK: - The generator

private struct Generator {
    /// How the program goes on after a step.
    enum Wait {
        /// The next step after this many seconds (an animation ends in well under one).
        case seconds(Double)
        /// By hand: the user does something; the next step when the app posts this notification.
        case notification(String, instruction: String)
        /// By hand, and the process ends: the next launch goes on with the next run.
        case endOfRun(instruction: String)
    }

    struct Step {
        var line: String
        var comment: String?
        var predicted: [String]
        var code: [String]
        var wait: Wait
        /// `expect` lines that checked the state after it.
        var checks: [String] = []
        /// Run before the window is made, at the start of a launch (commands while the app
        /// is not running, and the launch itself).
        var beforeLaunch = false
        var isLaunch = false
        /// Its `> line` was printed by the run before (`relaunch`).
        var printedBefore = false
    }

    /// One launch of the app: its steps in order.
    struct Run {
        var steps: [Step] = []
        var initial: Spec?
        var initialNames: [String] = []
    }

    let start: State
    var session: Session
    var runs: [Run] = []
    /// Steps before the first launch, or after the app stopped (they go at the start of the next run).
    var pending: [Step] = []
    /// Every class the session makes, with the kind of view controller it is.
    var classKinds: [String: Kind] = [:]
    var classOrder: [String] = []
    /// Every instance name used, in order of first use (a weak property each).
    var names: [String] = []
    var nameClass: [String: String] = [:]
    var usesScenes = false
    var usesHold = false
    /// `log layout=on` somewhere in the session: the classes log their layout calls while it is on.
    var usesLayout = false
    /// Every line of code in callbacks the session declared (`on CLASS METHOD: COMMAND`), in order.
    var hooks: [Hook] = []
    /// Each hook's Swift (by its index in `hooks`), made once the session has run.
    var hookCode: [[String]] = []
    var leftOut: String?
    /// What came before the session's last `reset` (not in the program).
    var leftOutBefore: String?
    var header: [String] = []
    var final = State()
    var running = false
    /// What `navlab run` prints for every command, left-out ones included.
    var fullPrediction: [String] = []

    init(start: State) {
        self.start = start
        session = Session(state: start)
        session.keepsTimeline = false
        final = start
        for id in start.allocatedIDs { noteClass(start[id].className, start[id].kind) }
    }

    mutating func noteClass(_ cls: String, _ kind: Kind) {
        if classKinds[cls] == nil { classKinds[cls] = kind; classOrder.append(cls) }
        else if classKinds[cls] != kind, kindConflict == nil { kindConflict = (cls, classKinds[cls]!, kind) }
    }

    /// A class the session used as two kinds of view controller (`Main` and `Main(B)`).
    var kindConflict: (cls: String, first: Kind, then: Kind)?

    /// A Swift class is one kind of view controller: the session must use each class as one.
    func checkKinds() throws(NavLabError) {
        guard let (cls, first, then) = kindConflict else { return }
        func what(_ k: Kind) -> String { k == .plain ? "a view controller" : k == .container ? "a custom container" : "a \(k.uikitClass ?? "")" }
        throw NavLabError(.invalid, "export swift writes one Swift class per class, and the session uses \(cls) as \(what(first)) and as \(what(then))",
                          at: SourceLocation(column: 1), suggestion: "use another class name for one of them (for a container, `Other:Root(…)`), then export")
    }

    mutating func noteName(_ name: String, _ cls: String) {
        if nameClass[name] == nil { nameClass[name] = cls; names.append(name) }
    }

    mutating func replay(_ lines: [(text: String, comment: String?)]) throws(NavLabError) {
        guard lines.contains(where: { !isExpect($0.text) }) else {
            throw NavLabError(.invalid, "nothing to export: the session has no commands that change the app",
                              at: SourceLocation(column: 1), suggestion: "run some first, e.g. `initial Nav(Main)`, `launch`, `present Detail`; then `export swift`")
        }
        running = start.isRunning
        if running { runs.append(Run()) }
        for (text, comment) in lines {
            if isExpect(text) {
                if leftOut != nil { continue }
                if var last = runs.last?.steps.last { last.checks.append(text); runs[runs.count - 1].steps[runs[runs.count - 1].steps.count - 1] = last }
                else if !pending.isEmpty { pending[pending.count - 1].checks.append(text) }
                continue
            }
            let before = session.state
            let response = session.execute(text)
            guard response.status != .failed, response.status != .empty, let parsed = response.parsed else { continue }
            guard case .model = parsed.action else { continue }
            let after = session.state
            final = after
            for hook in after.application.hooks where !hooks.contains(where: { $0.line == hook.line }) {
                // UIKit's own containers are the logging base classes, shared by every instance.
                if ContainerWord.allCases.contains(where: { $0.kind.uikitClass == hook.owner }) {
                    throw NavLabError(.invalid, "export swift writes code in callbacks into the app's own classes; `\(hook.line)` is in \(hook.owner), UIKit's own class",
                                      at: SourceLocation(column: 1), suggestion: "give the container a class of its own (`initial Nav:Main(…)`) and put the code there")
                }
                hooks.append(hook)
            }
            if after.application.usesScenes { usesScenes = true }
            if after.logsLayout { usesLayout = true }
            if case .model(.scene) = parsed.action {
                throw NavLabError(.invalid, "export swift writes an app with one window scene; `\(parsed.headline)` works a second scene of an iPad (UIKit #211), which needs a person at the iPad's app switcher and the app's own requestSceneSessionActivation call: the program NavLab writes does neither",
                                  at: SourceLocation(column: 1), suggestion: "export the part of the session before it, or `export json` for the state")
            }
            if let id = after.allocatedIDs.first(where: { after[$0].uiTabs != nil }) {
                throw NavLabError(.invalid, "export swift writes tab bar controllers set up with viewControllers; `\(parsed.headline)` sets \(after[id].name) up with iOS 18's UITabs (UIKit #195), which the program NavLab writes does not build",
                                  at: SourceLocation(column: 1), suggestion: "export the part of the session before it, or `export mermaid` for the hierarchy")
            }
            if let id = after.allocatedIDs.first(where: { after[$0].swiftUI != nil }) {
                throw NavLabError(.invalid, "export swift writes UIKit view controllers that log their own callbacks; `\(parsed.headline)` makes \(after[id].name), a SwiftUI hosting controller (UIKit #190): the program NavLab writes has no SwiftUI screens, and SwiftUI's own controllers cannot be subclassed to log",
                                  at: SourceLocation(column: 1), suggestion: "export the part of the session before the SwiftUI screens, or `export mermaid` for the hierarchy")
            }
            var predicted = ["> " + parsed.headline]
            predicted += response.linesBeforeEvents.map { "  " + $0.text }
            predicted += response.events.map { "  " + $0.text }
            fullPrediction += predicted
            // What is left out is still predicted (the header shows all of it).
            if leftOut != nil { continue }
            for id in after.allocatedIDs { noteClass(after[id].className, after[id].kind); noteName(after[id].name, after[id].className) }
            let commands = Generator.commands(of: parsed)
            var step = Step(line: parsed.headline, comment: comment ?? parsed.comment, predicted: predicted, code: [], wait: .seconds(1))
            var coder = StepCoder(before: before, after: after)
            // An import that starts the app: the launch made the imported root's tree already
            // (it is the Initial UI the import declared), so the import only presents.
            if case .importHierarchy? = commands.first, !before.isRunning, let root = after.window.rootViewController,
               let spec = after.treeSpec(of: root), after.initial?.text == spec.text {
                coder.rootMadeByLaunch = true
            }
            for c in commands { coder.code(c) }
            step.code = coder.lines
            if coder.usesHold { usesHold = true }
            // Made and gone in the same step (a refused presentation) still has its class and name.
            for (n, cls, kind) in coder.newNames { noteClass(cls, kind); noteName(n, cls) }
            try place(&step, commands: commands, before: before, after: after)
        }
        // A class the app delegate makes (`appDelegate restores ID as CLASS`) that the session never made.
        for rule in final.application.appDelegateRules { if let cls = rule.className { noteClass(cls, .plain) } }
        if runs.isEmpty {
            throw NavLabError(.invalid, "nothing to export: the session never launches the app",
                              at: SourceLocation(column: 1), suggestion: "add `launch` (after `initial SPEC`), then `export swift`")
        }
        if !pending.isEmpty {
            // Commands after the app stopped, with no launch after them: said, not performed.
            for var s in pending { s.code = ["// The app is not running: nothing to perform (no launch follows)."]; runs[runs.count - 1].steps.append(s) }
            pending = []
        }
    }

    func isExpect(_ text: String) -> Bool {
        text.trimmingSpaces.hasPrefix("expect ") || text.trimmingSpaces == "expect"
    }

    static func commands(of parsed: ParsedLine) -> [Command] {
        if !parsed.text.contains("\n"), let parts = LineParser.splitTurn(parsed.text) {
            return parts.compactMap { part in
                guard let p = try? LineParser.parse(part.text), case .model(let c) = p.action else { return nil }
                return c
            }
        }
        if case .model(let c) = parsed.action { return [c] }
        return []
    }

    /// Puts the step in its run: launches start runs; what stops the process ends them.
    mutating func place(_ step: inout Step, commands: [Command], before: State, after: State) throws(NavLabError) {
        let wasRunning = before.isRunning, isRunning = after.isRunning
        let first = commands.first
        func launchRun(printedBefore: Bool) {
            var run = Run()
            run.initial = after.initial
            step.isLaunch = true
            step.beforeLaunch = true
            step.printedBefore = printedBefore
            step.code = ["// The app starts: the Initial UI (`initial \(after.initial?.text ?? "—")`) becomes the window's root."]
            run.steps = pending + [step]
            pending = []
            runs.append(run)
        }
        switch first {
        case .launch where !wasRunning && isRunning:
            launchRun(printedBefore: false)
            return
        case .importHierarchy where !wasRunning:
            // The app starts, then the hierarchy is built in it.
            var built = step
            built.printedBefore = true
            launchRun(printedBefore: false)
            runs[runs.count - 1].steps.append(built)
            return
        case .relaunch:
            var end = step
            end.code = ["// The app stops, and starts again."]
            end.wait = .endOfRun(instruction: "Now stop the app in Xcode (Product ▸ Stop, ⌘.), then run it again (⌘R): NavLab's `relaunch`.")
            if runs.isEmpty { runs.append(Run()) }
            runs[runs.count - 1].steps.append(end)
            launchRun(printedBefore: true)
            return
        default: break
        }
        if !wasRunning && !isRunning {
            step.beforeLaunch = true
            if step.code.isEmpty { step.code = ["// The app's code and device: declared in the program above."] }
            pending.append(step)
            return
        }
        switch first {
        case .background:
            step.wait = .notification("UIApplication.didEnterBackgroundNotification",
                                      instruction: "Now press Home (Device ▸ Home, ⇧⌘H in the Simulator): NavLab's `background`.")
        case .foreground:
            step.wait = .notification("UIApplication.didBecomeActiveNotification",
                                      instruction: "Now open the app again (its icon on the Home screen, or the app switcher): NavLab's `foreground`.")
        case .resignActive:
            step.wait = .notification("UIApplication.willResignActiveNotification",
                                      instruction: "Now pull down Notification Center (or open Control Center): NavLab's `resignActive`.")
        case .becomeActive:
            step.wait = .notification("UIApplication.didBecomeActiveNotification",
                                      instruction: "Now close Notification Center again: NavLab's `becomeActive`.")
        case .kill:
            step.wait = .endOfRun(instruction: "Now stop the app in Xcode (Product ▸ Stop, ⌘.): the system kills the suspended app. Then run it again (⌘R) for the next launch.")
        case .forceQuit:
            step.wait = .endOfRun(instruction: "Now swipe the app away in the app switcher (Device ▸ App Switcher, then swipe it up); then run it again from Xcode (⌘R) for the next launch.")
        case .crash(let point):
            if point == .now {
                step.wait = .endOfRun(instruction: "The app crashes now (fatalError). Stop it in Xcode, then run it again (⌘R) for the next launch.")
            } else {
                step.wait = .endOfRun(instruction: "NavLab's `crash during \(point.rawValue)` cannot be done by this program: stop the app in Xcode; the next launch will not match NavLab's prediction.")
            }
        case .uninstall:
            step.wait = .endOfRun(instruction: "Now delete the app (long-press its icon ▸ Remove App). This program stops here: it cannot know, after that, which launch it is.")
            leftOut = "the steps after `uninstall` are not in this program (an uninstalled app forgets which launch it is)"
        case .swipe(let kind, _, let cancel):
            let what = kind == .down ? "swipe the sheet down" : kind == .content ? "swipe back from the middle of the screen" : "swipe back from the left edge"
            step.wait = .seconds(6)
            step.code.insert("print(\"# By hand, within 5 seconds: \(what)\(cancel ? ", and let go halfway so that it cancels" : "").\")", at: 0)
        default: break
        }
        if runs.isEmpty { runs.append(Run()) }
        runs[runs.count - 1].steps.append(step)
    }

    // MARK: Rendering

    /// Whether the app takes part in state restoration: identifiers, encoded keys, the app delegate's opt-in.
    var usesRestoration: Bool {
        final.restorationIdentifiersFromClassNames || final.application.optIn.implemented || !final.application.appDelegateRules.isEmpty
            || final.classes.values.contains { $0.restorationIdentifier != nil || $0.encodes != nil || $0.restorationClass != nil }
    }

    /// The Swift of each line of code in callbacks, as the instance it runs on (`me`): `self`
    /// and a verb's default target are `me`; other names are the program's variables. What the
    /// code makes is stored under its class's first name.
    mutating func codeHooks() {
        hookCode = []
        for hook in hooks {
            // A class never made has no class in the program, and its code never ran.
            guard hookIsWritten(hook) else { hookCode.append([]); continue }
            var coder = StepCoder(before: final, after: final)
            coder.counters = [:]
            let delegate = hook.owner == "AppDelegate" || hook.owner == "SceneDelegate"
            var command = hook.command
            if !delegate {
                coder.me = ViewController(id: VCID(0), name: hook.owner, className: hook.owner, kind: classKinds[hook.owner] ?? .plain)
                command = command.actingAs(NameRef("self"))
            }
            coder.code(command)
            if coder.usesHold { usesHold = true }
            for (n, cls, kind) in coder.newNames { noteClass(cls, kind); noteName(n, cls) }
            hookCode.append(coder.lines)
        }
    }

    /// Whether a hook's code can be in the program: a view controller's needs its class there.
    func hookIsWritten(_ hook: Hook) -> Bool {
        hook.owner == "AppDelegate" || hook.owner == "SceneDelegate" || classKinds[hook.owner] != nil
    }

    /// A delegate method for each callback: it logs the call, then runs the code in callbacks
    /// declared for it (`on OWNER CALLBACK: …`).
    func delegateMethods(owner: String, _ callbacks: [String], parameter: String) -> [String] {
        var o: [String] = []
        for cb in callbacks {
            let calls = hookCalls(owner: owner, method: cb, indent: "        ")
            if calls.isEmpty {
                o.append("    func \(cb)(\(parameter)) { logLine(\"\(cb)(_:)\") }")
            } else {
                o.append("    func \(cb)(\(parameter)) {")
                o.append("        logLine(\"\(cb)(_:)\")")
                o += calls
                o.append("    }")
            }
        }
        return o
    }

    /// The calls a callback's override makes to the app's code declared for it (`Script.shared.codeN(self)`).
    func hookCalls(owner: String, method: String, indent: String) -> [String] {
        let me = owner == "AppDelegate" || owner == "SceneDelegate" ? "" : "self"
        return hooks.indices.filter { hooks[$0].owner == owner && hooks[$0].method == method && hookIsWritten(hooks[$0]) }
            .map { "\(indent)Script.shared.code\($0 + 1)(\(me))   // \(hooks[$0].line)" }
    }

    /// A view controller class's overrides that run its code in callbacks.
    func hookOverrides(_ cls: String, skipping: Set<String>) -> [String] {
        var o: [String] = []
        for (method, _) in State.viewControllerHookMethods where !skipping.contains(method) {
            let calls = hookCalls(owner: cls, method: method, indent: "        ")
            guard !calls.isEmpty else { continue }
            o.append("")
            switch method {
            case "loadView", "viewDidLoad", "applicationFinishedRestoringState":
                o.append("    override func \(method)() {")
                o.append("        super.\(method)()")
            case "willMove", "didMove":
                o.append("    override func \(method)(toParent parent: UIViewController?) {")
                o.append("        super.\(method)(toParent: parent)")
            default:
                o.append("    \(method == "viewIsAppearing" ? "@available(iOS 13.0, *) " : "")override func \(method)(_ animated: Bool) {")
                o.append("        super.\(method)(animated)")
            }
            o += calls
            o.append("    }")
        }
        return o
    }

    /// The Script's methods holding the code in callbacks, one per declared line.
    func hookMethods() -> [String] {
        guard !hooks.isEmpty else { return [] }
        var o: [String] = []
        o.append("")
        o.append("    // MARK: The app's code in callbacks (`on CLASS METHOD: COMMAND`, UIKit #183–#189)")
        o.append("")
        o.append("    /// The lines of code in callbacks in force: a step declares one, `on … none` removes them.")
        o.append("    var appCode: Set<String> = []")
        o.append("")
        o.append("    /// Runs one line of code in a callback if it is in force, its calls one level deeper in the log.")
        o.append("    func runCode(_ line: String, in place: String, text: String, _ body: () -> Void) {")
        o.append("        guard appCode.contains(line) else { return }")
        o.append("        navLabDepth += 1")
        o.append("        defer { navLabDepth -= 1 }")
        o.append("        logLine(\"note: \\(place) runs `\\(text)`\")")
        o.append("        body()")
        o.append("    }")
        for (i, hook) in hooks.enumerated() where hookIsWritten(hook) {
            let delegate = hook.owner == "AppDelegate" || hook.owner == "SceneDelegate"
            o.append("")
            o.append("    /// `\(hook.line)`")
            o.append(delegate ? "    func code\(i + 1)() {" : "    func code\(i + 1)(_ me: \(swiftClass(hook.owner))) {")
            let place = delegate ? SwiftNames.literal("\(hook.owner)'s \(hook.method)") : "me.navLabName + \(SwiftNames.literal("'s \(hook.method)"))"
            o.append("        runCode(\(SwiftNames.literal(hook.line)), in: \(place), text: \(SwiftNames.literal(hook.text))) {")
            for line in hookCode[i] { o.append("            " + line) }
            o.append("        }")
            o.append("    }")
        }
        return o
    }

    func render() -> String {
        var o: [String] = []
        let device = final.device
        let allSteps = runs.flatMap({ $0.steps })
        o.append("// \(final.appName) — a NavLab session as a UIKit program (`export swift`).")
        o.append("//")
        o.append("// It performs the session's commands on a simulator, one step a second, and prints to Xcode's")
        o.append("// console what each callback does, in the words of NavLab's log: each command after `> `, each")
        o.append("// callback below it. Compare the console with NavLab's prediction below, line by line.")
        o.append("//")
        o.append("// To run it: Xcode ▸ File ▸ New ▸ Project ▸ iOS ▸ App (Interface: Storyboard, Language: Swift),")
        o.append("// named \(final.appName) (UIKit prints the app's classes as \(final.appName).Class). Delete ViewController.swift,")
        o.append("// SceneDelegate.swift and Main.storyboard, and in the target's Info tab remove \"Main storyboard")
        o.append("// file base name\"\(usesScenes ? " and, under \"Application Scene Manifest\", the storyboard name (keep the manifest: the app adopts scenes)" : " and \"Application Scene Manifest\"").")
        o.append("// Replace AppDelegate.swift with this file. Run it on an \(device.idiom == .iPad ? "iPad" : "iPhone") simulator with iOS \(device.iOS) (`device \(device.description)`).")
        if runs.count > 1 || allSteps.contains(where: { if case .notification = $0.wait { return true } else { return false } }) {
            o.append("// Some steps need you (pressing Home, stopping the app): the program prints what to do in a")
            o.append("// line starting with `#`, and waits. After a stop, run it again: it goes on with the next launch")
            o.append("// (it keeps which one in UserDefaults; delete the app to start over).")
        }
        o.append("// A `!` that stops the program means that view controller was deallocated earlier than NavLab predicts.")
        if allSteps.contains(where: { $0.line.hasPrefix("swipe") }) {
            o.append("// A `swipe` step waits 5 seconds for your finger.")
        }
        if usesRestoration {
            o.append("// State restoration: UIKit finds an archived view controller without a restoration class among those")
            o.append("// that exist, or makes it from the storyboard. This program has no storyboard: its app delegate's")
            o.append("// application(_:viewControllerWithRestorationIdentifierPath:coder:) stands in (Script.storyboardStandIn).")
        }
        if let leftOutBefore { o.append("// Left out: \(leftOutBefore).") }
        if let leftOut { o.append("// Left out: \(leftOut).") }
        if start.application.data.archive != nil || !start.application.defaults.isEmpty || start.isRunning {
            var had: [String] = []
            if start.application.data.archive != nil { had.append("a restoration archive") }
            if !start.application.defaults.isEmpty { had.append("defaults (\(start.application.defaults.keys.sorted().joined(separator: ", ")))") }
            if start.isRunning { had.append("an app already running") }
            o.append("// The session began with \(had.joined(separator: " and ")) from before its first command; the program")
            o.append("// starts without \(had.count == 1 ? "it" : "them"), so its first launch may differ from the prediction.")
        }
        o.append("//")
        o.append("// NavLab's predicted log (what `navlab run` prints for these commands; `expect` lines are checks, not steps):")
        for p in fullPrediction { o.append("//" + (p.isEmpty ? "" : " " + p)) }
        o.append("")
        o.append("import UIKit")
        o.append("")
        o += support()
        if !hooks.isEmpty {
            o.append("/// How deep the log is inside the app's code in callbacks: what that code causes is nested.")
            o.append("nonisolated(unsafe) var navLabDepth = 0")
            o.append("")
        }
        if usesLayout {
            o.append("/// `log layout=on|off` in the session: whether the classes log viewWillLayoutSubviews and")
            o.append("/// viewDidLayoutSubviews (UIKit #210).")
            o.append("@MainActor var navLabLogsLayout = false")
            o.append("")
        }
        o.append("// MARK: - The view controllers")
        o.append("")
        o += baseClasses()
        for cls in classOrder { o += classSource(cls) }
        o += scriptSource()
        o += appDelegateSource()
        if usesScenes { o += sceneDelegateSource() }
        return o.joined(separator: "\n") + "\n"
    }

    func support() -> [String] {
        [
            "// MARK: - NavLab's log",
            "",
            "/// Prints one line of NavLab's log, as `navlab run` prints it (two spaces in).",
            hooks.isEmpty ? "func logLine(_ line: String) { print(\"  \" + line) }"
                : "func logLine(_ line: String) { print(\"  \" + String(repeating: \"  \", count: navLabDepth) + line) }",
            "",
            "/// A view controller with the name NavLab gives it: its class, then `#2`, `#3`… for the",
            "/// second, third… instance of that class in one process.",
            "protocol NavLabNamed: UIViewController {",
            "    var navLabName: String { get }",
            "    var properties: [String: String] { get set }",
            "    /// The properties its restoration state has (`encode CLASS key…`).",
            "    static var encodes: [String] { get }",
            "}",
            "",
            "/// How a parent is printed in `willMove(toParent:)` and `didMove(toParent:)`.",
            "@MainActor",
            "func nameOf(_ vc: UIViewController?) -> String {",
            "    guard let vc else { return \"nil\" }",
            "    return (vc as? NavLabNamed)?.navLabName ?? String(describing: type(of: vc))",
            "}",
            "",
            "/// Names instances as NavLab does: `Detail`, then `Detail#2`, … (never reused in a process).",
            "@MainActor",
            "enum Names {",
            "    static var made: [String: Int] = [:]",
            "    static func next(_ className: String) -> String {",
            "        let n = (made[className] ?? 0) + 1",
            "        made[className] = n",
            "        return n == 1 ? className : \"\\(className)#\\(n)\"",
            "    }",
            "}",
            "",
        ]
    }

    static let uikitBase: [Kind: String] = [.navigation: "UINavigationController", .tabBar: "UITabBarController",
                                            .split: "UISplitViewController", .page: "UIPageViewController"]

    /// The logging base class for a kind: `LoggedViewController`, `LoggedNavigationController`, …
    static func loggedBase(_ kind: Kind) -> String {
        "Logged" + ((uikitBase[kind] ?? "UIViewController").dropFirst(2))
    }

    /// The base classes the session's classes need: each logs every callback as NavLab does.
    func baseClasses() -> [String] {
        var kinds: [Kind] = []
        for cls in classOrder {
            var k = classKinds[cls] ?? .plain
            if k == .container { k = .plain }
            if !kinds.contains(k) { kinds.append(k) }
        }
        var o: [String] = []
        for kind in [Kind.plain, .navigation, .tabBar, .split, .page] where kinds.contains(kind) {
            let base = Generator.uikitBase[kind] ?? "UIViewController"
            let name = Generator.loggedBase(kind)
            o.append("/// \(base), logging each callback as NavLab's log does (`viewDidAppear Main`).")
            o.append("class \(name): \(base), NavLabNamed {")
            o.append("    let navLabName: String")
            o.append("    /// The app's own properties (`class NAME key=value`, `set NAME key=value`).")
            o.append("    var properties: [String: String] = [:]")
            o.append("    class var encodes: [String] { [] }")
            o.append("")
            switch kind {
            case .plain:
                o.append("    init(navLabClass: String) {")
                o.append("        navLabName = Names.next(navLabClass)")
                o.append("        super.init(nibName: nil, bundle: nil)")
                o.append("    }")
            case .navigation:
                o.append("    init(navLabClass: String = \"UINavigationController\", _ stack: [UIViewController]) {")
                o.append("        navLabName = Names.next(navLabClass)")
                o.append("        super.init(nibName: nil, bundle: nil)")
                o.append("        setViewControllers(stack, animated: false)")
                o.append("    }")
            case .tabBar:
                o.append("    init(navLabClass: String = \"UITabBarController\", _ tabs: [UIViewController]) {")
                o.append("        navLabName = Names.next(navLabClass)")
                o.append("        super.init(nibName: nil, bundle: nil)")
                o.append("        setViewControllers(tabs, animated: false)")
                o.append("    }")
            case .split:
                o.append("    init(navLabClass: String = \"UISplitViewController\", _ columns: [UIViewController]) {")
                o.append("        navLabName = Names.next(navLabClass)")
                o.append("        super.init(nibName: nil, bundle: nil)")
                o.append("        viewControllers = columns")
                o.append("    }")
            case .page:
                o.append("    init(navLabClass: String = \"UIPageViewController\", transitionStyle: UIPageViewController.TransitionStyle = .pageCurl, _ pages: [UIViewController]) {")
                o.append("        navLabName = Names.next(navLabClass)")
                o.append("        super.init(transitionStyle: transitionStyle, navigationOrientation: .horizontal, options: nil)")
                o.append("        setViewControllers(pages, direction: .forward, animated: false)")
                o.append("    }")
            case .container: break
            }
            o.append("    required init?(coder: NSCoder) { fatalError(\"made in code only\") }")
            o.append("    deinit { logLine(\"deinit \\(navLabName)\") }")
            o.append("")
            o.append("    override func loadView() { logLine(\"loadView \\(navLabName)\"); super.loadView() }")
            o.append("    override func viewDidLoad() {")
            o.append("        logLine(\"viewDidLoad \\(navLabName)\")")
            o.append("        super.viewDidLoad()")
            if kind == .plain {
                o.append("        view.backgroundColor = .white")
                o.append("        let label = UILabel()")
                o.append("        label.text = navLabName")
                o.append("        label.translatesAutoresizingMaskIntoConstraints = false")
                o.append("        view.addSubview(label)")
                o.append("        NSLayoutConstraint.activate([label.centerXAnchor.constraint(equalTo: view.centerXAnchor),")
                o.append("                                     label.centerYAnchor.constraint(equalTo: view.centerYAnchor)])")
            }
            o.append("    }")
            for cb in ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
                let available = cb == "viewIsAppearing" ? "@available(iOS 13.0, *) " : ""
                o.append("    \(available)override func \(cb)(_ animated: Bool) { logLine(\"\(cb) \\(navLabName)\"); super.\(cb)(animated) }")
            }
            if usesLayout {
                for cb in ["viewWillLayoutSubviews", "viewDidLayoutSubviews"] {
                    o.append("    override func \(cb)() { if navLabLogsLayout { logLine(\"\(cb) \\(navLabName)\") }; super.\(cb)() }")
                }
            }
            o.append("    override func willMove(toParent parent: UIViewController?) {")
            o.append("        logLine(\"willMove(toParent: \\(nameOf(parent))) \\(navLabName)\"); super.willMove(toParent: parent)")
            o.append("    }")
            o.append("    override func didMove(toParent parent: UIViewController?) {")
            o.append("        logLine(\"didMove(toParent: \\(nameOf(parent))) \\(navLabName)\"); super.didMove(toParent: parent)")
            o.append("    }")
            if usesRestoration {
                o.append("    override func encodeRestorableState(with coder: NSCoder) {")
                o.append("        logLine(\"encodeRestorableState \\(navLabName)\"); super.encodeRestorableState(with: coder)")
                o.append("    }")
                o.append("    override func decodeRestorableState(with coder: NSCoder) {")
                o.append("        logLine(\"decodeRestorableState \\(navLabName)\"); super.decodeRestorableState(with: coder)")
                o.append("    }")
                o.append("    override func applicationFinishedRestoringState() {")
                o.append("        logLine(\"applicationFinishedRestoringState \\(navLabName)\"); super.applicationFinishedRestoringState()")
                o.append("    }")
            }
            o.append("}")
            o.append("")
        }
        return o
    }

    /// The Swift class of a NavLab class: UIKit's own containers are the logging base itself.
    func swiftClass(_ cls: String) -> String {
        let kind = classKinds[cls] ?? .plain
        if let base = Generator.uikitBase[kind], base == cls { return Generator.loggedBase(kind) }
        return SwiftNames.className(cls)
    }

    func classSource(_ cls: String) -> [String] {
        let kind = classKinds[cls] ?? .plain
        // UIKit's own containers need no class of their own: the logging base is theirs.
        if let base = Generator.uikitBase[kind], base == cls { return [] }
        let swiftName = SwiftNames.className(cls)
        let base = Generator.loggedBase(kind == .container ? .plain : kind)
        let decl = final.classes[cls]
        var o: [String] = []
        let what: String
        switch kind {
        case .plain: what = "a view controller"
        case .container: what = "a custom container: its children with addChild, the view added, didMove(toParent:)"
        default: what = "a subclass of \(Generator.uikitBase[kind] ?? "")"
        }
        let restores = decl?.restorationClass == .instance || decl?.restorationClass == .returnsNil
        o.append("/// `\(cls)`: \(what).")
        o.append("final class \(swiftName): \(base)\(restores ? ", UIViewControllerRestoration" : "") {")
        var setup: [String] = []
        var props: [String: String] = decl?.properties ?? [:]
        props.removeValue(forKey: "isModalInPresentation")
        if !props.isEmpty { setup.append("properties = \(SwiftNames.dictionary(props))") }
        if let m = decl?.modalPresentationStyle { setup.append("modalPresentationStyle = .\(m.rawValue)") }
        if let d = decl?.definesPresentationContext { setup.append("definesPresentationContext = \(d)") }
        if let r = decl?.restorationIdentifier { setup.append("restorationIdentifier = \(r.isEmpty ? "nil" : SwiftNames.literal(r))") }
        else if final.restorationIdentifiersFromClassNames { setup.append("restorationIdentifier = \(SwiftNames.literal(cls))   // class * restorationIdentifier=class") }
        if restores { setup.append("restorationClass = \(swiftName).self") }
        if let b = decl?.properties["isModalInPresentation"] { setup.append("if #available(iOS 13.0, *) { isModalInPresentation = \(b == "true") }") }
        let name = SwiftNames.literal(cls)
        switch kind {
        case .plain:
            o.append("    init() {")
            o.append("        super.init(navLabClass: \(name))")
        case .navigation:
            o.append("    init(_ stack: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), stack)")
        case .tabBar:
            o.append("    init(_ tabs: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), tabs)")
        case .split:
            o.append("    init(_ columns: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), columns)")
        case .page:
            o.append("    init(_ pages: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), transitionStyle: .\((decl?.transitionStyle ?? .pageCurl).rawValue), pages)")
        case .container:
            o.append("    init(_ children: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name))")
            setup.append("for child in children { addChild(child); child.didMove(toParent: self) }")
        }
        o += setup.map { "        " + $0 }
        o.append("    }")
        o.append("    required init?(coder: NSCoder) { fatalError(\"made in code only\") }")
        if decl?.properties["shouldAutomaticallyForwardAppearanceMethods"] == "false" {
            // class X shouldAutomaticallyForwardAppearanceMethods=no: its children's appearance calls are by hand (UIKit #45).
            o.append("    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }")
        }
        if kind == .container {
            o.append("")
            o.append("    override func viewDidLoad() {")
            o.append("        super.viewDidLoad()")
            o.append("        for child in children { child.view.frame = view.bounds; view.addSubview(child.view) }")
            o += hookCalls(owner: cls, method: "viewDidLoad", indent: "        ")
            o.append("    }")
        }
        o += hookOverrides(cls, skipping: kind == .container ? ["viewDidLoad"] : [])
        let encodes = decl?.encodes ?? []
        if !encodes.isEmpty {
            o.append("    override class var encodes: [String] { [\(encodes.map(SwiftNames.literal).joined(separator: ", "))] }")
        }
        if usesRestoration, !encodes.isEmpty {
            o.append("")
            o.append("    // encode \(cls) \(encodes.joined(separator: " "))")
            o.append("    override func encodeRestorableState(with coder: NSCoder) {")
            o.append("        super.encodeRestorableState(with: coder)")
            for key in encodes where key != "children" {
                o.append("        coder.encode(properties[\(SwiftNames.literal(key))], forKey: \(SwiftNames.literal(key)))")
            }
            if encodes.contains("children") { o.append("        coder.encode(children, forKey: \"children\")") }
            o.append("    }")
            o.append("    override func decodeRestorableState(with coder: NSCoder) {")
            o.append("        super.decodeRestorableState(with: coder)")
            for key in encodes where key != "children" {
                o.append("        if let value = coder.decodeObject(of: NSString.self, forKey: \(SwiftNames.literal(key))) { properties[\(SwiftNames.literal(key))] = value as String }")
            }
            o.append("    }")
        }
        if restores {
            o.append("")
            o.append("    // class \(cls) restorationClass=\(decl?.restorationClass == .returnsNil ? "nil" : "yes")")
            o.append("    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {")
            o.append("        logLine(\"viewController(withRestorationIdentifierPath:coder:) \(cls) — \\(identifierComponents.joined(separator: \"/\"))\")")
            if decl?.restorationClass == .returnsNil {
                o.append("        return nil")
            } else {
                o.append(kind == .plain ? "        return \(swiftName)()" : "        return \(swiftName)([])")
            }
            o.append("    }")
        }
        if kind == .container {
            o.append("")
            o.append("    /// `switch`: the app's code replaces its child, in the order `class \(cls) switch=…` says.")
            o.append("    func switchChild(to new: UIViewController, animated: Bool) {")
            o.append("        let old = children.first")
            o.append("        if properties[\"switch\"] == \"addThenRemove\" || old == nil {")
            o.append("            addChild(new); new.view.frame = view.bounds; view.addSubview(new.view); new.didMove(toParent: self)")
            o.append("            if let old { old.willMove(toParent: nil); old.view.removeFromSuperview(); old.removeFromParent() }")
            o.append("        } else if let old {")
            o.append("            old.willMove(toParent: nil)")
            o.append("            addChild(new)")
            o.append("            new.view.frame = view.bounds")
            o.append("            transition(from: old, to: new, duration: animated ? 0.3 : 0, options: [], animations: nil) { _ in")
            o.append("                old.removeFromParent()")
            o.append("                new.didMove(toParent: self)")
            o.append("            }")
            o.append("        }")
            o.append("    }")
        }
        o.append("}")
        o.append("")
        return o
    }

    func scriptSource() -> [String] {
        var o: [String] = []
        o.append("// MARK: - The session's commands")
        o.append("")
        o.append("/// Performs the session's commands in order, one step a second, printing each as `> COMMAND`.")
        o.append("@MainActor")
        o.append("final class Script {")
        o.append("    static let shared = Script()")
        o.append("    var window: UIWindow?")
        o.append("    /// The Initial UI from the launch step until the window holds it.")
        o.append("    var initialUI: UIViewController?")
        if usesHold { o.append("    /// The app's own strong references (`hold NAME as LABEL`).") ; o.append("    var held: [String: UIViewController] = [:]") }
        o.append("")
        o.append("    // The view controllers by their NavLab names. Weak: like NavLab's model, the program itself")
        o.append("    // keeps none of them alive (UIKit and `held` do).")
        for n in names {
            let cls = nameClass[n] ?? "UIViewController"
            o.append("    weak var \(SwiftNames.variable(n)): \(swiftClass(cls))?")
        }
        o.append("")
        o.append("    /// Which launch of the session this process is (kept across launches, UserDefaults).")
        o.append("    let run = UserDefaults.standard.integer(forKey: \"NavLabExport.run\")")
        o.append("    var next = 0")
        o.append("    /// The notification a step done by hand waits for.")
        o.append("    var waiting: NSObjectProtocol?")
        o.append("")
        // The runs' steps.
        var methods: [String] = []
        var table: [String] = []
        var number = 0
        for (r, run) in runs.enumerated() {
            var entries: [String] = []
            for step in run.steps {
                number += 1
                let name = "step\(number)"
                methods.append("")
                if let c = step.comment { for part in c.split(separator: "\n", omittingEmptySubsequences: false) { methods.append("    // " + part) } }
                for p in step.predicted { methods.append("    // " + p) }
                for check in step.checks { methods.append("    // then NavLab checks: \(check)") }
                methods.append("    func \(name)() {")
                if step.isLaunch {
                    methods.append("        // The Initial UI (`initial \(run.initial?.text ?? "")`): what the storyboard makes at each launch.")
                    methods.append("        initialUI = makeInitialUI\(r + 1)()")
                    methods.append("        window?.rootViewController = initialUI")
                } else {
                    methods += step.code.map { "        " + $0 }
                }
                switch step.wait {
                case .notification(_, let instruction), .endOfRun(let instruction):
                    methods.append("        // By hand: " + instruction)
                default: break
                }
                methods.append("    }")
                let wait: String
                switch step.wait {
                case .seconds(let s): wait = ".seconds(\(s))"
                case .notification(let n, let instruction): wait = ".byHand(\(SwiftNames.literal(instruction)), until: \(n))"
                case .endOfRun(let instruction): wait = ".endOfLaunch(\(SwiftNames.literal(instruction)))"
                }
                entries.append("            Step(line: \(SwiftNames.literal(step.printedBefore ? "" : step.line)), beforeLaunch: \(step.beforeLaunch), perform: \(name), then: \(wait)),")
            }
            table.append("        // Launch \(r + 1)")
            table.append("        [")
            table += entries
            table.append("        ],")
        }
        o.append("    /// The session's steps, launch by launch.")
        o.append("    lazy var launches: [[Step]] = [")
        o += table
        o.append("    ]")
        // Initial UIs.
        for (r, run) in runs.enumerated() {
            o.append("")
            o.append("    /// Launch \(r + 1)'s Initial UI: `initial \(run.initial?.text ?? "")`.")
            o.append("    func makeInitialUI\(r + 1)() -> UIViewController? {")
            if let spec = run.initial {
                var coder = StepCoder(before: State(), after: State())
                let v = coder.expression(spec)
                o += coder.lines.map { "        " + $0 }
                o.append("        return \(v)")
            } else {
                o.append("        return nil")
            }
            o.append("    }")
        }
        o += methods
        o += hookMethods()
        o.append("}")
        o.append("")
        o.append("// MARK: - Running the steps")
        o.append("")
        o.append("extension Script {")
        o.append("    enum Then {")
        o.append("        case seconds(Double)")
        o.append("        /// You do something (the instruction says what); the next step when the app posts the notification.")
        o.append("        case byHand(String, until: Notification.Name)")
        o.append("        /// You stop the app: the next launch goes on with the next steps.")
        o.append("        case endOfLaunch(String)")
        o.append("    }")
        o.append("    struct Step {")
        o.append("        let line: String")
        o.append("        /// Done as the app starts (the app was not running), before the window is shown.")
        o.append("        let beforeLaunch: Bool")
        o.append("        let perform: @MainActor () -> Void")
        o.append("        let then: Then")
        o.append("    }")
        o.append("")
        o.append("")
        o.append("    /// As the app starts: the steps done while it was not running, then the launch (the Initial UI).")
        o.append("    func launch(in window: UIWindow?) {")
        o.append("        self.window = window")
        o.append("        guard run < launches.count else { print(\"# The session is over: delete the app from the simulator to run it again.\"); return }")
        o.append("        while next < launches[run].count, launches[run][next].beforeLaunch { perform(launches[run][next]); next += 1 }")
        o.append("    }")
        o.append("")
        o.append("    /// After launching: the other steps, one at a time.")
        o.append("    func start() {")
        o.append("        remember(window?.rootViewController)")
        o.append("        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.step() }")
        o.append("    }")
        o.append("")
        o.append("    /// The view controllers UIKit made itself (state restoration), under their NavLab names.")
        o.append("    func remember(_ vc: UIViewController?) {")
        o.append("        guard let vc else { return }")
        o.append("        switch (vc as? NavLabNamed)?.navLabName {")
        for n in names {
            o.append("        case \(SwiftNames.literal(n)): \(SwiftNames.variable(n)) = vc as? \(swiftClass(nameClass[n] ?? ""))")
        }
        o.append("        default: break")
        o.append("        }")
        o.append("        for child in vc.children { remember(child) }")
        o.append("        remember(vc.presentedViewController)")
        o.append("    }")
        if usesRestoration && !usesScenes {
            o.append("")
            o.append("    /// NavLab's storyboard (`storyboard=yes`, the default) for state restoration: UIKit finds an archived")
            o.append("    /// view controller among those that exist, or makes it from the storyboard. This program has no")
            o.append("    /// storyboard, so the app delegate does both here (printing nothing: NavLab logs no call for it).")
            o.append("    func storyboardStandIn(_ path: [String]) -> UIViewController? {")
            o.append("        if let found = existing(path.last, in: window?.rootViewController) { return found }")
            o.append("        switch path.last {")
            var seen: Set<String> = []
            for cls in classOrder {
                let decl = final.classes[cls]
                guard decl?.storyboard != false, decl?.restorationClass == nil || decl?.restorationClass == RestorationClass.none else { continue }
                let id = decl?.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? (final.restorationIdentifiersFromClassNames ? cls : nil)
                guard let id, seen.insert(id).inserted else { continue }
                let kind = classKinds[cls] ?? .plain
                o.append("        case \(SwiftNames.literal(id)): return \(swiftClass(cls))(\(kind == .plain ? "" : "[]"))")
            }
            o.append("        default: return nil")
            o.append("        }")
            o.append("    }")
            o.append("")
            o.append("    func existing(_ identifier: String?, in vc: UIViewController?) -> UIViewController? {")
            o.append("        guard let vc else { return nil }")
            o.append("        if vc.restorationIdentifier == identifier { return vc }")
            o.append("        for child in vc.children { if let found = existing(identifier, in: child) { return found } }")
            o.append("        return existing(identifier, in: vc.presentedViewController)")
            o.append("    }")
        }
        o.append("")
        o.append("    func perform(_ step: Step) {")
        o.append("        if !step.line.isEmpty { print(\"> \" + step.line) }")
        o.append("        step.perform()")
        o.append("    }")
        o.append("")
        o.append("    /// The app posted what a step done by hand waits for: on to the next step.")
        o.append("    func resume() {")
        o.append("        if let waiting { NotificationCenter.default.removeObserver(waiting) }")
        o.append("        waiting = nil")
        o.append("        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.step() }")
        o.append("    }")
        o.append("")
        o.append("    func step() {")
        o.append("        guard run < launches.count else { return }")
        o.append("        guard next < launches[run].count else {")
        o.append("            if run == launches.count - 1 {")
        o.append("                UserDefaults.standard.removeObject(forKey: \"NavLabExport.run\")")
        o.append("                print(\"# The session's commands are done.\")")
        o.append("            }")
        o.append("            return")
        o.append("        }")
        o.append("        let step = launches[run][next]")
        o.append("        next += 1")
        o.append("        switch step.then {")
        o.append("        case .seconds(let s):")
        o.append("            perform(step)")
        o.append("            DispatchQueue.main.asyncAfter(deadline: .now() + s) { self.step() }")
        o.append("        case .byHand(let instruction, let name):")
        o.append("            waiting = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in")
        o.append("                DispatchQueue.main.async { Script.shared.resume() }")
        o.append("            }")
        o.append("            perform(step)")
        o.append("            print(\"# \" + instruction)")
        o.append("        case .endOfLaunch(let instruction):")
        o.append("            UserDefaults.standard.set(run + 1, forKey: \"NavLabExport.run\")")
        o.append("            perform(step)")
        o.append("            print(\"# \" + instruction)")
        o.append("        }")
        o.append("    }")
        o.append("}")
        o.append("")
        return o
    }

    func appDelegateSource() -> [String] {
        var o: [String] = []
        let optIn = final.application.optIn
        o.append("// MARK: - The app delegate")
        o.append("")
        o.append("@main")
        o.append("final class AppDelegate: UIResponder, UIApplicationDelegate {")
        o.append("    var window: UIWindow?")
        o.append("")
        o.append("    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {")
        if usesScenes {
            o.append("        Script.shared.launch(in: nil)   // the steps before the launch; the scene makes the window")
        } else {
            o.append("        let window = UIWindow(frame: UIScreen.main.bounds)")
            o.append("        self.window = window")
            o.append("        Script.shared.launch(in: window)")
        }
        o.append("        logLine(\"application(_:willFinishLaunchingWithOptions:)\")")
        o += hookCalls(owner: "AppDelegate", method: "willFinishLaunching", indent: "        ")
        o.append("        return true")
        o.append("    }")
        o.append("")
        o.append("    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {")
        o.append("        logLine(\"application(_:didFinishLaunchingWithOptions:)\")")
        o += hookCalls(owner: "AppDelegate", method: "didFinishLaunching", indent: "        ")
        if !usesScenes {
            o.append("        window?.makeKeyAndVisible()")
            o.append("        Script.shared.initialUI = nil")
            o.append("        Script.shared.start()")
        }
        o.append("        return true")
        o.append("    }")
        if usesScenes {
            o.append("")
            o.append("    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {")
            o.append("        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)")
            o.append("        configuration.delegateClass = SceneDelegate.self")
            o.append("        return configuration")
            o.append("    }")
        } else {
            o += delegateMethods(owner: "AppDelegate", ["applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground", "applicationWillEnterForeground"],
                                 parameter: "_ application: UIApplication")
        }
        if optIn.implemented {
            o.append("")
            o.append("    // optIn save=\(optIn.save ? "yes" : "no") restore=\(optIn.restore ? "yes" : "no")")
            o.append("    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { \(optIn.save) }")
            o.append("    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { \(optIn.restore) }")
        }
        let rules = final.application.appDelegateRules
        if !usesScenes, usesRestoration {
            o.append("")
            o.append("    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {")
            if !rules.isEmpty {
                o.append("        // appDelegate restores …")
                o.append("        logLine(\"application(_:viewControllerWithRestorationIdentifierPath:coder:) — \\(identifierComponents.joined(separator: \"/\"))\")")
                o.append("        switch identifierComponents.last {")
                for rule in rules {
                    if let cls = rule.className {
                        let kind = classKinds[cls] ?? .plain
                        o.append("        case \(SwiftNames.literal(rule.identifier)): return \(swiftClass(cls))(\(kind == .plain ? "" : "[]"))   // appDelegate restores \(rule.identifier) as \(cls)")
                    } else {
                        o.append("        case \(SwiftNames.literal(rule.identifier)): break   // appDelegate restores \(rule.identifier): the archived class, below")
                    }
                }
                o.append("        default: break")
                o.append("        }")
            }
            o.append("        return Script.shared.storyboardStandIn(identifierComponents)")
            o.append("    }")
        }
        o.append("}")
        o.append("")
        return o
    }

    func sceneDelegateSource() -> [String] {
        var o: [String] = []
        o.append("// MARK: - The scene delegate (`scenes on`)")
        o.append("")
        o.append("/// `{capital: Paris, screen: Country}`, as NavLab prints an activity.")
        o.append("func describe(_ info: [AnyHashable: Any]?) -> String {")
        o.append("    guard let info else { return \"nil\" }")
        o.append("    return \"{\" + info.map { (\"\\($0.key)\", \"\\($0.value)\") }.sorted { $0.0 < $1.0 }.map { \"\\($0.0): \\($0.1)\" }.joined(separator: \", \") + \"}\"")
        o.append("}")
        o.append("")
        o.append("/// The view controller on top: the last presented, the top of a stack, the selected tab.")
        o.append("@MainActor")
        o.append("func topViewController(_ vc: UIViewController?) -> UIViewController? {")
        o.append("    guard let vc else { return nil }")
        o.append("    if let p = vc.presentedViewController { return topViewController(p) }")
        o.append("    if let n = vc as? UINavigationController { return topViewController(n.topViewController) ?? n }")
        o.append("    if let t = vc as? UITabBarController { return topViewController(t.selectedViewController) ?? t }")
        o.append("    return vc")
        o.append("}")
        o.append("")
        o.append("final class SceneDelegate: UIResponder, UIWindowSceneDelegate {")
        o.append("    var window: UIWindow?")
        o.append("")
        o.append("    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {")
        o.append("        logLine(\"scene(_:willConnectTo:options:) — session.stateRestorationActivity = \\(describe(session.stateRestorationActivity?.userInfo))\")")
        o += hookCalls(owner: "SceneDelegate", method: "willConnect", indent: "        ")
        o.append("        guard let windowScene = scene as? UIWindowScene else { return }")
        o.append("        let window = UIWindow(windowScene: windowScene)")
        o.append("        self.window = window")
        o.append("        Script.shared.window = window")
        o.append("        // The launch step made the Initial UI before the window existed: it goes in now.")
        o.append("        window.rootViewController = Script.shared.initialUI")
        o.append("        Script.shared.initialUI = nil")
        o.append("        window.makeKeyAndVisible()")
        o.append("        Script.shared.start()")
        o.append("    }")
        o.append("    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {")
        o.append("        logLine(\"scene(_:restoreInteractionStateWith:) — \\(describe(stateRestorationActivity.userInfo))\")")
        o.append("    }")
        o.append("    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {")
        o.append("        let top = topViewController(window?.rootViewController) as? NavLabNamed")
        o.append("        let activity = NSUserActivity(activityType: \"NavLab.restoration\")")
        o.append("        var info: [String: String] = [:]")
        o.append("        if let top {")
        o.append("            info[\"screen\"] = String(top.navLabName.split(separator: \"#\").first ?? \"\")")
        o.append("            for key in type(of: top).encodes { info[key] = top.properties[key] }")
        o.append("        }")
        o.append("        activity.addUserInfoEntries(from: info)")
        o.append("        logLine(\"stateRestorationActivity(for:) — \\(describe(info))\")")
        o.append("        return activity")
        o.append("    }")
        o += delegateMethods(owner: "SceneDelegate", ["sceneDidBecomeActive", "sceneWillResignActive", "sceneWillEnterForeground", "sceneDidEnterBackground"],
                             parameter: "_ scene: UIScene")
        o.append("}")
        o.append("")
        return o
    }
}

// MARK: - One step's Swift

/// The Swift of one command, given the state before it (who `top`, `root` and the names are)
/// and after it (what it made, where it went).
struct StepCoder {
    let before: State
    let after: State
    var lines: [String] = []
    /// Instances this step makes: their names and classes.
    var newNames: [(String, String, Kind)] = []
    var counters: [String: Int]
    var usesHold = false
    /// For an import that starts the app: the launch made the root's tree (its Initial UI).
    var rootMadeByLaunch = false
    /// In code in a callback: the instance it runs on, which `self` names (`me` in the program).
    var me: ViewController?

    init(before: State, after: State) {
        self.before = before
        self.after = after
        counters = before.nameCounters
    }

    mutating func newName(_ cls: String) -> String {
        let n = (counters[cls] ?? 0) + 1
        counters[cls] = n
        return n == 1 ? cls : "\(cls)#\(n)"
    }

    /// The expression for an existing instance (`register!`), or a comment when NavLab could not name it.
    func ref(_ r: NameRef?, default fallback: String = "top") -> (expr: String, vc: ViewController?) {
        if let me, r?.text == "self" { return ("me", me) }
        // In a turn (`A; B`), B may name what A made: the local variable A declared.
        if let r, let made = newNames.first(where: { $0.0 == r.text }) {
            return (SwiftNames.variable(made.0), after.names[made.0].map { after[$0] })
        }
        guard let id = (try? before.resolve(r, default: fallback)) ?? (r.flatMap { after.names[$0.text] }) else {
            return ("(nil as UIViewController?)! /* NavLab has no \(r?.text ?? fallback) here */", nil)
        }
        let vc = before.viewControllers[id] ?? after[id]
        return (SwiftNames.variable(vc.name) + "!", vc)
    }

    /// Makes what `spec` describes (children first, as NavLab does); returns the expression for it.
    mutating func expression(_ spec: Spec) -> String {
        switch spec {
        case .instance(let cls, _):
            let name = newName(cls)
            let v = SwiftNames.variable(name)
            lines.append("let \(v) = \(SwiftNames.className(cls))()")
            lines.append("self.\(v) = \(v)")
            newNames.append((name, cls, .plain))
            return v
        case .existing(let r):
            return ref(r).expr
        case .container(let word, let cls, let children, _):
            let kids = children.map { expression($0) }
            let className = cls ?? word.defaultClassName
            let name = newName(className)
            let v = SwiftNames.variable(name)
            lines.append("let \(v) = \(SwiftNames.className(className))([\(kids.joined(separator: ", "))])")
            lines.append("self.\(v) = \(v)")
            newNames.append((name, className, word.kind))
            return v
        }
    }

    /// The navigation controller a stack command acts on: NAME itself, or its navigationController.
    func navigation(_ r: NameRef?) -> String {
        let (e, vc) = ref(r)
        return vc?.kind == .navigation ? e : e + ".navigationController?"
    }

    mutating func code(_ command: Command) {
        switch command {
        case .present(let spec, let on, let style, let animated):
            let target = ref(on).expr
            let v = expression(spec)
            if let style { lines.append("\(v).modalPresentationStyle = .\(style.rawValue)") }
            lines.append("\(target).present(\(v), animated: \(animated))")
        case .dismiss(let r, let animated):
            lines.append("\(ref(r).expr).dismiss(animated: \(animated))")
        case .push(let spec, let on, let animated):
            let nav = navigation(on)
            let v = expression(spec)
            lines.append("\(nav).pushViewController(\(v), animated: \(animated))")
        case .pop(let r, let animated):
            lines.append("_ = \(navigation(r)).popViewController(animated: \(animated))")
        case .popToRoot(let r, let animated):
            lines.append("_ = \(navigation(r)).popToRootViewController(animated: \(animated))")
        case .setViewControllers(let specs, let on, let animated):
            let nav = ref(on).vc?.kind == .tabBar ? ref(on).expr : navigation(on)
            let vs = specs.map { expression($0) }
            lines.append("\(nav).setViewControllers([\(vs.joined(separator: ", "))], animated: \(animated))")
        case .select(let r, let index, _):
            let (e, vc) = ref(r)
            let tabs = vc?.kind == .tabBar ? e : e + ".tabBarController?"
            if index == NSNotFound {
                // `select NAME more`: the More tab (UIKit #55).
                lines.append("\(tabs).selectedViewController = \(tabs).moreNavigationController")
            } else {
                lines.append("\(tabs).selectedIndex = \(index)")
            }
        case .addChild(let spec, let to, let didMove):
            let parent = ref(to).expr
            let v = expression(spec)
            lines.append("\(parent).addChild(\(v))")
            lines.append("\(v).view.frame = \(parent).view.bounds")
            lines.append("\(parent).view.addSubview(\(v).view)")
            if didMove {
                lines.append("\(v).didMove(toParent: \(parent))")
            } else {
                lines.append("// no \(v).didMove(toParent: \(parent)): the app never calls it (UIKit #209)")
            }
        case .removeChild(let r):
            let e = ref(r).expr
            lines.append("\(e).willMove(toParent: nil)")
            lines.append("\(e).view.removeFromSuperview()")
            lines.append("\(e).removeFromParent()")
        case .switchChild(let spec, let container, let animated):
            var target: (expr: String, vc: ViewController?)
            if let container { target = ref(container) } else { target = ("nil as UIViewController?", nil) }
            let v = expression(spec)
            if container == nil, let made = newNames.last, let id = after.names[made.0], let p = after[id].parent, let vc = before.viewControllers[p] {
                target = (SwiftNames.variable(vc.name) + "!", vc)
            }
            if target.vc?.kind == .page {
                lines.append("\(target.expr).setViewControllers([\(v)], direction: .forward, animated: \(animated))")
            } else {
                lines.append("\(target.expr).switchChild(to: \(v), animated: \(animated))")
            }
        case .swapRoot(var spec):
            // A bare word names the live instance when there is one (`swapRoot Main`).
            if case .instance(let word, let at) = spec, before.names[word] != nil { spec = .existing(NameRef(word, at: at)) }
            let v = expression(spec)
            lines.append("window?.rootViewController = \(v)")
        case .show(let spec, let on, let detail, let animated):
            let target = ref(on).expr
            let v = expression(spec)
            let call = detail ? "\(target).showDetailViewController(\(v), sender: nil)" : "\(target).show(\(v), sender: nil)"
            lines.append(animated ? call : "UIView.performWithoutAnimation { \(call) }")
        case .swipe, .tapTab:
            break
        case .setDefaults(let settings):
            for s in settings { lines.append("UserDefaults.standard.set(\(SwiftNames.literal(s.value)), forKey: \(SwiftNames.literal(s.key)))") }
        case .removeDefault(let key):
            lines.append("UserDefaults.standard.removeObject(forKey: \(SwiftNames.literal(key)))")
        case .hold(let r, let label):
            usesHold = true
            let (e, vc) = ref(r)
            lines.append("held[\(SwiftNames.literal(label ?? vc?.name ?? r.text))] = \(e)")
        case .release(let r):
            usesHold = true
            let e = ref(r).expr
            lines.append("held = held.filter { $0.value !== \(e) }")
        case .set(let r, let settings):
            let e = ref(r).expr
            for s in settings {
                switch s.key {
                case "modalPresentationStyle": lines.append("\(e).modalPresentationStyle = .\(s.value)")
                case "definesPresentationContext": lines.append("\(e).definesPresentationContext = \(s.value == "yes" || s.value == "true")")
                case "isModalInPresentation": lines.append("if #available(iOS 13.0, *) { \(e).isModalInPresentation = \(s.value == "yes" || s.value == "true") }")
                case "restorationIdentifier": lines.append("\(e).restorationIdentifier = \(s.value == "nil" ? "nil" : SwiftNames.literal(s.value))")
                case "restorationClass", "storyboard", "transitionStyle", "encodes", "viewRestorationIdentifier":
                    lines.append("// \(s.key)=\(s.value): the class's code, not something to set on one instance here")
                default: lines.append("\(e).properties[\(SwiftNames.literal(s.key))] = \(SwiftNames.literal(s.value))")
                }
            }
        case .swapRootToNil:
            lines.append("window?.rootViewController = nil")
        case .touchPresentationController(let r):
            lines.append("_ = \(ref(r).expr).presentationController")
        case .beginAppearanceTransition(let r, let appearing, let animated):
            lines.append("\(ref(r).expr).beginAppearanceTransition(\(appearing), animated: \(animated))")
        case .endAppearanceTransition(let r):
            lines.append("\(ref(r).expr).endAppearanceTransition()")
        case .addSubview(let spec, let to):
            let parent = ref(to).expr
            let v = expression(spec)
            lines.append("\(parent).view.addSubview(\(v).view)   // no addChild: the view alone")
        case .reuseView(let of, let other):
            lines.append("\(ref(of).expr).view = \(ref(other).expr).view")
        case .logFlags:
            lines.append("// `log flags`: how NavLab prints its log; nothing for the app to do.")
        case .logLayout(let on):
            lines.append("navLabLogsLayout = \(on)   // `log layout`: the classes log their layout calls (UIKit may call them more often than NavLab shows, UIKit #210)")
        case .importHierarchy:
            // A new process in NavLab: its instances are named afresh.
            counters = [:]
            lines.append("// `import`: the hierarchy your app printed, built here. NavLab rebuilt it with no callback;")
            lines.append("// UIKit logs what building it calls, so the console has lines the prediction does not.")
            guard let root = after.window.rootViewController, let spec = after.treeSpec(of: root) else {
                lines.append("// The spec language cannot say this hierarchy: build it by hand, as `tree` shows it.")
                break
            }
            if rootMadeByLaunch {
                lines.append("// Its root's tree is the Initial UI the launch made; what it presents follows.")
            } else {
                let v = expression(spec)
                lines.append("window?.rootViewController = \(v)")
            }
            for case .transitionView(let p) in after.window.subviews {
                guard let presenter = after[p].presenter, let sub = after.treeSpec(of: p) else { continue }
                // Made here, a local; made by the launch, the script's property.
                let made = newNames.contains { $0.0 == after[presenter].name }
                let presenterExpr = SwiftNames.variable(after[presenter].name) + (made ? "" : "!")
                let pv = expression(sub)
                if let style = after[p].presentation?.style { lines.append("\(pv).modalPresentationStyle = .\(style.rawValue)") }
                lines.append("\(presenterExpr).present(\(pv), animated: false)")
            }
        case .crash(.now):
            lines.append("fatalError(\"NavLab's `crash`\")")
        case .device, .classDecl, .restorationIdentifiersFromClassNames, .initial, .encode, .optIn, .optOut, .scenes, .app, .appDelegateRestores, .appDelegateEncodes, .appDelegateSet:
            lines.append("// The app's code and device: declared in the program above.")
        case .hook(let owner, let method, let body, _, _):
            // The code is in the class's method (Script.codeN); from this step on it runs.
            if let body {
                lines.append("appCode.insert(\(SwiftNames.literal("on \(owner) \(method): \(body)")))   // code in \(owner)'s \(method): see code… below")
            } else {
                lines.append("appCode = appCode.filter { !$0.hasPrefix(\(SwiftNames.literal("on \(owner) \(method): "))) }")
            }
        case .route(let screen, _, _, _):
            // NavLab's routing code (UIKit #206) is not written into the program.
            lines.append("// `route \(screen) …`: the scene delegate's routing code is not exported; write it in scene(_:willConnectTo:options:) from session.stateRestorationActivity.")
        case .scene:
            // Refused before a step is placed (replay).
            break
        case .launch, .launchWhileLocked, .relaunch, .background, .foreground, .resignActive, .becomeActive, .kill, .forceQuit, .crash, .uninstall:
            break
        }
    }
}

// MARK: - Swift spelling

enum SwiftNames {
    static let keywords: Set<String> = ["associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws",
        "true", "try", "Any", "Type", "some", "any", "await", "async"]
    /// Names the program itself uses for other things.
    static let taken: Set<String> = ["window", "held", "run", "next", "launches", "shared", "step", "perform", "start", "launch",
        "Script", "AppDelegate", "SceneDelegate", "Names", "Step", "Then", "NavLabNamed", "LoggedViewController",
        "LoggedNavigationController", "LoggedTabBarController", "LoggedSplitViewController", "LoggedPageViewController", "String", "Int", "Bool", "Double", "Array",
        "Dictionary", "Set", "Error", "Never", "Void", "Optional", "Character", "Result", "Task", "Data", "Date", "URL", "Notification",
        "NSObject", "NSCoder", "Protocol"]

    /// A NavLab class as a Swift class: the app's own by its name, UIKit's containers
    /// (`UINavigationController`) as the logging base class (`LoggedNavigationController`).
    static func className(_ cls: String) -> String {
        if ["UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController"].contains(cls) {
            return "Logged" + cls.dropFirst(2)
        }
        if cls.hasPrefix("UI"), cls.count > 2 { return "Logging" + cls.dropFirst(2) }
        if cls.hasPrefix("NS") { return "App" + cls }
        if keywords.contains(cls) || taken.contains(cls) { return cls + "ViewController" }
        return cls
    }

    /// An instance name as a Swift variable: `Register` → `register`, `UINavigationController#2`
    /// → `uiNavigationController2`.
    static func variable(_ name: String) -> String {
        var base = name, number = ""
        if let hash = name.lastIndex(of: "#") { base = String(name[..<hash]); number = String(name[name.index(after: hash)...]) }
        let chars = Array(base)
        var upper = 0
        while upper < chars.count, chars[upper].isUppercase { upper += 1 }
        let lowered: String
        if upper == 0 { lowered = base }
        else if upper == 1 || upper == chars.count { lowered = String(chars[..<upper]).lowercased() + String(chars[upper...]) }
        else { lowered = String(chars[..<(upper - 1)]).lowercased() + String(chars[(upper - 1)...]) }
        let v = lowered + number
        // Not a word of the language, nor a name the program gives its own members (`step3`).
        let programs = ["step", "makeInitialUI"].contains { v.hasPrefix($0) && Int(v.dropFirst($0.count)) != nil }
        return keywords.contains(v) || taken.contains(v) || programs ? v + "VC" : v
    }

    /// A Swift string literal.
    static func literal(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 || ch.value == 0x7f { out += "\\u{\(String(ch.value, radix: 16))}" } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    static func dictionary(_ d: [String: String]) -> String {
        d.isEmpty ? "[:]" : "[" + d.sorted { $0.key < $1.key }.map { "\(literal($0.key)): \(literal($0.value))" }.joined(separator: ", ") + "]"
    }
}
