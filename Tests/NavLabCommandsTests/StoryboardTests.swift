import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

/// The storyboards in Tests/Storyboards, authored for these tests in Xcode's format.
private let folder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Storyboards/"
}()

private func storyboard(_ name: String) -> String {
    String(decoding: FileManager.default.contents(atPath: folder + name + ".storyboard") ?? Data(), as: UTF8.self)
}

/// A session that imported `names` (as `import storyboard FILE…` runs them) and ran `lines`.
private func session(importing names: [String], _ lines: String...) -> Session {
    let s = Session()
    let r = s.execute(ScriptRunner.storyboardImport(names.map { (path: $0 + ".storyboard", text: storyboard($0)) }))
    expect(r.status == .done, "import: \(r.text)")
    for l in lines { let r = s.execute(l); expect(r.status != .failed, "\(l): \(r.text)") }
    return s
}

/// The texts of the lines a command logged, in order.
private func texts(_ r: LineResult) -> [String] { r.lines.map { $0.text } }

private func index(of text: String, in r: LineResult) -> Int? { r.lines.firstIndex { $0.text.contains(text) } }

@Suite("Storyboards and segues (UIKit.md §13)")
struct StoryboardTests {
    @Test("UIKit #239: performSegue with an identifier the scene does not have raises NSInvalidArgumentException and changes nothing")
    func noSuchSegue() {
        let s = session(importing: ["Tabs"], "launch")
        let before = s.state
        let r = s.execute("segue nothing")
        expectEqual(r.status, .failed)
        expectEqual(r.error?.kind, .exception)
        expectEqual(r.error?.exceptionName, "NSInvalidArgumentException")
        expect(r.error?.message.hasPrefix("Receiver (<App.FeedViewController: 0x") == true, "\(r.text)")
        expect(r.error?.message.hasSuffix(") has no segue with identifier 'nothing'") == true)
        expect(r.error?.suggestion?.contains("showPost") == true)
        expect(s.state == before)
        // `segue` alone lists what the screen can perform.
        let list = s.execute("segue").text
        expect(list.contains("FeedViewController: segue showPost — show → PostViewController"), "\(list)")
        expect(list.contains("segue login — presentation → LoginViewController"))
    }

    @Test("UIKit #240: each segue and each instantiate makes a new instance; an unknown storyboard ID raises")
    func freshInstances() {
        let s = session(importing: ["Tabs"], "launch", "segue showPost", "pop")
        let again = s.execute("segue showPost")
        expect(texts(again).contains("viewDidLoad PostViewController#2"), "\(again.text)")
        expect(s.execute("instantiate Profile").status == .done)
        expect(s.execute("instantiate Profile").status == .done)
        let memory = s.execute("memory").text
        expect(memory.contains("ProfileViewController ") && memory.contains("ProfileViewController#2"), "\(memory)")
        let bad = s.execute("instantiate Nope")
        expectEqual(bad.error?.exceptionName, "NSInvalidArgumentException")
        expect(bad.error?.message.hasSuffix("doesn't contain a view controller with identifier 'Nope'") == true, "\(bad.text)")
        expect(bad.error?.message.hasPrefix("Storyboard (<UIStoryboard: 0x") == true)
    }

    @Test("UIKit #241: prepare(for:sender:) comes after the destination is made and before its viewDidLoad")
    func prepareBeforeLoad() throws {
        let s = session(importing: ["Tabs"], "launch")
        let r = s.execute("segue showPost")
        let prepare = try #require(index(of: "prepare(for:sender:) FeedViewController", in: r))
        let load = try #require(index(of: "viewDidLoad PostViewController", in: r))
        expect(prepare < load)
        expect(r.lines[prepare].text.contains("\"showPost\" → PostViewController"))
    }

