/// What the app keeps on the device between launches: UserDefaults, the state-restoration
/// archive, and whether it is installed. The shell writes it to `$NAVLAB_HOME/APP/`; the
/// engine only reads and changes this value.
public struct AppData: Hashable, Sendable {
    public var installed = true
    /// Launches since the app was installed.
    public var launches = 0
    public var defaults: [String: String] = [:]
    public var archive: ArchiveFile?
    /// Scene-based restoration (UIKIT.md §9): the `stateRestorationActivity`'s userInfo.
    public var activity: [String: String]?
    /// The number of the scene session `activity` belongs to: the scene in front, which a
    /// launch connects (UIKit #211). Numbers stand for `UISceneSession.persistentIdentifier`.
    public var frontSession = 1
    /// The highest session number used on this device (a discarded number is not reused).
    public var lastSession = 1
    /// An iPad app's other scene sessions, in the order they were opened, each with the
    /// activity its scene last saved (UIKit #211, #213).
    public var otherSessions: [SceneSession] = []
    /// Sessions the user swiped away in the app switcher while the app was not running:
    /// UIKit reports them after the next launch's didFinishLaunching (UIKit #214).
    public var discardedWhileNotRunning: [Int] = []
    /// A scene session from an earlier run, which the next launch connects again without asking
    /// the app delegate for a configuration; false before the app's first launch with scenes and
    /// after the user discarded the session (UIKit #217).
    public var sessionExists = false
    public init() {}

    /// `UIStateRestorationDeveloperMode` keeps the archive after a crash (UIKit #117).
    public var developerMode: Bool {
        ["YES", "yes", "true", "1"].contains(defaults["UIStateRestorationDeveloperMode"] ?? "")
    }
}

/// One of the app's scene sessions other than the front one (UIKit #211): its number and the
/// activity its scene last saved (`UISceneSession.stateRestorationActivity`, UIKit #213).
public struct SceneSession: Hashable, Sendable {
    public var number: Int
    public var activity: [String: String]?
    public init(number: Int, activity: [String: String]?) {
        self.number = number
        self.activity = activity
    }
}

/// The archive file as found on disk: readable, or damaged (UIKit discards it at launch).
public enum ArchiveFile: Hashable, Sendable {
    case valid(Archive)
    case damaged(String)

    public var archive: Archive? { if case .valid(let a) = self { return a } else { return nil } }
}

/// The state-restoration archive: the preserved view controllers in preservation order
/// (parents first), with the keys UIKit writes itself (UIKit #109).
public struct Archive: Hashable, Sendable {
    /// `UIApplicationStateRestorationSystemVersion`.
    public var systemVersion: String
    /// `UIApplicationStateRestorationUserInterfaceIdiom`.
    public var idiom: String
    public var entries: [ArchivedViewController]
    /// What the app delegate's `application(_:willEncodeRestorableStateWith:)` wrote (UIKit #110).
    public var appState: [String: String]

    public init(systemVersion: String, idiom: String, entries: [ArchivedViewController], appState: [String: String] = [:]) {
        self.systemVersion = systemVersion
        self.idiom = idiom
        self.entries = entries
        self.appState = appState
    }

    public var paths: [String] { entries.map({ $0.pathText }) }
}

public struct ArchivedViewController: Hashable, Sendable {
    public enum Relation: Hashable, Sendable {
        /// The window's root.
        case root
        /// A contained child at this index (a navigation controller disambiguates its stack
        /// by this position, UIKit #130).
        case child(Int)
        /// Presented by its parent entry, with the style in effect.
        case presented(ModalPresentationStyle)
    }
    /// Restoration identifiers from the root down to this one (UIKit #129).
    public var path: [String]
    public var relation: Relation
    /// The index of the parent entry in the archive, nil for the root.
    public var parent: Int?
    /// `UIStateRestorationViewControllerStoryboardKey` and the class (UIKit #135, #139).
    public var className: String
    public var kind: Kind
    public var restorationClass: RestorationClass
    public var storyboard: Bool
    public var selectedIndex: Int?
    public var encodesChildren: Bool
    /// What its `encodeRestorableState` wrote (`capital=Paris`).
    public var state: [String: String]
    /// Its view's preserved state: `contentOffset`, `selectedRow` (UIKit #128).
    public var viewState: [String: String]

    public init(path: [String], relation: Relation, parent: Int?, className: String, kind: Kind,
                restorationClass: RestorationClass, storyboard: Bool, selectedIndex: Int?,
                encodesChildren: Bool, state: [String: String], viewState: [String: String]) {
        self.path = path
        self.relation = relation
        self.parent = parent
        self.className = className
        self.kind = kind
        self.restorationClass = restorationClass
        self.storyboard = storyboard
        self.selectedIndex = selectedIndex
        self.encodesChildren = encodesChildren
        self.state = state
        self.viewState = viewState
    }

