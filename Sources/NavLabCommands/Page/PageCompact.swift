import NavLabCore

/// Top-level fields whose parts change one at a time (`screen`, `windowSubviews`) are patched
/// part by part: plain RFC 6902 operations on their elements and fields, when that is shorter
/// than replacing the whole value. Applying the operations as RFC 6902 says still gives exactly
/// `GET /api/state` (Docs/Page.md): nothing is left out of an added value.
public enum PageCompact {
    /// Top-level fields sent part by part.
    static let partwise: Set<String> = ["screen", "windowSubviews"]

    /// RFC 6902 operations from `old` to `new` at `path`: the parts that changed, when that is
    /// shorter than replacing the whole value.
    static func difference(_ path: String, _ old: JSON, _ new: JSON) -> [JSON] {
        let whole = [replace(path, new)]
        var parts: [JSON] = []
        guard partwise(path, old, new, into: &parts) else { return whole }
        return JSON.array(parts).serialized().utf8.count < JSON.array(whole).serialized().utf8.count ? parts : whole
    }

    /// Appends the operations that change `old` into `new` part by part; false when the two
    /// do not have the same shape (then the whole value is replaced).
    private static func partwise(_ path: String, _ old: JSON, _ new: JSON, into ops: inout [JSON]) -> Bool {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard x.0 == y.0, !x.0.contains("/"), !x.0.contains("~") else { return false }
                if x.1 != y.1, !partwise("\(path)/\(x.0)", x.1, y.1, into: &ops) { ops.append(replace("\(path)/\(x.0)", y.1)) }
            }
            return true
        case (.array(let a), .array(let b)):
            let common = min(a.count, b.count)
            for i in 0..<common where a[i] != b[i] {
                if !partwise("\(path)/\(i)", a[i], b[i], into: &ops) { ops.append(replace("\(path)/\(i)", b[i])) }
            }
            for i in stride(from: a.count - 1, through: common, by: -1) { ops.append(.object([("op", .string("remove")), ("path", .string("\(path)/\(i)"))])) }
            for i in common..<b.count { ops.append(.object([("op", .string("add")), ("path", .string("\(path)/\(i)")), ("value", b[i])])) }
            return true
        default:
            return false
        }
    }

    private static func replace(_ path: String, _ value: JSON) -> JSON {
        .object([("op", .string("replace")), ("path", .string(path)), ("value", value)])
    }
}
