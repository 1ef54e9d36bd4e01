import NavLabCore

/// What one step of the timeline changed, as the page shows it while that step is viewed: the
/// view controllers it made and changed (the tree marks them) and a line for each change (the
/// "what changed" box). Read from the states before and after the step, for the view
/// controllers the step touched (its StateChange) and those in the window on either side;
/// never the whole tree. Sent with `GET /api/history/SEQ?from=` as `change`.
enum PageChange {
    /// The fields of a view controller's entry in the state document that the page compares.
    static let compared = ["parent", "children", "presentedViewController", "presentingViewController", "presentationStyle",
                           "isViewLoaded", "inWindow", "appearance", "selectedIndex", "viewControllers", "properties", "restored"]
    /// Names written out in one line before "and N more".
    static let listed = 12

    /// One view controller on one side: its compared fields but the child lists, and its
    /// children by id (a stack of 10,000 is compared as ids, and only the names a line
    /// prints are looked up).
    struct Entry {
        var id: VCID
        var name: String
        var fields: [(String, JSON)]
        var children: [VCID]
        /// `viewControllers` is its children (a navigation, tab bar or page view controller).
        var listsChildren: Bool
    }

    /// One side of the step: the document's parts the page compares.
    struct Side {
        var root: String?
        var transitionViews: Int
        var application: String
        var screen: [String]
        /// Each candidate that exists on this side, in allocation order.
        var viewControllers: [Entry]
        var position: [VCID: Int] = [:]

        init(_ state: State, _ ids: Set<VCID>) {
            root = state.window.rootViewController.map { state[$0].name }
            transitionViews = state.window.transitionViewCount
            application = state.application.state.rawValue
            screen = state.screen().map { state[$0].name }
            let inWindow = Set(state.windowViewControllers())
            viewControllers = ids.sorted().compactMap { id in
                guard let vc = state.viewControllers[id],
                      case .object(let pairs) = state.json(for: id, inWindow: inWindow, childLists: false) else { return nil }
                return Entry(id: id, name: vc.name, fields: pairs.filter { PageChange.compared.contains($0.0) }, children: vc.children,
                             listsChildren: vc.kind == .navigation || vc.kind == .tabBar || vc.kind == .page)
            }
            for (i, e) in viewControllers.enumerated() { position[e.id] = i }
        }

        func entry(_ id: VCID) -> Entry? { position[id].map { viewControllers[$0] } }
    }

    /// `{"added": [names], "changed": [names], "lines": [{"kind": "add"|"del"|"mod", "text": …}]}`
    /// for the step at `index` (nil for the first entry, which changed nothing). `leaked`
    /// gives the names leaked after step `index - 1` and after step `index` (the page's
    /// tracker knows them without walking the tree).
    static func json(_ session: Session, at index: Int, leaked: (before: [String], after: [String])) -> JSON? {
        guard index > 0, index < session.entries.count else { return nil }
        let delta = session.entries[index].delta
        // A reset replaces the whole state: like the page, it compares no view controller.
        var ids: Set<VCID> = delta.replacesWholeState ? [] : Set(delta.viewControllers.keys)
        // After the step: the window, and the children of what it touched (only a touched
        // view controller's children change).
        var childrenAfter: [VCID: [VCID]] = [:]
        let windowAfter = session.withState(at: index) { state -> Set<VCID> in
            for id in ids { if let vc = state.viewControllers[id] { childrenAfter[id] = vc.children } }
            return Set(state.windowViewControllers())
        }
        // Before it: that side, and the names of the children lost (they may be gone after).
        var names: [VCID: String] = [:]
        let before = session.withState(at: index - 1) { state -> Side in
            if !delta.replacesWholeState { ids.formUnion(windowAfter.union(state.windowViewControllers())) }
            let side = Side(state, ids)
            for e in side.viewControllers {
                guard let now = childrenAfter[e.id], now != e.children else { continue }
                let kept = Set(now)
                for c in e.children.filter({ !kept.contains($0) }).prefix(listed) { names[c] = state[c].name }
            }
            return side
        }
        // After it: that side, and the names of the children gained (or of a short list reordered).
        let after = session.withState(at: index) { state -> Side in
            let side = Side(state, ids)
            for e in side.viewControllers {
                guard let was = before.entry(e.id)?.children, was != e.children else { continue }
                let old = Set(was)
                let shown = e.children.count <= listed ? e.children : Array(e.children.filter { !old.contains($0) }.prefix(listed))
                for c in shown { names[c] = state[c].name }
            }
            return side
        }
        return describe(before, after, names: names, leaked: leaked)
    }

