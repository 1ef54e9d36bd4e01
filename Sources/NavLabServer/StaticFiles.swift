import Foundation
import HTTPTypes
import Hummingbird

/// The page's files from Public/. Nothing outside that folder is ever served: a path with a
/// `..` or `.` segment, a hidden name, a backslash or a NUL — raw or percent-encoded — is
/// 404, and so is anything whose real path (symbolic links resolved) leaves the folder.
public struct StaticFiles: Sendable {
    /// The folder, with symbolic links resolved; nil when no Public/ was found.
    public let root: String?

    public init(root: String?) {
        self.root = root.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
    }

    static let mediaTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8",
    ]

    /// The file a URL path names, or nil (→ 404).
    public func file(forPath rawPath: String) -> String? {
        guard let root else { return nil }
        guard let path = rawPath.removingPercentEncoding else { return nil }
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment.hasPrefix(".") || segment.contains("\\") || segment.contains("\0") { return nil }
            segments.append(segment)
        }
        var candidate = ([root] + segments.map(String.init)).joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { candidate += "/index.html" }
        let real = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        guard real.hasPrefix(root + "/") else { return nil }
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return real
    }

    public func response(forPath path: String) -> Response {
        guard let file = file(forPath: path), let data = FileManager.default.contents(atPath: file) else {
            if root == nil {
                return PageServer.errorResponse(.notFound, "the page's files (Public/) were not found: run navlab from its source folder, or pass --public DIR")
            }
            return PageServer.errorResponse(.notFound, "no such file")
        }
        let ext = (file as NSString).pathExtension.lowercased()
        var headers = HTTPFields()
        headers[.contentType] = StaticFiles.mediaTypes[ext] ?? "application/octet-stream"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        // The URL may carry the token: never send it on.
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if ext == "html" {
            // Nothing from the internet; scripts only from this server.
            headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Public/ next to the executable's source checkout, or in the current directory.
    public static func locate(explicit: String? = nil) -> String? {
        func valid(_ dir: String) -> Bool { FileManager.default.fileExists(atPath: dir + "/index.html") }
        if let explicit { return explicit }
        if let env = ProcessInfo.processInfo.environment["NAVLAB_PUBLIC"], valid(env) { return env }
        // .build/debug/navlab → the package folder holds Public/.
        var dir = (Bundle.main.executableURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/navlab"))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Public").path
            if valid(candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        let cwd = FileManager.default.currentDirectoryPath + "/Public"
        return valid(cwd) ? cwd : nil
    }
}
