import NavLabCore

/// The page's document (PageDocument.state) as the clients last received it, kept in parts,
/// and the JSON Patch (RFC 6902) that takes it from one step to the next. What a step costs is
/// what it changed: the instances it touched (StateChange), the ones in the window before and
/// after, and the few top-level fields; never the whole document. Children arrays change by
/// the splices the engine recorded, so a push on a stack of 10,000 is a few small operations.
public struct PagePatcher: Sendable {
    /// Top-level fields other than `viewControllers`, `memory` and `allocated`, serialized.
    private var top: [String: String] = [:]
    /// The top-level fields sent part by part (`screen`, `windowSubviews`), as values.
    private var topValues: [String: JSON] = [:]
    /// Each instance's fields other than its child lists, serialized, in document order.
    private var fields: [VCID: [(String, String)]] = [:]
    private var names: [VCID: String] = [:]
    private var kinds: [VCID: Kind] = [:]
    /// Each instance's `memory` entry: its holders serialized one by one (a navigation
    /// controller lists the weak `parent` of every child), and its leak cause.
    private var memory: [VCID: Memory] = [:]

    /// One `memory` entry: the references to it other than its children's links to it (those
    /// follow the child list, whose changes the engine records as splices), and its leak cause.
    struct Memory {
        var head: [Reference]
        var leakCause: String
    }
    /// Allocation order (ids only grow, so sorted).
    private var allocated: [VCID] = []
    private var leaked: Set<VCID> = []
    private var inWindow: Set<VCID> = []
    private var application: Application?

    /// The names of the leaked view controllers, in allocation order (the document's `leaked`).
    var leakedNames: [String] { leaked.sorted().compactMap { names[$0] } }

    /// The document `state` at `seq`, as clients get it whole (`GET /api/state`).
    public init(_ state: State, seq: Int) {
        rebuild(state, seq: seq)
    }

    private mutating func rebuild(_ state: State, seq: Int) {
        fields = [:]; names = [:]; kinds = [:]; memory = [:]
        allocated = state.allocatedIDs
        leaked = Set(state.leaked())
        inWindow = Set(state.windowViewControllers())
        for id in allocated {
            names[id] = state[id].name
            kinds[id] = state[id].kind
            fields[id] = serializedFields(state, id)
            memory[id] = memoryParts(state, id)
        }
        application = state.application
        let fields = topFields(state, seq: seq)
        (top, topValues) = (fields.fields, fields.values)
    }

