import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
import NavLabCore
import Testing
@testable import NavLabServer

@Suite("The page's HTTP routes (Docs/Page.md)")
struct RouteTests {
    @Test("GET /api/state is the state document, every required field, after seed 000")
    func stateDocument() async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/state", method: .get, headers: own())
            expectEqual(response.status, .ok)
            expectEqual(response.headers[.contentType]?.hasPrefix("application/json"), true)
            let doc = try json(response)
            expectEqual(doc["seq"] as? Int, seed000.count)
            let app = try #require(doc["application"] as? [String: Any])
            expectEqual(app["state"] as? String, "active")
            expectEqual(app["launches"] as? Int, 1)
            let archive = try #require(app["archive"] as? [String: Any])
            expect(archive["exists"] is Bool && archive["paths"] is [String])
            expect(app["defaults"] is [String: Any])
            let window = try #require(doc["window"] as? [String: Any])
            expectEqual(window["rootViewController"] as? String, "Main")
            expectEqual(window["transitionViews"] as? Int, 1)
            expectEqual(doc["screen"] as? [String], ["Main"])
            let vcs = try #require(doc["viewControllers"] as? [String: [String: Any]])
            expectEqual(Set(vcs.keys), ["Register", "UINavigationController", "Welcome", "Details", "Done", "Main"])
            let required = ["class", "kind", "parent", "children", "presentedViewController", "presentingViewController",
                            "modalPresentationStyle", "presentationStyle", "restorationIdentifier", "restorationPath",
                            "isViewLoaded", "inWindow", "appearance", "restored", "properties"]
            for (name, vc) in vcs {
                for key in required { expect(vc.keys.contains(key), "\(name) lacks \(key)") }
            }
            let nav = try #require(vcs["UINavigationController"])
            expectEqual(nav["kind"] as? String, "navigation")
            expectEqual(nav["viewControllers"] as? [String], ["Welcome", "Details", "Done"])
            expectEqual(nav["presentationStyle"] as? String, "fullScreen")
            expectEqual(nav["presentingViewController"] as? String, "Register")
            expectEqual(vcs["Done"]?["inWindow"] as? Bool, true)
            expectEqual(vcs["Register"]?["inWindow"] as? Bool, false)
            expectEqual(Set(doc["allocated"] as? [String] ?? []), Set(vcs.keys))
            expectEqual(Set(doc["leaked"] as? [String] ?? []), ["Register", "UINavigationController", "Welcome", "Details", "Done"])
            // The page's extras follow the state document's fields.
            let memory = try #require(doc["memory"] as? [String: [String: Any]])
            expectEqual((memory["Done"]?["leakCause"] as? String)?.contains("UITransitionView"), true)
            expect(memory["Main"]?["leakCause"] is NSNull)
            let subviews = try #require(doc["windowSubviews"] as? [[String: Any]])
            let transition = try #require(subviews.first { $0["kind"] as? String == "transitionView" })
            expectEqual(transition["presented"] as? String, "UINavigationController")
            expectEqual(transition["leftBehind"] as? Bool, true)
            expectEqual(transition["visible"] as? Bool, false)
        }
    }

    @Test("windowSubviews: a live presentation's transition view is on screen and not left behind")
    func windowSubviewsOfALivePresentation() async throws {
        let server = makeServer(["initial Tab(Nav(Feed), Settings)", "launch", "push Post", "present Nav(Compose) on Post", "addChild Toolbar to Compose"])
        try await server.test { client in
            let doc = try json(try await client.execute(uri: "/api/state", method: .get, headers: own()))
            let subviews = try #require(doc["windowSubviews"] as? [[String: Any]])
            expectEqual(subviews.map { $0["kind"] as? String }, ["rootView", "transitionView"])
            expectEqual(subviews[0]["viewControllers"] as? [String], ["UITabBarController", "UINavigationController", "Post"])
            expectEqual(subviews[1]["presented"] as? String, "UINavigationController#2")
            expectEqual(subviews[1]["leftBehind"] as? Bool, false)
            expect(subviews.allSatisfy { $0["visible"] as? Bool == true })
            expectEqual((doc["leaked"] as? [String])?.isEmpty, true)
            let memory = try #require(doc["memory"] as? [String: [String: Any]])
            let holders = (memory["Toolbar"]?["heldBy"] as? [[String: Any]]) ?? []
            expect(holders.contains { $0["holder"] as? String == "Compose" && $0["property"] as? String == "children" && $0["strong"] as? Bool == true })
        }
    }

    @Test("the state-document part of /api/state is byte for byte `tree --json`")
    func stateMatchesTreeJSON() async throws {
        let server = makeServer(seed000)
        let expected = server.hub.read { $0.stateJSON() }
        try await server.test { client in
            let response = try await client.execute(uri: "/api/state", method: .get, headers: own())
            let text = String(buffer: response.body)
            let spec = expected.serialized()
            // Same fields in the same order; the extras are appended after them.
            expect(text.hasPrefix(String(spec.dropLast())))
        }
    }

    @Test("POST /api/commands runs the lines in the shared session and answers what the REPL prints")
    func commands() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push B\npush C"))
            expectEqual(response.status, .ok)
            let answer = try json(response)
            expectEqual(answer["status"] as? String, "done")
            expectEqual(answer["seq"] as? Int, 4)
            let results = try #require(answer["results"] as? [[String: Any]])
            expectEqual(results.map { $0["line"] as? String }, ["push B", "push C"])
            let lines = try #require(answer["lines"] as? [[String: String]])
            expect(lines.contains { $0["style"] == "callback" && $0["text"] == "viewDidAppear C" })
            expect(server.hub.read { $0.state.vc(named: "C") != nil })
        }
    }

    @Test("a mistyped command answers the error with its column and a suggestion, and stops there")
    func commandError() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push B\npsuh C\npush D"))
            expectEqual(response.status, .ok)
            let answer = try json(response)
            expectEqual(answer["status"] as? String, "failed")
            let error = try #require(answer["error"] as? [String: Any])
            expectEqual(error["line"] as? Int, 2)
            expectEqual(error["column"] as? Int, 1)
            expectEqual((error["suggestion"] as? String)?.contains("push"), true)
            expectEqual((answer["results"] as? [Any])?.count, 2)
            expect(server.hub.read { $0.state.vc(named: "D") == nil })
        }
    }

    @Test("the page may not read or write files, nor quit", arguments: ["save /tmp/x.navlab", "load /etc/passwd", "record /tmp/y", "quit"])
    func fileVerbsRefused(line: String) async throws {
        let server = makeServer()
        try await server.test { client in
            let answer = try json(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: line)))
            expectEqual(answer["status"] as? String, "failed")
            expectEqual(((answer["error"] as? [String: Any])?["message"] as? String)?.contains("not from the page"), true)
        }
    }

    @Test("export FORMAT FILE from the page is refused, pointing at the Export menu; export FORMAT still prints",
          arguments: ["export dot tree.dot", "export swift Repro.swift --force", "export mermaid /tmp/x.mmd"])
    func exportToFileRefused(line: String) async throws {
        let server = makeServer()
        try await server.test { client in
            let answer = try json(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "initial A\nlaunch\n" + line)))
            expectEqual(answer["status"] as? String, "failed")
            let error = try #require(answer["error"] as? [String: Any])
            expectEqual((error["message"] as? String)?.contains("not from the page"), true)
            expectEqual((error["suggestion"] as? String)?.contains("Export menu"), true)
            let printed = try json(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "export dot")))
            expectEqual(printed["status"] as? String, "shown")
        }
    }

    @Test("GET /api/history lists every step; /api/history/SEQ gives the state then and the one before")
    func history() async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let history = try json(try await client.execute(uri: "/api/history", method: .get, headers: own()))
            let entries = try #require(history["entries"] as? [[String: Any]])
            expectEqual(entries.count, seed000.count + 1)
            expectEqual(entries.dropFirst().map { $0["command"] as? String }, seed000)
            let present = entries[4]
            expectEqual(present["status"] as? String, "done")
            expect(((present["events"] as? [[String: Any]]) ?? []).contains { $0["callback"] as? String == "viewDidAppear" && $0["viewController"] as? String == "Welcome" })

            let then = try json(try await client.execute(uri: "/api/history/4", method: .get, headers: own()))
            let state = try #require(then["state"] as? [String: Any])
            expectEqual(state["seq"] as? Int, 4)
            expectEqual((state["window"] as? [String: Any])?["rootViewController"] as? String, "Register")
            expectEqual((state["screen"] as? [String]), ["UINavigationController", "Welcome"])
            expectEqual((then["before"] as? [String: Any])?["seq"] as? Int, 3)
            expectEqual((then["entry"] as? [String: Any])?["command"] as? String, "present Nav(Welcome)")

            #expect(try await client.execute(uri: "/api/history/99", method: .get, headers: own()).status == .notFound)
            #expect(try await client.execute(uri: "/api/history/abc", method: .get, headers: own()).status == .badRequest)
        }
    }

    @Test("after undo the undone steps stay on the timeline, marked, until a new step drops them")
    func historyAfterUndo() async throws {
        let server = makeServer(["initial Nav(A)", "launch", "push B", "push C", "undo"])
        try await server.test { client in
            var history = try json(try await client.execute(uri: "/api/history", method: .get, headers: own()))
            var entries = try #require(history["entries"] as? [[String: Any]])
            expectEqual(entries.map { $0["command"] as? String }, ["", "initial Nav(A)", "launch", "push B", "push C"])
            expectEqual(entries.map { $0["undone"] as? Bool }, [false, false, false, false, true])
            expectEqual(entries.map { $0["current"] as? Bool }, [false, false, false, true, false])
            expectEqual(history["seq"] as? Int, 3)
            _ = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push D"))
            history = try json(try await client.execute(uri: "/api/history", method: .get, headers: own()))
            entries = try #require(history["entries"] as? [[String: Any]])
            expectEqual(entries.map { $0["command"] as? String }, ["", "initial Nav(A)", "launch", "push B", "push D"])
            expectEqual(entries.last?["seq"] as? Int, 5)
        }
    }

    @Test("GET /api/verbs is the verb table; GET /api/log is `log --json`")
    func verbsAndLog() async throws {
        let server = makeServer(["initial A", "launch"])
        try await server.test { client in
            let verbs = try json(try await client.execute(uri: "/api/verbs", method: .get, headers: own()))
            let names = (verbs["verbs"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            expectEqual(names, VerbTable.names)
            let log = try await client.execute(uri: "/api/log", method: .get, headers: own())
            expectEqual(String(buffer: log.body), server.hub.read { $0.logJSON() }.serialized())
        }
    }
}

@Suite("Requests the server refuses")
struct SecurityTests {
    @Test("a foreign Host is refused (DNS rebinding)", arguments: ["evil.example:8080", "evil.example", "127.0.0.1:9999", "localhost.evil.example:8080", "192.168.1.5:8080", "",
                 // Hardening #1: names that merely start like a loopback address are names anyone can point at 127.0.0.1.
                 "127.evil.example:8080", "127.0.0.1.nip.io:8080", "127.0.0.1.evil.example:8080", "127.1:8080", "0177.0.0.1:8080",
                 "localhost.:8080", "[::2]:8080", "[::ffff:10.0.0.1]:8080"])
    func foreignHost(host: String) async throws {
        let server = makeServer()
        try await server.test { client in
            var headers = HTTPFields()
            headers[HTTPField.Name("Host")!] = host
            let response = try await client.execute(uri: "/api/state", method: .get, headers: headers)
            expectEqual(response.status, .forbidden)
            let post = try await client.execute(uri: "/api/commands", method: .post, headers: headers, body: ByteBuffer(string: "initial A"))
            expectEqual(post.status, .forbidden)
            expect(server.hub.read { $0.state.initial == nil })
        }
    }

    @Test("the server's own names are accepted", arguments: ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST:8080", "127.0.0.2:8080", "[::ffff:127.0.0.1]:8080"])
    func ownHost(host: String) async throws {
        let server = makeServer()
        try await server.test { client in
            var headers = HTTPFields()
            headers[HTTPField.Name("Host")!] = host
            let response = try await client.execute(uri: "/api/state", method: .get, headers: headers)
            expectEqual(response.status, .ok)
        }
    }

    @Test("a foreign Origin is refused; the page's own is accepted")
    func origin() async throws {
        let server = makeServer()
        try await server.test { client in
            for origin in ["http://evil.example", "http://evil.example:8080", "null", "https://127.0.0.1:8080", "http://127.0.0.1:9999",
                           "http://127.evil.example:8080", "http://127.0.0.1.nip.io:8080"] {
                let response = try await client.execute(uri: "/api/commands", method: .post, headers: own([("Origin", origin)]), body: ByteBuffer(string: "initial A"))
                expectEqual(response.status, .forbidden, "Origin \(origin)")
            }
            expect(server.hub.read { $0.state.initial == nil })
            let ok = try await client.execute(uri: "/api/commands", method: .post, headers: own([("Origin", "http://127.0.0.1:8080")]), body: ByteBuffer(string: "initial A"))
            expectEqual(ok.status, .ok)
            expect(server.hub.read { $0.state.initial != nil })
        }
    }

    @Test("beyond loopback the API needs the token (query or header); the page's files do not")
    func token() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(host: "0.0.0.0", token: "s3cret", publicDirectory: pub)
        expectEqual(server.token, "s3cret")
        try await server.test { client in
            var headers = HTTPFields()
            headers[HTTPField.Name("Host")!] = "192.168.1.5:8080"
            #expect(try await client.execute(uri: "/", method: .get, headers: headers).status == .ok)
            #expect(try await client.execute(uri: "/api/state", method: .get, headers: headers).status == .forbidden)
            #expect(try await client.execute(uri: "/api/state?token=wrong", method: .get, headers: headers).status == .forbidden)
            #expect(try await client.execute(uri: "/api/state?token=s3cret", method: .get, headers: headers).status == .ok)
            var withHeader = headers
            withHeader[HTTPField.Name("X-NavLab-Token")!] = "s3cret"
            let post = try await client.execute(uri: "/api/commands", method: .post, headers: withHeader, body: ByteBuffer(string: "initial A"))
            expectEqual(post.status, .ok)
            // However the path is spelled, the API is not reached without the token.
            for path in ["//api/state", "/%61pi/state", "/API/state", "/api//state", "/./api/state"] {
                let response = try await client.execute(uri: path, method: .get, headers: headers)
                expect(response.status != .ok, "\(path)")
                expect(!String(buffer: response.body).contains("viewControllers"), "\(path)")
            }
            // A name that is not this machine's is still refused, token or not.
            var foreign = withHeader
            foreign[HTTPField.Name("Host")!] = "evil.example:8080"
            #expect(try await client.execute(uri: "/api/state", method: .get, headers: foreign).status == .forbidden)
        }
    }

    @Test("on loopback no token is made; beyond it one is generated when none is given")
    func tokenGeneration() {
        expect(makeServer().token == nil)
        let generated = makeServer(host: "0.0.0.0").token
        expectEqual(generated?.count, 64)
        expect(generated != makeServer(host: "0.0.0.0").token)
    }

    @Test("paths that leave Public/ are 404, raw or encoded", arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/js/../../secret.txt", "/js/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/%252e%252e/secret.txt", "/.%2e/secret.txt", "/..\\secret.txt", "/js/..%5c..%5csecret.txt",
        "/%00index.html", "/.hidden", "/nothing-here.html",
    ])
    func pathEscapes(path: String) async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let response = try await client.execute(uri: path, method: .get, headers: own())
            expectEqual(response.status, .notFound)
            expect(!String(buffer: response.body).contains("top secret"))
        }
    }

    @Test("a symbolic link out of Public/ is not followed")
    func symlinkEscape() async throws {
        let (pub, secret) = try makePublicFolder()
        try FileManager.default.createSymbolicLink(atPath: pub + "/leak.txt", withDestinationPath: secret)
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let response = try await client.execute(uri: "/leak.txt", method: .get, headers: own())
            expectEqual(response.status, .notFound)
        }
    }

    @Test("GET / is index.html and files below are served with their type")
    func staticFiles() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let index = try await client.execute(uri: "/", method: .get, headers: own())
            expectEqual(index.status, .ok)
            expectEqual(index.headers[.contentType], "text/html; charset=utf-8")
            expectEqual(index.headers[.contentSecurityPolicy]?.contains("default-src 'self'"), true)
            expect(String(buffer: index.body).contains("<title>NavLab</title>"))
            let js = try await client.execute(uri: "/js/app.js", method: .get, headers: own())
            expectEqual(js.headers[.contentType], "text/javascript; charset=utf-8")
        }
    }

    @Test("the page takes a printout as large as the prompt does (Limits.importBytes)")
    func importSizedBody() {
        expectEqual(PageConfiguration.defaultMaxBodySize, Limits.importBytes)
        expect(Limits.importBytes >= Limits.viewControllers * 256)
    }

    @Test("a body over the limit is 413, and the model is untouched")
    func oversizedBody() async throws {
        let server = makeServer(maxBodySize: 64 * 1024)
        try await server.test { client in
            let big = String(repeating: "push A\n", count: 10_000)
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: big))
            expectEqual(response.status, .contentTooLarge)
            expectEqual(server.hub.read { $0.seq }, 0)
            // Just under the limit is fine.
            let fits = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "initial A\n" + String(repeating: "#\n", count: 30_000)))
            expectEqual(fits.status, .ok)
        }
    }

    @Test("malformed requests get a 4xx and the next request still works")
    func malformed() async throws {
        let server = makeServer(["initial A"])
        try await server.test { client in
            var invalidUTF8 = ByteBuffer()
            invalidUTF8.writeBytes([0x70, 0xFF, 0xFE, 0x0A])
            #expect(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: invalidUTF8).status == .badRequest)
            #expect(try await client.execute(uri: "/api/history/%zz", method: .get, headers: own()).status.code / 100 == 4)
            #expect(try await client.execute(uri: "/api/state", method: .delete, headers: own()).status.code / 100 == 4)
            #expect(try await client.execute(uri: "/%", method: .get, headers: own()).status.code / 100 == 4)
            var noHost = HTTPFields()
            noHost[HTTPField.Name("Host")!] = "::::"
            #expect(try await client.execute(uri: "/api/state", method: .get, headers: noHost).status == .forbidden)
            let ok = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "launch"))
            expectEqual(ok.status, .ok)
            try expectEqual(json(ok)["status"] as? String, "done")
        }
    }

    /// Hardening #2, #6, #7 through the page: each of these POSTs used to kill the server (a
    /// force-unwrap, a stack overflow) or hold its lock for minutes. Each is answered with the
    /// error, the model is untouched, and the next request works.
    @Test("POSTs that used to kill or stall the server are answered with an error", arguments: [
        "push @top", "present " + String(repeating: "Nav(", count: 3_000) + "A" + String(repeating: ")", count: 3_000),
        Array(repeating: "pop", count: 10_001).joined(separator: ";"),
    ])
    func killers(body: String) async throws {
        let server = makeServer(["initial Nav(Home)", "launch"])
        let seq = server.hub.read { $0.seq }
        try await server.test { client in
            let r = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: body))
            expectEqual(r.status, .ok)
            try expectEqual(json(r)["status"] as? String, "failed")
            expectEqual(server.hub.read { $0.seq }, seq)
            let next = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push Detail"))
            try expectEqual(json(next)["status"] as? String, "done")
        }
    }

    @Test("a 64 KiB line of ';' commands runs as one turn and the state is answered meanwhile")
    func longTurnOverHTTP() async throws {
        let server = makeServer(["initial Nav(Home)", "launch"])
        try await server.test { client in
            let line = Array(repeating: "push A; pop", count: 2_900).joined(separator: "; ")
            expect(line.utf8.count < PageConfiguration.defaultMaxBodySize)
            let r = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: line))
            try expectEqual(json(r)["status"] as? String, "done")
            expectEqual(server.hub.read { $0.state.nameCounters["A"] }, 2_900)
            #expect(try await client.execute(uri: "/api/state", method: .get, headers: own()).status == .ok)
        }
    }
}
