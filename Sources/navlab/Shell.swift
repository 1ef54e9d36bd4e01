import ArgumentParser
import Foundation
import NavLabCommands
import NavLabCore

enum Shell {
    /// Colours only on a terminal, never with NO_COLOR (SPEC §1).
    static let useColour: Bool = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func read(_ files: [String]) throws -> [(String, String)] {
        try files.map { path in
            if path == "-" {
                return ("-", String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self))
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read '\(path)': no such file, or not readable")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("'\(path)' is not UTF-8 text")
            }
            return (path, text)
        }
    }

    /// `run`: every script in one session, in order; exit status 1 at the first failure.
    static func runScripts(_ scripts: [(String, String)], session: Session, mode: ScriptRunner.Mode, json: Bool) -> Int32 {
        var runner = ScriptRunner(session: session, mode: mode)
        runner.echo = !json
        var failed = false
        for (file, text) in scripts {
            let result = runner.run(text, file: file)
            for line in result.output {
                if json, line.style != .error { continue }
                json ? printError(line.text) : printLine(line)
            }
            if !result.failures.isEmpty { failed = true }
            if result.stopped || result.quit { break }
        }
        if json { print(session.stateJSON().serialized(pretty: true)) }
        return failed ? 1 : 0
    }

    static func printError(_ s: String) {
        FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
    }

    static func colour(_ style: OutputLine.Style) -> String? {
        switch style {
        case .callback: return nil
        case .appDelegate: return "\u{1B}[36m"
        case .warning: return "\u{1B}[33m"
        case .note: return "\u{1B}[2m"
        case .leak, .error, .failed: return "\u{1B}[31m"
        case .ignored: return "\u{1B}[35m"
        case .passed: return "\u{1B}[32m"
        case .info: return nil
        }
    }

    static func printLine(_ line: OutputLine) {
        if useColour, let c = colour(line.style) {
            print(c + line.text + "\u{1B}[0m")
        } else {
            print(line.text)
        }
    }
}

/// A plain line-reading prompt (line editing comes with the libedit REPL).
struct Prompt {
    let session: Session

    func loop() {
        print("NavLab — iOS view-controller hierarchies. `help` lists the verbs; Ctrl-D quits.")
        var lineNumber = 0
        while true {
            let prompt = "navlab (\(session.state.application.state.rawValue))> "
            print(Shell.useColour ? "\u{1B}[1m\(prompt)\u{1B}[0m" : prompt, terminator: "")
            fflush(nil)
            guard let line = readLine() else { print(); return }
            lineNumber += 1
            let response = session.execute(line, lineNumber: 1)
            if response.status == .quit { return }
            if let e = response.error, e.kind != .expectation, e.location.column >= 1 {
                Shell.printLine(OutputLine(.error, String(repeating: " ", count: prompt.count + e.location.column - 1) + "^"))
            }
            for l in response.lines { Shell.printLine(l) }
        }
    }
}
