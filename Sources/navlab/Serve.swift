import ArgumentParser
import Foundation
import NavLabCommands
import NavLabHub
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

    @Option(name: .customLong("public"), help: ArgumentHelp("Serve the page's files from this folder instead of the page built into navlab (for working on the page).", valueName: "dir"))
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
