import NavLabCore

/// The JSON documents the page reads (Docs/Page.md). The state document comes first and
/// unchanged; the page's extras follow it, computed from State's public
/// queries so the server holds no model logic of its own.
public enum PageDocument {
    /// `GET /api/state`: the state document, then `windowSubviews` (what the window holds, back to front)
    /// and `memory` (who holds each view controller, and why a leaked one is alive). As a
    /// value (the patches' replace-all); `stateText` writes the same document as text.
    public static func state(_ state: State, seq: Int) -> JSON {
        var b = JSONBuilder()
        write(state, seq: seq, into: &b)
        return b.result
    }

    /// `state(_:seq:).serialized()` written as it is made: the document straight into the
    /// answer's string, each `memory` entry built and written one at a time. At 10,000 view
    /// controllers (7.3 MB of text) the document as values first took about 40 MB more — in
    /// the browser, memory its module keeps once it has grown.
    public static func stateText(_ state: State, seq: Int) -> String {
        // Compact, about 570 bytes a view controller with its `memory` entry: too little only
        // costs one copy.
        JSONWriter.text(pretty: false, estimatedSize: state.estimatedDocumentSize(bytesPerViewController: 800)) { w in
            write(state, seq: seq, into: &w)
        }
    }

    static func write<S: JSONSink>(_ state: State, seq: Int, into s: inout S) {
        s.beginObject()
        state.writeDocumentFields(seq: seq, into: &s)
        s.field("windowSubviews", value: windowSubviews(state))
        s.field("storyboards", value: storyboards(state))
        s.field("segues", value: segues(state))
        s.key(literal: "memory")
        s.beginObject()
        let leaked = Set(state.leaked())
        for id in state.allocatedIDs {
            s.key(state[id].name)
            s.value(memoryEntry(state, id, leaked: leaked.contains(id)))
        }
        s.endObject()
        s.endObject()
    }

    /// The top-level fields other than `viewControllers`, `allocated` and `memory`, as
    /// `state` has them (for PagePatcher, which keeps those three in parts). `leaked` is
    /// given (names in allocation order); `application` only when asked.
    static func topLevel(_ state: State, seq: Int, leaked: [String], application: Bool) -> [(String, JSON)] {
        var out: [(String, JSON)] = []
        for (k, v) in state.topLevelJSON(seq: seq, application: application) { out.append((k, v)) }
        out.append(("leaked", .strings(leaked)))
        out.append(("windowSubviews", windowSubviews(state)))
        out.append(("storyboards", storyboards(state)))
        out.append(("segues", segues(state)))
        return out
    }

    /// The imported storyboards as a map (`import storyboard`): per storyboard its `name`,
    /// `initialViewController` (a scene's id), `scenes` (`id`, `class`, `kind`, `storyboardID`,
    /// `reference`: null or the `storyboard` and `identifier` it stands for, and `instances`:
    /// the view controllers allocated now that it may have made) and `segues` (`id`, `source`
    /// and `destination` scene ids — an unwind's is its Exit —, `kind`, `identifier`,
    /// `fromControl`), relationships and embeds first, each scene's in document order.
    static func storyboards(_ state: State) -> JSON {
        guard !state.storyboards.isEmpty else { return .array([]) }
        var instances: [String: [String]] = [:]
        for i in state.sceneInstances() { instances[i.storyboard + "\u{0}" + i.scene] = i.viewControllers.map { state[$0].name } }
        return .array(state.storyboards.map { b in
            var segues: [JSON] = []
            func segue(_ id: String?, _ source: String, _ destination: String, _ kind: String, _ identifier: String?, _ fromControl: Bool) {
                segues.append(.object([("id", .str(id)), ("source", .string(source)), ("destination", .string(destination)),
                                       ("kind", .string(kind)), ("identifier", .str(identifier)), ("fromControl", .bool(fromControl))]))
            }
            for s in b.scenes {
                for d in s.relationships { segue(nil, s.id, d, "relationship", nil, false) }
                for d in s.embeds { segue(nil, s.id, d, "embed", nil, false) }
            }
            for s in b.scenes {
                for g in s.segues where g.kind != .relationship && g.kind != .embed {
                    segue(g.id, s.id, g.destination, g.kind.rawValue, g.identifier, g.fromControl)
                }
            }
            return .object([
                ("name", .string(b.name)),
                ("initialViewController", .str(b.initialViewController)),
                ("scenes", .array(b.scenes.map { s in
                    .object([
                        ("id", .string(s.id)),
                        ("class", .string(s.className)),
                        ("kind", .string(s.kind.rawValue)),
                        ("storyboardID", .str(s.storyboardIdentifier)),
                        ("reference", s.isReference ? .object([("storyboard", .str(s.referencedStoryboard)), ("identifier", .str(s.referencedIdentifier))]) : .null),
                        ("instances", .strings(instances[b.name + "\u{0}" + s.id] ?? [])),
                    ])
                })),
                ("segues", .array(segues)),
            ])
        })
    }

