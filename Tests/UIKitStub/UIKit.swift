// A stand-in for the part of UIKit that `export swift` programs use, with UIKit's signatures,
// so that a program can be type-checked where UIKit is not (Linux): SwiftExportTests builds it
// as a module named UIKit and runs `swiftc -typecheck` on each exported program against it.
// It does nothing; it only has to declare what real UIKit declares, the same way.
@_exported import Foundation

@MainActor
open class UIResponder {
    public init() {}
}

@MainActor
public protocol UIApplicationDelegate: AnyObject {}
extension UIApplicationDelegate {
    /// What `@main` needs (UIKit's own is UIApplicationMain).
    public static func main() {}
}

open class UIApplication: UIResponder {
    public struct LaunchOptionsKey: Hashable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
}

open class UIColor {
    public static let white = UIColor()
    public static let systemBackground = UIColor()
}

@MainActor
public class NSLayoutXAxisAnchor {
    public func constraint(equalTo anchor: NSLayoutXAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
}
@MainActor
public class NSLayoutYAxisAnchor {
    public func constraint(equalTo anchor: NSLayoutYAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
}
@MainActor
open class NSLayoutConstraint {
    public class func activate(_ constraints: [NSLayoutConstraint]) {}
}

open class UIView: UIResponder {
    public struct AnimationOptions: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    open var backgroundColor: UIColor?
    open var frame = CGRect.zero
    open var bounds = CGRect.zero
    open var translatesAutoresizingMaskIntoConstraints = true
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}
}

open class UILabel: UIView {
    open var text: String?
}

@MainActor
public class UIScreen {
    public static let main = UIScreen()
    public var bounds: CGRect { .zero }
}

open class UIWindow: UIView {
    public override init() {}
    public init(frame: CGRect) {}
    public init(windowScene: UIWindowScene) {}
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() {}
}

public enum UIModalPresentationStyle: Int {
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, blurOverFullScreen
    case none = -1
    case automatic = -2
}

@MainActor
public protocol UIViewControllerRestoration {
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController?
}

open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    public required init?(coder: NSCoder) {}

    open var view: UIView! = UIView()
    open var children: [UIViewController] { [] }
    open var parent: UIViewController? { nil }
    open var presentedViewController: UIViewController? { nil }
    open var navigationController: UINavigationController? { nil }
    open var tabBarController: UITabBarController? { nil }
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var definesPresentationContext = false
    open var isModalInPresentation = false
    open var restorationIdentifier: String?
    open var restorationClass: UIViewControllerRestoration.Type?
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    open var presentationController: UIPresentationController? { nil }
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {}
    open func endAppearanceTransition() {}

    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    @available(iOS 13.0, *)
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
    open func encodeRestorableState(with coder: NSCoder) {}
    open func decodeRestorableState(with coder: NSCoder) {}
    open func applicationFinishedRestoringState() {}

    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func addChild(_ childController: UIViewController) {}
    open func removeFromParent() {}
    open func show(_ vc: UIViewController, sender: Any?) {}
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {}
    open func transition(from fromViewController: UIViewController, to toViewController: UIViewController, duration: TimeInterval,
                         options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
}

open class UINavigationController: UIViewController {
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { viewControllers.last }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    @discardableResult open func popViewController(animated: Bool) -> UIViewController? { nil }
    @discardableResult open func popToRootViewController(animated: Bool) -> [UIViewController]? { nil }
}

open class UITabBarController: UIViewController {
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var viewControllers: [UIViewController]?
    open var selectedIndex = 0
    open var selectedViewController: UIViewController?
    open var moreNavigationController: UINavigationController { UINavigationController(nibName: nil, bundle: nil) }
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
}

open class UISplitViewController: UIViewController {
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var viewControllers: [UIViewController] = []
}

open class UIPageViewController: UIViewController {
    public enum TransitionStyle: Int { case pageCurl, scroll }
    public enum NavigationOrientation: Int { case horizontal, vertical }
    public enum NavigationDirection: Int { case forward, reverse }
    public struct OptionsKey: Hashable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    public init(transitionStyle style: UIPageViewController.TransitionStyle, navigationOrientation: UIPageViewController.NavigationOrientation,
                options: [UIPageViewController.OptionsKey: Any]? = nil) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: UIPageViewController.NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {}
}

// Scenes (iOS 13).

open class NSUserActivity {
    public init(activityType: String) {}
    open var userInfo: [AnyHashable: Any]?
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {}
}

open class UIScene: UIResponder {
    public class ConnectionOptions {}
}
open class UIWindowScene: UIScene {}

@MainActor
open class UISceneSession {
    public struct Role: Hashable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    open var role: UISceneSession.Role { Role(rawValue: "UIWindowSceneSessionRoleApplication") }
    open var stateRestorationActivity: NSUserActivity? { nil }
}

@MainActor
open class UISceneConfiguration {
    public init(name: String?, sessionRole: UISceneSession.Role) {}
    open var delegateClass: AnyClass?
}

@MainActor
public protocol UISceneDelegate: AnyObject {}
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

@MainActor
open class UIPresentationController: NSObject {}
