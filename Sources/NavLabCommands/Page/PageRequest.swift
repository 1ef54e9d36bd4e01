import NavLabCore

/// One of the page's requests as both hosts receive it: the method, the target (path and
/// query, as sent: percent-encoded) and the body. The one route table (PageRoutes) reads it.
public struct PageRequest: Sendable {
    public var method: String
    /// The path's segments, each percent-decoded: `/api/history/4` → ["api", "history", "4"].
    public var segments: [String]
    /// The query's fields, percent-decoded (`+` is a space, as forms send it).
    public var query: [String: String]
    public var body: String

    public init(method: String, target: String, body: String = "") {
        self.method = method
        self.body = body
        let q = target.firstIndex(of: "?")
        let path = q.map { target[..<$0] } ?? target[...]
        segments = path.split(separator: "/").map { PageRequest.decode($0) }
        query = [:]
        if let q {
            for pair in target[target.index(after: q)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[PageRequest.decode(kv[0])] = kv.count > 1 ? PageRequest.decode(kv[1]) : ""
            }
        }
    }

    /// The path as the page wrote it (for error messages): `/api/history/4`.
    public var path: String { "/" + segments.joined(separator: "/") }

    /// Percent-decoding, and `+` as a space; a `%` not followed by two hex digits stays.
    static func decode(_ s: Substring) -> String {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        while let c = bytes.popFirst() {
            if c == 37, bytes.count >= 2, let h = hex(bytes[bytes.startIndex]), let l = hex(bytes[bytes.startIndex + 1]) {
                out.append(h << 4 | l)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(c == 43 ? 32 : c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
