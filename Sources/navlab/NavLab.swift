import ArgumentParser
import Foundation
import NavLabCommands
import NavLabHub
import NavLabCore

@main
struct NavLab: ParsableCommand {
    /// What `navlab --version` prints.
    static let version = "0.5.0"

    static let configuration = CommandConfiguration(
        commandName: "navlab",
        abstract: "A playground for iOS view-controller hierarchies.",
        discussion: """
            With no subcommand: the prompt on a terminal, and the live page beside it (its URL is \
            printed); commands read from standard input otherwise, as `navlab run -`.
            """,
        version: NavLab.version,
        subcommands: [Run.self, Check.self, Play.self, TutorialCommand.self, Explain.self, Reference.self]
    )

    @OptionGroup var serve: ServeOptions

    @Flag(help: "Bring back the last prompt session that ended without `quit` or Ctrl-D (a crash, a closed terminal, kill -9): its commands run again on the device as it was when it began, timeline and undo included.")
    var resume = false

    /// Plain `navlab`: the prompt.
    func run() throws {
        if isatty(STDIN_FILENO) == 0 {
            // Not a terminal: exactly `navlab run -` (no prompt, no editing, no colours).
            if resume { throw ValidationError("--resume brings back a prompt session: run it on a terminal") }
            let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            let session = Session()
            session.keepsTimeline = ScriptRunner.needsTimeline(text)
            let code = Shell.runScripts([("-", text)], session: session, mode: .run(keepGoing: false), json: false)
            throw ExitCode(code)
        }
        // One session for the prompt and the page beside it (unless --no-serve): the prompt
        // shows what the page runs. Each app's archive and defaults live under $NAVLAB_HOME,
        // so they outlive NavLab.
        let (hub, journal, notes) = try Resume.start(resume: resume)
        let page = serve.start(hub)
        defer { _ = page }
        throw ExitCode(REPL(hub: hub, journal: journal, startNotes: notes).run())
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts without a prompt; exit 1 at the first failing command or expect.")

    @Argument(help: "Script files (*.navlab); - reads standard input.")
    var files: [String]

    @Flag(help: "Print the final state as JSON (the state document: Docs/Page.md) instead of the transcript.")
    var json = false

    @Flag(help: "Go on after a failing command.")
    var keepGoing = false

    @Flag(help: "Use the apps' archives and defaults under $NAVLAB_HOME (default ~/.navlab) instead of a freshly installed app in memory.")
    var persist = false

    @Flag(name: .customLong("serve"), help: "Keep the page up after the scripts, until Ctrl-C.")
    var keepServing = false

    @Flag(help: "Print each script as a Markdown article: its narration as prose, its commands with their real output as code blocks, its checks under them.")
    var markdown = false

    @OptionGroup var serve: ServeOptions

    func validate() throws {
        if markdown && (json || keepServing || persist || keepGoing) {
            throw ValidationError("--markdown goes alone: it runs each script in a fresh session and prints the article")
        }
    }

    func run() throws {
        let scripts = try Shell.read(files)
        if markdown {
            var failed = false
            for (file, text) in scripts {
                let (article, failures) = Tutorial.markdown(text, file: file)
                print(article, terminator: "")
                for f in failures { Shell.printError(f) }
                if !failures.isEmpty { failed = true }
            }
            throw ExitCode(failed ? 1 : 0)
        }
        let session = Persistence.session(persist: persist)
        // Nothing will travel in time unless the page stays or a script can: then keep only
        // the latest step (less memory, faster).
        session.keepsTimeline = keepServing || scripts.contains { ScriptRunner.needsTimeline($0.1) }
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
            let session = Session()
            session.keepsTimeline = ScriptRunner.needsTimeline(text)
            var runner = ScriptRunner(session: session, mode: .check)
            // `import storyboard FILE`, `load FILE`: read beside the script, as `run` reads them.
            runner.readFile = ScriptFiles.read
            // A failure is printed when it happens, not when the file ends.
            runner.emit = { Shell.printLine($0) }
            let result = runner.run(text, file: file)
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

/// `navlab tutorial [NAME]`: the tutorials built into the binary.
struct TutorialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tutorial",
        abstract: "List the tutorials built into NavLab, or print one (its script, or --markdown its article).",
        discussion: "`navlab play NAME` steps through one and `navlab run NAME` replays it, from any folder. `navlab tutorial NAME > NAME.navlab` gives you a copy to change.")

    @Argument(help: "A tutorial's name; none lists them.")
    var name: String?

    @Flag(help: "Print the tutorial as a Markdown article, with the real output of its commands.")
    var markdown = false

    func run() throws {
        guard let name else { print(Tutorials.list()); return }
        guard let tutorial = Tutorials.named(name) else {
            let near = Suggest.nearest(to: name, in: Tutorials.all.map(\.name))
            throw Shell.fail("no tutorial named '\(name)'" + (near.map { "; did you mean \($0)?" } ?? "") + " (`navlab tutorial` lists them)")
        }
        if !markdown { print(tutorial.text, terminator: ""); return }
        let (article, failures) = Tutorial.markdown(tutorial.text, file: tutorial.name + ".navlab")
        print(article, terminator: "")
        for f in failures { Shell.printError(f) }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}

/// `navlab explain 82`, `navlab explain UITransitionView`.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a UIKit behaviour NavLab models: by the number a note cites (`explain 82` for `UIKit #82`), or every one that mentions some words.",
        discussion: "With no argument, lists them all. The same text is in Docs/UIKit.md and at the prompt (`explain`, `help #82`).")

    @Argument(help: "A fact number (82 or #82), or words to look for.")
    var topic: [String] = []

    func run() throws {
        do throws(NavLabError) {
            print(try UIKitFacts.explain(topic.joined(separator: " "), width: Shell.terminalWidth.map { min(100, $0) } ?? 88))
        } catch {
            Shell.printError("error: \(error.message)" + (error.suggestion.map { "\n  \($0)" } ?? ""))
            throw ExitCode(1)
        }
    }
}
