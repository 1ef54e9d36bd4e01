import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

/// The page protocol both hosts share (PageSession, PageRoutes): what a line does to the page,
/// and every `/api/` route, tested without a server or a browser.
struct PageSessionTests {
    func page(_ lines: [String], host: PageSession.Host = .server) -> PageSession {
        let page = PageSession(host: host)
        for line in lines { page.run(line, origin: .script) }
        return page
    }

    func get(_ page: PageSession, _ target: String) -> PageAnswer {
        page.answer(PageRequest(method: "GET", target: target)).answer
    }

    func json(_ answer: PageAnswer) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
    }

    @Test("Each line gets the next event id, a blank one too; only what says something is published, with a patch when it moved the model")
    func lines() {
        let page = page([])
        let launch = [page.run("initial Nav(A)", origin: .repl), page.run("launch", origin: .repl)]
        expectEqual(launch.map(\.id), [1, 2])
        let blank = page.run("", origin: .repl)
        expectEqual(blank.id, 3)
        expect(!blank.isPublished)
        let push = page.run("push B", origin: .web)
        expectEqual(push.id, 4)
        expect(push.changed && push.patch != nil)
        expectEqual(push.timeline, .append)
        expectEqual(push.messages().map(\.name), ["command", "patch"])
        let tree = page.run("tree", origin: .web)
        expect(!tree.changed && tree.patch == nil)
        expectEqual(tree.messages().map(\.name), ["command"])
        let undo = page.run("undo", origin: .web)
        expectEqual(undo.timeline, .move)
        expectEqual(undo.move, .backward(entry: 3))
        expectEqual(page.nextEventID, 7)
    }

    @Test("The journal keeps the lines that moved the session and the comments, not questions or errors")
    func journal() {
        let page = PageSession()
        var kept: [String] = []
        page.onKept = { kept.append($0) }
        for line in ["initial Nav(A)", "launch", "tree", "# the detail", "push B", "psuh C", "undo", "redo", "why B"] {
            page.run(line, origin: .repl)
        }
        expectEqual(kept, ["initial Nav(A)", "launch", "# the detail", "push B", "undo", "redo"])
    }

    @Test("Every route the table has answers on a session with steps")
    func everyRoute() throws {
        let page = page(["initial Nav(A)", "launch", "push B", "present C style=formSheet"])
        for route in PageRoutes.table where route.method == "GET" {
            let target = route.path.replacingOccurrences(of: ":seq", with: "3").replacingOccurrences(of: ":number", with: "82")
                .replacingOccurrences(of: ":format", with: "navlab").replacingOccurrences(of: ":name", with: "screen-state.navlab")
                + (route.path == "/api/inspect" ? "?name=B" : "")
            let answer = get(page, target)
            expectEqual(answer.status, 200, "\(target): \(answer.body.prefix(200))")
        }
        let state = try json(get(page, "/api/state"))
        expectEqual(state["seq"] as? Int, 4)
        expectEqual(get(page, "/api/state").body, PageDocument.stateText(page.session.state, seq: 4))
        let step = try json(get(page, "/api/history/3"))
        expectEqual((step["entry"] as? [String: Any])?["command"] as? String, "push B")
        expect(step["state"] is [String: Any] && step["before"] is [String: Any])
        let travel = try json(get(page, "/api/history/2?from=4"))
        expectEqual(travel["from"] as? Int, 4)
        expect(travel["before"] is [Any] && travel["step"] is [Any])
    }

    @Test("What is not in the table is a 404, a path with another method a 405", arguments: [
        ("GET", "/api/nothing", 404), ("GET", "/api", 404), ("DELETE", "/api/state", 405), ("POST", "/api/state", 405),
        ("GET", "/api/commands", 405), ("GET", "/api/history/3/4", 404),
    ])
    func notInTheTable(method: String, target: String, status: Int) {
        expectEqual(page([]).answer(PageRequest(method: method, target: target)).answer.status, status)
    }

    @Test("Bad requests name what was wrong", arguments: [
        ("/api/history/abc", 400, "expected /api/history/SEQ with SEQ a number"),
        ("/api/history/99", 404, "no step with seq 99 on the timeline"),
        ("/api/history/1?from=x", 400, "expected ?from=SEQ with SEQ a number"),
        ("/api/history/1?from=77", 409, "no step with seq 77 on the timeline (from=)"),
        ("/api/inspect", 400, "expected /api/inspect?name=NAME"),
        ("/api/inspect?name=Nobody", 404, "no view controller named Nobody"),
        ("/api/inspect?name=A&seq=zz", 400, "expected ?seq=SEQ"),
        ("/api/export/pdf", 404, "no export pdf"),
        ("/api/facts/9999", 404, "no UIKit fact with that number"),
        ("/api/tutorials/nope", 404, "no tutorial named nope: the built-in ones are "),
    ])
    func refusals(target: String, status: Int, message: String) throws {
        let answer = get(page(["initial Nav(A)", "launch"]), target)
        expectEqual(answer.status, status)
        let error = try #require(try json(answer)["error"] as? [String: Any])
        expectEqual(error["status"] as? Int, status)
        expect((error["message"] as? String)?.hasPrefix(message) == true, "\(error)")
    }

    @Test("The query and the path are percent-decoded; `+` is a space")
    func decoding() throws {
        let page = page(["initial Nav(A)", "launch", "push Detail"])
        expectEqual(get(page, "/api/inspect?name=Det%61il").status, 200)
        expectEqual(get(page, "/api/%68istory/2").status, 200)
        let request = PageRequest(method: "GET", target: "/api/x%2Fy/z?a=1+2&b=%20&c")
        expectEqual(request.segments, ["api", "x/y", "z"])
        expectEqual(request.query, ["a": "1 2", "b": " ", "c": ""])
    }

    @Test("POST /api/commands runs the lines and gives each its id; the reply has the lines the pages hear of")
    func commands() throws {
        let page = page(["initial Nav(A)"])
        let reply = page.answer(PageRequest(method: "POST", target: "/api/commands", body: "launch\n\n# a comment\npush B\npsuh C\npush D"))
        let answer = try json(reply.answer)
        expectEqual(answer["status"] as? String, "failed")
        let results = try #require(answer["results"] as? [[String: Any]])
        expectEqual(results.map { $0["line"] as? String }, ["launch", "push B", "psuh C"])
        expectEqual(results.map { $0["eventID"] as? Int }, [2, 5, 6])
        expectEqual(reply.lines.map(\.id), [2, 5, 6])
        expectEqual(reply.lines.map(\.line), ["launch", "push B", "psuh C"])
        expectEqual(page.session.state.vc(named: "D") == nil, true)
    }

    @Test("From the page the file verbs are refused, with the host's own way instead")
    func refusedFromThePage() throws {
        for (host, suggestion) in [(PageSession.Host.server, "not from the page"), (.browser, "which a page cannot do")] {
            let reply = page([], host: host).answer(PageRequest(method: "POST", target: "/api/commands", body: "save x.navlab"))
            let error = try #require(try json(reply.answer)["error"] as? [String: Any])
            expect((error["message"] as? String)?.contains(suggestion) == true, "\(host): \(error)")
            expect(reply.lines.isEmpty)
        }
    }

    @Test("A journal replayed makes no messages; the next line's patch starts from the replayed state")
    func replay() throws {
        let page = PageSession(host: .browser)
        let answer = try json(page.replay("initial Nav(A)\nlaunch\n# narrated\npush B\ntree\nundo\nredo\n"))
        expectEqual(answer["status"] as? String, "done")
        expectEqual((answer["results"] as? [Any])?.count, 0)
        expectEqual(page.session.seq, 3)
        let next = page.run("push C", origin: .web)
        let patch = try #require(next.patch)
        expect(patch.hasPrefix("{\"seq\":4,\"from\":3,"), "\(patch.prefix(40))")
        expectEqual(page.connectMessage().id, next.id)
    }

    @Test("A script loaded at the prompt is recorded line by line, as the lines are typed")
    func script() {
        let page = PageSession()
        var kept: [String] = []
        page.onKept = { kept.append($0) }
        let (result, lines) = page.run(script: "initial Nav(A)\nlaunch\n# narrated\npush B\ntree", file: "x.navlab", origin: .repl)
        expect(result.failures.isEmpty)
        expectEqual(lines.map(\.line), ["initial Nav(A)", "launch", "push B", "tree"])
        expectEqual(lines.map(\.id), [1, 2, 3, 4])
        expectEqual(lines.map(\.changed), [true, true, true, false])
        expectEqual(kept, ["initial Nav(A)", "launch", "push B"])
    }

    @Test("The page lists the built-in tutorials and reads one's steps")
    func tutorials() throws {
        let page = page([])
        let list = get(page, "/api/tutorials")
        expectEqual(list.status, 200)
        for t in Tutorials.all { expect(list.body.containsText("\"name\":\"\(t.name)\"")) }
        let one = get(page, "/api/tutorials/screen-state.navlab")
        expectEqual(one.status, 200)
        expect(one.body.containsText("\"steps\":[{\"narration\":"))
    }

    @Test("Time travel says what the step changed, as the engine knows it: made, changed, and a line for each")
    func change() throws {
        let page = page(["device iPhone iOS=12", "initial Register", "launch", "present Nav(Welcome)", "push Detail", "swapRoot Main"])
        func change(_ seq: Int) throws -> [String: Any] {
            try #require(try json(get(page, "/api/history/\(seq)?from=6"))["change"] as? [String: Any])
        }
        let present = try change(4)
        expectEqual(present["added"] as? [String], ["Welcome", "UINavigationController"])
        let lines = (present["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        expect(lines.contains("+ allocated: Welcome, UINavigationController"), "\(lines)")
        expect(lines.contains("UITransitionViews in the window: 0 → 1"), "\(lines)")
        expect((present["changed"] as? [String])?.contains("Register") == true)
        let push = try change(5)
        let pushLines = (push["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        expect(pushLines.contains("UINavigationController.viewControllers: + Detail (at 1)"), "\(pushLines)")
        expect(!pushLines.contains { $0.hasPrefix("screen: reordered") }, "\(pushLines)")
        let swap = try change(6)
        let swapLines = (swap["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        expect(swapLines.contains("window.rootViewController: Register → Main"), "\(swapLines)")
        expect(swapLines.contains { $0.hasPrefix("leaked: Register") }, "\(swapLines)")
        try expect(json(get(page, "/api/history/0?from=6"))["change"] is NSNull)
    }

    @Test("The state document says how the phone draws each presented layer: the page keeps no UIKit rule", arguments: [
        ("device iPhone iOS=18", "formSheet", "sheet", true, true), ("device iPad iOS=18", "formSheet", "formSheet", true, false),
        ("device iPad iOS=18", "pageSheet", "formSheet", true, true), ("device iPhone iOS=12", "formSheet", "cover", false, false),
        ("device iPhone iOS=18", "overFullScreen", "over", false, false), ("device iPad iOS=18", "popover", "popover", true, false),
        ("device iPhone iOS=18", "popover", "sheet", true, true),
    ])
    func layers(device: String, style: String, look: String, dims: Bool, pushesBack: Bool) throws {
        let page = page([device, "initial Main", "launch", "present Sheet style=\(style)"])
        let subviews = try #require(try json(get(page, "/api/state"))["windowSubviews"] as? [[String: Any]])
        let layer = try #require(subviews.last)
        expectEqual(layer["look"] as? String, look)
        expectEqual(layer["dims"] as? Bool, dims)
        expectEqual(layer["pushesBack"] as? Bool, pushesBack)
    }

    /// A storyboard of three scenes: a navigation controller, its root (a segue from a control,
    /// `showDetail`, and one from the view controller, `about`), and two destinations.
    static let tinyStoryboard = """
        import storyboard Tiny <<END
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n">
            <scenes>
                <scene sceneID="s0"><objects><navigationController id="n" sceneMemberID="viewController"><connections>
                    <segue destination="a" kind="relationship" relationship="rootViewController" id="r1"/></connections></navigationController></objects></scene>
                <scene sceneID="s1"><objects><viewController id="a" customClass="List" storyboardIdentifier="list" sceneMemberID="viewController">
                    <view key="view" id="v1"><subviews><button id="b1"><connections><segue destination="d" kind="show" identifier="showDetail" id="g1"/></connections></button></subviews></view>
                    <connections><segue destination="i" kind="presentation" identifier="about" id="g2"/></connections></viewController></objects></scene>
                <scene sceneID="s2"><objects><viewController id="d" customClass="Detail" sceneMemberID="viewController"/></objects></scene>
                <scene sceneID="s3"><objects><viewController id="i" customClass="About" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        END
        """

    @Test("The state document carries the imported storyboards as a map and the segues the screen can perform; patches keep them")
    func storyboardMap() throws {
        let page = page([])
        _ = page.answer(PageRequest(method: "POST", target: "/api/commands", body: PageSessionTests.tinyStoryboard))
        var state = try json(get(page, "/api/state"))
        let boards = try #require(state["storyboards"] as? [[String: Any]])
        expectEqual(boards.count, 1)
        let board = try #require(boards.first)
        expectEqual(board["name"] as? String, "Tiny")
        expectEqual(board["initialViewController"] as? String, "n")
        let scenes = try #require(board["scenes"] as? [[String: Any]])
        expectEqual(scenes.map { $0["id"] as? String }, ["n", "a", "d", "i"])
        expectEqual(scenes.map { $0["class"] as? String }, ["UINavigationController", "List", "Detail", "About"])
        expectEqual(scenes.map { $0["kind"] as? String }, ["navigation", "plain", "plain", "plain"])
        expectEqual(scenes[1]["storyboardID"] as? String, "list")
        expect(scenes[0]["storyboardID"] is NSNull && scenes[0]["reference"] is NSNull)
        expectEqual(scenes.map { ($0["instances"] as? [String])?.count }, [0, 0, 0, 0])
        let segues = try #require(board["segues"] as? [[String: Any]])
        expectEqual(segues.map { $0["kind"] as? String }, ["relationship", "show", "presentation"])
        expectEqual(segues.map { $0["source"] as? String }, ["n", "a", "a"])
        expectEqual(segues.map { $0["destination"] as? String }, ["a", "d", "i"])
        expectEqual(segues.map { $0["identifier"] as? String }, [nil, "showDetail", "about"])
        expectEqual(segues.map { $0["fromControl"] as? Bool }, [false, true, false])
        // Not running: nothing can be performed.
        expectEqual((state["segues"] as? [Any])?.count, 0)

        page.run("launch", origin: .script)
        state = try json(get(page, "/api/state"))
        let performable = try #require(state["segues"] as? [[String: Any]])
        expectEqual(performable.map { $0["identifier"] as? String }, ["showDetail", "about"])
        expectEqual(performable.map { $0["viewController"] as? String }, ["List", "List"])
        expectEqual(performable.map { $0["segue"] as? String }, ["g1", "g2"])
        expectEqual(performable.map { $0["destination"] as? String }, ["Detail", "About"])
        let live = try #require((state["storyboards"] as? [[String: Any]])?.first?["scenes"] as? [[String: Any]])
        expectEqual(live.map { $0["instances"] as? [String] }, [["UINavigationController"], ["List"], [], []])

        // Performed: the destination exists, and what the screen can perform is the new top's (none).
        page.run("segue showDetail from List", origin: .script)
        state = try json(get(page, "/api/state"))
        let after = try #require((state["storyboards"] as? [[String: Any]])?.first?["scenes"] as? [[String: Any]])
        expectEqual(after[2]["instances"] as? [String], ["Detail"])
        expectEqual((state["segues"] as? [[String: Any]])?.count, 0)
    }
}