    static func describe(_ a: Side, _ b: Side, names childNames: [VCID: String], leaked: (before: [String], after: [String])) -> JSON {
        var lines: [(String, String)] = []
        let added = b.viewControllers.filter { a.entry($0.id) == nil }.map { $0.name }
        let removed = a.viewControllers.filter { b.entry($0.id) == nil }.map { $0.name }
        if a.root != b.root { lines.append(("mod", "window.rootViewController: \(a.root ?? "nil") → \(b.root ?? "nil")")) }
        if a.transitionViews != b.transitionViews {
            lines.append((b.transitionViews > a.transitionViews ? "del" : "mod", "UITransitionViews in the window: \(a.transitionViews) → \(b.transitionViews)"))
        }
        if a.application != b.application { lines.append(("mod", "application state: \(a.application) → \(b.application)")) }
        if !added.isEmpty { lines.append(("add", "+ allocated: \(names(added))")) }
        if !removed.isEmpty { lines.append(("del", "− deallocated: \(names(removed))")) }
        let wasLeaked = Set(leaked.before)
        let newLeaks = leaked.after.filter { !wasLeaked.contains($0) }
        if !newLeaks.isEmpty { lines.append(("del", "leaked: \(names(newLeaks))")) }
        elementLines(&lines, "screen", a.screen.map(JSON.string), b.screen.map(JSON.string))
        var changed: [String] = []
        for e in b.viewControllers {
            guard let was = a.entry(e.id) else { continue }
            var differs = false
            for key in compared {
                if key == "children" || (key == "viewControllers" && e.listsChildren) {
                    guard was.children != e.children else { continue }
                    differs = true
                    childLines(&lines, "\(e.name).\(key)", was.children, e.children, childNames)
                    continue
                }
                let from = value(key, was.fields), to = value(key, e.fields)
                guard from.serialized() != to.serialized() else { continue }
                differs = true
                if key == "inWindow" { continue } // appearance says it
                if case .array = from { elementLines(&lines, "\(e.name).\(key)", items(from), items(to)) }
                else if case .array = to { elementLines(&lines, "\(e.name).\(key)", items(from), items(to)) }
                else if case .object = from { keyLines(&lines, "\(e.name).\(key)", pairs(from), pairs(to)) }
                else if case .object = to { keyLines(&lines, "\(e.name).\(key)", pairs(from), pairs(to)) }
                else { lines.append(("mod", "\(e.name).\(key): \(show(from)) → \(show(to))")) }
            }
            if differs { changed.append(e.name) }
        }
        return .object([
            ("added", .strings(added)),
            ("changed", .strings(changed)),
            ("lines", .array(lines.map { .object([("kind", .string($0.0)), ("text", .string($0.1))]) })),
        ])
    }

    /// A value as the page prints it: nil, a string as it is, anything else as JSON.
    static func show(_ v: JSON) -> String {
        switch v {
        case .null: return "nil"
        case .string(let s): return s
        default: return v.serialized()
        }
    }

    static func names(_ list: [String]) -> String {
        list.count > listed ? list.prefix(listed).joined(separator: ", ") + " and \(list.count - listed) more" : list.joined(separator: ", ")
    }

    /// The field `key` of an entry (null when it has none).
    static func value(_ key: String, _ fields: [(String, JSON)]) -> JSON { fields.first { $0.0 == key }?.1 ?? .null }

    static func items(_ v: JSON) -> [JSON] { if case .array(let a) = v { return a } else { return [] } }
    static func pairs(_ v: JSON) -> [(String, JSON)] { if case .object(let p) = v { return p } else { return [] } }

    /// An array's change as its elements: those added, those removed, and, when the same
    /// elements only changed places, the new order (short lists only). Never the whole array:
    /// a push on a stack of 10,000 is one line, `+ Details`.
    static func elementLines(_ lines: inout [(String, String)], _ label: String, _ from: [JSON], _ to: [JSON]) {
        let a = Set(from.map { $0.serialized() }), b = Set(to.map { $0.serialized() })
        let plus = to.filter { !a.contains($0.serialized()) }, minus = from.filter { !b.contains($0.serialized()) }
        if !plus.isEmpty {
            let at = plus.count == 1 ? to.firstIndex { $0.serialized() == plus[0].serialized() }.map { " (at \($0))" } ?? "" : ""
            lines.append(("add", "\(label): + \(names(plus.map(show)))\(at)"))
        }
        if !minus.isEmpty { lines.append(("del", "\(label): − \(names(minus.map(show)))")) }
        if plus.isEmpty, minus.isEmpty, from.count != to.count || from.map({ $0.serialized() }) != to.map({ $0.serialized() }) {
            lines.append(("mod", to.count <= listed ? "\(label): reordered to \(names(to.map(show)))" : "\(label): reordered (\(to.count) elements)"))
        }
    }

    /// A child list's change, as `elementLines` says an array's, by id: the names printed are
    /// the ones `json` looked up.
    static func childLines(_ lines: inout [(String, String)], _ label: String, _ from: [VCID], _ to: [VCID], _ names: [VCID: String]) {
        let a = Set(from), b = Set(to)
        let plus = to.filter { !a.contains($0) }, minus = from.filter { !b.contains($0) }
        func list(_ ids: [VCID]) -> String {
            let shown = ids.prefix(listed).map { names[$0] ?? "?" }.joined(separator: ", ")
            return ids.count > listed ? shown + " and \(ids.count - listed) more" : shown
        }
        if !plus.isEmpty {
            let at = plus.count == 1 ? to.firstIndex(of: plus[0]).map { " (at \($0))" } ?? "" : ""
            lines.append(("add", "\(label): + \(list(plus))\(at)"))
        }
        if !minus.isEmpty { lines.append(("del", "\(label): − \(list(minus))")) }
        if plus.isEmpty, minus.isEmpty {
            lines.append(("mod", to.count <= listed ? "\(label): reordered to \(list(to))" : "\(label): reordered (\(to.count) elements)"))
        }
    }

    /// An object's change (a view controller's `properties`) as the keys set, changed and removed.
    static func keyLines(_ lines: inout [(String, String)], _ label: String, _ from: [(String, JSON)], _ to: [(String, JSON)]) {
        for (key, value) in to {
            if let old = from.first(where: { $0.0 == key })?.1 {
                if old.serialized() != value.serialized() { lines.append(("mod", "\(label).\(key): \(show(old)) → \(show(value))")) }
            } else {
                lines.append(("add", "\(label).\(key): + \(show(value))"))
            }
        }
        for (key, value) in from where !to.contains(where: { $0.0 == key }) { lines.append(("del", "\(label).\(key): − \(show(value))")) }
    }
}
