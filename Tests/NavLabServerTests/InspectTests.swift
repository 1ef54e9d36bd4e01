import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
import NavLabCore
import Testing
@testable import NavLabServer

/// The Countries app of the state-restoration tutorial: a table view controller whose table view
/// has a restoration identifier, a restored relaunch after the system killed it.
let countriesRelaunch = [
    "device iPhone iOS=12",
    "initial Tab(CountryNC:Nav(UYLTableViewController), SettingsNC:Nav(UYLSettingsViewController))",
    "class * restorationIdentifier=class",
    "class UYLTableViewController viewRestorationIdentifier=CountryTVID",
    "optIn save=yes restore=yes",
    "launch",
    "set UYLTableViewController contentOffset=0,480 selectedRow=France",
    "background",
    "kill",
    "launch",
]

private func text(_ response: TestResponse) -> String {
    String(decoding: Data(response.body.readableBytesView), as: UTF8.self)
}

@Suite("The inspector's and the export menu's routes")
struct InspectRouteTests {
    @Test("GET /api/inspect on a view controller leaked by a root swap: the chain from the UITransitionView, and why (UIKit #4, #82)")
    func inspectALeak() async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/inspect?name=Details", method: .get, headers: own())
            expectEqual(response.status, .ok)
            let doc = try json(response)
            expectEqual(doc["seq"] as? Int, seed000.count)
            expectEqual(doc["name"] as? String, "Details")
            expectEqual(doc["reachable"] as? Bool, false)
            // #4/#82: the presentation's UITransitionView stays in the window and keeps the
            // presented navigation controller, and through it its stack, alive.
            let path = try #require(doc["retainPath"] as? [[String: Any]])
            expectEqual(path.map { $0["kind"] as? String }, ["transitionView", "viewController"])
            expectEqual(path.map { $0["property"] as? String }, ["subview (the presented view)", "viewControllers"])
            expectEqual(path.map { $0["target"] as? String }, ["UINavigationController", "Details"])
            let cause = try #require(doc["leakCause"] as? String)
            expect(cause.contains("UITransitionView") && cause.contains("#4") && cause.contains("#82"))
            expectEqual((doc["why"] as? String)?.hasPrefix("UITransitionView"), true)
            // Nothing was archived: the app never opted in.
            expect(doc["archive"] is NSNull)
            expect(doc["restorationPath"] is NSNull)
        }
    }

    @Test("a reachable view controller's chain starts at the window (UIKit #1: the window holds its root)")
    func inspectReachable() async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let doc = try json(try await client.execute(uri: "/api/inspect?name=Main", method: .get, headers: own()))
            expectEqual(doc["reachable"] as? Bool, true)
            expect(doc["leakCause"] is NSNull)
            let path = try #require(doc["retainPath"] as? [[String: Any]])
            expectEqual(path.count, 1)
            expectEqual(path.first?["kind"] as? String, "window")
            expectEqual(path.first?["property"] as? String, "rootViewController")
        }
    }

    @Test("after a restored relaunch the archive entry holds the table view's selected row and offset (UIKit #128)")
    func inspectRestored() async throws {
        let server = makeServer(countriesRelaunch)
        try await server.test { client in
            let doc = try json(try await client.execute(uri: "/api/inspect?name=UYLTableViewController", method: .get, headers: own()))
            expectEqual(doc["restorationPath"] as? String, "UITabBarController/CountryNC/UYLTableViewController")
            let archive = try #require(doc["archive"] as? [String: Any])
            expectEqual(archive["exists"] as? Bool, true)
            let entry = try #require(archive["entry"] as? [String: Any])
            expectEqual(entry["path"] as? String, "UITabBarController/CountryNC/UYLTableViewController")
            expectEqual(entry["class"] as? String, "UYLTableViewController")
            let viewState = try #require(entry["viewState"] as? [String: String])
            expectEqual(viewState, ["contentOffset": "0,480", "selectedRow": "France"])
            // And the state document says it was restored with those values.
            let state = try json(try await client.execute(uri: "/api/state", method: .get, headers: own()))
            let vc = try #require((state["viewControllers"] as? [String: [String: Any]])?["UYLTableViewController"])
            expectEqual(vc["restored"] as? Bool, true)
            expectEqual((vc["properties"] as? [String: Any])?["selectedRow"] as? String, "France")
        }
    }

    @Test("?seq= inspects a past step: before the app backgrounded nothing was archived")
    func inspectAtAStep() async throws {
        let server = makeServer(countriesRelaunch)
        try await server.test { client in
            // Step 7 is the `set`: the app has run once, nothing is saved yet (state is saved when the app moves to the background, #111).
            let doc = try json(try await client.execute(uri: "/api/inspect?name=UYLTableViewController&seq=7", method: .get, headers: own()))
            expectEqual(doc["seq"] as? Int, 7)
            expect(doc["archive"] is NSNull)
            let after = try json(try await client.execute(uri: "/api/inspect?name=UYLTableViewController&seq=8", method: .get, headers: own()))
            let entry = try #require((after["archive"] as? [String: Any])?["entry"] as? [String: Any])
            expectEqual((entry["viewState"] as? [String: String])?["selectedRow"], "France")
        }
    }

    @Test("bad requests name what was wrong", arguments: [
        ("/api/inspect", HTTPResponse.Status.badRequest, "name=NAME"),
        ("/api/inspect?name=Nobody", .notFound, "no view controller named Nobody"),
        ("/api/inspect?name=Main&seq=abc", .badRequest, "SEQ a number"),
        ("/api/inspect?name=Main&seq=999", .notFound, "no step with seq 999"),
        ("/api/inspect?name=Main&seq=2", .notFound, "no view controller named Main is allocated at step 2"),
        ("/api/export/pdf", .notFound, "try navlab, swift, mermaid or dot"),
        ("/api/export/dot?seq=x", .badRequest, "SEQ a number"),
    ])
    func badRequests(uri: String, status: HTTPResponse.Status, message: String) async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let response = try await client.execute(uri: uri, method: .get, headers: own())
            expectEqual(response.status, status)
            expect(text(response).contains(message), "\(text(response))")
        }
    }

    @Test("GET /api/export/navlab is the session as a script that replays to the same state")
    func exportScript() async throws {
        let server = makeServer(countriesRelaunch)
        let expected = server.hub.read { $0.stateJSON() }
        try await server.test { client in
            let response = try await client.execute(uri: "/api/export/navlab", method: .get, headers: own())
            expectEqual(response.status, .ok)
            expectEqual(response.headers[.contentType]?.hasPrefix("text/plain"), true)
            let script = text(response)
            let commands = script.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
            expectEqual(commands, countriesRelaunch)
            let replay = SessionHub()
            for line in script.split(separator: "\n") { replay.execute(String(line), origin: .script) }
            expectEqual(replay.read { $0.stateJSON() }, expected)
        }
    }

    @Test("GET /api/export/swift is `export swift`: the session as a UIKit program; an empty session is refused with the reason")
    func exportSwift() async throws {
        let server = makeServer(countriesRelaunch)
        let expected = server.hub.read { (try? SwiftExport.program(from: $0)) ?? "" }
        expect(!expected.isEmpty)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/export/swift", method: .get, headers: own())
            expectEqual(response.status, .ok)
            expectEqual(response.headers[.contentType]?.hasPrefix("text/x-swift"), true)
            expectEqual(text(response), expected)
            expect(text(response).contains("@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {"))
        }
        try await makeServer().test { client in
            let response = try await client.execute(uri: "/api/export/swift", method: .get, headers: own())
            expectEqual(response.status, .conflict)
            expect(text(response).contains("nothing to export: the session has no commands that change the app"))
        }
    }

    @Test("GET /api/export/mermaid and /dot are `export mermaid|dot`, now or at a step")
    func exportDiagrams() async throws {
        let server = makeServer(seed000)
        let (mermaid, dot) = server.hub.read { ($0.state.renderMermaid(), $0.state.renderDOT()) }
        let then = SessionHub()
        for line in seed000.prefix(4) { then.execute(line, origin: .script) }
        let mermaidThen = then.read { $0.state.renderMermaid() }
        try await server.test { client in
            let m = try await client.execute(uri: "/api/export/mermaid", method: .get, headers: own())
            expectEqual(text(m), mermaid + "\n")
            expect(text(m).contains("UINavigationController"))
            let d = try await client.execute(uri: "/api/export/dot", method: .get, headers: own())
            expectEqual(text(d), dot + "\n")
            expect(text(d).hasPrefix("digraph"))
            // Step 4 is `present Nav(Welcome)`: Main does not exist yet.
            let then = try await client.execute(uri: "/api/export/mermaid?seq=4", method: .get, headers: own())
            expectEqual(text(then), mermaidThen + "\n")
            expect(!text(then).contains("Main"))
        }
    }
}
