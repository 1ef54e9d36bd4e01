import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

/// Where this file is: the repository's Docs/ is two folders up.
private let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

private func readFile(_ relative: String) -> String? {
    FileManager.default.contents(atPath: repository + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
}

@Suite("Explanations and tutorials built into the binary")
struct TutorialTests {
    @Test("A tutorial plays a narration at a time: its prose, then the commands up to the next prose; the narration travels with the first command")
    func playSteps() throws {
        let text = "# # Title\n#\n# Intro *here*.\n\n# Launch it.\ninitial Nav(Home)\nlaunch\nexpect top Home\n# Push.\npush Detail  # mine\n"
        let steps = Tutorial.steps(text)
        expectEqual(steps.count, 2)
        expectEqual(steps[0].narration, ["# Title", "", "Intro *here*.", "", "Launch it."])
        expectEqual(steps[0].commands.map { $0.text }, ["initial Nav(Home)", "launch", "expect top Home"])
        expectEqual(steps[0].commands.map { $0.lineNumber }, [6, 7, 8])
        expect(steps[0].commands[2].isExpect)
        // Headings are not narration for the timeline; the command's own comment wins.
        expectEqual(steps[0].line(0), "initial Nav(Home)  # Intro *here*. Launch it.")
        expectEqual(steps[0].line(1), "launch")
        expectEqual(steps[1].line(0), "push Detail  # mine")
        // Without narration, one command a step.
        expectEqual(Tutorial.steps("initial Home\nlaunch\n").count, 2)
    }

    @Test("The page lists the built-in tutorials and reads one's steps; an unknown name is a 404 that lists them")
    func tutorialRoutes() throws {
        let list = PageRoutes.tutorials()
        expectEqual(list.status, 200)
        for t in Tutorials.all { expect(list.body.containsText("\"name\":\"\(t.name)\"")) }
        let one = PageRoutes.tutorial("screen-state.navlab")
        expectEqual(one.status, 200)
        expect(one.body.containsText("\"steps\":[{\"narration\":"))
        let missing = PageRoutes.tutorial("nope")
        expectEqual(missing.status, 404)
        expect(missing.body.containsText("no tutorial named nope: the built-in ones are "))
    }

    @Test("The built-in catalogue is Docs/UIKit.md, byte for byte (`make docs` rebuilds it)")
    func catalogueInSync() throws {
        let file = try #require(readFile("Docs/UIKit.md"))
        expectEqual(Embedded.uikit, file, "Docs/UIKit.md changed: run `make docs`")
    }

    @Test("The built-in tutorials are Docs/Tutorials/*.navlab, and each .md is what `navlab run --markdown` makes")
    func tutorialsInSync() throws {
        expectEqual(Tutorials.all.count, 6)
        for t in Tutorials.all {
            let source = try #require(readFile("Docs/Tutorials/\(t.name).navlab"), "Docs/Tutorials/\(t.name).navlab")
            expectEqual(t.text, source, "\(t.name).navlab changed: run `make docs`")
            let (markdown, failures) = Tutorial.markdown(t.text, file: t.name + ".navlab")
            expect(failures.isEmpty, "\(failures)")
            let published = try #require(readFile("Docs/Tutorials/\(t.name).md"), "Docs/Tutorials/\(t.name).md")
            expectEqual(markdown, published, "Docs/Tutorials/\(t.name).md differs from `navlab run --markdown`: run `make docs`")
        }
    }

    @Test("The facts are numbered 1 to N with no gap or repeat, N is the count Docs/UIKit.md and the README state, and each has a title, a section and a text")
    func catalogueComplete() throws {
        let numbers = UIKitFacts.all.map(\.number)
        let n = numbers.count
        expectEqual(Set(numbers).count, n, "a number used twice")
        let missing = (1...n).filter { !Set(numbers).contains($0) }
        expect(missing.isEmpty, "missing: \(missing)")
        expect(Embedded.uikit.contains("follows the \(n) behaviours below"))
        let readme = try #require(readFile("README.md"))
        expect(readme.contains("It reproduces the \(n) UIKit behaviours"))
        for f in UIKitFacts.all {
            expect(!f.title.isEmpty && !f.section.isEmpty && f.body.contains("**What UIKit does.**"), "#\(f.number)")
        }
    }

    @Test("Every (UIKit #N) a tutorial prints resolves with `explain N`")
    func citationsResolve() {
        for t in Tutorials.all {
            let (markdown, _) = Tutorial.markdown(t.text, file: t.name)
            for n in UIKitFacts.citations(in: markdown) {
                expect(UIKitFacts.fact(n) != nil, "\(t.name) cites UIKit #\(n)")
            }
        }
    }

    @Test("`explain 82`, `explain #82` and `help #82` print the fact; an unknown number is an error")
    func explain() {
        let s = Session()
        let byNumber = s.execute("explain 82")
        expectEqual(byNumber.status, .shown)
        expect(byNumber.text.hasPrefix("UIKit #82 — "))
        expectEqual(s.execute("explain #82").text, byNumber.text)
        expectEqual(s.execute("help #82").text, byNumber.text)
        let bad = s.execute("explain 999")
        expectEqual(bad.status, .failed)
        expectEqual(bad.error?.message, "there is no UIKit fact #999")
        expectEqual(bad.error?.suggestion?.contains("explain WORD"), true)
    }

    @Test("`explain WORD` finds the facts that mention it, titles first")
    func explainWord() {
        let found = UIKitFacts.search(["UITransitionView"])
        expect(found.contains { $0.number == 4 })
        expect(found.contains { $0.number == 82 })
        let text = Session().execute("explain UITransitionView").text
        expect(text.contains("#4 ") && text.contains("#82 "))
        expect(Session().execute("explain zzzqqq").text.hasPrefix("no UIKit fact mentions"))
    }

    @Test("Citations are read as a note writes them")
    func citations() {
        expectEqual(UIKitFacts.citations(in: "left behind (UIKit #4, #82)"), [4, 82])
        expectEqual(UIKitFacts.citations(in: "deletes it (UIKit #115–116) and (UIKit #117)"), [115, 116, 117])
        expectEqual(UIKitFacts.citations(in: "no citation #4"), [])
    }

    @Test("`#82` after a verb is a fact number; elsewhere `#` still starts a comment or is part of a name")
    func lexer() throws {
        try expectEqual(LineParser.parse("help #82")?.action, .query(.explain("#82")))
        let comment = try #require(try LineParser.parse("push Detail # the detail"))
        expect(comment.comment == "the detail" && comment.text == "push Detail")
        try expect(try LineParser.parse("# 82 comment only") == nil)
        try expectEqual(LineParser.parse("push Detail#2")?.text, "push Detail#2")
    }

    /// The RootViewController of the article on the sample app adds the new child completely,
    /// then removes the old one (UIKit #42's canonical add, then its canonical remove).
    @Test("UIKit #42: a container declared switch=addThenRemove adds the new child completely before removing the old")
    func addThenRemove() {
        let s = session("class RootViewController switch=addThenRemove", "initial RootViewController:Root(Splash)", "launch")
        let r = s.execute("switch Login")
        expectEqual(r.status, .done)
        expectEqual(r.lines.map(\.text), [
            "willMove(toParent: RootViewController) Login", "loadView Login", "viewDidLoad Login",
            "viewWillAppear Login", "viewIsAppearing Login", "viewDidAppear Login", "didMove(toParent: RootViewController) Login",
            "willMove(toParent: nil) Splash", "viewWillDisappear Splash", "viewDidDisappear Splash", "didMove(toParent: nil) Splash",
            "deinit Splash"])
        expectEqual(s.state.viewControllers.count, 2)
    }

    @Test("UIKit #44: by default `switch` is the transition(from:to:) order — from.willMove(nil) first")
    func transitionOrder() {
        let s = session("initial RootViewController:Root(Splash)", "launch")
        let lines = s.execute("switch Login").lines.map(\.text)
        expectEqual(lines.first, "willMove(toParent: nil) Splash")
        expect(lines.firstIndex(of: "viewWillDisappear Splash")! < lines.firstIndex(of: "viewDidAppear Login")!)
    }

    @Test("`switch` takes transition or addThenRemove only")
    func switchSettingErrors() {
        let r = Session().execute("class Root switch=fade")
        expectEqual(r.status, .failed)
        expectEqual(r.error?.message, "switch takes transition or addThenRemove, not 'fade'")
    }

    /// The article's unwind: the container's child becomes Main while the registration flow
    /// is still presented, then the flow is dismissed — so the old screen never shows again.
    @Test("UIKit #164, #30: switch to Main under the presented flow, then dismiss: Register never reappears, nothing leaks")
    func unwindOrder() {
        let s = session("device iPhone iOS=12", "initial RootViewController:Root(Register)", "launch",
                        "present Nav(Welcome)", "push Done")
        let switched = s.execute("switch Main")
        expectEqual(switched.status, .done)
        expect(!switched.lines.contains { $0.text.hasPrefix("viewWillAppear") })
        let dismissed = s.execute("dismiss")
        let texts = dismissed.lines.map(\.text)
        expect(texts.contains("viewDidAppear Main"))
        expect(!texts.contains { $0.contains("Register") })
        expect(s.state.leaked().isEmpty)
        expectEqual(Set(s.state.viewControllers.values.map(\.name)), ["RootViewController", "Main"])
    }

    @Test("UIKit #111, #115: `kill` of an active app kills it, and says nothing was preserved")
    func killActive() {
        let s = session("class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)", "launch",
                        "push B", "background", "foreground", "push C")
        let r = s.execute("kill")
        expectEqual(r.status, .done)
        expectEqual(s.state.application.state, .notRunning)
        expect(r.text.contains("never entered the background, so nothing was preserved now"))
        // The archive is the last background's: B, not C.
        let relaunch = s.execute("launch")
        expectEqual(relaunch.status, .done)
        expectEqual(s.state.top().map { s.state[$0].name }, "B")
    }

    @Test("`kill` of an app that is not running is still an error")
    func killNotRunning() {
        let r = Session().execute("kill")
        expectEqual(r.status, .failed)
        expectEqual(r.error?.suggestion, "the app is not running")
    }
}
