import Testing
import NavLabCore
@testable import NavLabCommands

@Suite("Completion: Tab and the syntax hint, from the verb table and the live model")
struct CompletionTests {
    func complete(_ line: String, _ s: Session = Session(), files: ((String) -> [String])? = nil) -> [String] {
        Completion.complete(line, in: s, files: files).candidates
    }

    @Test("a partial verb completes to the verbs it starts", arguments: [
        ("pres", ["present"]),
        ("po", ["pop", "popToRoot"]),
        ("swapr", ["swapRoot"]),
        ("qu", ["quit"]),
    ])
    func verbs(line: String, expected: [String]) {
        let (start, candidates) = Completion.complete(line, in: Session())
        expectEqual(start, 0)
        expectEqual(candidates, expected)
    }

    @Test("export offers its formats, then the storyboard map's keyword")
    func exportStoryboard() {
        expectEqual(complete("export mer"), ["mermaid"])
        expectEqual(complete("export mermaid st"), ["storyboard"])
        expectEqual(complete("export dot sto"), ["storyboard"])
        expectEqual(complete("export json sto"), [])
    }

    @Test("an empty line offers every verb, sorted and unique")
    func allVerbs() {
        let candidates = complete("")
        expectEqual(candidates, Array(Set(VerbTable.names)).sorted())
        expect(candidates.contains("present") && candidates.contains("help"))
    }

    @Test("a partial instance name completes from the live model, after on/to/in")
    func liveNames() {
        let s = session("initial Nav(Register)", "launch", "push Detail", "push Detail")
        let (start, candidates) = Completion.complete("push X on UINav", in: s)
        expectEqual(start, "push X on ".count)
        expectEqual(candidates, ["UINavigationController"])
        expectEqual(complete("dismiss Det", s), ["Detail", "Detail#2"])
        expectEqual(complete("addChild Banner to R", s), ["Register"])
        expectEqual(complete("switch Main in ro", s), ["root"])
        expect(complete("why ", s).contains("top"))
    }

    @Test("a spec position offers container words and the classes already used")
    func specs() {
        let s = session("class Settings modalPresentationStyle=formSheet", "initial Nav(Register)", "launch")
        expectEqual(complete("present ", s), ["Group(", "Nav(", "NavGroup(", "NavigationStack(", "Page(", "Register", "Root(", "Settings", "Sheet(", "Split(", "SwiftUI(", "Tab(", "TabView(", "Tabs("])
        expectEqual(complete("present N", s), ["Nav(", "NavGroup(", "NavigationStack("])
        expectEqual(complete("present Nav(Re", s), ["Register"])
        expectEqual(complete("initial Tab(Nav(A), S", s), ["Settings", "Sheet(", "Split(", "SwiftUI("])
        expectEqual(complete("initial MainTab:T", s), ["Tab(", "TabView(", "Tabs("])
        // UIKit's own container classes are made with Nav(…), not by name.
        expect(!complete("present UI", s).contains("UINavigationController"))
    }

    @Test("@ takes a live instance; swapRoot also offers live names")
    func existing() {
        let s = session("initial Register", "launch", "present Done")
        expectEqual(complete("present @D", s), ["Done"])
        let start = Completion.complete("present @D", in: s).start
        expectEqual(start, "present @".count)
        expectEqual(complete("swapRoot R", s), ["Register", "Root("])
    }

    @Test("after the spec: the verb's keywords, key=value words and their values")
    func keywords() {
        let s = session("initial Register", "launch")
        expectEqual(complete("present Detail ", s), ["animated", "on", "style="])
        expectEqual(complete("present Detail on root ", s), ["animated", "style="])
        expectEqual(complete("present Detail style=page", s), ["style=pageSheet"])
        expectEqual(complete("present Detail style=", s).count, ModalPresentationStyle.allCases.count)
        expectEqual(complete("addChild Banner ", s), ["to"])
        expectEqual(complete("hold Register ", s), ["as"])
        expectEqual(complete("hold Register as ", s), [])
        expectEqual(complete("tree --", s), ["--json", "--screenstate", "--uikit"])
        expect(complete("dismiss ", s).contains("animated"))
    }

    @Test("class and set offer the setting keys and the values each takes")
    func settings() {
        let s = session("initial Country", "launch", "set Country capital=Paris")
        expectEqual(complete("class Detail modal", s), ["modalPresentationStyle="])
        expectEqual(complete("class Detail modalPresentationStyle=f", s), ["modalPresentationStyle=formSheet", "modalPresentationStyle=fullScreen"])
        expectEqual(complete("class Detail storyboard=", s), ["storyboard=no", "storyboard=yes"])
        expectEqual(complete("class * restorationIdentifier=", s), ["restorationIdentifier=class"])
        expectEqual(complete("set Country cap", s), ["capital="])
        expect(complete("class ", s).contains("*"))
        expectEqual(complete("class Co", s), ["Country"])
    }