    @Test("UIKit #242: shouldPerformSegue is asked for a segue wired to a control, never for performSegue; false cancels it")
    func shouldPerform() {
        let s = session(importing: ["Tabs"], "launch")
        let byCode = s.execute("segue showPost")
        expect(!byCode.text.contains("shouldPerformSegue"))
        _ = s.execute("pop")
        let byUser = s.execute("segue showPost user")
        expect(texts(byUser).first?.hasPrefix("shouldPerformSegue(withIdentifier:sender:) FeedViewController") == true, "\(byUser.text)")
        _ = s.execute("pop")
        _ = s.execute("class FeedViewController shouldPerformSegue=no")
        let before = s.state
        let refused = s.execute("segue showPost user")
        expectEqual(refused.status, .ignored)
        expect(!refused.text.contains("prepare(for:sender:)"))
        expect(s.state == before)
        // A segue wired to the view controller itself: only code performs it.
        let notControl = s.execute("segue login user")
        expectEqual(notControl.status, .failed)
        expect(notControl.error?.message.contains("not to a control") == true)
    }

    @Test("UIKit #243: a show segue pushes in a navigation controller and presents without one; showDetail fills a split view's secondary column")
    func show() {
        let s = session(importing: ["Tabs"], "launch")
        let pushed = s.execute("segue showPost")
        expect(pushed.text.contains("UINavigationController pushes it"), "\(pushed.text)")
        _ = s.execute("select UITabBarController 1")
        let presented = s.execute("segue showAccount user")
        expect(presented.text.contains("no container overrides it, so it presents"), "\(presented.text)")
        expectEqual(s.state.vc(named: "ProfileViewController")?.presenter.map { s.state[$0].name }, "UITabBarController")

        let split = Session()
        expect(split.execute("device iPad iOS=17").status == .done)
        expect(split.execute(ScriptRunner.storyboardImport([(path: "Split.storyboard", text: storyboard("Split"))])).status == .done)
        _ = split.execute("launch")
        let detail = split.execute("segue showNote user")
        expect(detail.text.contains("shows it in its secondary column"), "\(detail.text)")
        expect(detail.text.contains("deinit UINavigationController#2"))
    }

    @Test("UIKit #244: a modal segue's own style wins; Default takes the destination's; a popover segue presents as a popover")
    func modalStyles() {
        let s = session(importing: ["Tabs"], "launch", "segue login")
        expectEqual(s.state.vc(named: "LoginViewController")?.presentation?.style, .fullScreen)
        _ = s.execute("dismiss")
        _ = s.execute("segue compose")
        expectEqual(s.state.vc(named: "ComposeNavigationController")?.presentation?.requestedStyle, .automatic)

        let split = Session()
        _ = split.execute("device iPad iOS=17")
        _ = split.execute(ScriptRunner.storyboardImport([(path: "Split.storyboard", text: storyboard("Split"))]))
        _ = split.execute("launch")
        _ = split.execute("segue showNote")
        let pop = split.execute("segue showOptions user")
        expect(pop.status == .done, "\(pop.text)")
        expectEqual(split.state.vc(named: "OptionsViewController")?.presentation?.style, .popover)
    }

    @Test("UIKit #245: relationship and embed segues make a container's children with it; they are not performed by identifier")
    func relationshipsAndEmbeds() {
        let s = session(importing: ["Tabs"])
        expectEqual(s.state.initial?.text, "Tab(Nav(FeedViewController), SettingsViewController)")
        let c = session(importing: ["Containers"], "launch")
        let dashboard = c.state.vc(named: "DashboardViewController")
        expectEqual(dashboard?.children.map { c.state[$0].name }, ["SummaryViewController", "PhotosPageViewController"])
        let embed = c.execute("segue embedSummary from DashboardViewController")
        expectEqual(embed.status, .failed)
        expect(embed.error?.message.contains("embed segue") == true)
        // The page view controller's first page comes from the app's code.
        expect(c.execute("instantiate Photo").status == .done)
        expect(c.execute("switch @PhotoViewController in PhotosPageViewController").status == .done)
        expectEqual(c.state.vc(named: "PhotoViewController")?.parent.map { c.state[$0].name }, "PhotosPageViewController")
    }

