/// What NavLab accepts, at most: generous for any real app, and enforced with an error that
/// says which limit was reached, never by the stack or the clock (Docs/Limits.md).
public enum Limits {
    /// View controllers in one chain from the top down, counting containment (a child is one
    /// deeper than its parent) and presentation (a presented one is one deeper than its
    /// presenter). Also the deepest `(…)` nesting of one SPEC.
    public static let hierarchyDepth = 256
    /// View controllers allocated at the same time in one session.
    public static let viewControllers = 250_000
    /// Characters on one line of the command language.
    public static let lineLength = 65_536
    /// Commands on one line joined by `;`.
    public static let commandsPerLine = 10_000
    /// Bytes of one printout to import, and of one request to the page's server (its Import):
    /// room for `viewControllers` lines of 256 bytes.
    public static let importBytes = 64 << 20
    /// Code in callbacks running inside code in callbacks (`on Detail viewDidAppear: push Detail`
    /// pushes for ever): how deep it may go for one command. Each level is a real call (the
    /// code runs inside the callback), about 10 KB of stack in a debug build: 20 levels fit in
    /// a Mac's 512 KiB thread stack with room to spare (Docs/Limits.md).
    public static let hookDepth = 20
    /// How many times code in callbacks may run for one command, all depths together.
    public static let hookRuns = 1_000
    /// Commands one request to the page may run (`POST /api/commands`: the command box, a
    /// paste, a script opened on the page): each line outside a here-document counts one and
    /// one more for each `;` on it, a here-document (an import's printout) one in all. More is
    /// refused before anything runs: it would keep the page waiting for minutes, with no
    /// progress and no way to stop it (`navlab run FILE` prints as it goes and Ctrl-C stops it).
    public static let commandsPerRequest = 100_000
    /// Characters of one note (or leak line): about a screen of one line (Abridged.line).
    public static let noteLength = 2_000
    /// Names a note lists before it abridges the list to its first two, `…`, its last two and
    /// how many there are (Abridged.list).
    public static let namesInNote = 20
    /// Bytes of the storyboards one `import storyboard` reads, all files together.
    public static let storyboardBytes = 16 << 20
    /// Elements nested in one storyboard (scenes hold views inside views).
    public static let storyboardDepth = 512
    /// Elements in one storyboard.
    public static let storyboardElements = 500_000
}

extension State {
    /// How deep `id` sits: 1 for a view controller with neither parent nor presenter. Stops
    /// counting past `cap`.
    public func depth(of id: VCID, cap: Int = Limits.hierarchyDepth + 1) -> Int {
        var d = 1, current = id
        while d <= cap, let vc = viewControllers[current], let up = vc.parent ?? vc.hostView ?? vc.presenter {
            d += 1
            current = up
        }
        return d
    }

    /// The deepest chain in the whole state, past the limit or not (iterative: the stack
    /// never depends on the hierarchy).
    public func maximumDepth() -> Int {
        var known: [VCID: Int] = [:]
        known.reserveCapacity(viewControllers.count)
        var deepest = 0
        for id in viewControllers.keys {
            var path: [VCID] = []
            var current: VCID? = id
            var base = 0
            while let c = current {
                if let d = known[c] { base = d; break }
                path.append(c)
                // A cycle would be a model bug; stop walking it rather than loop.
                if path.count > viewControllers.count { break }
                current = viewControllers[c].flatMap { $0.parent ?? $0.hostView ?? $0.presenter }
            }
            for (i, c) in path.reversed().enumerated() { known[c] = base + i + 1 }
            deepest = max(deepest, base + path.count)
        }
        return deepest
    }

    /// A view controller on a cycle of parent and presenter links, if there is one.
    public func cycleMember() -> VCID? {
        var done: Set<VCID> = []
        for id in viewControllers.keys.sorted() where !done.contains(id) {
            var onPath: Set<VCID> = []
            var current: VCID? = id
            while let c = current, !done.contains(c) {
                if !onPath.insert(c).inserted { return c }
                current = viewControllers[c].flatMap { $0.parent ?? $0.hostView ?? $0.presenter }
            }
            done.formUnion(onPath)
        }
        return nil
    }

    /// `id`, its parent or presenter, and so on, until the top or until the chain repeats.
    func ancestorChain(of id: VCID) -> [VCID] {
        var chain = [id]
        var current = id
        while let up = viewControllers[current].flatMap({ $0.parent ?? $0.hostView ?? $0.presenter }) {
            chain.append(up)
            if up == id || chain.count > 12 { break }
            current = up
        }
        return chain
    }

    /// Applies `command` (`apply`), then throws the limit it took the state past, if any: the
    /// caller, which is recording the change, discards it. (Here, in a mutating method, the
    /// check reads the state in place; called on a class's stored state it would copy it.)
    public mutating func applyWithinLimits(_ command: Command) throws(NavLabError) -> Outcome {
        let nextID = self.nextID, count = viewControllers.count
        let outcome = try apply(command)
        if let problem = limitExceeded(sinceNextID: nextID, count: count, after: command) { throw problem }
        return outcome
    }

    /// The limit `command` took the state past, given the state's `nextID` and number of view
    /// controllers before it: only what the command made (and, for `@NAME`, moved) is walked.
    public func limitExceeded(sinceNextID oldNextID: Int, count oldCount: Int, after command: Command) -> NavLabError? {
        let movedExisting = command.movesExistingInstances
        let here = SourceLocation(line: 0, column: 0)
        if viewControllers.count > Limits.viewControllers, viewControllers.count > oldCount {
            return NavLabError(.invalid, "that would make \(viewControllers.count) view controllers allocated at once; NavLab allows at most \(Limits.viewControllers)",
                               at: here, suggestion: "dismiss, pop or `reset` to let some go")
        }
        var deepest = 0
        if movedExisting {
            if let id = cycleMember() {
                let chain = ancestorChain(of: id).map { self[$0].name }
                return NavLabError(.invalid, "that would make \(self[id].name) its own ancestor (\(chain.joined(separator: " → "))): a view controller cannot contain or present one of the view controllers above it",
                                   at: here, suggestion: "use a new instance instead of the @name")
            }
            deepest = maximumDepth()
        } else if oldNextID < nextID {
            for raw in oldNextID..<nextID where viewControllers[VCID(raw)] != nil {
                deepest = max(deepest, depth(of: VCID(raw)))
            }
        }
        guard deepest > Limits.hierarchyDepth else { return nil }
        return NavLabError(.invalid, "that would make the hierarchy more than \(Limits.hierarchyDepth) view controllers deep (children and presentations, counted from the top); NavLab allows at most \(Limits.hierarchyDepth)",
                           at: here, suggestion: "dismiss or remove some first; no real app nests this deep")
    }
}

extension Spec {
    /// Whether the spec moves an instance that already exists (`@Name`).
    var mentionsExisting: Bool {
        preorder().contains { if case .existing = $0.spec { true } else { false } }
    }
}

extension Command {
    /// Whether the command can put existing view controllers somewhere deeper.
    var movesExistingInstances: Bool {
        switch self {
        case .present(let spec, _, _, _), .push(let spec, _, _), .addChild(let spec, _, _), .switchChild(let spec, _, _),
             .show(let spec, _, _, _), .swapRoot(let spec):
            return spec.mentionsExisting
        case .addSubview: return true
        case .setViewControllers(let specs, _, _): return specs.contains { $0.mentionsExisting }
        default: return false
        }
    }
}
