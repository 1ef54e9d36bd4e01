import CZlib
import Foundation
import HTTPTypes
import Hummingbird

/// The page's files — built into navlab (`EmbeddedPage`, generated from Public/), or read from a
/// folder (`--public DIR`, for working on the page) once when the server starts — answered from memory:
/// no disk access, no `stat`, no symbolic-link resolution per request. Each answer carries an
/// `ETag` (a conditional GET gets 304) and `Cache-Control: no-cache` (the browser revalidates,
/// so a new NavLab's files are never stale); text files are also kept gzip-compressed and sent
/// that way to a client that accepts it.
///
/// Nothing outside the folder is ever served: hidden names are not read, a file whose real
/// path (symbolic links resolved) leaves the folder is left out when reading, and a request
/// path with a `..` or `.` segment, a hidden name, a backslash or a NUL — raw or
/// percent-encoded — is 404.
public struct StaticFiles: Sendable {
    /// The folder, with symbolic links resolved; nil: the page built into navlab.
    public let root: String?

    struct File: Sendable {
        let body: ByteBuffer
        let gzipped: ByteBuffer?
        let etag: String
        let contentType: String
        let isHTML: Bool
        /// The answer's headers, made once: for the file as it is, and gzip-encoded.
        let headers: HTTPFields
        let gzipHeaders: HTTPFields

        init(body: ByteBuffer, gzipped: ByteBuffer?, etag: String, contentType: String, isHTML: Bool) {
            self.body = body
            self.gzipped = gzipped
            self.etag = etag
            self.contentType = contentType
            self.isHTML = isHTML
            var headers = HTTPFields()
            headers[.contentType] = contentType
            headers[.cacheControl] = "no-cache"
            headers[.eTag] = etag
            headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
            // The URL may carry the token: never send it on.
            headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
            if isHTML {
                // Nothing from the internet; scripts only from this server.
                headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"
            }
            if gzipped != nil { headers[.vary] = "Accept-Encoding" }
            self.headers = headers
            headers[.contentEncoding] = "gzip"
            gzipHeaders = headers
        }
    }

