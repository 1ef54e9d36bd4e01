// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// The program made from a session: its lines run again in a session of its own, each step's
/// Swift (StepCoder) placed in a run of the app, then written out (the templates, in the
/// files beside this one).
struct ProgramGenerator {
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
            let commands = ProgramGenerator.commands(of: parsed)
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
        case .backgroundRunning, .suspend:
            leftOut = "the steps from `\(first == .suspend ? "suspend" : "background running")` on are not in this program: it runs no background task, so the app it writes is suspended soon after it enters the background"
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
        case .tapOutside:
            step.wait = .seconds(6)
            step.code.insert("print(\"# By hand, within 5 seconds: tap outside the popover or sheet, on the dimmed area.\")", at: 0)
        case .tapTab(let tab, _, _):
            step.wait = .seconds(6)
            step.code.insert("print(\"# By hand, within 5 seconds: tap the tab bar item \(tab) (this program's tab bar controllers have no delegate: it does not log shouldSelect/didSelect).\")", at: 0)
        default: break
        }
        if runs.isEmpty { runs.append(Run()) }
        runs[runs.count - 1].steps.append(step)
    }
}
