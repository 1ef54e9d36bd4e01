/// A JSON value with ordered object keys, so documents read in the order Docs/Page.md gives and are
/// byte-for-byte deterministic.
public indirect enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// JSON text serialized already (a part of a document kept as text), written as is.
    case raw(String)

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }
    public func hash(into h: inout Hasher) { h.combine(serialized()) }

    public static func str(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }
    public static func strings(_ a: [String]) -> JSON { .array(a.map(JSON.string)) }

    public subscript(key: String) -> JSON? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// Compact (one line) or pretty (two-space indent; arrays of scalars on one line).
    public func serialized(pretty: Bool = false) -> String {
        var w = JSONWriter(pretty: pretty)
        w.replay(self)
        return w.text
    }
}

extension State {
    /// The state document (`tree --json`, `run --json`, `GET /api/state`; Docs/Page.md).
    public func json(seq: Int) -> JSON {
        var b = JSONBuilder()
        writeDocument(seq: seq, into: &b)
        return b.result
    }

    /// The same document as text, written as it is produced (no value is built first).
    /// `indent`: spaces before every line (pretty only), as a script's transcript shows it.
    public func jsonText(seq: Int, pretty: Bool = false, indent: Int = 0) -> String {
        // About 560 bytes per view controller pretty (420 compact): a generous estimate is only
        // address space.
        let estimate = estimatedDocumentSize(bytesPerViewController: 1024)
        return JSONWriter.text(pretty: pretty, indent: indent, estimatedSize: estimate + (pretty ? indent * viewControllers.count * 24 : 0)) { writeDocument(seq: seq, into: &$0) }
    }

    /// What to reserve for the document's text: `bytesPerViewController` each, and each name
    /// in a long list of children twice more (a stack's `children`, and `allocated`).
    public func estimatedDocumentSize(bytesPerViewController: Int) -> Int {
        var listed = 0
        for vc in viewControllers.values where vc.children.count > 8 { listed += vc.children.count }
        return 8192 + viewControllers.count * bytesPerViewController + listed * 2 * 48
    }

    /// The state document, field by field, into `sink`.
    public func writeDocument<S: JSONSink>(seq: Int, into sink: inout S) {
        sink.beginObject()
        writeDocumentFields(seq: seq, into: &sink)
        sink.endObject()
    }

    /// The document's members, inside an object the caller opened (and may add to: the page's
    /// document does, and then closes it).
    public func writeDocumentFields<S: JSONSink>(seq: Int, into sink: inout S) {
        let inWindow = Set(windowViewControllers())
        let ids = allocatedIDs
        // Every name once, by id: the long lists (a stack's children, `allocated`) then cost
        // no lookups in the model.
        // From the names table, not the instances: reading a name out of an instance copies
        // the whole instance. (Any instance the table missed is read the slow way.)
        var names = [String](repeating: "", count: nextID)
        for (name, id) in self.names where id.raw < nextID { names[id.raw] = name }
        for id in ids where names[id.raw].isEmpty { names[id.raw] = self[id].name }
        var shown = [Bool](repeating: false, count: nextID)
        for id in inWindow where id.raw < nextID { shown[id.raw] = true }
        let lookup = NameLookup(names: names, shown: shown, count: nextID)
        let top = topLevelJSON(seq: seq, application: true)
        for (k, v) in top {
            sink.key(k)
            sink.value(v)
            guard k == "top" else { continue }
            sink.key("viewControllers")
            sink.beginObject()
            for id in ids {
                sink.key(names[id.raw])
                writeViewController(id, inWindow: inWindow, names: lookup, into: &sink)
            }
            sink.endObject()
            sink.field("allocated", strings: ids.lazy.map { names[$0.raw] })
            sink.field("leaked", strings: leaked(among: ids, links: lookup.links).lazy.map { names[$0.raw] })
        }
    }

