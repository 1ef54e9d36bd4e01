/// What sort of view controller an instance is: a plain content view controller, one of
/// UIKit's containers, or a custom container (the `RootViewController` of the articles on replacing the root).
public enum Kind: String, Sendable, CaseIterable, Hashable {
    case plain, navigation, tabBar, split, page, container

    /// The UIKit class a container word stands for (`Nav(…)` is a UINavigationController).
    public var uikitClass: String? {
        switch self {
        case .navigation: return "UINavigationController"
        case .tabBar: return "UITabBarController"
        case .split: return "UISplitViewController"
        case .page: return "UIPageViewController"
        case .plain, .container: return nil
        }
    }

    /// The class of the view the view controller loads (UIKit #162).
    public var viewClass: String {
        switch self {
        case .navigation, .tabBar: return "UILayoutContainerView"
        case .page: return "_UIPageViewControllerContentView"
        case .split: return "_UISplitViewControllerPanelImplView"
        case .plain, .container: return "UIView"
        }
    }

    public var isUIKitContainer: Bool { uikitClass != nil }
}

/// A live presentation, stored on the presented view controller.
public struct Presentation: Hashable, Sendable {
    /// `modalPresentationStyle` when `present` was called.
    public var requestedStyle: ModalPresentationStyle
    /// The style in effect after `.automatic` and size-class adaptation.
    public var style: ModalPresentationStyle
    /// The view controller `present` was called on (may differ from the presenter, UIKit #12).
    public var calledOn: VCID
    public var animated: Bool
}

/// One instance of a view-controller class. Field names follow UIKit.
public struct ViewController: Hashable, Sendable {
    public let id: VCID
    public var name: String
    public var className: String
    public var kind: Kind

    /// Containment (UIKit #17: separate from presentation).
    public var parent: VCID?
    /// `children`: for a navigation controller the stack (bottom first), for a tab bar
    /// controller its tabs, for a page view controller the displayed pages, for a split
    /// view controller its columns.
    /// Changed only through `State.spliceChildren` and its helpers, which record the change.
    public fileprivate(set) var children: [VCID] = []
    public var selectedIndex: Int = 0

    /// `_childModalViewController`: what this one presents (UIKit #79, #156).
    public var presentedChild: VCID?
    /// `_modalSourceViewController`: who presents this one.
    public var presenter: VCID?
    public var presentation: Presentation?

    public var modalPresentationStyle: ModalPresentationStyle = .automatic
    public var definesPresentationContext: Bool = false
    public var transitionStyle: PageTransitionStyle = .pageCurl

    public var restorationIdentifier: String?
    public var restorationClass: RestorationClass = .none
    /// The restoration identifier of its view (a table or scroll view): view state is
    /// preserved only when it has one (UIKit #128).
    public var viewRestorationIdentifier: String?
    public var storyboard: Bool = true
    public var encodes: [String] = []

    public var isViewLoaded: Bool = false
    /// `presentationController` was read while nothing presented it: the view controller and
    /// the presentation controller it made hold each other (UIKit #83).
    public var presentationControllerCycle: Bool = false
    /// `beginAppearanceTransition` calls not yet ended: positive appearing, negative
    /// disappearing (UIKit #73).
    public var pendingAppearanceTransitions: Int = 0
    /// The view controller whose view holds this one's view without containment (`addSubview`,
    /// UIKit #46, #96), and, on that one, the view controllers whose views it holds so.
    public var hostView: VCID?
    public var hostedViews: [VCID] = []
    public var appearanceTransitionAnimated: Bool = false
    /// The did-callbacks of the pending manual transition already came, on an end before the
    /// final one: a view controller that forwards by hand itself does not wait (UIKit #231).
    public var appearanceTransitionEnded: Bool = false
    /// Added with `addChild` whose `didMove(toParent:)` the app never called (UIKit #209).
    public var awaitsDidMove: Bool = false
    /// Its view has been in the window (and so laid out) since it was loaded: a view that
    /// comes back gets no layout calls unless its size changes (UIKit #210).
    public var hasBeenLaidOut: Bool = false
    public var restored: Bool = false
    /// The app's own properties (`capital=Paris`) and view state (`contentOffset`, `selectedRow`).
    public var properties: [String: String] = [:]
    /// How a real app printed it, when it was imported (`import uikit`): its class as printed
    /// and its addresses, which NavLab prints instead of counted ones.
    public var imported: ImportedIdentity?
    /// What SwiftUI made it as, for the view controllers SwiftUI makes (UIKit #190); its
    /// `className` is then the hosted view's type.
    public var swiftUI: SwiftUIRole?
    /// A tab bar controller set up with iOS 18's `tabs` (UIKit #195): its `UITab`s, and the
    /// identifier of `selectedTab`.
    public var uiTabs: [UITabElement]?
    public var selectedTab: String?