    @Test("device offers iPhone and iPad, then iOS=N and sdk=N (UIKit #198)")
    func device() {
        expectEqual(complete("device "), ["iPad", "iPhone"])
        expectEqual(complete("device iph"), ["iPhone"])
        expectEqual(complete("device iPad "), ["iOS=", "sdk="])
        expect(complete("device iPad iOS=1").contains("iOS=18"))
        expect(complete("device iPad iOS=2").contains("iOS=27"))
        expectEqual(complete("device iPad iOS=27 "), ["sdk="])
        expect(complete("device iPad iOS=27 sdk=2").contains("sdk=26"))
    }

    @Test("expect offers its facts, then what each fact takes")
    func expectFacts() {
        let s = session("initial Nav(Main)", "launch", "present Done")
        let heads = complete("expect ", s)
        expect(heads.contains("root") && heads.contains("allocated") && heads.contains("not"))
        expect(complete("expect not ", s).contains("allocated") && !complete("expect not ", s).contains("not"))
        expectEqual(complete("expect root ", s), ["is"])
        expectEqual(complete("expect root is M", s), ["Main"])
        expectEqual(complete("expect allocated D", s), ["Done"])
        expectEqual(complete("expect state Done ", s), ["appeared", "disappeared"])
        expectEqual(complete("expect app is a", s), ["active"])
        expectEqual(complete("expect stack UINavigationController is Main, ", s), ["Done", "Main", "UINavigationController"])
        expectEqual(complete("expect log contains ", s), [])
    }

    @Test("help offers the verbs")
    func help() {
        expectEqual(complete("help pre"), ["present"])
    }

    @Test("load, save and record complete file names from the shell's lister; record also offers stop")
    func files() {
        let lister: (String) -> [String] = { typed in
            ["Tests/", "tour.navlab", "login.navlab"].filter { $0.hasPrefix(typed) } + (typed.hasPrefix("Tests/") ? ["Tests/Scripts/"] : [])
        }
        expectEqual(complete("load ", files: lister), ["Tests/", "login.navlab", "tour.navlab"])
        expectEqual(complete("load t", files: lister), ["tour.navlab"])
        let (start, candidates) = Completion.complete("load Tests/S", in: Session(), files: lister)
        expectEqual(start, 5)
        expectEqual(candidates, ["Tests/Scripts/"])
        expectEqual(complete("record s", files: lister), ["stop"])
        expectEqual(complete("save "), [])
    }

    @Test("the cursor decides which word completes")
    func cursorInMiddle() {
        let s = session("initial Nav(Register)", "launch")
        let (start, candidates) = Completion.complete("pu Detail", cursor: 2, in: s)
        expectEqual(start, 0)
        expectEqual(candidates, ["push"])
    }

    @Test("nothing completes in a comment, a string, or after an unknown verb")
    func nothing() {
        expectEqual(complete("launch # pre"), [])
        expectEqual(complete("expect log contains \"view"), [])
        expectEqual(complete("bogus "), [])
        expectEqual(complete("becomeActive "), [])
        expectEqual(complete("background "), ["running"])
        expectEqual(complete("launch "), ["locked"])
    }

    @Test("the hint is the syntax of the verb being typed")
    func hints() {
        expectEqual(Completion.hint(for: "present"), VerbTable.verb(named: "present")?.syntax)
        expectEqual(Completion.hint(for: "present Nav("), "present SPEC [on NAME] [style=S] [animated]")
        expectEqual(Completion.hint(for: "pres"), "present SPEC [on NAME] [style=S] [animated]")
        expectEqual(Completion.hint(for: "swaproot "), "swapRoot SPEC|NAME|nil")
        expect(Completion.hint(for: "p") == nil)
        expect(Completion.hint(for: "") == nil)
        expect(Completion.hint(for: "# a comment") == nil)
        expect(Completion.hint(for: "bogus thing") == nil)
    }

    @Test("app + Tab offers the device's apps, not view controllers")
    func appNames() {
        let s = session("initial Home", "launch", "kill", "app Restorer", "app App")
        let offered = complete("app ", s)
        expectEqual(offered, ["App", "Restorer"], "\(offered)")
        expect(!offered.contains("Home"))
    }
}
