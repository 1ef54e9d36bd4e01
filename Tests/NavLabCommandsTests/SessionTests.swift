import Testing
import NavLabCore
import NavLabTestSupport
@testable import NavLabCommands
import NavLabHub

@Suite("Session: timeline, undo, log, JSON")
struct SessionTests {
    @Test("undo steps back one command, redo forward; a new command drops the redo branch")
    func undoRedo() {
        let s = session("initial Nav(A)", "launch", "push B")
        let afterPush = s.state
        expectEqual(s.execute("push C").status, .done)
        expectEqual(s.execute("undo").text, "undone: push C")
        expectEqual(s.state, afterPush)
        expectEqual(s.execute("redo").status, .done)
        expect(s.state.names["C"] != nil)
        _ = s.execute("undo")
        _ = s.execute("push D")
        expectEqual(s.execute("redo").status, .ignored)
    }

    @Test("undo past many snapshots replays to the exact state")
    func undoMany() {
        let s = session("initial Nav(A)", "launch")
        var states: [State] = [s.state]
        for i in 0..<80 {
            _ = s.execute(i % 3 == 2 ? "pop" : "push V\(i)")
            states.append(s.state)
        }
        for i in stride(from: 80, to: 0, by: -1) {
            expectEqual(s.state, states[i])
            _ = s.execute("undo")
        }
        expectEqual(s.state, states[0])
    }

    @Test("reset starts afresh; undo brings the old app back")
    func reset() {
        let s = session("initial A", "launch")
        let running = s.state
        _ = s.execute("reset")
        expect(!s.state.isRunning)
        _ = s.execute("undo")
        expectEqual(s.state, running)
    }

    @Test("log --json has one element per UIKit call, with seq, command, callback, viewController, animated, parent")
    func logJSON() {
        let s = session("initial Nav(A)", "launch", "push B")
        let log = s.logJSON()
        guard case .array(let items) = log else { Issue.record("not an array"); return }
        let push = items.filter { $0["command"] == .string("push B") }
        expectEqual(push.first, .object([("seq", .int(3)), ("command", .string("push B")), ("callback", .string("willMove(toParent:)")),
                                       ("viewController", .string("B")), ("parent", .string("UINavigationController"))]))
        expect(push.contains { $0["callback"] == .string("viewWillAppear") && $0["animated"] == .bool(true) })
        expectEqual(items.first?["callback"], .string("willMove(toParent:)"))
        expect(items.contains { $0["callback"] == .string("application(_:didFinishLaunchingWithOptions:)") })
    }

    @Test("Warnings are log elements with callback \"warning\" and UIKit's message")
    func warningInLog() {
        let s = session("initial A", "launch", "present B")
        _ = s.execute("present C on A")
        guard case .array(let items) = s.logJSON() else { return }
        let w = items.last
        expectEqual(w?["callback"], .string("warning"))
        expectEqual(w?["message"]?.serialized().contains("already presenting"), true)
    }

    @Test("tree --json carries every field of the state document (Docs/Page.md)")
    func stateJSON() {
        let s = session("initial Nav(Register)", "launch", "present Done style=pageSheet")
        let doc = s.stateJSON()
        for key in ["seq", "application", "window", "screen", "viewControllers", "allocated", "leaked"] { expect(doc[key] != nil, "\(key)") }
        expectEqual(doc["application"]?["state"], .string("active"))
        expectEqual(doc["application"]?["launches"], .int(1))
        expectEqual(doc["application"]?["archive"]?["exists"], .bool(false))
        expectEqual(doc["window"]?["rootViewController"], .string("UINavigationController"))
        expectEqual(doc["window"]?["transitionViews"], .int(1))
        expectEqual(doc["screen"], .strings(["UINavigationController", "Register", "Done"]))
        let done = doc["viewControllers"]?["Done"]
        let fields = ["class", "kind", "parent", "children", "presentedViewController", "presentingViewController",
                      "modalPresentationStyle", "presentationStyle", "restorationIdentifier", "restorationPath",
                      "isViewLoaded", "inWindow", "appearance", "restored", "properties"]
        for f in fields { expect(done?[f] != nil, "\(f)") }
        expectEqual(done?["presentingViewController"], .string("UINavigationController"))
        expectEqual(done?["modalPresentationStyle"], .string("automatic"))
        expectEqual(done?["presentationStyle"], .string("pageSheet"))
        let nav = doc["viewControllers"]?["UINavigationController"]
        expectEqual(nav?["kind"], .string("navigation"))
        expectEqual(nav?["viewControllers"], .strings(["Register"]))
        expectEqual(nav?["presentationStyle"], .null)
    }