    /// What `segue` with no identifier lists: the segues with an identifier the screen's view
    /// controllers can perform, top first (`State.segueSources`): `identifier`,
    /// `viewController` (what `segue ID from NAME` names), `storyboard`, `scene` and `segue`
    /// (the ids on the map), `kind`, `destination` (the class it makes), `fromControl`.
    static func segues(_ state: State) -> JSON {
        guard state.isRunning, !state.storyboards.isEmpty else { return .array([]) }
        var out: [JSON] = []
        for id in state.segueSources() {
            for (b, scene, g) in state.performableSegues(from: id) {
                out.append(.object([
                    ("identifier", .str(g.identifier)),
                    ("viewController", .string(state[id].name)),
                    ("storyboard", .string(b)),
                    ("scene", .string(scene.id)),
                    ("segue", .string(g.id)),
                    ("kind", .string(g.kind.rawValue)),
                    ("destination", .string(state.destinationName(of: g, in: b))),
                    ("fromControl", .bool(g.fromControl)),
                ]))
            }
        }
        return .array(out)
    }

    static func windowSubviews(_ state: State) -> JSON {
        guard state.isRunning else { return .array([]) }
        let onScreen = Set(state.screen())
        return .array(state.window.subviews.map { subview in
            let vcs = state.viewControllers(in: subview)
            var fields: [(String, JSON)] = []
            switch subview {
            case .rootView:
                fields.append(("kind", .string("rootView")))
                fields.append(("presented", .null))
            case .transitionView(let presented):
                fields.append(("kind", .string("transitionView")))
                fields.append(("presented", .str(state.name(presented))))
                let style = state.viewControllers[presented]?.presentation?.style
                fields.append(("style", .str(style.map { $0.rawValue })))
                let layer = PageDocument.layer(style ?? .fullScreen, on: state.device)
                fields.append(("look", .string(layer.look)))
                fields.append(("dims", .bool(layer.dims)))
                fields.append(("pushesBack", .bool(layer.pushesBack)))
                // Left behind: its presentation no longer hangs off the window's hierarchy (UIKit #4, #82).
                let attached = state.viewControllers[presented] != nil && state.isAttachedToWindowHierarchy(presented)
                fields.append(("leftBehind", .bool(!attached)))
            }
            fields.append(("viewControllers", .strings(vcs.map { state[$0].name })))
            fields.append(("visible", .bool(vcs.contains { onScreen.contains($0) })))
            return .object(fields)
        })
    }

    /// How the phone draws a presented view controller's layer in the style in effect
    /// (`ModalPresentationStyle.resolved(on:)` gave it) on `device`, so that the page keeps no
    /// UIKit rule: `look` — a card across a compact screen (`sheet`: page and form sheets from
    /// iOS 13, a popover there too, UIKit #165, #171), a card in the middle of a regular one
    /// (`formSheet`), a `popover`, a view the presenter shows through (`over`, UIKit #19), or a
    /// `cover` hiding what is below; `dims`: a dimming view lies between it and what it covers;
    /// `pushesBack`: what it covers recedes, smaller and darker (the sheets of iOS 13 and later).
    static func layer(_ style: ModalPresentationStyle, on device: Device) -> (look: String, dims: Bool, pushesBack: Bool) {
        let look: String
        switch style {
        case .pageSheet, .formSheet: look = device.isCompact ? "sheet" : "formSheet"
        case .popover: look = "popover"
        case .overFullScreen, .overCurrentContext: look = "over"
        default: look = "cover"
        }
        let dims = style == .pageSheet || style == .formSheet || style == .popover
        let pushesBack = device.iOS >= 13 && (style == .pageSheet || (style == .formSheet && device.isCompact))
        return (look, dims, pushesBack)
    }

    /// Who holds `id`, and why it is alive when it is leaked.
    static func memoryEntry(_ state: State, _ id: VCID, leaked: Bool) -> JSON {
        .object([
            ("heldBy", .array(state.references(to: id).map { holder(state, $0) })),
            ("leakCause", leaked ? .string(state.leakCause(id)) : .null),
        ])
    }

