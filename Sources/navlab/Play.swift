import ArgumentParser
import Foundation
import NavLabCommands
import NavLabHub
import NavLabCore
import NavLabServer

/// `navlab play FILE`: a tutorial, one step at a time. Each step shows its narration (the
/// comment lines above it) and its command, waits for Enter (`--delay MS`: plays on its own),
/// then runs it in the session the page shows, so the browser follows along.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Step through a tutorial script: each comment and command, Enter to go on; the page follows.",
        discussion: "Enter runs the next step, q then Enter stops. With --delay the steps run on their own. When the script ends the page stays up until Ctrl-C.")

    @Argument(help: "The tutorial (*.navlab).")
    var file: String

    @Option(help: ArgumentHelp("Play unattended: wait this many milliseconds between steps.", valueName: "ms"))
    var delay: Int?

    @OptionGroup var serve: ServeOptions

    func validate() throws {
        if let delay, delay < 0 { throw ValidationError("--delay must be 0 or more milliseconds") }
    }

    func run() throws {
        guard let (name, text) = try Shell.read([file]).first else { return }
        let hub = SessionHub()
        let page = serve.start(hub)
        let steps = Tutorial.steps(text)
        var failed = false
        stepping: for (index, step) in steps.enumerated() {
            print()
            for line in step.narration { Shell.printLine(OutputLine(.info, Play.prose(line))) }
            let label = "[\(index + 1)/\(steps.count)]"
            let shown = step.commands.filter { !$0.isExpect }
            if step.narration.isEmpty || shown.count == 1 {
                Shell.printLine(OutputLine(.note, "\(label) \(step.commands.first?.text ?? "")"))
            } else {
                Shell.printLine(OutputLine(.note, "\(label) next: " + shown.map(\.text).joined(separator: "; ")))
            }
            if let delay {
                Thread.sleep(forTimeInterval: Double(delay) / 1000)
            } else {
                print("  (Enter runs it, q stops) ", terminator: "")
                fflush(nil)
                // End of input: play the rest unattended.
                if let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() == "q" { break stepping }
            }
            for (i, command) in step.commands.enumerated() {
                let line = step.line(i)
                let (response, _) = hub.execute(line, origin: .script, lineNumber: command.lineNumber)
                if command.isExpect, response.status != .failed {
                    // Checks are not evidence: one short line each.
                    Shell.printLine(OutputLine(.passed, "  ✓ " + command.text))
                    continue
                }
                if step.commands.count > 1 || !step.narration.isEmpty { Shell.printLine(OutputLine(.info, "> " + command.text)) }
                for l in response.lines { Shell.printLine(OutputLine(l.style, "  " + l.text)) }
                if response.status == .shell {
                    Shell.printError("\(name):\(command.lineNumber): `\(command.text)` is skipped: play runs one file (use `navlab run` for record, save and load)")
                }
                if response.status == .quit { break stepping }
                if response.status == .failed, let e = response.error {
                    Shell.printLine(OutputLine(.error, ScriptRunner.format(e, file: name, sourceLine: command.text)))
                    failed = true
                    break stepping
                }
            }
        }
        guard let page else { throw ExitCode(failed ? 1 : 0) }
        print()
        Shell.printLine(OutputLine(.info, "end of \(name); the page stays up at \(page.url) — Ctrl-C ends it"))
        ServeOptions.serveUntilInterrupted()
    }

    /// A narration line for the terminal: Markdown headings and emphasis marks dropped.
    static func prose(_ line: String) -> String {
        var s = Substring(line)
        if s.hasPrefix("#") { s = s.drop { $0 == "#" }.drop { $0 == " " } }
        return UIKitFacts.plain(String(s))
    }
}
