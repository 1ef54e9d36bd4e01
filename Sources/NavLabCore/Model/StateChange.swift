/// A step as a change: what one command (or one `;` turn) changed in the state, recorded
/// while the engine ran it — from what it touched, never by comparing whole states — and
/// reversible. The timeline keeps these: undo reverts one, redo applies it again, and time
/// travel walks the ones between two steps. Its size is the size of the change: a push on a
/// stack of 100,000 records the new instance, the navigation controller's other fields and
/// one splice of its children, not the stack.
public struct StateChange: Sendable, Hashable {
    /// One view controller before and after (children aside), and how its children changed.
    public struct ViewControllerChange: Sendable, Hashable {
        /// Nil when the command made it.
        public var before: ViewController?
        /// Nil when the command released it (or the process ended).
        public var after: ViewController?
        /// The edits from the children before to the children after, in order.
        public var splices: [Splice]
    }

    public struct Pair<T: Sendable & Hashable>: Sendable, Hashable {
        public var before: T
        public var after: T
    }

    /// The view controllers the change made, released or modified.
    public internal(set) var viewControllers: [VCID: ViewControllerChange] = [:]
    var names: [String: Pair<VCID?>] = [:]
    var nameCounters: [String: Pair<Int?>] = [:]
    /// The state's other fields (the window, the application, the device, …), when changed.
    var rest: Pair<Rest>? {
        get { restStorage?.value }
        set { restStorage = newValue.map(OutOfLine.init) }
    }
    /// `reset`: the whole state replaced.
    var replaced: Pair<State>? {
        get { replacedStorage?.value }
        set { replacedStorage = newValue.map(OutOfLine.init) }
    }
    // Out of line: both are large (the two `Rest`s are 1.6 KB) and most changes have neither,
    // and every step's change is made, returned and stored in the timeline's entry.
    private var restStorage: OutOfLine<Pair<Rest>>?
    private var replacedStorage: OutOfLine<Pair<State>>?

    public init() {}

    /// A change that replaces the whole state (`reset`).
    public static func replacing(_ before: State, with after: State) -> StateChange {
        var c = StateChange()
        c.replaced = Pair(before: before, after: after)
        return c
    }

    /// `reset`: the whole state was replaced.
    public var replacesWholeState: Bool { replaced != nil }
    /// The window before and after, when the change touched the state's other fields.
    public var windows: (before: Window, after: Window)? { rest.map { ($0.before.window, $0.after.window) } }
    /// The app's own holds before and after, likewise.
    public var holds: (before: [Hold], after: [Hold])? { rest.map { ($0.before.holds, $0.after.holds) } }

    public var isEmpty: Bool {
        viewControllers.isEmpty && names.isEmpty && nameCounters.isEmpty && rest == nil && replaced == nil
    }

    /// The instances the change made.
    public var made: [VCID] { viewControllers.filter { $0.value.before == nil }.map({ $0.key }).sorted() }
    /// The instances it released.
    public var released: [VCID] { viewControllers.filter { $0.value.after == nil }.map({ $0.key }).sorted() }
    /// The instances that were there before and after and changed, with the fields
    /// (ViewController's names) that changed.
    public var modified: [VCID: [String]] {
        var out: [VCID: [String]] = [:]
        for (id, c) in viewControllers {
            guard let b = c.before, let a = c.after else { continue }
            var fields = b.changedFields(to: a)
            if !c.splices.isEmpty { fields.append("children") }
            if !fields.isEmpty { out[id] = fields }
        }
        return out
    }
}

/// An edit of a children array: at `at`, `removed` became `inserted`.
public struct Splice: Sendable, Hashable {
    public var at: Int
    public var removed: [VCID]
    public var inserted: [VCID]

    public init(at: Int, removed: [VCID], inserted: [VCID]) {
        self.at = at
        self.removed = removed
        self.inserted = inserted
    }

    static func apply(_ splices: [Splice], to kids: inout [VCID], forward: Bool) {
        if forward {
            for s in splices { kids.replaceSubrange(s.at..<(s.at + s.removed.count), with: s.inserted) }
        } else {
            for s in splices.reversed() { kids.replaceSubrange(s.at..<(s.at + s.inserted.count), with: s.removed) }
        }
    }
}