    public var pathText: String { path.joined(separator: "/") }

    /// How UIKit will find or make it at restoration (`archive` prints it).
    public var foundBy: String {
        switch restorationClass {
        case .instance: return "restoration class"
        case .returnsNil: return "restoration class returning nil"
        case .none: return storyboard ? "storyboard" : "made in code"
        }
    }

    /// Its place under its parent entry: `root`, `child 1`, `presented fullScreen`.
    public var relationText: String {
        switch relation {
        case .root: return "root"
        case .child(let i): return "child \(i)"
        case .presented(let style): return "presented \(style.rawValue)"
        }
    }
}

/// A view controller's `restorationClass` (UIKit #121, #135, #136).
public enum RestorationClass: String, Hashable, Sendable, CaseIterable {
    /// None: UIKit searches (app delegate, existing instance, storyboard).
    case none
    /// One that creates a new instance.
    case instance
    /// One that returns nil: the view controller and its subtree are left out.
    case returnsNil = "nil"
}

/// How the app delegate opts in to preservation and restoration (UIKit #106).
public struct OptIn: Hashable, Sendable {
    /// Whether the delegate implements the two methods at all.
    public var implemented = false
    /// What `application(_:shouldSave…ApplicationState:)` returns.
    public var save = false
    /// What `application(_:shouldRestore…ApplicationState:)` returns.
    public var restore = false
    public init() {}
}

/// `application(_:viewControllerWithRestorationIdentifierPath:coder:)`: for archived view
/// controllers whose identifier is `identifier`, the app delegate returns a new instance of
/// `className` (nil: the archived class); with no rule it returns nil (UIKit #135 step 2).
/// The scene delegate's routing code: when the saved activity's screen is `screen`, it pushes
/// `push` onto the root's navigation controller in `scene(_:willConnectTo:options:)` (UIKit #206).
public struct SceneRoute: Hashable, Sendable {
    public var screen: String
    /// The tab it selects first, in a tab bar app.
    public var select: Int?
    public var push: [String]

    public var text: String {
        "route \(screen)" + (select.map { " select \($0)" } ?? "") + (push.isEmpty ? "" : " push " + push.joined(separator: ", "))
    }
}

public struct AppDelegateRule: Hashable, Sendable {
    public var identifier: String
    public var className: String?
}


extension Archive {
    /// Why this archive cannot be restored although it decodes, or nil when it can: the shape
    /// `preserve()` writes — the window's root first, every other entry after its parent and
    /// on its parent's path, no deeper and no larger than NavLab's `Limits`. A launch discards
    /// an archive with a problem, with a warning that says what is wrong (Docs/Limits.md).
    public var problem: String? {
        guard entries.count <= Limits.viewControllers else {
            return "it holds \(entries.count) view controllers, more than NavLab's limit of \(Limits.viewControllers)"
        }
        var depth: [Int] = []
        depth.reserveCapacity(entries.count)
        for (i, e) in entries.enumerated() {
            let n = i + 1
            if e.path.isEmpty || e.path.contains(where: { $0.isEmpty }) {
                return "entry \(n) (\(e.className)) has an empty restoration identifier in its path '\(e.pathText)'"
            }
            if e.className.isEmpty || !State.isIdentifier(e.className) {
                return "entry \(n) names '\(e.className)', which is not a class name"
            }
            if let s = e.selectedIndex, s < 0 { return "entry \(n) (\(e.pathText)) has a negative selectedIndex" }
            if case .child(let k) = e.relation, k < 0 { return "entry \(n) (\(e.pathText)) is a child at a negative index" }
            guard let p = e.parent else {
                guard i == 0, e.relation == .root else {
                    return i == 0 ? "the first entry (\(e.pathText)) is not the window's root"
                                  : "entry \(n) (\(e.pathText)) has no parent but is not the first entry: an archive has one root"
                }
                depth.append(1)
                continue
            }
            if i == 0 { return "the first entry (\(e.pathText)) names a parent; the window's root has none" }
            if e.relation == .root { return "entry \(n) (\(e.pathText)) claims to be the window's root, but the first entry is" }
            guard p >= 0, p < i else {
                return "entry \(n) (\(e.pathText)) names entry \(p + 1) as its parent, which does not come before it (a cycle, or a parent after its child)"
            }
            guard e.path.count == entries[p].path.count + 1, Array(e.path.dropLast()) == entries[p].path else {
                return "entry \(n)'s path '\(e.pathText)' does not continue its parent's path '\(entries[p].pathText)'"
            }
            let d = depth[p] + 1
            if d > Limits.hierarchyDepth {
                return "entry \(n) (\(e.className)) sits \(d) view controllers deep, more than NavLab's limit of \(Limits.hierarchyDepth)"
            }
            depth.append(d)
        }
        return nil
    }
}
