import ArgumentParser
import Foundation
import NavLabCommands
import NavLabCore

@main
struct NavLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navlab",
        abstract: "A playground for iOS view-controller hierarchies.",
        discussion: """
            With no subcommand: the prompt on a terminal, and the live page beside it (its URL is \
            printed; --port N, --host ADDR, --no-serve, --public DIR); commands read from standard \
            input otherwise. `navlab help repl` lists the prompt's options.
            """,
        subcommands: [Interactive.self, Run.self, Check.self, Play.self, Reference.self],
        defaultSubcommand: Interactive.self
    )
}

/// Plain `navlab`.
struct Interactive: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repl", abstract: "The prompt (the default).", shouldDisplay: false)

    @OptionGroup var serve: ServeOptions

    func run() throws {
        if isatty(STDIN_FILENO) == 0 {
            // Not a terminal: exactly `navlab run -` (no prompt, no editing, no colours).
            let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            let code = Shell.runScripts([("-", text)], session: Session(), mode: .run(keepGoing: false), json: false)
            throw ExitCode(code)
        }
        // One session for the prompt and the page beside it (unless --no-serve): the prompt
        // shows what the page runs. Each app's archive and defaults live under $NAVLAB_HOME,
        // so they outlive NavLab.
        let hub = SessionHub(session: Persistence.session(persist: true))
        let page = serve.start(hub)
        defer { _ = page }
        throw ExitCode(REPL(hub: hub).run())
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts without a prompt; exit 1 at the first failing command or expect.")

    @Argument(help: "Script files (*.navlab); - reads standard input.")
    var files: [String]

    @Flag(help: "Print the final state as JSON (SPEC §3) instead of the transcript.")
    var json = false

    @Flag(help: "Go on after a failing command.")
    var keepGoing = false

    @Flag(help: "Use the apps' archives and defaults under $NAVLAB_HOME (default ~/.navlab) instead of a freshly installed app in memory.")
    var persist = false

    @Flag(name: .customLong("serve"), help: "Keep the page up after the scripts, until Ctrl-C.")
    var keepServing = false

    @OptionGroup var serve: ServeOptions

    func run() throws {
        let scripts = try Shell.read(files)
        let session = Persistence.session(persist: persist)
        let code = Shell.runScripts(scripts, session: session, mode: .run(keepGoing: keepGoing), json: json)
        guard keepServing, serve.start(SessionHub(session: session)) != nil else { throw ExitCode(code) }
        ServeOptions.serveUntilInterrupted()
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts as tests: every expect must hold. Prints `N passed, N failed`; exit 1 if any failed.")

    @Argument(help: "Script files (*.navlab); each runs in a fresh session.")
    var files: [String]

    func run() throws {
        let scripts = try Shell.read(files)
        var passed = 0, failed = 0
        for (file, text) in scripts {
            let result = ScriptRunner(session: Session(), mode: .check).run(text, file: file)
            for line in result.output { Shell.printLine(line) }
            passed += result.passed
            failed += result.failed
            let mark = result.failed == 0 ? "ok" : "FAILED"
            print("\(mark)  \(file): \(result.passed) passed, \(result.failed) failed")
        }
        print("\(passed) passed, \(failed) failed")
        throw ExitCode(failed == 0 ? 0 : 1)
    }
}

/// Prints Docs/Reference.md from the verb table.
struct Reference: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the command reference (Markdown) from the verb table.", shouldDisplay: false)
    func run() throws { print(Help.markdownReference(), terminator: "") }
}
