import ArgumentParser
import Foundation
import NavLabCommands
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
        let steps = Play.steps(text)
        var failed = false
        stepping: for (index, step) in steps.enumerated() {
            print()
            for line in step.narration { Shell.printLine(OutputLine(.note, "# " + line)) }
            Shell.printLine(OutputLine(.info, "[\(index + 1)/\(steps.count)] \(step.command)"))
            if let delay {
                Thread.sleep(forTimeInterval: Double(delay) / 1000)
            } else {
                print("  (Enter runs it, q stops) ", terminator: "")
                fflush(nil)
                // End of input: play the rest unattended.
                if let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() == "q" { break stepping }
            }
            // The narration travels with the command, so the page's timeline shows it too.
            let hasComment = step.command.contains(" #") || step.command.contains("\t#")
            let line = step.narration.isEmpty || hasComment
                ? step.command : step.command + "  # " + step.narration.joined(separator: " ")
            let (response, _) = hub.execute(line, origin: .script, lineNumber: step.lineNumber)
            for l in response.lines { Shell.printLine(OutputLine(l.style, "  " + l.text)) }
            if response.status == .shell {
                Shell.printError("\(name):\(step.lineNumber): `\(step.command)` is skipped: play runs one file (use `navlab run` for record, save and load)")
            }
            if response.status == .quit { break }
            if response.status == .failed, let e = response.error {
                Shell.printLine(OutputLine(.error, ScriptRunner.format(e, file: name, sourceLine: step.command)))
                failed = true
                break
            }
        }
        guard let page else { throw ExitCode(failed ? 1 : 0) }
        print()
        Shell.printLine(OutputLine(.info, "end of \(name); the page stays up at \(page.url) — Ctrl-C ends it"))
        ServeOptions.serveUntilInterrupted()
    }

    struct Step {
        var narration: [String]
        var command: String
        var lineNumber: Int
    }

    /// Commands with the comment lines directly above them; a blank line ends a narration.
    static func steps(_ text: String) -> [Step] {
        var steps: [Step] = []
        var narration: [String] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { narration = []; continue }
            if line.hasPrefix("#") {
                narration.append(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
                continue
            }
            steps.append(Step(narration: narration, command: line, lineNumber: i + 1))
            narration = []
        }
        return steps
    }
}
