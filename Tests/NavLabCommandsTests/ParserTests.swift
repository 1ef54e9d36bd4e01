import Testing
import NavLabCore
@testable import NavLabCommands

@Suite("Parsing and errors")
struct ParserTests {
    func error(_ line: String, in session: Session = Session()) -> NavLabError? {
        let before = session.state
        let r = session.execute(line)
        expectEqual(r.status, .failed)
        expectEqual(session.state, before, "a failed command must leave the state untouched")
        return r.error
    }

    @Test("Specs parse to containers, subclasses and existing instances")
    func specs() throws {
        let p = try #require(try LineParser.parse("present MainTab:Tab(Nav(First, @Second), Settings) on root style=fullScreen animated"))
        guard case .model(.present(let spec, let on, let style, let animated)) = p.action else { Issue.record("not present"); return }
        expectEqual(spec.text, "MainTab:Tab(Nav(First, @Second), Settings)")
        expectEqual(on?.text, "root")
        expect(style == .fullScreen && animated)
    }

    @Test("Comments narrate; a # inside a name is part of it")
    func comments() throws {
        let p = try #require(try LineParser.parse("push Detail#2   # the second detail"))
        expectEqual(p.comment, "the second detail")
        expectEqual(p.text, "push Detail#2")
        try expect(try LineParser.parse("   # only a comment") == nil)
        try expect(try LineParser.parse("") == nil)
    }

    @Test("Verbs are also accepted in lower case")
    func lowercase() throws {
        try expectEqual(LineParser.parse("swaproot Main")?.verb, "swapRoot")
        try expectEqual(LineParser.parse("poptoroot")?.verb, "popToRoot")
    }

    @Test("An unknown verb names its column and suggests the nearest verb")
    func unknownVerb() {
        let e = error("  presnt Foo")
        expectEqual(e?.location.column, 3)
        expectEqual(e?.message, "unknown verb 'presnt'")
        expectEqual(e?.suggestion, "did you mean present?")
    }

    @Test("An unknown name suggests the nearest live name")
    func unknownName() {
        let s = Session()
        for l in ["initial Nav(Register)", "launch", "push Details"] { _ = s.execute(l) }
        let e = error("push X on Detials", in: s)
        expectEqual(e?.kind, .unknown)
        expectEqual(e?.location.column, 11)
        expectEqual(e?.suggestion, "did you mean Details?")
    }

    @Test("A deallocated name says so")
    func deallocatedName() {
        let s = Session()
        for l in ["initial Nav(A)", "launch", "push B", "pop"] { _ = s.execute(l) }
        expectEqual(error("push C on B", in: s)?.message, "B has been deallocated")
    }

    @Test("Wrong arity says what the verb takes")
    func arity() {
        let e = error("select UITabBarController")
        expectEqual(e?.message, "select needs a tab index, or more")
        expectEqual(e?.suggestion, "usage: select NAME INDEX|more")
        let extra = error("launch now")
        expectEqual(extra?.message, "unexpected 'now'")
        expectEqual(extra?.location.column, 8)
    }

    @Test("A bad style or container suggests the right word")
    func badWords() {
        let s = Session()
        for l in ["initial A", "launch"] { _ = s.execute(l) }
        expectEqual(error("present B style=fullscren", in: s)?.suggestion, "did you mean fullScreen?")
        expectEqual(error("present Navv(B)", in: s)?.suggestion, "did you mean Nav(…)?")
        expectEqual(error("present Split(B)", in: s)?.message, "Split(…) takes 2 to 3 view controllers, not 1")
    }

    @Test("The bad inputs of a new user each give a clear message and change nothing")
    func newUserMistakes() {
        let s = Session()
        expectEqual(error("present A", in: s)?.suggestion, "declare its first screen with `initial SPEC`, then `launch`")
        for l in ["initial Register", "launch"] { _ = s.execute(l) }
        expectEqual(error("push Details", in: s)?.message, "`top` (Register) is not in a navigation controller, so there is nothing to push on")
        _ = s.execute("present Nav(Welcome)")
        let before = s.state
        let pop = s.execute("pop")
        expect(pop.status == .ignored && s.state == before)
        expect(pop.text.contains("UIKit does not pop the last one"))
        let again = s.execute("present Other on Register")
        expect(again.status == .ignored && s.state == before)
        expect(again.lines.contains { $0.style == .warning && $0.text.contains("which is already presenting") })
        expectEqual(error("push @Welcome", in: s)?.kind, .exception)
        expectEqual(error("swapRoot @Nope", in: s)?.kind, .unknown)
        expectEqual(error("frobnicate", in: s)?.suggestion, "`help` lists the verbs")
    }

    @Test("An unterminated string is a syntax error at its opening quote")
    func unterminated() {
        let e = error("expect log contains \"viewDidAppear")
        expectEqual(e?.message, "unterminated string")
        expectEqual(e?.location.column, 21)
    }

    @Test("verbs are found whatever their case; ?, exit, \\q, :q and .quit are help and quit", arguments: [
        ("Push B", "push"), ("TREE", "tree"), ("swaproot B", "swapRoot"), ("SwapRoot B", "swapRoot"), ("?", "help"),
        ("? present", "help"), ("exit", "quit"), ("\\q", "quit"), (":q", "quit"), (" :q! ", "quit"), (".quit", "quit"),
    ])
    func verbCaseAndAliases(line: String, verb: String) throws {
        let parsed = try #require(try LineParser.parse(line))
        expectEqual(parsed.verb, verb)
    }

    @Test("a misspelt keyword gets a did-you-mean with the verb's usage", arguments: [
        ("present B stle=pageSheet", "did you mean style=?"), ("present B animted", "did you mean animated?"),
        ("dismiss B animted", "did you mean animated?"), ("save x.navlab --froce", "did you mean --force?"),
        ("swipe down B cancl", "did you mean cancel?"),
    ])
    func keywordSuggestions(line: String, suggestion: String) {
        #expect(throws: NavLabError.self) { try LineParser.parse(line) }
        do throws(NavLabError) { _ = try LineParser.parse(line) } catch {
            let e = error
            expectEqual(e.suggestion?.hasPrefix(suggestion), true, "\(line): \(e.suggestion ?? "none")")
            expectEqual(e.suggestion?.contains("usage: "), true)
        }
    }

    @Test("help PATTERN does not match the product's name, and a verb's page does not point at itself")
    func helpSearch() {
        let nav = Help.render("Nav")
        expect(nav.contains("push SPEC"), "navigation verbs match")
        expect(!nav.contains("leaves NavLab") && !nav.contains("app NAME"), "\(nav)")
        let page = Help.render("expect")
        expect(page.contains("fails the script when FACT does not hold"))
        expect(!page.contains("see `help expect`"))
        expect(Help.render(nil).contains("see `help expect`"), "the overview still points at it")
    }

    @Test("class names are Swift identifiers: ASCII and Unicode letters, digits after the first, underscores")
    func classNames() {
        for good in ["Register", "_x1", "a", "Z9_", "Écran", "画面", "Détails2"] {
            expect(State.isIdentifier(good), "\(good)")
        }
        for bad in ["", "1abc", "a-b", "a b", "A@", "a[", "Z`", "a{", "x/y", "é-", "9画面"] {
            expect(!State.isIdentifier(bad), "\(bad)")
        }
        let s = Session()
        let r = s.execute("initial A-b")
        expectEqual(r.status, .failed)
        expect(s.execute("initial Écran").status != .failed)
    }
}