    /// Names by id, gathered once for a whole document.
    /// What a whole document's entries look up, gathered once: names and whether each is in
    /// the window by id, and each ancestor's nearest presented and presenting view controllers
    /// once found (a stack of 100,000 has one parent: it is read once, not copied 100,000 times).
    struct NameLookup {
        let names: [String]
        let shown: [Bool]
        final class Nearest {
            @exclusivity(unchecked) var found: [(known: Bool, presented: VCID?, presenting: VCID?)]
            init(count: Int) { found = Array(repeating: (false, nil, nil), count: count) }
        }
        let nearest: Nearest
        /// Each entry's links up (its parent, its presenter) and down (what it presents) by
        /// id, noted as the entry is written: `leaked` is then worked out from these arrays
        /// instead of reading every view controller out of the model a second time.
        final class Links {
            // Written once per entry, only here, one call at a time: without the dynamic
            // exclusivity checks a class's properties get, noting an entry is a few stores.
            @exclusivity(unchecked) var written: [Bool]
            @exclusivity(unchecked) var parent: [Int]
            @exclusivity(unchecked) var presenter: [Int]
            @exclusivity(unchecked) var presented: [Int]
            init(count: Int) {
                written = Array(repeating: false, count: count)
                parent = Array(repeating: -1, count: count)
                presenter = Array(repeating: -1, count: count)
                presented = Array(repeating: -1, count: count)
            }
            func note(_ id: VCID, _ vc: ViewController) {
                guard id.raw >= 0, id.raw < written.count else { return }
                written[id.raw] = true
                parent[id.raw] = vc.parent?.raw ?? -1
                presenter[id.raw] = vc.presenter?.raw ?? -1
                presented[id.raw] = vc.presentedChild?.raw ?? -1
            }
        }
        let links: Links
        init(names: [String], shown: [Bool], count: Int) {
            self.names = names
            self.shown = shown
            nearest = Nearest(count: count)
            links = Links(count: count)
        }
        func callAsFunction(_ id: VCID) -> String { names[id.raw] }
    }

    /// `leaked(among:)` from the links a document noted: `isAppReachable` for each id (up its
    /// parents, and its presenter while that presents it, to a root the app holds), each
    /// answer kept for the ids below it. Invariants.swift checks that this walk up and
    /// `appReachable()`'s walk down agree.
    func leaked(among ids: [VCID], links: NameLookup.Links) -> [VCID] {
        let count = links.written.count
        // 0: not known yet; 1: reachable; 2: not; 3: on the walk under way (a cycle: not).
        var known = [UInt8](repeating: 0, count: count)
        func mark(_ id: VCID?) { if let id, id.raw >= 0, id.raw < count, links.written[id.raw] { known[id.raw] = 1 } }
        mark(window.rootViewController)
        for scene in otherScenes { mark(scene.window.rootViewController) }
        for h in holds { mark(h.viewController) }
        var chain: [Int] = []
        var out: [VCID] = []
        for id in ids {
            guard id.raw >= 0, id.raw < count else { out.append(id); continue }
            var current = id.raw
            var answer: UInt8 = 2
            chain.removeAll(keepingCapacity: true)
            while true {
                let k = known[current]
                if k == 1 || k == 2 { answer = k; break }
                if k == 3 || !links.written[current] { answer = 2; break }
                known[current] = 3
                chain.append(current)
                let p = links.parent[current], presenter = links.presenter[current]
                if p >= 0 { current = p }
                else if presenter >= 0, presenter < count, links.presented[presenter] == current { current = presenter }
                else { answer = 2; break }
                guard current < count else { answer = 2; break }
            }
            for c in chain { known[c] = answer }
            if answer != 1 { out.append(id) }
        }
        return out
    }

    /// `id`'s own presented and presenting view controllers, or its nearest ancestor's (UIKit
    /// #15, #16), remembered in `memo` for the next child of the same parent. A loop, not
    /// recursion: containment may be nested deep.
    private func nearestPresentation(of id: VCID, memo: NameLookup.Nearest) -> (presented: VCID?, presenting: VCID?) {
        // Up to the first ancestor known (or the top), then down again filling each in.
        var chain: [(id: VCID, presented: VCID?, presenting: VCID?)] = []
        var above: (presented: VCID?, presenting: VCID?) = (nil, nil)
        var current: VCID? = id
        while let c = current {
            if c.raw < memo.found.count, memo.found[c.raw].known { above = (memo.found[c.raw].presented, memo.found[c.raw].presenting); break }
            let vc = self[c]
            chain.append((c, vc.presentedChild, vc.presenter))
            current = vc.parent
        }
        for link in chain.reversed() {
            above = (link.presented ?? above.presented, link.presenting ?? above.presenting)
            if link.id.raw < memo.found.count { memo.found[link.id.raw] = (true, above.presented, above.presenting) }
        }
        return above
    }

