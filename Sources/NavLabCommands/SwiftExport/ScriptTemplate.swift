// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// The session's commands, performed one step a second.
extension ProgramGenerator {
    func scriptSource() -> [String] {
        var o: [String] = []
        o.append(lines: """
            // MARK: - The session's commands

            /// Performs the session's commands in order, one step a second, printing each as `> COMMAND`.
            @MainActor
            final class Script {
                static let shared = Script()
                var window: UIWindow?
                /// The Initial UI from the launch step until the window holds it.
                var initialUI: UIViewController?
            """)
        if usesHold { o.append("    /// The app's own strong references (`hold NAME as LABEL`).") ; o.append("    var held: [String: UIViewController] = [:]") }
        o.append(lines: """

                // The view controllers by their NavLab names. Weak: like NavLab's model, the program itself
                // keeps none of them alive (UIKit and `held` do).
            """)
        for n in names {
            let cls = nameClass[n] ?? "UIViewController"
            o.append("    weak var \(SwiftNames.variable(n)): \(swiftClass(cls))?")
        }
        o.append(lines: """

                /// Which launch of the session this process is (kept across launches, UserDefaults).
                let run = UserDefaults.standard.integer(forKey: "NavLabExport.run")
                var next = 0
                /// The notification a step done by hand waits for.
                var waiting: NSObjectProtocol?

            """)
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
            o.append(lines: """

                    /// Launch \(r + 1)'s Initial UI: `initial \(run.initial?.text ?? "")`.
                    func makeInitialUI\(r + 1)() -> UIViewController? {
                """)
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
        o.append(lines: """
            }

            // MARK: - Running the steps

            extension Script {
                enum Then {
                    case seconds(Double)
                    /// You do something (the instruction says what); the next step when the app posts the notification.
                    case byHand(String, until: Notification.Name)
                    /// You stop the app: the next launch goes on with the next steps.
                    case endOfLaunch(String)
                }
                struct Step {
                    let line: String
                    /// Done as the app starts (the app was not running), before the window is shown.
                    let beforeLaunch: Bool
                    let perform: @MainActor () -> Void
                    let then: Then
                }


                /// As the app starts: the steps done while it was not running, then the launch (the Initial UI).
                func launch(in window: UIWindow?) {
                    self.window = window
                    guard run < launches.count else { print("# The session is over: delete the app from the simulator to run it again."); return }
                    while next < launches[run].count, launches[run][next].beforeLaunch { perform(launches[run][next]); next += 1 }
                }

                /// After launching: the other steps, one at a time.
                func start() {
                    remember(window?.rootViewController)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.step() }
                }

                /// The view controllers UIKit made itself (state restoration), under their NavLab names.
                func remember(_ vc: UIViewController?) {
                    guard let vc else { return }
                    switch (vc as? NavLabNamed)?.navLabName {
            """)
        for n in names {
            o.append("        case \(SwiftNames.literal(n)): \(SwiftNames.variable(n)) = vc as? \(swiftClass(nameClass[n] ?? ""))")
        }
        o.append(lines: """
                    default: break
                    }
                    for child in vc.children { remember(child) }
                    remember(vc.presentedViewController)
                }
            """)
        if usesRestoration && !usesScenes {
            o.append(lines: """

                    /// NavLab's storyboard (`storyboard=yes`, the default) for state restoration: UIKit finds an archived
                    /// view controller among those that exist, or makes it from the storyboard. This program has no
                    /// storyboard, so the app delegate does both here (printing nothing: NavLab logs no call for it).
                    func storyboardStandIn(_ path: [String]) -> UIViewController? {
                        if let found = existing(path.last, in: window?.rootViewController) { return found }
                        switch path.last {
                """)
            var seen: Set<String> = []
            for cls in classOrder {
                let decl = final.classes[cls]
                guard decl?.storyboard != false, decl?.restorationClass == nil || decl?.restorationClass == RestorationClass.none else { continue }
                let id = decl?.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? (final.restorationIdentifiersFromClassNames ? cls : nil)
                guard let id, seen.insert(id).inserted else { continue }
                let kind = classKinds[cls] ?? .plain
                o.append("        case \(SwiftNames.literal(id)): return \(swiftClass(cls))(\(kind == .plain ? "" : "[]"))")
            }
            o.append(lines: """
                        default: return nil
                        }
                    }

                    func existing(_ identifier: String?, in vc: UIViewController?) -> UIViewController? {
                        guard let vc else { return nil }
                        if vc.restorationIdentifier == identifier { return vc }
                        for child in vc.children { if let found = existing(identifier, in: child) { return found } }
                        return existing(identifier, in: vc.presentedViewController)
                    }
                """)
        }
        o.append(lines: """

                func perform(_ step: Step) {
                    if !step.line.isEmpty { print("> " + step.line) }
                    step.perform()
                }

                /// The app posted what a step done by hand waits for: on to the next step.
                func resume() {
                    if let waiting { NotificationCenter.default.removeObserver(waiting) }
                    waiting = nil
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.step() }
                }

                func step() {
                    guard run < launches.count else { return }
                    guard next < launches[run].count else {
                        if run == launches.count - 1 {
                            UserDefaults.standard.removeObject(forKey: "NavLabExport.run")
                            print("# The session's commands are done.")
                        }
                        return
                    }
                    let step = launches[run][next]
                    next += 1
                    switch step.then {
                    case .seconds(let s):
                        perform(step)
                        DispatchQueue.main.asyncAfter(deadline: .now() + s) { self.step() }
                    case .byHand(let instruction, let name):
                        waiting = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                            DispatchQueue.main.async { Script.shared.resume() }
                        }
                        perform(step)
                        print("# " + instruction)
                    case .endOfLaunch(let instruction):
                        UserDefaults.standard.set(run + 1, forKey: "NavLabExport.run")
                        perform(step)
                        print("# " + instruction)
                    }
                }
            }

            """)
        return o
    }
}