    @Test("UIKit #246: an unwind segue searches from the source up, then prepare, the action, one dismissal and the pop")
    func unwind() throws {
        // Two pushes deep: the stack is searched from the top, the source first.
        let s = session(importing: ["Tabs"], "class FeedViewController unwind=unwindToFeed", "launch", "segue showPost", "segue showAuthor")
        let r = s.execute("segue backToFeed")
        let asked = r.lines.map { $0.text }.filter { $0.hasPrefix("canPerformUnwindSegueAction") }
        expectEqual(asked, ["canPerformUnwindSegueAction(_:from:sender:) ProfileViewController — unwindToFeed: → false",
                            "canPerformUnwindSegueAction(_:from:sender:) PostViewController — unwindToFeed: → false",
                            "canPerformUnwindSegueAction(_:from:sender:) FeedViewController — unwindToFeed: → true"])
        let prepare = try #require(index(of: "prepare(for:sender:) ProfileViewController", in: r))
        let action = try #require(index(of: "unwindToFeed: FeedViewController", in: r))
        let towards = try #require(index(of: "unwind(for:towards:) UINavigationController", in: r))
        let appear = try #require(index(of: "viewDidAppear FeedViewController", in: r))
        expect(prepare < action && action < towards && towards < appear)
        expectEqual(s.state.vc(named: "UINavigationController")?.children.count, 1)
        expect(r.text.contains("deinit PostViewController") && r.text.contains("deinit ProfileViewController"))

        // Presented over a presented screen: one dismissal takes both away.
        let p = session(importing: ["Tabs"], "class FeedViewController unwind=unwindToFeed", "launch", "segue compose", "present Extra on DraftViewController")
        let d = p.execute("segue cancelDraft from DraftViewController")
        expect(d.status == .done, "\(d.text)")
        expectEqual(p.state.presentedViewController(of: p.state.vc(named: "FeedViewController")!.id), nil)
        expect(d.text.contains("deinit Extra") && d.text.contains("deinit DraftViewController"))

        // Into another tab: the tab bar controller selects the destination's tab.
        let t = Session()
        _ = t.execute("""
            import storyboard Tiny <<END
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="t">
                <scenes>
                    <scene sceneID="s0"><objects><tabBarController id="t" sceneMemberID="viewController"><connections>
                        <segue destination="a" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="n" kind="relationship" relationship="viewControllers" id="r2"/></connections></tabBarController></objects></scene>
                    <scene sceneID="s1"><objects><viewController id="a" customClass="First" sceneMemberID="viewController"/></objects></scene>
                    <scene sceneID="s2"><objects><navigationController id="n" sceneMemberID="viewController"><connections>
                        <segue destination="b" kind="relationship" relationship="rootViewController" id="r3"/></connections></navigationController></objects></scene>
                    <scene sceneID="s3"><objects><viewController id="b" customClass="Second" sceneMemberID="viewController"><connections>
                        <segue destination="x" kind="unwind" identifier="toFirst" unwindAction="unwindToFirst:" id="g2"/></connections></viewController>
                        <exit id="x" sceneMemberID="exit"/></objects></scene>
                </scenes>
            </document>
            END
            """)
        for l in ["class First unwind=unwindToFirst", "launch", "select UITabBarController 1"] { _ = t.execute(l) }
        let tab = t.execute("segue toFirst")
        expect(tab.text.contains("unwind(for:towards:) UITabBarController — towards First"), "\(tab.text)")
        expectEqual(t.state.vc(named: "UITabBarController")?.selectedIndex, 0)

        // No view controller implements the action: nothing happens.
        let n = session(importing: ["Tabs"], "launch", "segue showPost", "segue showAuthor")
        let before = n.state
        let none = n.execute("segue backToFeed")
        expectEqual(none.status, .ignored)
        expect(n.state == before)
    }

