import ArgumentParser
import Foundation
import NavLabCommands
import NavLabCore
import NavLabServer

/// `--port`, `--host`, `--no-serve`, `--public`: on every command that serves the page
/// (`navlab`, `navlab run --serve`, `navlab play`).
struct ServeOptions: ParsableArguments {
    @Option(help: "The port for the page; the next free one when it is taken.")
    var port: Int = 8080

    @Option(help: ArgumentHelp("The address to bind.",
                               discussion: "127.0.0.1 (the default) serves this machine only. Any other address also needs the token printed in the URL."))
    var host: String = "127.0.0.1"

    @Flag(name: .customLong("no-serve"), help: "Do not serve the page.")
    var noServe = false

    @Option(name: .customLong("public"), help: ArgumentHelp("The page's files.", valueName: "dir"))
    var publicDirectory: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535 (0: any free port)") }
        if let dir = publicDirectory, !FileManager.default.fileExists(atPath: dir + "/index.html") {
            throw ValidationError("--public \(dir): no index.html there")
        }
    }

    var configuration: PageConfiguration {
        PageConfiguration(host: host, port: port, publicDirectory: StaticFiles.locate(explicit: publicDirectory))
    }

    /// Serves `hub` in the background and prints the URL; nil with `--no-serve`, or (with a
    /// warning, the rest of NavLab still works) when no port could be bound.
    func start(_ hub: SessionHub) -> RunningPage? {
        guard !noServe else { return nil }
        let config = configuration
        do {
            let page = try PageServer.startBlocking(hub: hub, configuration: config)
            Shell.printLine(OutputLine(.info, "page: \(page.url)"))
            fflush(nil)
            if config.publicDirectory == nil {
                Shell.printError("warning: the page's files (Public/) were not found; the API works, the page does not (use --public DIR)")
            }
            if !config.isLoopback {
                Shell.printError("warning: serving beyond this machine (\(config.host)); the page's API needs the token in that URL")
            }
            return page
        } catch {
            Shell.printError("warning: the page is not served: \(error)")
            return nil
        }
    }

    /// Keeps the process (and so the page) up until Ctrl-C.
    static func serveUntilInterrupted() -> Never {
        fflush(nil)
        while true { pause() }
    }
}

/// Prints, at a prompt, what other clients (the page, `play`) run in the shared session, as it
/// happens, then redraws the prompt. Any prompt on a SessionHub can use it; `stop` ends it.
final class PageEcho: Sendable {
    private let hub: SessionHub
    private let subscription: Int
    private let task: Task<Void, Never>

    init(hub: SessionHub, redrawPrompt: @escaping @Sendable () -> Void) {
        self.hub = hub
        let (subscription, events) = hub.subscribe()
        self.subscription = subscription
        task = Task.detached {
            for await event in events where event.origin != .repl {
                Shell.printLine(OutputLine(.info, ""))
                Shell.printLine(OutputLine(.info, "[\(event.origin.rawValue)] \(event.line)"))
                for line in event.lines { Shell.printLine(line) }
                redrawPrompt()
            }
        }
    }

    func stop() {
        hub.unsubscribe(subscription)
        task.cancel()
    }
}

/// The prompt when the page is served: every line goes through the SessionHub the server
/// shares (origin `repl`), and what the page runs is printed here as it happens. (A plain
/// line prompt: the libedit REPL takes its place, with a PageEcho of its own.)
struct HubPrompt {
    let hub: SessionHub

    func loop() {
        print("NavLab — iOS view-controller hierarchies. `help` lists the verbs; Ctrl-D quits.")
        let echo = PageEcho(hub: hub) { [hub] in
            print(HubPrompt.prompt(hub), terminator: "")
            fflush(nil)
        }
        defer { echo.stop() }
        while true {
            let prompt = HubPrompt.prompt(hub)
            print(prompt, terminator: "")
            fflush(nil)
            guard let line = readLine() else { print(); return }
            let (response, _) = hub.execute(line, origin: .repl)
            if response.status == .quit { return }
            if let e = response.error, e.kind != .expectation, e.location.column >= 1 {
                Shell.printLine(OutputLine(.error, String(repeating: " ", count: prompt.count - HubPrompt.escapes + e.location.column - 1) + "^"))
            }
            for l in response.lines { Shell.printLine(l) }
        }
    }

    /// The width of the bold escapes around the prompt (not on screen).
    static var escapes: Int { Shell.useColour ? 8 : 0 }

    static func prompt(_ hub: SessionHub) -> String {
        let text = "navlab (\(hub.read { $0.state.application.state.rawValue }))> "
        return Shell.useColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
