/// SwiftUI screens hosted in UIKit (UIKit #190, #191): the view controllers SwiftUI makes,
/// each printed by `_printHierarchy` under the runtime name real captures show.
public enum SwiftUIRole: String, Hashable, Sendable, CaseIterable {
    /// `UIHostingController(rootView: V())`: the app's own hosting controller; `V` is the
    /// view controller's `className`.
    case hosting
    /// What a `NavigationStack` inside a hosting controller adds: `SwiftUI.UIKitNavigationController`.
    case navigationController
    /// A screen of that stack (its root and each `NavigationLink`): `NavigationStackHostingController<AnyView>`.
    case stackContent
    /// The content of a `.sheet` or `.fullScreenCover`: `PresentationHostingController<AnyView>`.
    case sheetContent
    /// What a `TabView` inside a hosting controller adds: `SwiftUI.UIKitTabBarController`.
    case tabBarController
    /// Each tab of that `TabView`: `UIHostingController<TabItem.RootView>`.
    case tabItem

    /// The class as the Objective-C runtime names it (what `_printHierarchy` and UIKit's
    /// messages print). `rootView` is the hosted view's type, `module` the app's module.
    public func printedClass(rootView: String, module: String) -> String {
        switch self {
        case .hosting: return "_TtGC7SwiftUI19UIHostingController" + SwiftUIRole.mangledStruct(rootView, module: module) + "_"
        case .navigationController: return "SwiftUI.UIKitNavigationController"
        case .stackContent: return "_TtGC7SwiftUI32NavigationStackHostingControllerVS_7AnyView_"
        case .sheetContent: return "_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_"
        case .tabBarController: return "SwiftUI.UIKitTabBarController"
        case .tabItem: return "_TtGC7SwiftUI19UIHostingControllerVVS_7TabItem8RootView_"
        }
    }

    /// The class of the view it loads. A hosting controller's is `_UIHostingView<V>`; the
    /// stack's and the sheet's content are views of a class nested in theirs, whose name holds
    /// the address of an anonymous context (`$1d3ce3d64` in the capture; it differs from run
    /// to run, as every address does).
    public func viewClass(rootView: String, module: String) -> String {
        switch self {
        case .hosting: return "_TtGC7SwiftUI14_UIHostingView" + SwiftUIRole.mangledStruct(rootView, module: module) + "_"
        case .navigationController, .tabBarController: return "UILayoutContainerView"
        case .stackContent: return "_TtCGC7SwiftUI32NavigationStackHostingControllerVS_7AnyView_P10$1d3ce3d6411HostingView"
        case .sheetContent: return "_TtCGC7SwiftUI29PresentationHostingControllerVS_7AnyView_P10$1d3ce3e2011HostingView"
        case .tabItem: return "_TtGC7SwiftUI14_UIHostingViewVVS_7TabItem8RootView_"
        }
    }

    /// The name of an imported one whose printed class does not name a view (`AnyView`).
    public var importedName: String {
        switch self {
        case .hosting: return "UIHostingController"
        case .navigationController: return "UIKitNavigationController"
        case .stackContent: return "NavigationStackHostingController"
        case .sheetContent: return "PresentationHostingController"
        case .tabBarController: return "UIKitTabBarController"
        case .tabItem: return "TabItem"
        }
    }

    /// A struct of the app's module in the Objective-C runtime's (old) mangling:
    /// `V9ComposeUI9DraftView`; SwiftUI's own module is the substitution `S_`, Swift's `s`.
    static func mangledStruct(_ name: String, module: String) -> String {
        let m: String
        switch module {
        case "SwiftUI": m = "S_"
        case "Swift": m = "s"
        default: m = "\(module.utf8.count)\(module)"
        }
        return "V\(m)\(name.utf8.count)\(name)"
    }

    /// Reads a printed class back (`import uikit`): the role, and the hosted view's type when
    /// the name spells one of the app's module (`_TtGC7SwiftUI19UIHostingControllerV3App9DraftView_`).
    public static func parse(printedClass p: String, module: String) -> (SwiftUIRole, String?)? {
        for role in [SwiftUIRole.navigationController, .stackContent, .sheetContent, .tabBarController, .tabItem]
            where role.printedClass(rootView: "", module: module) == p { return (role, nil) }
        let prefix = "_TtGC7SwiftUI19UIHostingControllerV"
        guard p.hasPrefix(prefix), p.hasSuffix("_") else { return nil }
        var rest = Substring(p.dropFirst(prefix.count).dropLast())
        func lengthPrefixed() -> String? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let n = Int(digits), n > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.utf8.count >= n else { return nil }
            let word = String(rest.prefix(n))
            rest = rest.dropFirst(n)
            return word
        }
        guard lengthPrefixed() != nil, let name = lengthPrefixed(), rest.isEmpty, State.isIdentifier(name) else { return nil }
        return (.hosting, name)
    }
}