    public init(id: VCID, name: String, className: String, kind: Kind) {
        self.id = id
        self.name = name
        self.className = className
        self.kind = kind
        // UINavigationController defaults definesPresentationContext to true (UIKit #20).
        self.definesPresentationContext = kind == .navigation
    }

    /// True for classes the app declares (printed module-qualified in UIKit output, UIKit #160).
    /// Whether the class is the app's own (printed module-qualified, UIKit #160): not a
    /// container's UIKit class, nor another UIKit class used as is (`UIViewController`,
    /// `UIAlertController`: `UI` or `_UI` and a capital).
    public var isAppClass: Bool { swiftUI == nil && kind.uikitClass != className && !ViewController.isUIKitClassName(className) }

    static func isUIKitClassName(_ name: String) -> Bool {
        var bytes = Array(name.utf8)[...]
        if bytes.first == UInt8(ascii: "_") { bytes = bytes.dropFirst() }
        guard bytes.count > 2, bytes[bytes.startIndex] == UInt8(ascii: "U"), bytes[bytes.startIndex + 1] == UInt8(ascii: "I") else { return false }
        let next = bytes[bytes.startIndex + 2]
        return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
    }
}

/// A strong reference the app's own code keeps (a property, a coordinator, a closure).
public struct Hold: Hashable, Sendable {
    public var label: String
    public var viewController: VCID
}

extension ViewController {
    /// This value with no children: what a recorded change keeps of it (its children are
    /// kept as splices, so that a long stack is not copied at every push).
    var withoutChildren: ViewController {
        var v = self
        v.children = []
        return v
    }

    /// Replaces `range` of the children with `new`; returns what was there.
    mutating func replaceChildren(_ range: Range<Int>, with new: [VCID]) -> [VCID] {
        let removed = Array(children[range])
        children.replaceSubrange(range, with: new)
        return removed
    }

    /// The children, leaving none: the caller then holds the only reference and can edit
    /// them in place.
    mutating func takeChildren() -> [VCID] {
        let kids = children
        children = []
        return kids
    }

    mutating func setChildrenUnrecorded(_ kids: [VCID]) {
        children = kids
    }
}

/// What an imported view controller keeps of its printout. A reference, so that the instances
/// NavLab makes itself pay one word for it.
public final class ImportedIdentity: Hashable, Sendable {
    public let printedClass: String
    public let address: String?
    public let viewAddress: String?
    public let presentationControllerAddress: String?
    /// The view's class as printed (`UITableView`, `RCTRootView`, `_UIHostingView<…>`).
    public let viewClass: String?
    /// The presentation controller's class as printed, also one NavLab does not model.
    public let presentationControllerClass: String?
    /// The line as printed, and where and how it stood when it was imported: `tree --uikit`
    /// prints the line back as long as these still hold (UIKit #175).
    public let printedLine: String?
    public let printedAt: PrintFacts?

    public init(printedClass: String, address: String?, viewAddress: String?, presentationControllerAddress: String?,
                viewClass: String? = nil, presentationControllerClass: String? = nil, printedLine: String? = nil, printedAt: PrintFacts? = nil) {
        self.printedClass = printedClass
        self.address = address
        self.viewAddress = viewAddress
        self.presentationControllerAddress = presentationControllerAddress
        self.viewClass = viewClass
        self.presentationControllerClass = presentationControllerClass
        self.printedLine = printedLine
        self.printedAt = printedAt
    }

    public static func == (a: ImportedIdentity, b: ImportedIdentity) -> Bool {
        a.printedClass == b.printedClass && a.address == b.address && a.viewAddress == b.viewAddress
            && a.presentationControllerAddress == b.presentationControllerAddress && a.viewClass == b.viewClass
            && a.presentationControllerClass == b.presentationControllerClass && a.printedLine == b.printedLine && a.printedAt == b.printedAt
    }

    public func hash(into h: inout Hasher) {
        h.combine(printedClass)
        h.combine(address)
    }
}

/// What decides a view controller's `_printHierarchy` line: its place in the walk, whether its
/// view is loaded and in the window, how it is presented, and the iOS that prints it.
public struct PrintFacts: Hashable, Sendable {
    public var depth: Int
    public var presented: Bool
    public var inWindow: Bool
    public var viewLoaded: Bool
    public var style: ModalPresentationStyle?
    public var iOS: Int

    public init(depth: Int, presented: Bool, inWindow: Bool, viewLoaded: Bool, style: ModalPresentationStyle?, iOS: Int) {
        self.depth = depth
        self.presented = presented
        self.inWindow = inWindow
        self.viewLoaded = viewLoaded
        self.style = style
        self.iOS = iOS
    }
}