    /// One element of `heldBy`: who holds the view controller, in which property.
    /// `GET /api/inspect?name=NAME&seq=SEQ`: what the page's inspector shows of one view
    /// controller beyond its entry in the state document: its retain path from a root (the
    /// `why` answer, as a chain and as the prompt prints it), whether the app can reach it,
    /// and what the restoration archive holds for its restoration path. Nil when no view
    /// controller of that name is allocated.
    public static func inspect(_ state: State, name: String, seq: Int) -> JSON? {
        guard let vc = state.vc(named: name) else { return nil }
        let id = vc.id
        let path = state.retainPath(to: id) ?? []
        let reachable = state.isAppReachable(id)
        let restorationPath = vc.restorationIdentifier == nil ? nil : state.restorationPath(of: id)
        var archive: JSON = .null
        if let file = state.application.data.archive {
            switch file {
            case .valid(let a):
                let entry = restorationPath.flatMap { p in a.entries.first { $0.pathText == p } }
                archive = .object([
                    ("exists", .bool(true)),
                    ("damaged", .null),
                    ("entry", entry.map(archiveEntry) ?? .null),
                ])
            case .damaged(let reason):
                archive = .object([("exists", .bool(true)), ("damaged", .string(reason)), ("entry", .null)])
            }
        }
        return .object([
            ("seq", .int(seq)),
            ("name", .string(name)),
            ("retainPath", .array(path.map { ref in
                var fields = holderFields(state, ref.holder)
                fields.append(("property", .string(ref.property)))
                fields.append(("target", .string(state[ref.target].name)))
                return .object(fields)
            })),
            ("reachable", .bool(reachable)),
            ("leakCause", reachable ? .null : .string(state.leakCause(id))),
            ("why", .string(state.renderWhy(id))),
            ("restorationPath", .str(restorationPath)),
            ("archive", archive),
        ])
    }

    static func archiveEntry(_ e: ArchivedViewController) -> JSON {
        let sorted = { (d: [String: String]) -> JSON in .object(d.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) }
        return .object([
            ("path", .string(e.pathText)),
            ("class", .string(e.className)),
            ("foundBy", .string(e.foundBy)),
            ("relation", .string(e.relationText)),
            ("selectedIndex", e.selectedIndex.map(JSON.int) ?? .null),
            ("encodesChildren", .bool(e.encodesChildren)),
            ("state", sorted(e.state)),
            ("viewState", sorted(e.viewState)),
        ])
    }

