import Testing
@testable import NavLabCore
import NavLabCommands

/// SwiftUI hosted in UIKit (UIKit.md §12).
@Suite("SwiftUI inside UIKit")
struct SwiftUITests {
    /// The `_printHierarchy` line of the view controller named `name`.
    func line(_ s: Sim, _ name: String) -> String? {
        let id = s.id(name)
        let vc = "<\(s.state.qualifiedClassName(id)) \(s.state.address(of: id))>"
        return s.state.renderPrintHierarchy().split(separator: "\n").map(String.init).first { $0.contains(vc) }
    }

    @Test("UIKit #190: a hosting controller prints under its runtime name, and its view as _UIHostingView")
    func fact190() {
        let s = launched("Nav(Feed)", device: "iPhone iOS=18")
        let calls = s.calls("push SwiftUI(DraftView)")
        // A hosting controller gets the callbacks a UIKit screen gets.
        let uikit = launched("Nav(Feed)", device: "iPhone iOS=18")
        expectEqual(calls, uikit.calls("push DraftView"))
        expect(calls.contains("viewDidAppear DraftView"))
        expectEqual(s.vc("DraftView").swiftUI, .hosting)
        // As the capture's `<_TtGC7SwiftUI19UIHostingControllerV9ComposeUI9DraftView_ 0x…>`, with this app's module.
        let l = line(s, "DraftView")
        expectEqual(l?.hasPrefix("   | <_TtGC7SwiftUI19UIHostingControllerV3App9DraftView_ 0x"), true)
        expectEqual(l?.contains("state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewV3App9DraftView_: 0x"), true)
        // Another module name, and the description UIKit's messages use.
        let other = Sim("device iPhone iOS=18", "app ComposeUI", "initial SwiftUI(DraftView)", "launch")
        expect(other.state.objectDescription(other.id("DraftView")).hasPrefix("<_TtGC7SwiftUI19UIHostingControllerV9ComposeUI9DraftView_: 0x"))
    }

    @Test("UIKit #190: SwiftUI is refused before iOS 13, and its words take view types")
    func fact190Refused() {
        let old = launched("Nav(Feed)", device: "iPhone iOS=12")
        expectEqual(old.fail("push SwiftUI(DraftView)")?.message.contains("iOS 13"), true)
        let s = launched("Nav(Feed)", device: "iPhone iOS=18")
        expectEqual(s.fail("push SwiftUI(Nav(A))")?.message.contains("view types"), true)
        expectEqual(s.fail("present NavigationStack(A)")?.message.contains("inside SwiftUI(View, …)"), true)
        expect(s.fail("push My:SwiftUI(A)") != nil)
        let ios15 = launched("A", device: "iPhone iOS=15")
        expectEqual(ios15.fail("present SwiftUI(Library, NavigationStack(Shelf))")?.message.contains("iOS 16"), true)
    }

    @Test("UIKit #191: a NavigationStack inside a hosting controller is a UIKitNavigationController of NavigationStackHostingControllers")
    func fact191Stack() {
        let s = launched("A", device: "iPhone iOS=18")
        s.run("present SwiftUI(DraftView, NavigationStack(Compose)) style=formSheet")
        expectEqual(s.vc("UIKitNavigationController").parent, s.id("DraftView"))
        expectEqual(s.vc("Compose").parent, s.id("UIKitNavigationController"))
        // The capture's three lines (Tests/Printouts 36), with this app's module and NavLab's addresses.
        expectEqual(line(s, "DraftView")?.contains("presented with: <\(ModalPresentationStyle.formSheet.presentationControllerClass) 0x"), true)
        expectEqual(line(s, "UIKitNavigationController")?.hasPrefix("   |    | <SwiftUI.UIKitNavigationController 0x"), true)
        expectEqual(line(s, "UIKitNavigationController")?.contains("view: <UILayoutContainerView: 0x"), true)
        let c = line(s, "Compose")
        expectEqual(c?.hasPrefix("   |    |    | <_TtGC7SwiftUI32NavigationStackHostingControllerVS_7AnyView_ 0x"), true)
        expectEqual(c?.contains("view: <_TtCGC7SwiftUI32NavigationStackHostingControllerVS_7AnyView_P10$1d3ce3d6411HostingView: 0x"), true)
    }