    @Test("UIKit #247: a deprecated push segue without a navigation controller raises NSGenericException; modal presents")
    func legacy() {
        let s = session(importing: ["Legacy"], "launch")
        expect(s.execute("segue openDetail user").text.contains("willMove(toParent: UINavigationController) MessageViewController"))
        _ = s.execute("pop")
        expect(s.execute("segue openAbout user").status == .done)
        expect(s.state.vc(named: "AboutViewController")?.presenter != nil)
        let before = s.state
        let r = s.execute("segue openMore user")
        expectEqual(r.error?.exceptionName, "NSGenericException")
        expectEqual(r.error?.message, "Could not find a navigation controller for segue 'openMore'. Push segues can only be used when the source controller is managed by an instance of UINavigationController.")
        expect(s.state == before)
    }

    @Test("UIKit #248: the initial view controller becomes the Initial UI that launch and relaunch make")
    func initialViewController() {
        let s = session(importing: ["Tabs"])
        expect(!s.state.isRunning)
        _ = s.execute("launch")
        expectEqual(s.state.window.rootViewController.map { s.state[$0].name }, "UITabBarController")
        _ = s.execute("segue showPost")
        _ = s.execute("relaunch")
        expectEqual(s.state.vc(named: "UINavigationController")?.children.count, 1)
    }

    @Test("UIKit #249: Use Storyboard ID makes the storyboard ID the restoration identifier")
    func useStoryboardID() {
        let s = session(importing: ["Tabs"], "launch", "instantiate Profile", "instantiate Post")
        expectEqual(s.state.vc(named: "ProfileViewController")?.restorationIdentifier, "Profile")
        expectEqual(s.state.vc(named: "PostViewController")?.restorationIdentifier, nil)
        expectEqual(s.state.classes["ProfileViewController"]?.storyboard, true)
        let m = session(importing: ["Main", "Settings"], "instantiate Account")
        expectEqual(m.state.vc(named: "AccountViewController")?.restorationIdentifier, "Account")
    }

    @Test("UIKit #250: a storyboard reference makes the referenced storyboard's scene; one not given is refused")
    func references() {
        let s = session(importing: ["Main", "Settings"], "launch")
        expectEqual(s.state.initial?.text, "RootTabBarController:Tab(Nav(ShopViewController), Nav(SettingsViewController))")
        let r = s.execute("segue showAccount")
        expect(r.text.contains("prepare(for:sender:) ShopViewController — \"showAccount\" → AccountViewController"), "\(r.text)")

        let alone = Session()
        let before = alone.state
        let refused = alone.execute(ScriptRunner.storyboardImport([(path: "Main.storyboard", text: storyboard("Main"))]))
        expectEqual(refused.status, .failed)
        expect(refused.error?.message.hasPrefix("Main.storyboard:") == true, "\(refused.text)")
        expect(refused.error?.message.contains("names Settings.storyboard, which this import does not give") == true)
        expect(alone.state == before)
    }

    @Test("Completion offers the screen's segue identifiers first, then the storyboards' others; instantiate offers storyboard IDs")
    func completion() {
        let s = session(importing: ["Tabs"], "launch")
        let segues = Completion.complete("segue ", in: s).candidates
        expect(segues.contains("showPost") && segues.contains("login") && segues.contains("backToFeed"), "\(segues)")
        expectEqual(Completion.complete("segue show", in: s).candidates, ["showAccount", "showAuthor", "showPost"])
        expectEqual(Completion.complete("instantiate P", in: s).candidates, ["Post", "Profile"])
    }

    @Test("The storyboard tutorial plays step by step: the narration rides on the here-document's first line, its END stays alone")
    func tutorialSteps() throws {
        let t = try #require(Tutorials.named("storyboard-segues"))
        let steps = Tutorial.steps(t.text)
        let first = steps[0].line(0)
        expect(first.hasPrefix("import storyboard Shop <<END  # "), "\(first.prefix(80))")
        expect(first.hasSuffix("\nEND"))
        let s = Session()
        for step in steps {
            for i in step.commands.indices {
                let r = s.execute(step.line(i))
                expect(r.status != .failed, "\(step.commands[i].text.prefix(60)): \(r.text)")
            }
        }
    }

