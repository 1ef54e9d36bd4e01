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
        /// Each candidate that exists on this side, by id.
        var viewControllers: [Entry]

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
        }

        /// The entry of `id` (they are in id order: a binary search).
        func entry(_ id: VCID) -> Entry? {
            var low = 0, high = viewControllers.count - 1
            while low <= high {
                let mid = (low + high) / 2
                if viewControllers[mid].id == id { return viewControllers[mid] }
                if viewControllers[mid].id < id { low = mid + 1 } else { high = mid - 1 }
            }
            return nil
        }
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
        var childrenAfter: [(VCID, [VCID])] = []
        let windowAfter = session.withState(at: index) { state -> Set<VCID> in
            for id in ids { if let vc = state.viewControllers[id] { childrenAfter.append((id, vc.children)) } }
            return Set(state.windowViewControllers())
        }
        // Before it: that side, and the names of the children lost (they may be gone after).
        var names: [(VCID, String)] = []
        let before = session.withState(at: index - 1) { state -> Side in
            if !delta.replacesWholeState { ids.formUnion(windowAfter.union(state.windowViewControllers())) }
            let side = Side(state, ids)
            for e in side.viewControllers {
                guard let now = childrenAfter.first(where: { $0.0 == e.id })?.1, now != e.children else { continue }
                let kept = Set(now)
                for c in e.children.filter({ !kept.contains($0) }).prefix(listed) { names.append((c, state[c].name)) }
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
                for c in shown { names.append((c, state[c].name)) }
            }
            return side
        }
        return describe(before, after, leaked: leaked) { id in names.first { $0.0 == id }?.1 ?? "?" }
    }

    static func describe(_ a: Side, _ b: Side, leaked: (before: [String], after: [String]), childName: (VCID) -> String) -> JSON {
        var lines: [(String, String)] = []
        let added = b.viewControllers.filter { a.entry($0.id) == nil }.map { $0.name }
        let removed = a.viewControllers.filter { b.entry($0.id) == nil }.map { $0.name }
        if a.root != b.root { lines.append(("mod", "window.rootViewController: \(a.root ?? "nil") → \(b.root ?? "nil")")) }
        if a.transitionViews != b.transitionViews {
            lines.append((b.transitionViews > a.transitionViews ? "del" : "mod", "UITransitionViews in the window: \(a.transitionViews) → \(b.transitionViews)"))
        }
        if a.application != b.application { lines.append(("mod", "application state: \(a.application) → \(b.application)")) }
        if !added.isEmpty { lines.append(("add", "+ allocated: \(list(added))")) }
        if !removed.isEmpty { lines.append(("del", "− deallocated: \(list(removed))")) }
        let wasLeaked = Set(leaked.before)
        let newLeaks = leaked.after.filter { !wasLeaked.contains($0) }
        if !newLeaks.isEmpty { lines.append(("del", "leaked: \(list(newLeaks))")) }
        if a.screen != b.screen { arrayLines(&lines, "screen", a.screen, b.screen, name: { $0 }) }
        var changed: [String] = []
        for e in b.viewControllers {
            guard let was = a.entry(e.id) else { continue }
            var differs = false
            for key in compared {
                if key == "children" || (key == "viewControllers" && e.listsChildren) {
                    guard was.children != e.children else { continue }
                    differs = true
                    arrayLines(&lines, "\(e.name).\(key)", was.children, e.children, name: childName)
                    continue
                }
                let from = value(key, was.fields), to = value(key, e.fields)
                guard from.serialized() != to.serialized() else { continue }
                differs = true
                let label = "\(e.name).\(key)"
                switch (from, to) {
                case (_, _) where key == "inWindow": break // appearance says it
                case (.array, _), (_, .array): arrayLines(&lines, label, strings(from), strings(to), name: { $0 })
                case (.object, _), (_, .object): keyLines(&lines, label, pairs(from), pairs(to))
                default: lines.append(("mod", "\(label): \(show(from)) → \(show(to))"))
                }
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

    /// At most `listed` names, then how many more.
    static func list(_ names: [String], count: Int? = nil) -> String {
        let count = count ?? names.count
        let shown = names.prefix(listed).joined(separator: ", ")
        return count > listed ? shown + " and \(count - listed) more" : shown
    }

    /// The field `key` of an entry (null when it has none).
    static func value(_ key: String, _ fields: [(String, JSON)]) -> JSON { fields.first { $0.0 == key }?.1 ?? .null }

    /// An array field's elements as the page prints them (its arrays hold names).
    static func strings(_ v: JSON) -> [String] { if case .array(let a) = v { return a.map(show) } else { return [] } }
    static func pairs(_ v: JSON) -> [(String, JSON)] { if case .object(let p) = v { return p } else { return [] } }

    /// A list's change as its elements: those added (where, when one), those removed, and, when
    /// the same elements only changed places, the new order (short lists only). Never the whole
    /// list: a push on a stack of 10,000 is one line, `+ Details (at 9999)`; only the names a
    /// line prints are asked of `name`.
    static func arrayLines<T: Hashable>(_ lines: inout [(String, String)], _ label: String, _ from: [T], _ to: [T], name: (T) -> String) {
        let a = Set(from), b = Set(to)
        let plus = to.filter { !a.contains($0) }, minus = from.filter { !b.contains($0) }
        if !plus.isEmpty {
            let at = plus.count == 1 ? to.firstIndex(of: plus[0]).map { " (at \($0))" } ?? "" : ""
            lines.append(("add", "\(label): + \(list(plus.prefix(listed).map(name), count: plus.count))\(at)"))
        }
        if !minus.isEmpty { lines.append(("del", "\(label): − \(list(minus.prefix(listed).map(name), count: minus.count))")) }
        if plus.isEmpty, minus.isEmpty {
            lines.append(("mod", to.count <= listed ? "\(label): reordered to \(list(to.map(name)))" : "\(label): reordered (\(to.count) elements)"))
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