    /// What a GET of a file is answered: 200 with the file (gzip-encoded when the client
    /// accepts it), or 304 with no body when the client's `If-None-Match` has its ETag.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: ByteBuffer?
    }

    /// URL path (no leading slash) → file; a folder's `index.html` also answers for the folder.
    let files: [String: File]

    /// The most NavLab reads into memory from Public/ (it holds about 120 KB).
    static let maximumTotalSize = 32 << 20

    /// The files of the folder `root`; with nil, the page built into navlab.
    public init(root: String?) {
        let resolved = root.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        self.root = resolved
        files = resolved.map(StaticFiles.read) ?? StaticFiles.embeddedFiles
    }

    /// The page built into navlab, made (and gzip-compressed) once per process, however many
    /// servers start.
    static let embeddedFiles = embedded()

    /// The page built into navlab (scripts/embed-page.py writes `EmbeddedPage` from Public/).
    static func embedded() -> [String: File] {
        var contents: [(String, [UInt8])] = EmbeddedPage.text.map { ($0.path, Array($0.contents.utf8)) }
        for file in EmbeddedPage.base64 {
            if let data = Data(base64Encoded: file.contents) { contents.append((file.path, [UInt8](data))) }
        }
        var out: [String: File] = [:]
        for (relative, bytes) in contents { add(relative, bytes, to: &out) }
        return out
    }

    /// `bytes` as the file at `relative` (a folder's `index.html` also answers for the folder).
    static func add(_ relative: String, _ bytes: [UInt8], to out: inout [String: File]) {
        let ext = (relative as NSString).pathExtension.lowercased()
        let type = mediaTypes[ext] ?? "application/octet-stream"
        let compressible = type.hasPrefix("text/") || type.hasPrefix("application/json") || type == "image/svg+xml"
        let gz = compressible ? gzip(bytes).flatMap { $0.count < bytes.count ? ByteBuffer(bytes: $0) : nil } : nil
        let file = File(body: ByteBuffer(bytes: bytes), gzipped: gz, etag: etag(bytes), contentType: type, isHTML: ext == "html")
        out[relative] = file
        if (relative as NSString).lastPathComponent == "index.html" {
            out[(relative as NSString).deletingLastPathComponent] = file
        }
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

    /// Every regular file under `root` whose real path stays inside it, hidden names skipped.
    static func read(root: String) -> [String: File] {
        var out: [String: File] = [:]
        var total = 0
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root) else { return [:] }
        while let relative = walker.nextObject() as? String {
            let segments = relative.split(separator: "/")
            if segments.contains(where: { $0.hasPrefix(".") || $0.contains("\\") }) { walker.skipDescendants(); continue }
            let path = root + "/" + relative
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard real.hasPrefix(root + "/") else { continue }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = fm.contents(atPath: real), total + data.count <= maximumTotalSize else { continue }
            total += data.count
            add(relative, [UInt8](data), to: &out)
        }
        return out
    }

    /// A strong validator: FNV-1a (64 bits) of the bytes and their length.
    static func etag(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return "\"\(String(h, radix: 16))-\(String(bytes.count, radix: 16))\""
    }

    /// The gzip format of `bytes` (zlib, best compression), or nil if zlib fails.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard navlab_deflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = inp.baseAddress
                stream.avail_in = uInt(inp.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output[..<Int(stream.total_out)])
    }

    /// The file a URL path names, or nil (→ 404).
    func file(forPath rawPath: String) -> File? {
        // A path that is a file's own (`/js/app.js`) is found as it is. Safe: only real files
        // are keys, none with a `.`-segment, a hidden name, a backslash or an empty segment,
        // so a path equal to a key is one the checks below accept and read the same way.
        if rawPath.utf8.first == UInt8(ascii: "/"), let file = files[String(rawPath.utf8.dropFirst())!] { return file }
        // Decoded only when there is something to decode; checked byte by byte (these run on
        // every request, and Foundation's string search is slow).
        let decoded = rawPath.utf8.contains(UInt8(ascii: "%")) ? rawPath.removingPercentEncoding : rawPath
        guard let path = decoded else { return nil }
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment.hasPrefix(".") || segment.utf8.contains(UInt8(ascii: "\\")) || segment.utf8.contains(0) { return nil }
            segments.append(segment)
        }
        return files[segments.joined(separator: "/")]
    }

    /// Whether `Accept-Encoding` allows gzip (present, and not `q=0`).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for part in header.lowercased().split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.first == "gzip" || fields.first == "*" else { continue }
            let q = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return q > 0
        }
        return false
    }

    /// The answer to a GET of `path` with `requestHeaders`; nil when no file has that path.
    /// Both ways a file is served use it: the router, and the fast path on the connection's
    /// event loop (`StaticFastPath`).
    func answer(forPath path: String, headers requestHeaders: HTTPFields) -> Answer? {
        guard let file = file(forPath: path) else { return nil }
        if let tags = requestHeaders[.ifNoneMatch], StaticFiles.matches(tags, etag: file.etag) {
            return Answer(status: .notModified, headers: file.headers, body: nil)
        }
        if let gz = file.gzipped, StaticFiles.acceptsGzip(requestHeaders[.acceptEncoding]) {
            return Answer(status: .ok, headers: file.gzipHeaders, body: gz)
        }
        return Answer(status: .ok, headers: file.headers, body: file.body)
    }

    /// Whether an `If-None-Match` list names `etag` (as is, weak, or `*`).
    static func matches(_ tags: String, etag: String) -> Bool {
        tags.split(separator: ",").contains { part in
            let t = part.trimmingCharacters(in: .whitespaces)
            return t == etag || t == "*" || t == "W/" + etag
        }
    }

    public func response(forPath path: String, headers requestHeaders: HTTPFields = HTTPFields()) -> Response {
        guard let answer = answer(forPath: path, headers: requestHeaders) else {
            return PageServer.errorResponse(.notFound, "no such file")
        }
        return Response(status: answer.status, headers: answer.headers, body: answer.body.map { .init(byteBuffer: $0) } ?? ResponseBody())
    }

    /// A GET answer as the answer to HEAD: the same status and headers, the length the body
    /// would have, no body.
    static func headOnly(_ response: Response) -> Response {
        var headers = response.headers
        if let length = response.body.contentLength { headers[.contentLength] = String(length) }
        return Response(status: response.status, headers: headers, body: ResponseBody())
    }

    /// The folder to serve the page from instead of the page built into navlab: `--public DIR`,
    /// else `$NAVLAB_PUBLIC` when it holds an index.html; nil (the usual case): the built-in page.
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit { return explicit }
        if let env = environment["NAVLAB_PUBLIC"], FileManager.default.fileExists(atPath: env + "/index.html") { return env }
        return nil
    }
}