    @Test("UIKit #249: two scenes of one custom class with different restoration identifiers: the first scene's hold, and the import says so")
    func conflictingScenes() {
        let s = Session()
        let r = s.execute("""
            import storyboard Twice <<END
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
                <scenes>
                    <scene sceneID="s1"><objects><viewController restorationIdentifier="One" id="a" customClass="Shared" sceneMemberID="viewController"/></objects></scene>
                    <scene sceneID="s2"><objects><viewController storyboardIdentifier="Two" useStoryboardIdentifierAsRestorationIdentifier="YES" id="b" customClass="Shared" sceneMemberID="viewController"/></objects></scene>
                </scenes>
            </document>
            END
            """)
        expect(r.text.contains("scenes of Shared set different restoration identifiers or presentation styles: the first scene's hold for the class"), "\(r.text)")
        expectEqual(s.state.classes["Shared"]?.restorationIdentifier, "One")
    }

    @Test("export mermaid|dot storyboard: scenes as boxes by class and storyboard ID, relationships solid, segues dashed with kind and identifier, the initial one marked, references to what they stand for")
    func storyboardMap() {
        let s = session(importing: ["Main", "Settings"])
        let mermaid = texts(s.execute("export mermaid storyboard"))
        expectEqual(mermaid.first, "graph TD")
        for line in ["  subgraph sb0[\"Main\"]", "    s0_0[\"RootTabBarController\"]", "    s0_4[\"reference<br/><small>Settings · Account</small>\"]",
                     "    s1_2[\"AccountViewController<br/><small>storyboard ID: Account</small>\"]",
                     "  initial0((initial)) ==> s0_0", "  initial1((initial)) ==> s1_0",
                     "  s0_0 -->|\"relationship\"| s0_1", "  s0_2 -.->|\"presentation · showAccount\"| s0_4",
                     "  s0_4 -.-|\"reference\"| s1_2", "  s1_1 -.->|\"show · showAccount\"| s1_2", "  class s0_0,s1_0 initial"] {
            expect(mermaid.contains(line), "missing \(line) in \(mermaid)")
        }
        let dot = texts(s.execute("export dot storyboard"))
        expectEqual(dot.first, "digraph Storyboards {")
        for line in ["    s0_0 [label=\"RootTabBarController\", penwidth=3];", "  initial0 -> s0_0 [penwidth=2];",
                     "  s0_2 -> s0_4 [label=\"presentation · showAccount\", style=dashed];", "  s0_1 -> s0_2 [label=\"relationship\"];",
                     "  s0_3 -> s1_0 [label=\"reference\", style=dotted];"] {
            expect(dot.contains(line), "missing \(line) in \(dot)")
        }
        // The hierarchy's export is unchanged by the option's existence; the map needs a storyboard.
        expect(s.execute("export mermaid").text.contains("subgraph") == false)
        let none = Session().execute("export dot storyboard")
        expectEqual(none.status, .failed)
        expectEqual(none.error?.message, "no storyboard is imported, so there is no map to export")
        let json = s.execute("export json storyboard")
        expectEqual(json.status, .failed)
        expect(json.error?.message.contains("export mermaid storyboard or export dot storyboard") == true, "\(json.text)")
    }

    // Shapes met in apps' storyboards (measured on public ones; these are written afresh).

