import NavLabCore

// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead): every
// tutorial checks itself with `expect`, which the start module leaves out too.

extension PageRoutes {
    /// `GET /api/tutorials`: the built-in tutorials, for the page's Tutorials panel.
    static func tutorials() -> PageAnswer {
        let list = Tutorials.all.map { t in
            JSON.object([("name", .string(t.name)), ("title", .string(t.title)), ("summary", .string(t.summary)),
                         ("steps", .int(Tutorial.steps(t.text).count))])
        }
        return .json(JSON.object([("tutorials", .array(list))]).serialized())
    }

    /// `GET /api/tutorials/NAME`: one tutorial's steps (narration and commands) to play.
    static func tutorial(_ name: String) -> PageAnswer {
        guard let t = Tutorials.named(name) else {
            return .error(404, "no tutorial named \(name): the built-in ones are " + Tutorials.all.map({ $0.name }).joined(separator: ", "))
        }
        return .json(t.json.serialized())
    }
}
