// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// Code in callbacks (`on CLASS METHOD: COMMAND`) as Swift: each line's code, and the methods
/// that call it where UIKit calls the callback.
extension ProgramGenerator {
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
            case "loadView", "viewDidLoad", "applicationFinishedRestoringState", "viewWillLayoutSubviews", "viewDidLayoutSubviews":
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
        o.append(lines: """

                // MARK: The app's code in callbacks (`on CLASS METHOD: COMMAND`, UIKit #183–#189)

                /// The lines of code in callbacks in force: a step declares one, `on … none` removes them.
                var appCode: Set<String> = []

                /// Runs one line of code in a callback if it is in force, its calls one level deeper in the log.
                func runCode(_ line: String, in place: String, text: String, _ body: () -> Void) {
                    guard appCode.contains(line) else { return }
                    navLabDepth += 1
                    defer { navLabDepth -= 1 }
                    logLine("note: \\(place) runs `\\(text)`")
                    body()
                }
            """)
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
}