    @Test("expect: a fact that holds passes, one that does not fails with the actual value; a typo is an error")
    func expectations() {
        let s = session("initial Nav(A)", "launch", "push B")
        expectEqual(s.execute("expect top is B").expectationHeld, true)
        expectEqual(s.execute("expect stack UINavigationController is A, B").expectationHeld, true)
        let bad = s.execute("expect root is B")
        expectEqual(bad.expectationHeld, false)
        expectEqual(bad.error?.message, "expect root is B")
        expectEqual(bad.error?.suggestion, "expected: root is B\n  actual:   UINavigationController")
        expectEqual(s.execute("expect not allocated C").error?.kind, .unknown)   // never existed: a typo
        _ = s.execute("pop")
        expectEqual(s.execute("expect not allocated B").expectationHeld, true)
        expectEqual(s.execute("expect log contains \"deinit B\"").expectationHeld, true)
        expectEqual(s.execute("expect state A appeared").expectationHeld, true)
        expectEqual(s.execute("expect frob").error?.message, "'frob' is not a fact expect knows")
    }

    @Test("help lists every verb, help VERB shows syntax, UIKit call and an example, help PATTERN searches")
    func help() {
        let all = Help.render(nil)
        for verb in VerbTable.names { expect(all.contains(verb), "\(verb)") }
        let present = Help.render("present")
        expect(present.contains("NAME.present(_:animated:completion:)"))
        expect(present.contains("examples:"))
        expect(Help.render("rootViewController").contains("swapRoot"))
        expect(Help.render("presnt").contains("did you mean present?"))
    }
}

@Suite("Narration and the shared hub")
struct NarrationTests {
    @Test("A comment line directly above a command is its narration; a blank line in between ends it")
    func narration() {
        let s = Session()
        for l in ["# the storyboard's first screen", "initial A", "", "# stale", "", "launch", "# the flow", "# in two lines", "present B"] { _ = s.execute(l) }
        expectEqual(s.typed.map(\.line.comment), ["the storyboard's first screen", nil, "the flow\nin two lines"])
        expectEqual(s.script(), "# the storyboard's first screen\ninitial A\nlaunch\n# the flow\n# in two lines\npresent B\n")
        expectEqual(s.entries.last?.comment, "the flow\nin two lines")
    }

    @Test("A script run through the hub publishes every line it ran, in order")
    func hubScript() async {
        let hub = SessionHub()
        let (_, _, events) = hub.subscribe()
        let result = hub.runScript("initial Nav(A)\nlaunch\n# narrated\npush B", file: "x.navlab", origin: .repl)
        expect(result.failures.isEmpty)
        var lines: [String] = []
        for await e in events {
            lines.append(e.line)
            if lines.count == 3 { break }
        }
        expectEqual(lines, ["initial Nav(A)", "launch", "push B"])
        expectEqual(hub.read { session in session.state.top().map { session.state[$0].name } }, "B")
    }

    /// `save` used to write `undo` and `redo` as lines: loaded into a session with its own
    /// history, the script undid past the load.
    @Test("save writes the current timeline: no undo or redo lines, nothing undone, nothing before the last reset")
    func saveWritesTheTimeline() {
        let s = session("initial Nav(A)", "launch", "push B", "push C", "undo", "expect top is B", "push D",
                        "undo", "redo", "present E")
        expectEqual(s.script(), "initial Nav(A)\nlaunch\npush B\nexpect top is B\npush D\npresent E\n")
        // An expect of an undone state goes with it.
        _ = s.execute("expect top is E")
        _ = s.execute("undo")
        expect(!s.script().contains("expect top is E"))
        _ = s.execute("redo")
        expect(s.script().hasSuffix("present E\nexpect top is E\n"))
        // A reset starts the script afresh.
        _ = s.execute("reset")
        _ = s.execute("initial Home")
        expectEqual(s.script(), "initial Home\n")
        _ = s.execute("undo")
        _ = s.execute("undo")
        expect(s.script().hasSuffix("present E\nexpect top is E\n"), "undoing the reset brings its lines back")
    }

