/// The key window. `subviews` is back-to-front, as the view debugger lists them.
public struct Window: Hashable, Sendable {
    public enum Subview: Hashable, Sendable {
        /// The root view controller's view.
        case rootView
        /// A `UITransitionView` UIKit added for the presentation of this view controller.
        case transitionView(presented: VCID)
    }
    public var rootViewController: VCID?
    public var subviews: [Subview] = []
    /// Transition views whose presented view was taken out (it became the window's root
    /// view): they stay in the window, empty.
    public var emptiedTransitionViews: Set<VCID> = []
    public var isKey = false
    public init() {}

    public var transitionViewCount: Int {
        subviews.reduce(0) { n, s in if case .transitionView = s { return n + 1 } else { return n } }
    }
}

/// A scene connected in this process that is not the one in front (iPad, UIKit #211): it keeps
/// its own window; its view controllers live in `State.viewControllers` with all the others
/// (one process, one memory).
public struct ConnectedScene: Hashable, Sendable {
    public var session: Int
    public var window: Window
    public init(session: Int, window: Window) {
        self.session = session
        self.window = window
    }
}

/// `UIApplication.State`, plus `notRunning` and `suspended` as the app switcher knows them.
public enum ApplicationState: String, Sendable, Hashable, CaseIterable {
    case notRunning, inactive, active, background, suspended
}

public struct Application: Hashable, Sendable {
    public var state: ApplicationState = .notRunning
    /// What the app stored on the device (per app name; the shell persists it).
    public var data = AppData()
    public var optIn = OptIn()
    public var appDelegateRules: [AppDelegateRule] = []
    /// The app adopts UIScene and restores through `stateRestorationActivity` (UIKIT.md §9).
    public var usesScenes = false
    /// The scene manifest's `UIApplicationSupportsMultipleScenes` (`scenes on multiple=no`
    /// makes it false): several windows on an iPad (UIKit #211), and which session a swipe in
    /// the app switcher keeps (UIKit #217).
    public var supportsMultipleScenes = true
    /// The code the app runs inside callbacks (`on Login viewDidLoad: …`), in the order declared.
    public var hooks: [Hook] = []
    /// The keys the app delegate's `application(_:willEncodeRestorableStateWith:)` writes and
    /// `application(_:didDecodeRestorableStateWith:)` reads back (UIKit #110); nil when it
    /// implements neither.
    public var appDelegateEncodes: [String]?
    /// The app delegate's own properties: the process's memory, gone when it ends.
    public var appDelegateValues: [String: String] = [:]
    /// In the background and still running (`background running`: a background task, audio,
    /// location): the system asks it to exit gracefully, so `applicationWillTerminate(_:)`
    /// runs (UIKit #218). False: an app with no background work, suspended soon after it enters
    /// the background, which runs no code when it is ended.
    public var runsInBackground = false
    /// The scene delegate's routing code, replaying navigation from the activity (UIKit #206).
    public var routes: [SceneRoute] = []
    public init() {}

    public var launches: Int { data.launches }
    public var defaults: [String: String] { data.defaults }
    public var archive: Archive? { data.archive?.archive }
}