    static func holderFields(_ state: State, _ holder: Reference.Holder) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("holder", .string(state.describe(holder)))]
        switch holder {
        case .window: fields.append(("kind", .string("window")))
        case .transitionView(let p):
            fields.append(("kind", .string("transitionView")))
            fields.append(("viewController", .str(state.name(p))))
        case .viewController(let v):
            fields.append(("kind", .string("viewController")))
            fields.append(("viewController", .str(state.name(v))))
        case .app(let label):
            fields.append(("kind", .string("app")))
            fields.append(("label", .string(label)))
        }
        return fields
    }

    static func holder(_ state: State, _ ref: Reference) -> JSON {
        var fields = holderFields(state, ref.holder)
        fields.append(("property", .string(ref.property)))
        fields.append(("strong", .bool(ref.isStrong)))
        return .object(fields)
    }

    /// One timeline entry: `log --json`'s elements for its events, plus what the page needs.
    public static func entry(_ entry: Entry, index: Int, cursor: Int) -> JSON {
        var b = JSONBuilder()
        write(entry, index: index, cursor: cursor, into: &b)
        return b.result
    }

    static func write<S: JSONSink>(_ entry: Entry, index: Int, cursor: Int, into s: inout S) {
        s.beginObject()
        s.field("index", index)
        s.field("seq", entry.seq)
        s.field("command", entry.command)
        s.field("comment", entry.comment)
        s.field("kind", kind(entry))
        s.field("status", entry.status.rawValue)
        s.field("reason", entry.reason)
        s.field("current", index == cursor)
        // After an undo the entries past the cursor are still there, for redo.
        s.field("undone", index > cursor)
        s.key(literal: "events")
        s.beginArray(flat: entry.events.isEmpty)
        for event in entry.events { event.write(seq: entry.seq, command: entry.command, into: &s) }
        s.endArray()
        s.endObject()
    }

    static func kind(_ entry: Entry) -> String {
        switch entry.change {
        case .start: "start"
        case .reset: "reset"
        case .command, .turn: "command"
        }
    }

    /// `GET /api/history`: every step of the timeline, oldest first, written as it is made
    /// (as values first, at 10,000 steps — 11 MB of text — it took about 40 MB more, and the
    /// browser's module keeps its memory's peak for good).
    public static func historyText(_ session: Session) -> String {
        var estimate = 64
        for entry in session.entries {
            // {"index":…,"seq":…,"command":"…","comment":…,"kind":"command","status":"…","reason":…,"current":false,"undone":false,"events":[]},
            estimate += 176 + entry.command.utf8.count + (entry.comment?.utf8.count ?? 0) + (entry.reason?.utf8.count ?? 0)
            for event in entry.events { estimate += event.jsonSize(command: entry.command) }
        }
        return JSONWriter.text(pretty: false, estimatedSize: estimate) { w in
            let cursor = session.cursor
            w.beginObject()
            w.field("seq", session.seq)
            w.field("cursor", cursor)
            w.key(literal: "entries")
            w.beginArray(flat: session.entries.isEmpty)
            for (index, entry) in session.entries.enumerated() { write(entry, index: index, cursor: cursor, into: &w) }
            w.endArray()
            w.endObject()
        }
    }

    /// The timeline index of the entry with this `seq`, if it is still on the timeline.
    public static func index(ofSeq seq: Int, in entries: [Entry]) -> Int? {
        // Entries are in increasing seq order (seqs are never reused): a binary search.
        var low = 0, high = entries.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if entries[mid].seq == seq { return mid }
            if entries[mid].seq < seq { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// `GET /api/verbs`: the verb table, for the page's completion and help.
    public static func verbs() -> JSON {
        .object([
            ("verbs", .array(VerbTable.all.map { verb in
                .object([
                    ("name", .string(verb.name)),
                    ("group", .string(verb.group.rawValue)),
                    ("syntax", .string(verb.syntax)),
                    ("summary", .string(verb.summary)),
                    ("uikit", .string(verb.uikit)),
                    ("examples", .strings(verb.examples)),
                    ("arguments", .array(verb.arguments.map(argument))),
                ])
            })),
            ("styles", .strings(ModalPresentationStyle.allCases.map { $0.rawValue })),
            ("settingKeys", .strings(State.settingKeys.map { $0.key })),
            ("containers", .strings(["Nav", "Tab", "Split", "Page", "Root"])),
            ("facts", .strings(Expectation.factKeywords)),
        ])
    }

    static func argument(_ kind: ArgumentKind) -> JSON {
        switch kind {
        case .spec: return .object([("kind", .string("spec"))])
        case .name: return .object([("kind", .string("name"))])
        case .className: return .object([("kind", .string("className"))])
        case .appName: return .object([("kind", .string("appName"))])
        case .style: return .object([("kind", .string("style"))])
        case .settingKey: return .object([("kind", .string("settingKey"))])
        case .file: return .object([("kind", .string("file"))])
        case .integer: return .object([("kind", .string("integer"))])
        case .fact: return .object([("kind", .string("fact"))])
        case .verb: return .object([("kind", .string("verb"))])
        case .segue: return .object([("kind", .string("segue"))])
        case .storyboardID: return .object([("kind", .string("storyboardID"))])
        case .keyword(let words): return .object([("kind", .string("keyword")), ("words", .strings(words))])
        }
    }

    /// One output line, with the style the REPL colours it by.
    public static func line(_ line: OutputLine) -> JSON {
        .object([("style", .string(line.style.rawValue)), ("text", .string(line.text))])
    }

    public static func error(_ e: NavLabError) -> JSON {
        .object([
            ("kind", .string(e.kind.rawValue)),
            ("message", .string(e.message)),
            ("line", .int(e.location.line)),
            ("column", .int(e.location.column)),
            ("suggestion", .str(e.suggestion)),
        ])
    }

    /// `GET /api/facts/N`: a UIKit fact, its paragraphs as plain text (links kept as `title <url>`).
    public static func fact(_ f: UIKitFact) -> JSON {
        .object([
            ("number", .int(f.number)),
            ("title", .string(UIKitFacts.plain(f.title))),
            ("section", .string(f.section)),
            ("paragraphs", .array(f.paragraphs.map { .string($0) })),
        ])
    }
}
