/// The whole simulated app at one moment: a value. Applying a command returns the next one.
public struct State: Hashable, Sendable {
    public var device = Device.default
    /// The app's module name: Swift classes print as `App.Register` in UIKit's output (UIKit #160).
    public var appName = "App"
    public var classes: [String: ClassDecl] = [:]
    public var restorationIdentifiersFromClassNames = false
    /// The storyboard's initial view controller, made at every launch.
    public var initial: Spec?
    /// The storyboards `import storyboard` read: their scenes and segues (UIKit.md §13).
    public var storyboards: [Storyboard] = []

    public var application = Application()
    public var window = Window()
    /// The other scenes connected in this process, each in its own window, in the background
    /// (iPad, UIKit #211). `window` is the scene in front.
    public var otherScenes: [ConnectedScene] = []
    /// Every allocated view controller, in the window or not. Changed only through
    /// `self[id]` and the recording helpers below, so that a command's change is known
    /// (StateChange.swift).
    public fileprivate(set) var viewControllers: [VCID: ViewController] = [:]
    /// Live names → instances.
    public fileprivate(set) var names: [String: VCID] = [:]
    /// How many instances of each class this process has made (names are never reused).
    public fileprivate(set) var nameCounters: [String: Int] = [:]
    public var nextID = 1
    public var holds: [Hold] = []
    /// The stored data of the other apps this session used (`app NAME`).
    public var otherApps: [String: AppData] = [:]
    /// Set while `;`-separated commands run in one run-loop turn.
    public var turn: RunLoopTurn?
    /// `log flags=on`: appearance calls carry `isBeingPresented`, `isBeingDismissed`,
    /// `isMovingToParent` and `isMovingFromParent` as UIKit reports them inside the call (UIKit #72).
    public var logsAppearanceFlags = false
    /// `log layout=on`: the log shows `viewWillLayoutSubviews` and `viewDidLayoutSubviews`
    /// where published logs place them (UIKit #210). Off by default.
    public var logsLayout = false
    /// While code in a callback runs (Hooks.swift): how deep, how many have run for the
    /// command typed, and the view controllers entering the window whose views are not in it
    /// yet. Back to 0 and empty after every command.
    var hookDepth = 0
    var hookRuns = 0
    var hookPending: Set<VCID> = []
    /// What the command whose code is running brings into the window, while its transition
    /// runs (code in `viewWillAppear`, `viewIsAppearing`, the layout calls): they are appearing.
    var hookAppearing: Set<VCID> = []
    /// Inside `transition` only (see TransitionMarks).
    var marks = TransitionMarks()
    /// While a change is being recorded (`beginChange`): what the command touched. Not part
    /// of the value: two states that differ only here are equal.
    var journal = JournalSlot()

    public init() {}

    public subscript(id: VCID) -> ViewController {
        get { viewControllers[id]! }
        // In place: a navigation stack of 100,000 must not be copied to push one more.
        _modify {
            if journal.current != nil { touch(id) }
            yield &viewControllers[id]!
        }
    }

    // MARK: Recorded changes (the only writers of viewControllers, names and nameCounters)

    /// Notes `id`'s value before the command first changes it (without its children, which
    /// are recorded as splices: a long stack is never copied).
    mutating func touch(_ id: VCID) {
        guard journal.current != nil, journal.current!.viewControllers.index(forKey: id) == nil else { return }
        // updateValue: assigning nil through the subscript would remove the key instead.
        journal.current!.viewControllers.updateValue(viewControllers[id].map { $0.withoutChildren }, forKey: id)
    }

    mutating func insert(_ vc: ViewController) {
        touch(vc.id)
        if !vc.children.isEmpty { journal.current?.splices[vc.id, default: []].append(Splice(at: 0, removed: [], inserted: vc.children)) }
        viewControllers[vc.id] = vc
    }

    mutating func remove(_ id: VCID) {
        guard let vc = viewControllers[id] else { return }
        touch(id)
        if !vc.children.isEmpty { journal.current?.splices[id, default: []].append(Splice(at: 0, removed: vc.children, inserted: [])) }
        viewControllers[id] = nil
    }

    /// Replaces `range` of `parent`'s children with `new`.
    mutating func spliceChildren(of parent: VCID, _ range: Range<Int>, with new: [VCID]) {
        touch(parent)
        let removed = viewControllers[parent]!.replaceChildren(range, with: new)
        journal.current?.splices[parent, default: []].append(Splice(at: range.lowerBound, removed: removed, inserted: new))
    }

    mutating func appendChild(_ child: VCID, to parent: VCID) {
        let n = viewControllers[parent]!.children.count
        spliceChildren(of: parent, n..<n, with: [child])
    }

    mutating func removeChild(at index: Int, of parent: VCID) {
        spliceChildren(of: parent, index..<(index + 1), with: [])
    }

    mutating func setChildren(of parent: VCID, to list: [VCID]) {
        spliceChildren(of: parent, 0..<viewControllers[parent]!.children.count, with: list)
    }