    func applicationJSON() -> JSON {
        .object([
            ("state", .string(application.state.rawValue)),
            ("launches", .int(application.launches)),
            ("archive", .object([
                ("exists", .bool(application.data.archive != nil)),
                ("paths", .strings(application.archive?.paths ?? [])),
            ])),
            ("optIn", application.optIn.implemented
                ? .object([("save", .bool(application.optIn.save)), ("restore", .bool(application.optIn.restore))]) : .null),
            ("installed", .bool(application.data.installed)),
            ("scenes", .bool(application.usesScenes)),
            ("stateRestorationActivity", application.data.activity.map { a in .object(a.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) } ?? .null),
            ("defaults", .object(application.defaults.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ])
    }

    /// `sceneSessions`: the session in front, then the others by number, each with
    /// whether its scene is connected, its window's root and its saved activity.
    func sceneSessionsJSON() -> [JSON] {
        func activity(_ a: [String: String]?) -> JSON { a.map { a in .object(a.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) } ?? .null }
        guard application.usesScenes else { return [] }
        var out: [JSON] = [.object([
            ("session", .int(application.data.frontSession)), ("front", .bool(true)), ("connected", .bool(isRunning)),
            ("rootViewController", .str(isRunning ? name(window.rootViewController) : nil)),
            ("stateRestorationActivity", activity(application.data.activity)),
        ])]
        for s in application.data.otherSessions {
            let scene = otherScenes.first { $0.session == s.number }
            out.append(.object([
                ("session", .int(s.number)), ("front", .bool(false)), ("connected", .bool(scene != nil)),
                ("rootViewController", .str(name(scene?.window.rootViewController))),
                ("stateRestorationActivity", activity(s.activity)),
            ]))
        }
        return out
    }

    /// The document's top-level fields but `viewControllers`, `allocated` and `leaked` (and,
    /// without `application`, that one too): each O(what is on screen), not O(n).
    public func topLevelJSON(seq: Int, application includeApplication: Bool) -> [(String, JSON)] {
        var out: [(String, JSON)] = [("seq", .int(seq))]
        if includeApplication { out.append(("application", applicationJSON())) }
        out += [
            ("window", .object([
                ("rootViewController", .str(name(window.rootViewController))),
                ("transitionViews", .int(window.transitionViewCount)),
                ("isKeyWindow", .bool(window.isKey)),
            ])),
            ("screen", .strings(screen().map { self[$0].name })),
            ("top", .str(name(top()))),
            ("holds", .array(holds.map { .object([("label", .string($0.label)), ("viewController", .string(self[$0.viewController].name))]) })),
            ("device", .object([("idiom", .string(device.idiom.rawValue)), ("iOS", .int(device.iOS)), ("version", .string(device.version)), ("sdk", .int(device.sdkVersion)), ("sdkIsDefault", .bool(device.sdk == nil))])),
            ("initial", .str(initial?.text)),
            // Every scene session, the one in front first (UIKit #211, #213): here, not under
            // `application`, because it shows the windows too.
            ("sceneSessions", .array(sceneSessionsJSON())),
        ]
        return out
    }

    /// One entry of `viewControllers`. Without `childLists`, the arrays that list the children
    /// (`children`, and `viewControllers` of navigation, tab bar and page view controllers) are
    /// left out: a change records those as splices (PagePatch).
    public func json(for id: VCID, inWindow: Set<VCID>, childLists: Bool = true) -> JSON {
        var b = JSONBuilder()
        writeViewController(id, inWindow: inWindow, childLists: childLists, into: &b)
        return b.result
    }

    /// One entry of `viewControllers`, into `sink` (see `json(for:inWindow:childLists:)`).
    public func writeViewController<S: JSONSink>(_ id: VCID, inWindow: Set<VCID>, childLists: Bool = true, into sink: inout S) {
        writeViewController(id, inWindow: inWindow, childLists: childLists, names: nil, into: &sink)
    }

    func writeViewController<S: JSONSink>(_ id: VCID, inWindow: Set<VCID>, childLists: Bool = true, names lookup: NameLookup?, into sink: inout S) {
        let vc = self[id]
        lookup?.links.note(id, vc)
        let shown = lookup.map { id.raw < $0.shown.count && $0.shown[id.raw] } ?? inWindow.contains(id)
        func name(_ id: VCID?) -> String? { id.map { lookup?($0) ?? self[$0].name } }
        // Made with a plain (non-escaping) map: a lazy one's closure would keep `name`, and
        // with it a copy of the whole State, for every view controller written.
        func names(_ ids: [VCID]) -> [String] { ids.map { name($0)! } }
        // `presentedViewController` and `presentingViewController`: its own, or its nearest
        // ancestor's (UIKit #15, #16), found in one walk up.
        var presented = vc.presentedChild, presenting = vc.presenter
        if presented == nil || presenting == nil, let parent = vc.parent {
            if let lookup {
                let up = nearestPresentation(of: parent, memo: lookup.nearest)
                presented = presented ?? up.presented
                presenting = presenting ?? up.presenting
            } else {
                var up: VCID? = parent
                while let u = up, presented == nil || presenting == nil {
                    let a = self[u]
                    if presented == nil { presented = a.presentedChild }
                    if presenting == nil { presenting = a.presenter }
                    up = a.parent
                }
            }
        }
        sink.beginObject()
        sink.field("class", vc.className)
        sink.field("kind", vc.kind.rawValue)
        sink.field("parent", name(vc.parent))
        if childLists { sink.field("children", strings: names(vc.children)) }
        sink.field("presentedViewController", name(presented))
        sink.field("presentingViewController", name(presenting))
        sink.field("modalPresentationStyle", vc.modalPresentationStyle.rawValue)
        sink.field("presentationStyle", vc.presentation?.style.rawValue)
        sink.field("definesPresentationContext", vc.definesPresentationContext)
        sink.field("restorationIdentifier", vc.restorationIdentifier)
        sink.field("restorationPath", vc.restorationIdentifier == nil ? nil : restorationPath(of: id))
        sink.field("isViewLoaded", vc.isViewLoaded)
        sink.field("inWindow", shown)
        sink.field("appearance", shown ? "appeared" : "disappeared")
        sink.field("restored", vc.restored)
        sink.key("properties")
        sink.beginObject()
        for (k, v) in vc.properties.sorted(by: { $0.key < $1.key }) { sink.key(k); sink.string(v) }
        sink.endObject()
        switch vc.kind {
        case .navigation:
            if childLists { sink.field("viewControllers", strings: names(vc.children)) }
            sink.field("topViewController", name(vc.children.last))
        case .tabBar:
            if childLists { sink.field("viewControllers", strings: names(vc.children)) }
            sink.field("selectedIndex", vc.selectedIndex)
        case .page:
            if childLists { sink.field("viewControllers", strings: names(vc.children)) }
        case .split:
            sink.field("viewControllers", strings: visibleChildren(of: id).map { self[$0].name })
        case .plain, .container: break
        }
        if vc.kind == .page { sink.field("transitionStyle", vc.transitionStyle.rawValue) }
        sink.endObject()
    }

    /// The restoration identifiers from the window's root down to `id` (UIKit #129), or nil
    /// when `id` or an ancestor has none (UIKit #120) or it is not in the root's hierarchy.
    public func restorationPath(of id: VCID) -> String? {
        var components: [String] = []
        var current: VCID? = id
        var seen: Set<VCID> = []
        while let c = current, seen.insert(c).inserted {
            guard let rid = self[c].restorationIdentifier else { return nil }
            components.append(rid)
            if c == window.rootViewController { return components.reversed().joined(separator: "/") }
            current = self[c].parent ?? self[c].presenter
        }
        return nil
    }
}

extension Event {
    /// One element of `log --json` (Docs/Page.md, "The state document").
    public func json(seq: Int, command: String) -> JSON {
        var b = JSONBuilder()
        write(seq: seq, command: command, into: &b)
        return b.result
    }

    /// The element, written into a sink as it is made (a timeline's history and the log are
    /// 100,000 of these: built as values first, they took four times the text's memory).
    public func write<S: JSONSink>(seq: Int, command: String, into s: inout S) {
        s.beginObject()
        s.field("seq", seq)
        s.field("command", command)
        s.field("callback", callback)
        if let viewController { s.field("viewController", viewController) }
        if let animated { s.field("animated", animated) }
        if isMove { s.field("parent", parent) }
        if let message { s.field("message", message) }
        if depth > 0 { s.field("depth", depth) }
        s.endObject()
    }

    /// About the bytes `write` makes, compact, and the comma before it: what to reserve for a
    /// document of many (a string's escapes aside).
    public func jsonSize(command: String) -> Int {
        var n = 56 + command.utf8.count + callback.utf8.count  // {"seq":…,"command":"…","callback":"…"},
        if let viewController { n += 20 + viewController.utf8.count }
        if animated != nil { n += 17 }
        if isMove { n += 14 + (parent?.utf8.count ?? 0) }
        if let message { n += 14 + message.utf8.count }
        if depth > 0 { n += 12 }
        return n
    }
}