    /// The operations from the document as it was to the document of `state` at `seq`, which
    /// `change` led to (`forward`), or which reverting `change` led to (undo). Updates the
    /// mirror. A `reset` (a whole state replaced) is one `replace` of the root.
    public mutating func patch(to state: State, seq: Int, change: StateChange, forward: Bool) -> [JSON] {
        if change.replacesWholeState {
            rebuild(state, seq: seq)
            return [op("replace", "", PageDocument.state(state, seq: seq))]
        }
        var ops: [JSON] = []
        let vcChanges = change.viewControllers
        var made: [VCID] = [], released: [VCID] = [], kept: [VCID] = []
        for (id, c) in vcChanges {
            let before = forward ? c.before : c.after, after = forward ? c.after : c.before
            if before == nil, after != nil { made.append(id) }
            else if before != nil, after == nil { released.append(id) }
            else if before != nil { kept.append(id) }
        }
        made.sort(); released.sort(); kept.sort()

        // Released: out of every part.
        for id in released.reversed() {
            guard let name = names[id] else { continue }
            ops.append(op("remove", "/viewControllers/\(pointer(name))"))
            ops.append(op("remove", "/memory/\(pointer(name))"))
            if let i = index(of: id) {
                ops.append(op("remove", "/allocated/\(i)"))
                allocated.remove(at: i)
            }
            fields[id] = nil; names[id] = nil; kinds[id] = nil; memory[id] = nil
            leaked.remove(id); inWindow.remove(id)
        }
        // Children of the instances that stay: the recorded splices, as array operations.
        for id in kept {
            guard let splices = vcChanges[id]?.splices, !splices.isEmpty, let name = names[id], let kind = kinds[id] else { continue }
            var lists = ["/viewControllers/\(pointer(name))/children"]
            if kind == .navigation || kind == .tabBar || kind == .page { lists.append("/viewControllers/\(pointer(name))/viewControllers") }
            let steps: [(at: Int, remove: Int, insert: [VCID])] = forward
                ? splices.map { ($0.at, $0.removed.count, $0.inserted) }
                : splices.reversed().map { ($0.at, $0.inserted.count, $0.removed) }
            for list in lists {
                for s in steps {
                    for i in stride(from: s.at + s.remove - 1, through: s.at, by: -1) { ops.append(op("remove", "\(list)/\(i)")) }
                    for (k, child) in s.insert.enumerated() {
                        ops.append(op("add", "\(list)/\(s.at + k)", .string(state.name(child) ?? names[child] ?? "?")))
                    }
                }
            }
        }
        // What is in the window now: appearance and inWindow of those that came or went.
        let nowInWindow = Set(state.windowViewControllers())
        // Leak status: the touched, the roots and holds before and after, then down from
        // every one that changed (its status is its chain's).
        let windowBefore = change.windows.map { forward ? $0.before : $0.after }
        let holdsNow = Set(state.holds.map { $0.viewController })
        let holdsBefore = change.holds.map { Set((forward ? $0.before : $0.after).map { $0.viewController }) } ?? holdsNow
        var candidates = Set(made + kept)
        candidates.formUnion(holdsBefore.symmetricDifference(holdsNow))
        for r in [windowBefore?.rootViewController, state.window.rootViewController] { if let r { candidates.insert(r) } }
        var flipped: Set<VCID> = []
        var stack = Array(candidates)
        while let id = stack.popLast() {
            guard let vc = state.viewControllers[id] else { continue }
            let isLeaked = !state.isAppReachable(id)
            let wasLeaked = leaked.contains(id)
            if isLeaked != wasLeaked || made.contains(id) {
                if isLeaked { leaked.insert(id) } else { leaked.remove(id) }
                if !made.contains(id) || isLeaked { flipped.insert(id) }
                if isLeaked != wasLeaked {
                    stack += vc.children
                    if let p = vc.presentedChild { stack.append(p) }
                }
            }
        }
        // Made: whole entries — or, when it is shorter, a copy of a like instance's entries
        // (RFC 6902 `copy`) and the fields that differ: a pushed view controller is its
        // sibling but for its class, not twenty fields spelled out again.
        var lastMade: VCID?
        for id in made {
            let name = state[id].name
            let newFields = serializedFields(state, id, inWindow: nowInWindow)
            let newMemory = memoryParts(state, id)
            if let (source, replaces) = copySource(for: id, fields: newFields, memory: newMemory, state: state, lastMade: lastMade) {
                let from = pointer(names[source]!)
                ops.append(.object([("op", .string("copy")), ("from", .string("/viewControllers/\(from)")), ("path", .string("/viewControllers/\(pointer(name))"))]))
                for (k, v) in replaces { ops.append(op("replace", "/viewControllers/\(pointer(name))/\(pointer(k))", raw: v)) }
                ops.append(.object([("op", .string("copy")), ("from", .string("/memory/\(from)")), ("path", .string("/memory/\(pointer(name))"))]))
            } else {
                ops.append(op("add", "/viewControllers/\(pointer(name))", state.json(for: id, inWindow: nowInWindow)))
                ops.append(op("add", "/memory/\(pointer(name))", PageDocument.memoryEntry(state, id, leaked: leaked.contains(id))))
            }
            names[id] = name
            kinds[id] = state[id].kind
            fields[id] = newFields
            memory[id] = newMemory
            lastMade = id
            let i = insertionIndex(of: id)
            allocated.insert(id, at: i)
            ops.append(op("add", "/allocated/\(i)", .string(name)))
        }
        // Fields of the instances whose own or derived values may have changed: the touched,
        // those that entered or left the window, and everything below an instance whose
        // place (parent, presenter, presentation, restoration identifier) changed.
        let madeSet = Set(made)
        var dirty = Set(kept).union(inWindow.symmetricDifference(nowInWindow))
        // A restoration path runs up to the window's root: a new root moves both subtrees.
        var moved: [VCID] = []
        if let before = windowBefore, before.rootViewController != state.window.rootViewController {
            moved += [before.rootViewController, state.window.rootViewController].compactMap { $0 }
        }
        for id in kept {
            guard let c = vcChanges[id], let b = c.before, let a = c.after else { continue }
            if b.parent != a.parent || b.presenter != a.presenter || b.presentation != a.presentation
                || b.presentedChild != a.presentedChild || b.restorationIdentifier != a.restorationIdentifier { moved.append(id) }
        }
        var seenBelow: Set<VCID> = []
        for id in moved {
            var below = state.viewControllers[id].map { $0.children + ($0.presentedChild.map { [$0] } ?? []) } ?? []
            if state.viewControllers[id] != nil { dirty.insert(id) }
            while let d = below.popLast() {
                guard let vc = state.viewControllers[d], seenBelow.insert(d).inserted else { continue }
                dirty.insert(d)
                below += vc.children
                if let p = vc.presentedChild { below.append(p) }
            }
        }
        for id in dirty.sorted() where !madeSet.contains(id) && state.viewControllers[id] != nil {
            let now = serializedFields(state, id, inWindow: nowInWindow)
            let old = fields[id] ?? []
            let name = names[id] ?? state[id].name
            for (k, v) in now where !old.contains(where: { $0.0 == k && $0.1 == v }) {
                ops.append(op("replace", "/viewControllers/\(pointer(name))/\(pointer(k))", raw: v))
            }
            fields[id] = now
        }
        // Who holds what: the touched, the window's and the app's holders before and after,
        // and every leaked one when the window changed (its cause names a transition view).
        var holders = dirty.union(flipped)
        for r in [windowBefore, state.window] {
            guard let w = r else { continue }
            if let root = w.rootViewController { holders.insert(root) }
            for s in w.subviews { if case .transitionView(let p) = s { holders.insert(p) } }
        }
        holders.formUnion(holdsBefore.union(holdsNow))
        if windowBefore.map({ $0 != state.window }) ?? false || !flipped.isEmpty { holders.formUnion(leaked) }
        for id in holders.sorted() where !madeSet.contains(id) && state.viewControllers[id] != nil {
            guard let name = names[id], let old = memory[id] else { continue }
            let new = memoryParts(state, id)
            let path = "/memory/\(pointer(name))"
            // The holders as an array edit, in two parts. First the few references other than
            // the children's (`head`): what changed between the common ends. Then the children's
            // links, which follow the child list: the splices the engine recorded, as for
            // `children` (none recorded: the children did not change), so a navigation
            // controller with 100,000 children costs its change, not its length.
            var prefix = 0
            while prefix < min(old.head.count, new.head.count), old.head[prefix] == new.head[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(old.head.count, new.head.count) - prefix,
                  old.head[old.head.count - 1 - suffix] == new.head[new.head.count - 1 - suffix] { suffix += 1 }
            for i in stride(from: old.head.count - suffix - 1, through: prefix, by: -1) { ops.append(op("remove", "\(path)/heldBy/\(i)")) }
            for i in prefix..<(new.head.count - suffix) {
                ops.append(op("add", "\(path)/heldBy/\(i)", PageDocument.holder(state, new.head[i])))
            }
            let base = new.head.count
            if let splices = vcChanges[id]?.splices, !splices.isEmpty {
                let steps: [(at: Int, remove: Int, insert: [VCID])] = forward
                    ? splices.map { ($0.at, $0.removed.count, $0.inserted) }
                    : splices.reversed().map { ($0.at, $0.inserted.count, $0.removed) }
                for s in steps {
                    for i in stride(from: s.at + s.remove - 1, through: s.at, by: -1) { ops.append(op("remove", "\(path)/heldBy/\(base + i)")) }
                    for (k, child) in s.insert.enumerated() {
                        // A child's weak `parent` (PageDocument.holder's fields): one a later splice
                        // of the same step removes is gone from the model, hence the names kept here.
                        let childName = state.name(child) ?? names[child] ?? "?"
                        let holder = JSON.object([("holder", .string(childName)), ("kind", .string("viewController")),
                                                  ("viewController", .string(childName)), ("property", .string("parent")), ("strong", .bool(false))])
                        ops.append(op("add", "\(path)/heldBy/\(base + s.at + k)", holder))
                    }
                }
            }
            if old.leakCause != new.leakCause { ops.append(op("replace", "\(path)/leakCause", raw: new.leakCause)) }
            memory[id] = new
        }
        inWindow = nowInWindow
        // The top-level fields.
        let appChanged = application != state.application
        application = state.application
        let now = topFields(state, seq: seq, skipApplication: !appChanged)
        // In the document's order, not the dictionary's: the same change gives the same bytes
        // whatever the patcher saw before (a session run line by line, or rebuilt from its journal).
        for k in now.order {
            guard let v = now.fields[k], top[k] != v else { continue }
            if let old = topValues[k], let new = now.values[k] {
                // Small values whose parts change one at a time: only the parts (RFC 6902 all the same).
                ops += PageCompact.difference("/\(k)", old, new)
            } else {
                ops.append(op("replace", "/\(k)", raw: v))
            }
            top[k] = v
        }
        topValues = now.values
        return ops
    }

    /// A view controller already in the document whose entries can be copied for the new
    /// `id`, and the fields to replace after the copy; nil when writing the entries out is as
    /// short. The candidates are the new one's neighbours under its parent and the one made just
    /// before it. A copy must give exactly the new entries: the same kind and fields in the same
    /// order, no children on either side (the child lists are copied as they are), and the same
    /// holders and leak status in `memory`. The candidate's entries in the document at this
    /// point are the mirror's: its fields are updated only after the new ones are added.
    private func copySource(for id: VCID, fields new: [(String, String)], memory newMemory: Memory,
                            state: State, lastMade: VCID?) -> (VCID, [(String, String)])? {
        let vc = state[id]
        guard vc.children.isEmpty else { return nil }
        var candidates: [VCID] = []
        if let p = vc.parent, let siblings = state.viewControllers[p]?.children, let i = siblings.firstIndex(of: id) {
            if i > 0 { candidates.append(siblings[i - 1]) }
            if i + 1 < siblings.count { candidates.append(siblings[i + 1]) }
        }
        if let m = lastMade { candidates.append(m) }
        // What the entry written out costs, near enough: `"key":value,` per field.
        let whole = new.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 }
        let name = pointer(vc.name)
        var best: (VCID, [(String, String)], Int)?
        for c in candidates where c != id {
            guard let cName = names[c], kinds[c] == vc.kind, let old = fields[c], old.count == new.count,
                  let cVC = state.viewControllers[c], cVC.children.isEmpty,
                  let oldMemory = memory[c], oldMemory.leakCause == newMemory.leakCause,
                  oldMemory.head.count == newMemory.head.count,
                  // The same holders in the same properties (each names its own target).
                  zip(oldMemory.head, newMemory.head).allSatisfy({ $0.holder == $1.holder && $0.property == $1.property && $0.isStrong == $1.isStrong })
            else { continue }
            var replaces: [(String, String)] = []
            var sameKeys = true
            for (o, n) in zip(old, new) {
                if o.0 != n.0 { sameKeys = false; break }
                if o.1 != n.1 { replaces.append(n) }
            }
            guard sameKeys else { continue }
            let from = pointer(cName)
            // {"op":"copy","from":"/viewControllers/F","path":"/viewControllers/N"} and the memory one.
            var cost = 2 * (35 + from.utf8.count + name.utf8.count) + 16 + 8
            for (k, v) in replaces { cost += 42 + name.utf8.count + pointer(k).utf8.count + v.utf8.count }
            if cost < whole, cost < (best?.2 ?? Int.max) { best = (c, replaces, cost) }
        }
        return best.map { ($0.0, $0.1) }
    }

