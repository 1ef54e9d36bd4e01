// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// The program's text: its header (how to run it, NavLab's predicted log), then its parts.
extension ProgramGenerator {
    func render() -> String {
        var o: [String] = []
        let device = final.device
        let allSteps = runs.flatMap({ $0.steps })
        o.append(lines: """
            // \(final.appName) — a NavLab session as a UIKit program (`export swift`).
            //
            // It performs the session's commands on a simulator, one step a second, and prints to Xcode's
            // console what each callback does, in the words of NavLab's log: each command after `> `, each
            // callback below it. Compare the console with NavLab's prediction below, line by line.
            //
            // To run it: Xcode ▸ File ▸ New ▸ Project ▸ iOS ▸ App (Interface: Storyboard, Language: Swift),
            // named \(final.appName) (UIKit prints the app's classes as \(final.appName).Class). Delete ViewController.swift,
            // SceneDelegate.swift and Main.storyboard, and in the target's Info tab remove "Main storyboard
            // file base name"\(usesScenes ? " and, under \"Application Scene Manifest\", the storyboard name (keep the manifest: the app adopts scenes)" : " and \"Application Scene Manifest\"").
            // Replace AppDelegate.swift with this file. Run it on an \(device.idiom == .iPad ? "iPad" : "iPhone") simulator with iOS \(device.iOS) (`device \(device.description)`).
            """)
        if runs.count > 1 || allSteps.contains(where: { if case .notification = $0.wait { return true } else { return false } }) {
            o.append(lines: """
                // Some steps need you (pressing Home, stopping the app): the program prints what to do in a
                // line starting with `#`, and waits. After a stop, run it again: it goes on with the next launch
                // (it keeps which one in UserDefaults; delete the app to start over).
                """)
        }
        o.append("// A `!` that stops the program means that view controller was deallocated earlier than NavLab predicts.")
        if allSteps.contains(where: { $0.line.hasPrefix("swipe") || $0.line.hasPrefix("tab") || $0.line.hasPrefix("tapOutside") }) {
            o.append("// A `swipe`, `tab` or `tapOutside` step waits 5 seconds for your finger.")
        }
        if usesRestoration {
            o.append(lines: """
                // State restoration: UIKit finds an archived view controller without a restoration class among those
                // that exist, or makes it from the storyboard. This program has no storyboard: its app delegate's
                // application(_:viewControllerWithRestorationIdentifierPath:coder:) stands in (Script.storyboardStandIn).
                """)
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
        o.append(lines: """

            import UIKit

            """)
        o += support()
        if !hooks.isEmpty {
            o.append(lines: """
                /// How deep the log is inside the app's code in callbacks: what that code causes is nested.
                nonisolated(unsafe) var navLabDepth = 0

                """)
        }
        if usesLayout {
            o.append(lines: """
                /// `log layout=on|off` in the session: whether the classes log viewWillLayoutSubviews and
                /// viewDidLayoutSubviews (UIKit #210).
                @MainActor var navLabLogsLayout = false

                """)
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
}

extension Array where Element == String {
    /// Appends each line of `text`: a part of the program written as it reads, a multi-line
    /// string literal, instead of one `append` a line.
    mutating func append(lines text: String) {
        append(contentsOf: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}