    @Test("UIKit #191: a NavigationLink pushes a NavigationStackHostingController; a UIKit screen is refused there")
    func fact191Link() {
        let s = launched("SwiftUI(Library, NavigationStack(Shelf))", device: "iPhone iOS=18")
        expectEqual(s.fail("push Detail")?.message.contains("NavigationStack"), true)
        s.run("push SwiftUI(Book)")
        expectEqual(s.vc("Book").swiftUI, .stackContent)
        expectEqual(s.vc("Book").parent, s.id("UIKitNavigationController"))
        expectEqual(s.state.qualifiedClassName(s.id("Book")), "_TtGC7SwiftUI32NavigationStackHostingControllerVS_7AnyView_")
        expectEqual(s.top, "Book")
    }

    @Test("UIKit #191: a TabView is a UIKitTabBarController of TabItem hosting controllers")
    func fact191Tabs() {
        let s = launched("SwiftUI(ContentView, TabView(Feed, Settings))", device: "iPhone iOS=18")
        expectEqual(s.state.qualifiedClassName(s.id("UIKitTabBarController")), "SwiftUI.UIKitTabBarController")
        let tab = line(s, "Feed")
        expectEqual(tab?.hasPrefix("   |    | <_TtGC7SwiftUI19UIHostingControllerVVS_7TabItem8RootView_ 0x"), true)
        expectEqual(tab?.contains("state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewVVS_7TabItem8RootView_: 0x"), true)
        // The unselected tab, as in the capture: disappeared, its view not loaded.
        expectEqual(line(s, "Settings")?.hasSuffix("state: disappeared, view: (view not loaded)"), true)
    }

    @Test("UIKit #191: a SwiftUI sheet is a PresentationHostingController, presented from SwiftUI content only")
    func fact191Sheet() {
        let s = launched("Tab(SwiftUI(Home), Nav(Feed))", device: "iPhone iOS=18")
        s.run("present Sheet(Draft) on Home")
        expectEqual(s.presented("UITabBarController"), "Draft")
        // `.sheet` leaves modalPresentationStyle alone: the default, a card sheet on iOS 18.
        expectEqual(s.style("Draft"), ModalPresentationStyle.automatic.resolved(on: s.state.device).rawValue)
        expect(s.style("Draft") == "pageSheet" || s.style("Draft") == "formSheet")
        expectEqual(s.state.qualifiedClassName(s.id("Draft")), "_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_")
        expectEqual(line(s, "Draft")?.contains("view: <_TtCGC7SwiftUI29PresentationHostingControllerVS_7AnyView_P10$"), true)
        let uikit = launched("Nav(Feed)", device: "iPhone iOS=18")
        expectEqual(uikit.fail("present Sheet(Draft)")?.message.contains("UIKit view controller"), true)
        expect(uikit.fail("push Sheet(Draft)") != nil)
    }

    @Test("UIKit #190: tree --uikit of hosting controllers, a tab and a SwiftUI sheet imports back unchanged")
    func fact190RoundTrip() {
        let s = launched("Tab(SwiftUI(Home), SwiftUI(Library, NavigationStack(Shelf)))", device: "iPhone iOS=18")
        s.run("select UITabBarController 1")
        s.run("push SwiftUI(Book)")
        s.run("present Sheet(Draft) on Book")
        let printed = s.state.renderPrintHierarchy()
        let again = Session()
        _ = again.execute("device iPhone iOS=18")
        let r = again.execute(Heredoc.wrap(printed, header: "import uikit"))
        expectEqual(r.status, .done, "\(r.text)")
        expectEqual(again.state.renderPrintHierarchy(), printed)
        // Read back as SwiftUI's view controllers, named after their views.
        let st = again.state
        expectEqual(st.names["Home"].map { st[$0].swiftUI }, .hosting)
        expect(st.names["Book"] == nil && st.names["NavigationStackHostingController#2"].map { st[$0].swiftUI } == .stackContent)
        expectEqual(st.names["PresentationHostingController"].map { st[$0].swiftUI }, .sheetContent)
        expectEqual(st.names["UIKitNavigationController"].map { st[$0].swiftUI }, .navigationController)
    }
}
