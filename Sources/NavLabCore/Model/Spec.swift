/// What to create: `Register`, `@Done`, `Nav(A, B)`, `MainTab:Tab(Nav(First), Settings)`.
public indirect enum Spec: Hashable, Sendable {
    /// A new instance of a plain view-controller class.
    case instance(className: String, at: SourceLocation)
    /// An existing instance, by name (`@Done`).
    case existing(NameRef)
    /// A new container with the given children; `className` is a subclass name or nil for UIKit's.
    case container(ContainerWord, className: String?, children: [Spec], at: SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .instance(_, let at): return at
        case .existing(let ref): return ref.location
        case .container(_, _, _, let at): return at
        }
    }

    /// The spec written back as text (used for `initial` in JSON and in `save`).
    public var text: String {
        switch self {
        case .instance(let name, _): return name
        case .existing(let ref): return "@" + ref.text
        case .container(let word, let cls, let children, _):
            let inner = children.map({ $0.text }).joined(separator: ", ")
            return (cls.map { $0 + ":" } ?? "") + word.rawValue + "(" + inner + ")"
        }
    }
}

/// The container words of the spec language.
public enum ContainerWord: String, Sendable, CaseIterable, Hashable {
    case Nav, Tab, Split, Page, Root
    /// SwiftUI hosted in UIKit (UIKit #190, #191): `SwiftUI(View)` is a
    /// `UIHostingController<View>`, `SwiftUI(View, NavigationStack(Root))` one whose view holds a
    /// `NavigationStack`, `SwiftUI(View, TabView(A, B))` one whose view holds a `TabView`;
    /// `Sheet(View)` is the content of a `.sheet`/`.fullScreenCover` that SwiftUI presents.
    /// Their arguments are SwiftUI view types, not view controllers.
    case SwiftUI, NavigationStack, TabView, Sheet
    /// iOS 18's tab API (UIKit #195–#197): `Tabs(Home, Library:Group(Albums, Songs))` is a
    /// `UITabBarController` set up with `tabs`; each element is a `UITab` whose identifier is
    /// its class name; `Name:Group(…)` a `UITabGroup` whose view controller is a `Name`,
    /// `Name:NavGroup(…)` one with a `managingNavigationController`.
    case Tabs, Group, NavGroup

    public var kind: Kind {
        switch self {
        case .Nav, .NavigationStack: return .navigation
        case .Tab, .TabView: return .tabBar
        case .Split: return .split
        case .Page: return .page
        case .Root: return .container
        case .SwiftUI, .Sheet: return .plain
        case .Tabs: return .tabBar
        case .Group: return .plain
        case .NavGroup: return .navigation
        }
    }

    /// The words whose arguments are SwiftUI views.
    public var isSwiftUI: Bool {
        switch self {
        case .SwiftUI, .NavigationStack, .TabView, .Sheet: return true
        case .Nav, .Tab, .Split, .Page, .Root, .Tabs, .Group, .NavGroup: return false
        }
    }

    /// The words of iOS 18's tab API.
    public var isUITab: Bool { self == .Tabs || self == .Group || self == .NavGroup }

    /// Class name when no subclass name is given. `Root` is the app's own custom container.
    public var defaultClassName: String {
        switch self {
        case .NavigationStack: return "UIKitNavigationController"
        case .TabView: return "UIKitTabBarController"
        case .SwiftUI, .Sheet: return "UIHostingController"
        case .Nav, .Tab, .Split, .Page, .Root, .Tabs, .NavGroup: return kind.uikitClass ?? "Root"
        case .Group: return "UITabGroup"
        }
    }

    /// How many children the container accepts.
    public var childCount: ClosedRange<Int> {
        switch self {
        case .Nav: return 1...Int.max
        case .Tab: return 1...Int.max
        case .Split: return 2...3
        // None: a storyboard's page view controller, whose pages its data source gives.
        case .Page: return 0...2
        case .Root: return 0...Int.max
        case .SwiftUI: return 1...2
        case .NavigationStack, .Sheet: return 1...1
        case .TabView: return 1...Int.max
        case .Tabs, .Group, .NavGroup: return 1...Int.max
        }
    }
}