    mutating func setName(_ name: String, to id: VCID?) {
        if journal.current != nil, journal.current!.names.index(forKey: name) == nil { journal.current!.names.updateValue(names[name], forKey: name) }
        names[name] = id
    }

    mutating func setNameCounter(_ className: String, to n: Int?) {
        if journal.current != nil, journal.current!.nameCounters.index(forKey: className) == nil { journal.current!.nameCounters.updateValue(nameCounters[className], forKey: className) }
        nameCounters[className] = n
    }

    /// The process ends: every instance and name goes (recorded one by one when recording).
    mutating func removeAllInstances() {
        if journal.current != nil {
            for id in Array(viewControllers.keys) { remove(id) }
            for n in Array(names.keys) { setName(n, to: nil) }
        } else {
            viewControllers = [:]
            names = [:]
        }
    }

    mutating func removeAllNameCounters() {
        if journal.current != nil { for c in Array(nameCounters.keys) { setNameCounter(c, to: nil) } } else { nameCounters = [:] }
    }

    public func vc(named name: String) -> ViewController? {
        names[name].flatMap { viewControllers[$0] }
    }

    public func name(_ id: VCID?) -> String? { id.flatMap { viewControllers[$0]?.name } }

    /// True when an instance of that name was made in this process (it may be gone now).
    public func nameWasUsed(_ name: String) -> Bool {
        if names[name] != nil { return true }
        let (cls, n) = State.splitName(name)
        guard let count = nameCounters[cls] else { return false }
        return n <= count
    }

    /// `Detail#3` → ("Detail", 3); `Detail` → ("Detail", 1).
    static func splitName(_ name: String) -> (String, Int) {
        if let hash = name.lastIndex(of: "#"), let n = Int(name[name.index(after: hash)...]), n >= 2 {
            return (String(name[..<hash]), n)
        }
        return (name, 1)
    }

    public var isRunning: Bool { application.state != .notRunning }

    /// Allocated view controllers in allocation order. Ids are numbers below `nextID`: when
    /// most of them are in use, marked in an array and read back in order (no sort: this is
    /// every document's first step, 100,000 keys at a time).
    public var allocatedIDs: [VCID] {
        let count = viewControllers.count
        guard count > 64, nextID <= 4 * count else { return viewControllers.keys.sorted() }
        var present = [Bool](repeating: false, count: nextID)
        for id in viewControllers.keys {
            guard id.raw >= 0, id.raw < nextID else { return viewControllers.keys.sorted() }
            present[id.raw] = true
        }
        var out: [VCID] = []
        out.reserveCapacity(count)
        for raw in present.indices where present[raw] { out.append(VCID(raw)) }
        return out
    }
}

// The recording of changes: here because only this file writes the instances and names.
extension State {
    /// Starts recording what the state's changes touch.
    public mutating func beginChange() {
        journal.current = Journal(rest: rest)
    }

    /// Stops recording; the change since `beginChange`.
    public mutating func endChange() -> StateChange {
        guard let j = journal.current else { return StateChange() }
        journal.current = nil
        var change = StateChange()
        for (id, before) in j.viewControllers {
            let after = viewControllers[id]?.withoutChildren
            let splices = j.splices[id] ?? []
            if before == after, splices.isEmpty { continue }
            change.viewControllers[id] = StateChange.ViewControllerChange(before: before, after: after, splices: splices)
        }
        for (n, before) in j.names where names[n] != before {
            change.names[n] = StateChange.Pair(before: before, after: names[n])
        }
        for (c, before) in j.nameCounters where nameCounters[c] != before {
            change.nameCounters[c] = StateChange.Pair(before: before, after: nameCounters[c])
        }
        let now = rest
        if now != j.rest { change.rest = StateChange.Pair(before: j.rest, after: now) }
        return change
    }

    /// Stops recording and keeps what changed, without building the change (nothing will
    /// undo it: a script without undo); returns an empty one.
    public mutating func commitChange() -> StateChange {
        journal.current = nil
        return StateChange()
    }

    /// Undoes what `beginChange` recorded so far and stops recording: the state is as it was.
    public mutating func discardChange() {
        let change = endChange()
        revert(change)
    }

    /// From the state after `change` to the state before it.
    public mutating func revert(_ change: StateChange) {
        move(change, forward: false)
    }

    /// From the state before `change` to the state after it.
    public mutating func reapply(_ change: StateChange) {
        move(change, forward: true)
    }

    private mutating func move(_ change: StateChange, forward: Bool) {
        if let r = change.replaced {
            self = forward ? r.after : r.before
            return
        }
        for (id, c) in change.viewControllers {
            // The children are taken out first so that they are edited in place.
            var kids = viewControllers[id]?.takeChildren() ?? []
            Splice.apply(c.splices, to: &kids, forward: forward)
            if var v = forward ? c.after : c.before {
                v.setChildrenUnrecorded(kids)
                viewControllers[id] = v
            } else {
                viewControllers[id] = nil
            }
        }
        for (n, p) in change.names { names[n] = forward ? p.after : p.before }
        for (c, p) in change.nameCounters { nameCounters[c] = forward ? p.after : p.before }
        if let r = change.rest { rest = forward ? r.after : r.before }
    }
}