    @Test("save, then reset and load (or load in a fresh session), gives the same state byte for byte (random sessions)", arguments: 0..<4)
    func savedScriptsReplay(batch: Int) async {
        await onOwnThread {
            for i in 0..<50 {
                var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(77_000 + batch * 100 + i)))
                let s = Session()
                for _ in 0..<40 { _ = s.execute(writer.line(s.state)) }
                // `save`, `reset`, `load` in the same session (its history stays behind the reset)
                // on odd seeds; a fresh session on even ones.
                let saved = s.script()
                let replay = i % 2 == 1 ? s : Session()
                let want = s.state.json(seq: 0).serialized()
                if i % 2 == 1 { _ = replay.execute("reset") }
                let result = ScriptRunner(session: replay, mode: .run(keepGoing: false)).run(saved, file: "saved.navlab")
                expect(result.failures.isEmpty, "\(result.failures.first ?? "")\n\(saved)")
                // The state document (the State itself also holds where each spec was typed).
                let got = replay.state.json(seq: 0).serialized()
                expectEqual(got, want, "seed \(77_000 + batch * 100 + i): \(PropertyTests.difference(want, got))\n\(saved)")
                if got != want { return }
            }
        }
    }

    @Test("reset says what goes with the old app: its archive, its defaults, what its code declares")
    func resetSaysWhatGoes() {
        let quiet = session("launch")
        expect(!quiet.execute("reset").text.contains("loses"))
        let s = session("class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(A)", "launch",
                        "defaults loggedIn=yes", "background")
        let r = s.execute("reset")
        expect(r.text.contains("note: App loses its restoration archive, its defaults (loggedIn) and what its code declares, on the device; undo brings back what it loses"), "\(r.text)")
        _ = s.execute("undo")
        expect(s.state.application.data.archive != nil)
    }

    @Test("the app's code, written back as commands, declares the same app again (random sessions)")
    func codeScriptRoundTrips() async {
        await onOwnThread {
            for i in 0..<200 {
                var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(91_000 + i)))
                let s = Session()
                for _ in 0..<40 { _ = s.execute(writer.line(s.state)) }
                let code = s.state.codeScript()
                let again = Session()
                for line in code {
                    let r = again.execute(line)
                    expect(r.status != .failed, "seed \(91_000 + i): \(line): \(r.text)")
                }
                let a = s.state, b = again.state
                expectEqual(b.codeScript(), code, "seed \(91_000 + i)")
                expect(b.classes == a.classes && b.device == a.device && b.application.optIn == a.application.optIn
                        && b.application.appDelegateRules == a.application.appDelegateRules && b.application.usesScenes == a.application.usesScenes
                        && b.restorationIdentifiersFromClassNames == a.restorationIdentifiersFromClassNames
                        && b.initial?.text == a.initial?.text, "seed \(91_000 + i): \(code)")
            }
        }
    }
}

@Suite("A script without undo keeps only its latest step")
struct LeanTimelineTests {
    @Test("the same output and the same model as a session that keeps every step; two entries; nothing typed kept", arguments: 0..<6)
    func sameAsFull(seed: Int) {
        var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(77_000 + seed)))
        let full = Session(), lean = Session()
        lean.keepsTimeline = false
        for _ in 0..<150 {
            let line = writer.line(full.state)
            guard !ScriptRunner.needsTimeline(line) else { continue }
            let a = full.execute(line), b = lean.execute(line)
            expect(a.status == b.status && a.lines == b.lines, "seed \(77_000 + seed): `\(line)`")
            expectEqual(full.seq, lean.seq)
        }
        expectEqual(full.execute("tree --json").text, lean.execute("tree --json").text)
        expect(lean.entries.count <= 2)
        expect(lean.typed.isEmpty)
    }

    @Test("a failed command still changes nothing")
    func failureChangesNothing() {
        let s = Session()
        s.keepsTimeline = false
        for line in ["initial Nav(A)", "launch", "push B"] { _ = s.execute(line) }
        let before = s.execute("tree --json").text
        // The second present fails after the first has changed the model (one turn).
        expectEqual(s.execute("present C; present D on Nowhere").status, .failed)
        expectEqual(s.execute("tree --json").text, before)
    }

    @Test("which scripts need the timeline: any undo, redo, log, save, record or load, anywhere on a line")
    func needsTimeline() {
        expect(!ScriptRunner.needsTimeline("initial Nav(A)\nlaunch\npush B\nexpect top is B"))
        // A word in a comment counts too: erring on keeping the timeline.
        expect(ScriptRunner.needsTimeline("push B # then undo it"))
        expect(ScriptRunner.needsTimeline("push B; undo"))
        expect(ScriptRunner.needsTimeline("expect log contains viewDidLoad B"))
        expect(ScriptRunner.needsTimeline("\tredo"))
        expect(ScriptRunner.needsTimeline("load other.navlab"))
        expect(!ScriptRunner.needsTimeline("push Undo\npush Logger"))
    }
}
