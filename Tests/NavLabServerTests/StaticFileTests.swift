import Foundation
import HTTPTypes
import Hummingbird
import Testing
@testable import NavLabServer

/// gunzip through the system's `gzip -dc`, an implementation independent of NavLab's.
func gunzip(_ bytes: [UInt8]) throws -> [UInt8] { try gzipDecode(bytes, complete: true) }

/// What `gzip -dc` decodes of a stream that has not ended (it then complains of the missing
/// end, which is expected here).
func inflatePartial(_ bytes: [UInt8]) throws -> [UInt8] { try gzipDecode(bytes, complete: false) }

private func gzipDecode(_ bytes: [UInt8], complete: Bool) throws -> [UInt8] {
    let p = Process()
    if !complete { p.standardError = FileHandle.nullDevice }
    // Through env: gzip is /bin/gzip on Debian, /usr/bin/gzip on a Mac.
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["gzip", "-dc"]
    let input = Pipe(), output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    try p.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 || !complete else { throw TestFailure("gzip -dc failed") }
    return [UInt8](out)
}

/// The page's files come from memory, with validators and compression.
@Suite("The page's files")
struct StaticFileTests {
    func headers(_ extra: [(String, String)]) -> HTTPFields { own(extra) }

    @Test("read once at start: served after Public/ is gone, and an edit made later is not seen")
    func fromMemory() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(publicDirectory: pub)
        try "export const x = 2;".write(toFile: pub + "/js/app.js", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: pub + "/index.html")
        try await server.test { client in
            let index = try await client.execute(uri: "/", method: .get, headers: own())
            expectEqual(index.status, .ok)
            expect(String(buffer: index.body).contains("<title>NavLab</title>"))
            let js = try await client.execute(uri: "/js/app.js", method: .get, headers: own())
            expectEqual(String(buffer: js.body), "export const x = 1;")
        }
    }

    @Test("every file has an ETag and Cache-Control: no-cache; If-None-Match with it is 304 with no body")
    func conditionalGet() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let first = try await client.execute(uri: "/js/app.js", method: .get, headers: own())
            let etag = try #require(first.headers[.eTag])
            expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            expectEqual(first.headers[.cacheControl], "no-cache")
            let again = try await client.execute(uri: "/js/app.js", method: .get, headers: headers([("If-None-Match", etag)]))
            expectEqual(again.status, .notModified)
            expectEqual(again.body.readableBytes, 0)
            expectEqual(again.headers[.eTag], etag)
            let other = try await client.execute(uri: "/js/app.js", method: .get, headers: headers([("If-None-Match", "\"something-else\"")]))
            expectEqual(other.status, .ok)
            expectEqual(String(buffer: other.body), "export const x = 1;")
            let index = try await client.execute(uri: "/", method: .get, headers: own())
            expect(index.headers[.eTag] != etag, "different files, different validators")
        }
    }

    @Test("HEAD answers what GET would, headers only: 200 with the length for a file, 404 for none")
    func head() async throws {
        let (pub, _) = try makePublicFolder()
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let get = try await client.execute(uri: "/js/app.js", method: .get, headers: own())
            let head = try await client.execute(uri: "/js/app.js", method: .head, headers: own())
            expectEqual(head.status, .ok)
            expectEqual(head.body.readableBytes, 0)
            expectEqual(head.headers[.eTag], get.headers[.eTag])
            expectEqual(head.headers[.contentType], get.headers[.contentType])
            expectEqual(head.headers[.contentLength], String(get.body.readableBytes))
            #expect(try await client.execute(uri: "/", method: .head, headers: own()).status == .ok)
            #expect(try await client.execute(uri: "/nothing.js", method: .head, headers: own()).status == .notFound)
        }
    }

    @Test("text files go gzip-compressed to a client that accepts it, and decompress to the file")
    func gzipped() async throws {
        let (pub, _) = try makePublicFolder()
        let big = String(repeating: "export const navigation = 'UINavigationController';\n", count: 200)
        try big.write(toFile: pub + "/js/big.js", atomically: true, encoding: .utf8)
        let server = makeServer(publicDirectory: pub)
        try await server.test { client in
            let plain = try await client.execute(uri: "/js/big.js", method: .get, headers: own())
            expect(plain.headers[.contentEncoding] == nil)
            expectEqual(String(buffer: plain.body), big)
            expectEqual(plain.headers[.vary], "Accept-Encoding")
            let gz = try await client.execute(uri: "/js/big.js", method: .get, headers: headers([("Accept-Encoding", "gzip, deflate, br")]))
            expectEqual(gz.headers[.contentEncoding], "gzip")
            let bytes = [UInt8](buffer: gz.body)
            expect(bytes.count < big.utf8.count / 10)
            try expectEqual(gunzip(bytes), Array(big.utf8))
            let refused = try await client.execute(uri: "/js/big.js", method: .get, headers: headers([("Accept-Encoding", "gzip;q=0, identity")]))
            expect(refused.headers[.contentEncoding] == nil)
        }
    }

    @Test("the real page's files: every one is served, compressed where that is smaller")
    func realPage() async throws {
        let pub = repositoryPublic()
        let server = makeServer(publicDirectory: pub)
        let names = try #require(FileManager.default.enumerator(atPath: pub)?.allObjects as? [String])
        let files = names.filter { !$0.hasPrefix(".") && !FileManager.default.isDirectory(pub + "/" + $0) }
        expect(files.contains("index.html") && files.contains("js/main.js"))
        try await server.test { client in
            for name in files {
                let r = try await client.execute(uri: "/" + name, method: .get, headers: headers([("Accept-Encoding", "gzip")]))
                expectEqual(r.status, .ok, "\(name)")
                let body = [UInt8](buffer: r.body)
                let onDisk = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pub + "/" + name)))
                try expectEqual((r.headers[.contentEncoding] == "gzip" ? try gunzip(body) : body), onDisk, "\(name)")
            }
        }
    }
}

extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }
}

/// The repository's Public/.
func repositoryPublic() -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Public").path
}