/// Holds the journal in a State without making it part of the value (never `Equatable` on
/// the journal itself: `journal != nil` would then copy it to compare).
/// What the operation inside `transition` says about the view controllers it moves, for
/// `isBeingPresented` and `isBeingDismissed` (UIKit #72). Set and cleared within one
/// transition; not part of the value.
struct TransitionMarks: Sendable, Hashable {
    var beingPresented: Set<VCID> = []
    var beingDismissed: Set<VCID> = []
    /// Added with addChild whose didMove(toParent:) the app never calls (UIKit #209).
    var movingToParent: Set<VCID> = []
    /// Views added or removed with `addSubview` / `removeFromSuperview` while in the window:
    /// UIKit's window path calls their appearance methods (UIKit #230).
    var windowPath: Set<VCID> = []
    static func == (a: TransitionMarks, b: TransitionMarks) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

struct JournalSlot: Sendable, Hashable {
    var current: Journal?
    static func == (a: JournalSlot, b: JournalSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// What a change in progress has touched: the first value of each.
struct Journal: Sendable {
    var viewControllers: [VCID: ViewController?] = [:]
    var splices: [VCID: [Splice]] = [:]
    var names: [String: VCID?] = [:]
    var nameCounters: [String: Int?] = [:]
    var rest: Rest
}

/// The state's fields other than the instances and their names: small, or shared when
/// unchanged (an archive is copied only when it changes).
struct Rest: Sendable, Hashable {
    var device: Device
    var appName: String
    var classes: [String: ClassDecl]
    var restorationIdentifiersFromClassNames: Bool
    var initial: Spec?
    var storyboards: [Storyboard]
    var application: Application
    var window: Window
    var otherScenes: [ConnectedScene]
    var nextID: Int
    var holds: [Hold]
    var otherApps: [String: AppData]
    var turn: RunLoopTurn?
    var logsAppearanceFlags: Bool
    var logsLayout: Bool
}

extension State {
    var rest: Rest {
        get {
            Rest(device: device, appName: appName, classes: classes,
                 restorationIdentifiersFromClassNames: restorationIdentifiersFromClassNames, initial: initial, storyboards: storyboards,
                 application: application, window: window, otherScenes: otherScenes, nextID: nextID, holds: holds, otherApps: otherApps, turn: turn,
                 logsAppearanceFlags: logsAppearanceFlags, logsLayout: logsLayout)
        }
        set {
            device = newValue.device
            appName = newValue.appName
            classes = newValue.classes
            restorationIdentifiersFromClassNames = newValue.restorationIdentifiersFromClassNames
            initial = newValue.initial
            storyboards = newValue.storyboards
            application = newValue.application
            window = newValue.window
            otherScenes = newValue.otherScenes
            nextID = newValue.nextID
            holds = newValue.holds
            otherApps = newValue.otherApps
            turn = newValue.turn
            logsAppearanceFlags = newValue.logsAppearanceFlags
            logsLayout = newValue.logsLayout
        }
    }
}

extension ViewController {
    /// The stored fields (children aside) that differ from `other`, by their Swift names.
    func changedFields(to other: ViewController) -> [String] {
        var out: [String] = []
        if name != other.name { out.append("name") }
        if className != other.className { out.append("className") }
        if kind != other.kind { out.append("kind") }
        if parent != other.parent { out.append("parent") }
        if selectedIndex != other.selectedIndex { out.append("selectedIndex") }
        if presentedChild != other.presentedChild { out.append("presentedChild") }
        if presenter != other.presenter { out.append("presenter") }
        if presentation != other.presentation { out.append("presentation") }
        if modalPresentationStyle != other.modalPresentationStyle { out.append("modalPresentationStyle") }
        if definesPresentationContext != other.definesPresentationContext { out.append("definesPresentationContext") }
        if transitionStyle != other.transitionStyle { out.append("transitionStyle") }
        if restorationIdentifier != other.restorationIdentifier { out.append("restorationIdentifier") }
        if restorationClass != other.restorationClass { out.append("restorationClass") }
        if viewRestorationIdentifier != other.viewRestorationIdentifier { out.append("viewRestorationIdentifier") }
        if storyboard != other.storyboard { out.append("storyboard") }
        if encodes != other.encodes { out.append("encodes") }
        if isViewLoaded != other.isViewLoaded { out.append("isViewLoaded") }
        if restored != other.restored { out.append("restored") }
        if properties != other.properties { out.append("properties") }
        if presentationControllerCycle != other.presentationControllerCycle { out.append("presentationControllerCycle") }
        if pendingAppearanceTransitions != other.pendingAppearanceTransitions { out.append("pendingAppearanceTransitions") }
        if appearanceTransitionAnimated != other.appearanceTransitionAnimated { out.append("appearanceTransitionAnimated") }
        if appearanceTransitionEnded != other.appearanceTransitionEnded { out.append("appearanceTransitionEnded") }
        if hostView != other.hostView { out.append("hostView") }
        if hostedViews != other.hostedViews { out.append("hostedViews") }
        if awaitsDidMove != other.awaitsDidMove { out.append("awaitsDidMove") }
        if hasBeenLaidOut != other.hasBeenLaidOut { out.append("hasBeenLaidOut") }
        return out
    }
}

/// A value kept behind a reference: a struct that holds one pays a word for it until it is set.
struct OutOfLine<T: Sendable & Hashable>: Sendable, Hashable {
    private final class Storage: Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }
    private let storage: Storage
    init(_ value: T) { storage = Storage(value) }
    var value: T { storage.value }
    static func == (a: OutOfLine, b: OutOfLine) -> Bool { a.storage === b.storage || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