    @Test("UIKit #253: a launch screen's initial view controller is never the Initial UI: the app's storyboard's is, whatever the order")
    func launchScreen() {
        let s = Session()
        let r = s.execute(ScriptRunner.storyboardImport([(path: "LaunchScreen.storyboard", text: xmlStoryboard(initial: "L1", extra: " launchScreen=\"YES\"", scenes: [scene("L1")])),
                                                         (path: "Main.storyboard", text: xmlStoryboard(initial: "M1", scenes: [scene("M1", custom: "HomeViewController")]))]))
        expectEqual(r.status, .done)
        expect(r.text.contains("LaunchScreen.storyboard is a launch screen: the system shows it while the app launches, and its initial view controller is not the app's (UIKit #253)"), "\(r.text)")
        expectEqual(s.state.initial?.text, "HomeViewController")
        // A launch screen alone gives no Initial UI.
        let alone = Session()
        let a = alone.execute(ScriptRunner.storyboardImport([(path: "LaunchScreen.storyboard", text: xmlStoryboard(initial: "L1", extra: " launchScreen=\"YES\"", scenes: [scene("L1")]))]))
        expectEqual(a.status, .done)
        expect(alone.state.initial == nil)
    }

    @Test("A navigation or tab bar controller with no view controllers in the storyboard (the app's code sets them) imports; making it is refused clearly and changes nothing")
    func emptyContainers() {
        let s = Session()
        let text = xmlStoryboard(initial: "T1", scenes: [scene("T1", element: "tabBarController"), scene("N1", element: "navigationController", storyboardID: "Settings")])
        let r = s.execute(ScriptRunner.storyboardImport([(path: "Main.storyboard", text: text)]))
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("Main.storyboard's initial view controller contains the tab bar controller (T1 in Main.storyboard) with no tabs in the storyboard, which the app's code fills"), "\(r.text)")
        expect(r.text.contains("2 navigation or tab bar controllers with no view controllers in the storyboard (the app's code sets them)"))
        expect(s.state.initial == nil)
        let inst = s.execute("instantiate Settings")
        expectEqual(inst.status, .failed)
        expect(inst.error?.message == "instantiate Settings makes the navigation controller (N1 in Main.storyboard) with no root view controller in the storyboard: the app's code sets its view controllers, and NavLab cannot make it empty", "\(inst.text)")
        // A segue to one: refused before prepare(for:sender:), nothing changes.
        let app = Session()
        let other = xmlStoryboard(initial: "H1", scenes: [scene("H1", custom: "HomeViewController", segues: [segue("S1", to: "N1", kind: "presentation", identifier: "settings")]),
                                                          scene("N1", element: "navigationController")])
        expectEqual(app.execute(ScriptRunner.storyboardImport([(path: "App.storyboard", text: other)])).status, .done)
        expect(app.execute("launch").status == .done)
        let before = app.state
        let seg = app.execute("segue settings")
        expectEqual(seg.status, .failed)
        expect(seg.error?.message.hasPrefix("the segue settings makes the navigation controller (N1 in App.storyboard)") == true, "\(seg.text)")
        expect(app.state == before)
    }

    @Test("A macOS or watchOS storyboard is refused at its document's type, naming the platform; a tvOS storyboard (UIKit) imports and says what is not modelled")
    func platforms() {
        for (type, words) in [("com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB", "a macOS (AppKit) storyboard"), ("com.apple.InterfaceBuilder.WatchKit.Storyboard", "a watchOS (WatchKit) storyboard")] {
            let r = Session().execute(ScriptRunner.storyboardImport([(path: "Main.storyboard", text: xmlStoryboard(type: type, initial: nil, scenes: []))]))
            expectEqual(r.status, .failed)
            expect(r.error?.message.hasPrefix("Main.storyboard:2:") == true && r.error?.message.contains(words) == true, "\(r.text)")
        }
        let tv = Session()
        let r = tv.execute(ScriptRunner.storyboardImport([(path: "Main.storyboard", text: xmlStoryboard(type: "com.apple.InterfaceBuilder.AppleTV.Storyboard", initial: "V1", scenes: [scene("V1", custom: "ShelfViewController")]))]))
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("tvOS's own behaviours"))
        expectEqual(tv.state.initial?.text, "ShelfViewController")
    }

    @Test("A segue's peek and pop previews (3D Touch preview and commit segues inside it) are named in the import's note; the segue itself plays")
    func previews() {
        let s = Session()
        let text = xmlStoryboard(initial: "N1", scenes: [
            scene("N1", element: "navigationController", relationships: ["A1"]),
            scene("A1", custom: "InboxViewController", segues: [segue("S1", to: "B1", kind: "show", identifier: "open", inner: "<segue key=\"commit\" inheritsFrom=\"parent\" id=\"S2\"/><segue key=\"preview\" inheritsFrom=\"commit\" id=\"S3\"/>")]),
            scene("B1", custom: "MessageViewController")])
        let r = s.execute(ScriptRunner.storyboardImport([(path: "Main.storyboard", text: text)]))
        expectEqual(r.status, .done, "\(r.text)")
        expect(r.text.contains("1 segue's peek and pop (3D Touch preview and commit segues)"), "\(r.text)")
        _ = s.execute("launch")
        expect(s.execute("segue open").status == .done)
        expectEqual(s.state.vc(named: "MessageViewController")?.parent.map { s.state[$0].name }, "UINavigationController")
    }

    @Test("UIKit #254: a segue without an identifier runs when the user taps its control (shouldPerformSegue and prepare get nil); code cannot perform it")
    func unidentifiedSegue() {
        let s = Session()
        let text = xmlStoryboard(initial: "N1", scenes: [
            scene("N1", element: "navigationController", relationships: ["A1"]),
            scene("A1", custom: "InboxViewController", segues: [segue("Sg-1a-xyz", to: "B1", kind: "show", inner: ""), segue("Sg-2b-xyz", to: "B1", kind: "presentation", identifier: "compose")]),
            scene("B1", custom: "MessageViewController")]).replacingOccurrences(of: "<connections><segue destination=\"B1\" kind=\"show\"", with: "<view key=\"view\" id=\"V1\"><subviews><button id=\"Bt1\"><connections><segue destination=\"B1\" kind=\"show\"")
            .replacingOccurrences(of: "id=\"Sg-1a-xyz\"></segue>", with: "id=\"Sg-1a-xyz\"></segue></connections></button></subviews></view><connections>")
        expectEqual(s.execute(ScriptRunner.storyboardImport([(path: "Main.storyboard", text: text)])).status, .done, "\(text)")
        _ = s.execute("launch")
        let list = s.execute("segue").text
        expect(list.contains("InboxViewController: segue Sg-1a-xyz user — show → MessageViewController (no identifier: only the user's tap on its control performs it, UIKit #254)"), "\(list)")
        let before = s.state
        let code = s.execute("segue Sg-1a-xyz")
        expectEqual(code.status, .failed)
        expectEqual(code.error?.exceptionName, "NSInvalidArgumentException")
        expect(code.error?.suggestion == "segue Sg-1a-xyz user (the user's tap on its control performs it)", "\(code.text)")
        expect(s.state == before)
        let tap = s.execute("segue Sg-1a-xyz user")
        expectEqual(tap.status, .done, "\(tap.text)")
        expect(texts(tap).contains("shouldPerformSegue(withIdentifier:sender:) InboxViewController — nil"), "\(tap.text)")
        expect(texts(tap).contains("prepare(for:sender:) InboxViewController — nil → MessageViewController (UIKit #241)"))
        expectEqual(s.state.vc(named: "MessageViewController")?.parent.map { s.state[$0].name }, "UINavigationController")
    }

    @Test("Every storyboard set in Tests/Storyboards: each segue its screens can perform, breadth-first from launch and bounded, by code and by the user: nothing crashes, a refusal says what to do and changes nothing")
    func walkEverySegue() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".navlab") }.sorted()
        expect(scripts.count >= 5)
        for script in scripts {
            // What the script does before `launch`: device, import storyboard, class lines.
            let text = String(decoding: FileManager.default.contents(atPath: folder + script) ?? Data(), as: UTF8.self)
            var setup: [String] = [], files: [String] = []
            for raw in text.split(separator: "\n") {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.isEmpty || line.hasPrefix("#") { continue }
                if line == "launch" { break }
                if line.hasPrefix("import storyboard ") {
                    files = line.dropFirst(18).split(separator: " ").map { String($0.dropLast(11)) }
                    setup.append("")
                } else {
                    setup.append(line)
                }
            }
            expect(!files.isEmpty, "\(script) imports no storyboard")
            func replay(_ path: [String]) -> Session {
                let s = Session()
                for l in setup {
                    let r = l.isEmpty ? s.execute(ScriptRunner.storyboardImport(files.map { (path: $0 + ".storyboard", text: storyboard($0)) })) : s.execute(l)
                    expect(r.status != .failed, "\(script): \(l): \(r.text)")
                }
                expect(s.execute("launch").status == .done, "\(script): launch")
                for l in path { _ = s.execute(l) }
                return s
            }
            var queue: [[String]] = [[]]
            var walked = 0, performed = 0
            while !queue.isEmpty, walked < 60 {
                let path = queue.removeFirst()
                walked += 1
                let s = replay(path)
                var commands: [String] = []
                for id in s.state.segueSources() {
                    for (_, _, g) in s.state.performableSegues(from: id) {
                        let c = "segue \(g.identifier!) from \(s.state[id].name)"
                        commands.append(c)
                        if g.fromControl { commands.append(c + " user") }
                    }
                    for (_, _, g) in s.state.unidentifiedSegues(from: id) { commands.append("segue \(g.id) from \(s.state[id].name) user") }
                }
                for c in commands where path.count < 3 {
                    let before = s.state
                    let r = s.execute(c)
                    switch r.status {
                    case .done:
                        performed += 1
                        queue.append(path + [c])
                        // Back to the state this path reached, for the next segue.
                        _ = s.execute("undo")
                        expect(s.state == before, "\(script): undo after \(path + [c])")
                    case .ignored:
                        expect(s.state == before, "\(script): \(c) ignored yet changed the state")
                    case .failed:
                        expect(s.state == before, "\(script): \(c) failed yet changed the state")
                        expect(r.error?.message.isEmpty == false && r.error?.suggestion?.isEmpty == false, "\(script): \(path + [c]) refused without what to do: \(r.text)")
                    default:
                        Issue.record("\(script): \(c): \(r.status)")
                    }
                }
            }
            expect(performed > 0, "\(script): no segue performed")
        }
    }
}

