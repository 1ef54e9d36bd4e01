/// The archive as NavLab keeps it on disk (`$NAVLAB_HOME/APP/archive.json`), written by the
/// engine's JSON writer; the shell writes the text to the file (NavLabStore, which also reads
/// every version back). Version 2: each entry's relation is a word (`root`, `child` with its
/// `index`, `presented` with its `style`). Version 1, before it (no `version` field), was the
/// layout Swift's synthesised Codable wrote (`"relation": {"child": {"_0": 1}}`).
extension Archive {
    /// The version `fileText` writes.
    public static let fileVersion = 2

    /// The archive file's text: `{"version": 2, "systemVersion", "idiom", "appState"?,
    /// "entries": [{"path", "relation", "index"?, "style"?, "parent"?, "className", "kind",
    /// "restorationClass", "storyboard", "selectedIndex"?, "encodesChildren", "state",
    /// "viewState"}]}`; an absent optional is left out, as is `appState` when empty.
    public func fileText() -> String {
        JSONWriter.text(pretty: true, estimatedSize: 256 + 320 * entries.count) { w in
            w.beginObject()
            w.field("version", Archive.fileVersion)
            w.field("systemVersion", systemVersion)
            w.field("idiom", idiom)
            if !appState.isEmpty { w.key(literal: "appState"); w.stringMap(appState) }
            w.key(literal: "entries")
            w.beginArray(flat: false)
            for e in entries {
                w.beginObject()
                w.field("path", strings: e.path)
                switch e.relation {
                case .root: w.field("relation", "root")
                case .child(let i): w.field("relation", "child"); w.field("index", i)
                case .presented(let style): w.field("relation", "presented"); w.field("style", style.rawValue)
                }
                if let p = e.parent { w.field("parent", p) }
                w.field("className", e.className)
                w.field("kind", e.kind.rawValue)
                w.field("restorationClass", e.restorationClass.rawValue)
                w.field("storyboard", e.storyboard)
                if let s = e.selectedIndex { w.field("selectedIndex", s) }
                w.field("encodesChildren", e.encodesChildren)
                w.key(literal: "state")
                w.stringMap(e.state)
                w.key(literal: "viewState")
                w.stringMap(e.viewState)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        } + "\n"
    }
}

extension JSONSink {
    /// A string-to-string dictionary as an object, its keys sorted (the same text every time).
    mutating func stringMap(_ d: [String: String]) {
        beginObject()
        for k in d.keys.sorted() { key(k); string(d[k]!) }
        endObject()
    }
}