    private func memoryParts(_ state: State, _ id: VCID) -> Memory {
        Memory(head: state.references(to: id, childLinks: false),
               leakCause: leaked.contains(id) ? JSON.string(state.leakCause(id)).serialized() : "null")
    }

    private func index(of id: VCID) -> Int? {
        let i = insertionIndex(of: id)
        return i < allocated.count && allocated[i] == id ? i : nil
    }

    private func insertionIndex(of id: VCID) -> Int {
        var lo = 0, hi = allocated.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if allocated[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func serializedFields(_ state: State, _ id: VCID, inWindow: Set<VCID>? = nil) -> [(String, String)] {
        guard case .object(let pairs) = state.json(for: id, inWindow: inWindow ?? self.inWindow, childLists: false) else { return [] }
        return pairs.map { ($0.0, $0.1.serialized()) }
    }

    /// The top-level fields serialized, and (`values`) the few whose changes are sent part by part.
    private func topFields(_ state: State, seq: Int, skipApplication: Bool = false) -> (fields: [String: String], values: [String: JSON], order: [String]) {
        var out: [String: String] = [:]
        var values: [String: JSON] = [:]
        var order: [String] = []
        let leakedNames = leaked.sorted().compactMap { state.name($0) }
        for (k, v) in PageDocument.topLevel(state, seq: seq, leaked: leakedNames, application: !skipApplication) {
            out[k] = v.serialized()
            order.append(k)
            if PageCompact.partwise.contains(k) { values[k] = v }
        }
        if skipApplication {
            out["application"] = top["application"]
            if !order.contains("application"), top["application"] != nil { order.append("application") }
        }
        return (out, values, order)
    }

    private func op(_ name: String, _ path: String, _ value: JSON? = nil) -> JSON {
        var pairs: [(String, JSON)] = [("op", .string(name)), ("path", .string(path))]
        if let value { pairs.append(("value", value)) }
        return .object(pairs)
    }

    private func op(_ name: String, _ path: String, raw: String) -> JSON {
        .object([("op", .string(name)), ("path", .string(path)), ("value", .raw(raw))])
    }

    /// A JSON Pointer token (RFC 6901): `~` → `~0`, `/` → `~1`.
    private func pointer(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        var out = ""
        for c in token {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(c)
            }
        }
        return out
    }
}