/// A storyboard written for a test: Xcode's document with `scenes`.
private func xmlStoryboard(type: String = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB", initial: String?, extra: String = "", scenes: [String]) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="\(type)" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch"\(extra)\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
        <scenes>
    \(scenes.joined(separator: "\n"))
        </scenes>
    </document>
    """
}

/// One scene: a view controller element with its relationship segues and other segues.
private func scene(_ id: String, element: String = "viewController", custom: String? = nil, storyboardID: String? = nil, relationships: [String] = [], segues: [String] = []) -> String {
    let rel = relationships.enumerated().map { "<segue destination=\"\($0.element)\" kind=\"relationship\" relationship=\"\(element == "navigationController" ? "rootViewController" : "viewControllers")\" id=\"\(id)-r\($0.offset)\"/>" }
    let attrs = (custom.map { " customClass=\"\($0)\"" } ?? "") + (storyboardID.map { " storyboardIdentifier=\"\($0)\"" } ?? "")
    return """
            <scene sceneID="\(id)-s"><objects>
                <\(element) id="\(id)"\(attrs) sceneMemberID="viewController"><connections>\((rel + segues).joined())</connections></\(element)>
            </objects></scene>
    """
}

private func segue(_ id: String, to destination: String, kind: String, identifier: String? = nil, inner: String = "") -> String {
    "<segue destination=\"\(destination)\" kind=\"\(kind)\"\(identifier.map { " identifier=\"\($0)\"" } ?? "") id=\"\(id)\">\(inner)</segue>"
}
