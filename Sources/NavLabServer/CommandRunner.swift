import NavLabCommands
import NavLabHub
import NavLabCore

/// `POST /api/commands`: the body's lines run in the shared session (origin `web`), as
/// PageCommands says; each line is published to every page through the hub.
enum CommandRunner {
    static func run(_ text: String, on hub: SessionHub) -> JSON {
        PageCommands.run(text, execute: { line, lineNumber in
            let (r, event) = hub.execute(line, origin: .web, lineNumber: lineNumber)
            return (r, event.id)
        }, seq: { hub.read { $0.seq } })
    }
}
