import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
import NavLabCore
import Testing
@testable import NavLabServer

@Suite("The page's HTTP routes (SPEC §4)")
struct RouteTests {
    @Test("GET /api/state is SPEC §3's document, every required field, after seed 000")
    func stateDocument() async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/state", method: .get, headers: own())
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let doc = try json(response)
            #expect(doc["seq"] as? Int == seed000.count)
            let app = try #require(doc["application"] as? [String: Any])
            #expect(app["state"] as? String == "active")
            #expect(app["launches"] as? Int == 1)
            let archive = try #require(app["archive"] as? [String: Any])
            #expect(archive["exists"] is Bool && archive["paths"] is [String])
            #expect(app["defaults"] is [String: Any])
            let window = try #require(doc["window"] as? [String: Any])
            #expect(window["rootViewController"] as? String == "Main")
            #expect(window["transitionViews"] as? Int == 1)
            #expect(doc["screen"] as? [String] == ["Main"])
            let vcs = try #require(doc["viewControllers"] as? [String: [String: Any]])
            #expect(Set(vcs.keys) == ["Register", "UINavigationController", "Welcome", "Details", "Done", "Main"])
            let required = ["class", "kind", "parent", "children", "presentedViewController", "presentingViewController",
                            "modalPresentationStyle", "presentationStyle", "restorationIdentifier", "restorationPath",
                            "isViewLoaded", "inWindow", "appearance", "restored", "properties"]
            for (name, vc) in vcs {
                for key in required { #expect(vc.keys.contains(key), "\(name) lacks \(key)") }
            }
            let nav = try #require(vcs["UINavigationController"])
            #expect(nav["kind"] as? String == "navigation")
            #expect(nav["viewControllers"] as? [String] == ["Welcome", "Details", "Done"])
            #expect(nav["presentationStyle"] as? String == "fullScreen")
            #expect(nav["presentingViewController"] as? String == "Register")
            #expect(vcs["Done"]?["inWindow"] as? Bool == true)
            #expect(vcs["Register"]?["inWindow"] as? Bool == false)
            #expect(Set(doc["allocated"] as? [String] ?? []) == Set(vcs.keys))
            #expect(Set(doc["leaked"] as? [String] ?? []) == ["Register", "UINavigationController", "Welcome", "Details", "Done"])
            // The page's extras follow SPEC §3's fields.
            let memory = try #require(doc["memory"] as? [String: [String: Any]])
            #expect((memory["Done"]?["leakCause"] as? String)?.contains("UITransitionView") == true)
            #expect(memory["Main"]?["leakCause"] is NSNull)
            let subviews = try #require(doc["windowSubviews"] as? [[String: Any]])
            let transition = try #require(subviews.first { $0["kind"] as? String == "transitionView" })
            #expect(transition["presented"] as? String == "UINavigationController")
            #expect(transition["leftBehind"] as? Bool == true)
            #expect(transition["visible"] as? Bool == false)
        }
    }

    @Test("windowSubviews: a live presentation's transition view is on screen and not left behind")
    func windowSubviewsOfALivePresentation() async throws {
        let server = makeServer(["initial Tab(Nav(Feed), Settings)", "launch", "push Post", "present Nav(Compose) on Post", "addChild Toolbar to Compose"])
        try await server.test { client in
            let doc = try json(try await client.execute(uri: "/api/state", method: .get, headers: own()))
            let subviews = try #require(doc["windowSubviews"] as? [[String: Any]])
            #expect(subviews.map { $0["kind"] as? String } == ["rootView", "transitionView"])
            #expect(subviews[0]["viewControllers"] as? [String] == ["UITabBarController", "UINavigationController", "Post"])
            #expect(subviews[1]["presented"] as? String == "UINavigationController#2")
            #expect(subviews[1]["leftBehind"] as? Bool == false)
            #expect(subviews.allSatisfy { $0["visible"] as? Bool == true })
            #expect((doc["leaked"] as? [String])?.isEmpty == true)
            let memory = try #require(doc["memory"] as? [String: [String: Any]])
            let holders = (memory["Toolbar"]?["heldBy"] as? [[String: Any]]) ?? []
            #expect(holders.contains { $0["holder"] as? String == "Compose" && $0["property"] as? String == "children" && $0["strong"] as? Bool == true })
        }
    }

    @Test("the SPEC §3 part of /api/state is byte for byte `tree --json`")
    func stateMatchesTreeJSON() async throws {
        let server = makeServer(seed000)
        let expected = server.hub.read { $0.stateJSON() }
        try await server.test { client in
            let response = try await client.execute(uri: "/api/state", method: .get, headers: own())
            let text = String(buffer: response.body)
            let spec = expected.serialized()
            // Same fields in the same order; the extras are appended after them.
            #expect(text.hasPrefix(String(spec.dropLast())))
        }
    }

    @Test("POST /api/commands runs the lines in the shared session and answers what the REPL prints")
    func commands() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push B\npush C"))
            #expect(response.status == .ok)
            let answer = try json(response)
            #expect(answer["status"] as? String == "done")
            #expect(answer["seq"] as? Int == 4)
            let results = try #require(answer["results"] as? [[String: Any]])
            #expect(results.map { $0["line"] as? String } == ["push B", "push C"])
            let lines = try #require(answer["lines"] as? [[String: String]])
            #expect(lines.contains { $0["style"] == "callback" && $0["text"] == "viewDidAppear C" })
            #expect(server.hub.read { $0.state.vc(named: "C") != nil })
        }
    }

    @Test("a mistyped command answers the error with its column and a suggestion, and stops there")
    func commandError() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push B\npsuh C\npush D"))
            #expect(response.status == .ok)
            let answer = try json(response)
            #expect(answer["status"] as? String == "failed")
            let error = try #require(answer["error"] as? [String: Any])
            #expect(error["line"] as? Int == 2)
            #expect(error["column"] as? Int == 1)
            #expect((error["suggestion"] as? String)?.contains("push") == true)
            #expect((answer["results"] as? [Any])?.count == 2)
            #expect(server.hub.read { $0.state.vc(named: "D") == nil })
        }
    }

    @Test("the page may not read or write files, nor quit", arguments: ["save /tmp/x.navlab", "load /etc/passwd", "record /tmp/y", "quit"])
    func fileVerbsRefused(line: String) async throws {
        let server = makeServer()
        try await server.test { client in
            let answer = try json(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: line)))
            #expect(answer["status"] as? String == "failed")
            #expect(((answer["error"] as? [String: Any])?["message"] as? String)?.contains("not from the page") == true)
        }
    }

    @Test("export FORMAT FILE from the page is refused, pointing at the Export menu; export FORMAT still prints",
          arguments: ["export dot tree.dot", "export swift Repro.swift --force", "export mermaid /tmp/x.mmd"])
    func exportToFileRefused(line: String) async throws {
        let server = makeServer()
        try await server.test { client in
            let answer = try json(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "initial A\nlaunch\n" + line)))
            #expect(answer["status"] as? String == "failed")
            let error = try #require(answer["error"] as? [String: Any])
            #expect((error["message"] as? String)?.contains("not from the page") == true)
            #expect((error["suggestion"] as? String)?.contains("Export menu") == true)
            let printed = try json(try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "export dot")))
            #expect(printed["status"] as? String == "shown")
        }
    }

    @Test("GET /api/history lists every step; /api/history/SEQ gives the state then and the one before")
    func history() async throws {
        let server = makeServer(seed000)
        try await server.test { client in
            let history = try json(try await client.execute(uri: "/api/history", method: .get, headers: own()))
            let entries = try #require(history["entries"] as? [[String: Any]])
            #expect(entries.count == seed000.count + 1)
            #expect(entries.dropFirst().map { $0["command"] as? String } == seed000)
            let present = entries[4]
            #expect(present["status"] as? String == "done")
            #expect(((present["events"] as? [[String: Any]]) ?? []).contains { $0["callback"] as? String == "viewDidAppear" && $0["viewController"] as? String == "Welcome" })

            let then = try json(try await client.execute(uri: "/api/history/4", method: .get, headers: own()))
            let state = try #require(then["state"] as? [String: Any])
            #expect(state["seq"] as? Int == 4)
            #expect((state["window"] as? [String: Any])?["rootViewController"] as? String == "Register")
            #expect((state["screen"] as? [String]) == ["UINavigationController", "Welcome"])
            #expect((then["before"] as? [String: Any])?["seq"] as? Int == 3)
            #expect((then["entry"] as? [String: Any])?["command"] as? String == "present Nav(Welcome)")

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
            #expect(entries.map { $0["command"] as? String } == ["", "initial Nav(A)", "launch", "push B", "push C"])
            #expect(entries.map { $0["undone"] as? Bool } == [false, false, false, false, true])
            #expect(entries.map { $0["current"] as? Bool } == [false, false, false, true, false])
            #expect(history["seq"] as? Int == 3)
            _ = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push D"))
            history = try json(try await client.execute(uri: "/api/history", method: .get, headers: own()))
            entries = try #require(history["entries"] as? [[String: Any]])
            #expect(entries.map { $0["command"] as? String } == ["", "initial Nav(A)", "launch", "push B", "push D"])
            #expect(entries.last?["seq"] as? Int == 5)
        }
    }

    @Test("GET /api/verbs is the verb table; GET /api/log is `log --json`")
    func verbsAndLog() async throws {
        let server = makeServer(["initial A", "launch"])
        try await server.test { client in
            let verbs = try json(try await client.execute(uri: "/api/verbs", method: .get, headers: own()))
            let names = (verbs["verbs"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(names == VerbTable.names)
            let log = try await client.execute(uri: "/api/log", method: .get, headers: own())
            #expect(String(buffer: log.body) == server.hub.read { $0.logJSON() }.serialized())
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
            #expect(response.status == .forbidden)
            let post = try await client.execute(uri: "/api/commands", method: .post, headers: headers, body: ByteBuffer(string: "initial A"))
            #expect(post.status == .forbidden)
            #expect(server.hub.read { $0.state.initial == nil })
        }
    }

    @Test("the server's own names are accepted", arguments: ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST:8080", "127.0.0.2:8080", "[::ffff:127.0.0.1]:8080"])
    func ownHost(host: String) async throws {
        let server = makeServer()
        try await server.test { client in
            var headers = HTTPFields()
            headers[HTTPField.Name("Host")!] = host
            let response = try await client.execute(uri: "/api/state", method: .get, headers: headers)
            #expect(response.status == .ok)
        }
    }

    @Test("a foreign Origin is refused; the page's own is accepted")
    func origin() async throws {
        let server = makeServer()
        try await server.test { client in
            for origin in ["http://evil.example", "http://evil.example:8080", "null", "https://127.0.0.1:8080", "http://127.0.0.1:9999",
                           "http://127.evil.example:8080", "http://127.0.0.1.nip.io:8080"] {
                let response = try await client.execute(uri: "/api/commands", method: .post, headers: own([("Origin", origin)]), body: ByteBuffer(string: "initial A"))
                #expect(response.status == .forbidden, "Origin \(origin)")
            }
            #expect(server.hub.read { $0.state.initial == nil })
            let ok = try await client.execute(uri: "/api/commands", method: .post, headers: own([("Origin", "http://127.0.0.1:8080")]), body: ByteBuffer(string: "initial A"))
            #expect(ok.status == .ok)
            #expect(server.hub.read { $0.state.initial != nil })
        }
    }

    @Test("beyond loopback the API needs the token (query or header); the page's files do not")
    func token() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(host: "0.0.0.0", token: "s3cret", publicDirectory: pub)
        #expect(server.token == "s3cret")
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
            #expect(post.status == .ok)
            // However the path is spelled, the API is not reached without the token.
            for path in ["//api/state", "/%61pi/state", "/API/state", "/api//state", "/./api/state"] {
                let response = try await client.execute(uri: path, method: .get, headers: headers)
                #expect(response.status != .ok, "\(path)")
                #expect(!String(buffer: response.body).contains("viewControllers"), "\(path)")
            }
            // A name that is not this machine's is still refused, token or not.
            var foreign = withHeader
            foreign[HTTPField.Name("Host")!] = "evil.example:8080"
            #expect(try await client.execute(uri: "/api/state", method: .get, headers: foreign).status == .forbidden)
        }
    }

    @Test("on loopback no token is made; beyond it one is generated when none is given")
    func tokenGeneration() {
        #expect(makeServer().token == nil)
        let generated = makeServer(host: "0.0.0.0").token
        #expect(generated?.count == 64)
        #expect(generated != makeServer(host: "0.0.0.0").token)
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
            #expect(response.status == .notFound)
            #expect(!String(buffer: response.body).contains("top secret"))
        }
    }

    @Test("a symbolic link out of Public/ is not followed")
    func symlinkEscape() async throws {
        let (pub, secret) = try makePublicFolder()
        try FileManager.default.createSymbolicLink(atPath: pub + "/leak.txt", withDestinationPath: secret)
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let response = try await client.execute(uri: "/leak.txt", method: .get, headers: own())
            #expect(response.status == .notFound)
        }
    }

    @Test("GET / is index.html and files below are served with their type")
    func staticFiles() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let index = try await client.execute(uri: "/", method: .get, headers: own())
            #expect(index.status == .ok)
            #expect(index.headers[.contentType] == "text/html; charset=utf-8")
            #expect(index.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            #expect(String(buffer: index.body).contains("<title>NavLab</title>"))
            let js = try await client.execute(uri: "/js/app.js", method: .get, headers: own())
            #expect(js.headers[.contentType] == "text/javascript; charset=utf-8")
        }
    }

    @Test("the page takes a printout as large as the prompt does (Limits.importBytes)")
    func importSizedBody() {
        #expect(PageConfiguration.defaultMaxBodySize == Limits.importBytes)
        #expect(Limits.importBytes >= Limits.viewControllers * 256)
    }

    @Test("a body over the limit is 413, and the model is untouched")
    func oversizedBody() async throws {
        let server = makeServer(maxBodySize: 64 * 1024)
        try await server.test { client in
            let big = String(repeating: "push A\n", count: 10_000)
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: big))
            #expect(response.status == .contentTooLarge)
            #expect(server.hub.read { $0.seq } == 0)
            // Just under the limit is fine.
            let fits = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "initial A\n" + String(repeating: "#\n", count: 30_000)))
            #expect(fits.status == .ok)
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
            #expect(ok.status == .ok)
            #expect(try json(ok)["status"] as? String == "done")
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
            #expect(r.status == .ok)
            #expect(try json(r)["status"] as? String == "failed")
            #expect(server.hub.read { $0.seq } == seq)
            let next = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push Detail"))
            #expect(try json(next)["status"] as? String == "done")
        }
    }

    @Test("a 64 KiB line of ';' commands runs as one turn and the state is answered meanwhile")
    func longTurnOverHTTP() async throws {
        let server = makeServer(["initial Nav(Home)", "launch"])
        try await server.test { client in
            let line = Array(repeating: "push A; pop", count: 2_900).joined(separator: "; ")
            #expect(line.utf8.count < PageConfiguration.defaultMaxBodySize)
            let r = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: line))
            #expect(try json(r)["status"] as? String == "done")
            #expect(server.hub.read { $0.state.nameCounters["A"] } == 2_900)
            #expect(try await client.execute(uri: "/api/state", method: .get, headers: own()).status == .ok)
        }
    }
}
