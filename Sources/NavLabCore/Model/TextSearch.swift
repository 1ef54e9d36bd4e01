/// Substring search and replacement on `String`, written on its UTF-8 bytes. The standard
/// library's `contains(_:)`, `firstRange(of:)` and `replacing(_:with:)` for strings live in
/// `_StringProcessing`, which the engine's browser build (Embedded Swift) does not have; these
/// work the same in both builds. They compare bytes: the same text in another Unicode
/// normalisation is not found (NavLab's words and names are compared as typed).
extension StringProtocol {
    /// Whether `other` occurs in this text (an empty `other` always does).
    @inlinable
    public func containsText<T: StringProtocol>(_ other: T) -> Bool { firstOffset(of: other) != nil }

    /// The byte offset of the first occurrence of `other`, or nil.
    public func firstOffset<T: StringProtocol>(of other: T, from start: Int = 0) -> Int? {
        let needle = Array(other.utf8)
        if let hit = utf8.withContiguousStorageIfAvailable({ TextSearch.find(needle, in: $0, from: start) }) { return hit }
        return TextSearch.find(needle, in: Array(utf8), from: start)
    }

    /// The range of the first occurrence of `other`, or nil (`firstRange(of:)`).
    public func textRange<T: StringProtocol>(of other: T) -> Range<Index>? {
        guard let offset = firstOffset(of: other) else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: other.utf8.count)
    }

    /// The text with every occurrence of `target` replaced by `replacement`, left to right.
    public func replacingText<T: StringProtocol, R: StringProtocol>(_ target: T, with replacement: R) -> String {
        let hay = Array(utf8), needle = Array(target.utf8)
        guard !needle.isEmpty, var hit = TextSearch.find(needle, in: hay, from: 0) else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(hay.count)
        var i = 0
        let with = Array(replacement.utf8)
        while true {
            out.append(contentsOf: hay[i..<hit])
            out.append(contentsOf: with)
            i = hit + needle.count
            guard let next = TextSearch.find(needle, in: hay, from: i) else { break }
            hit = next
        }
        out.append(contentsOf: hay[i...])
        return String(decoding: out, as: UTF8.self)
    }
}

public enum TextSearch {
    /// The first index at or after `start` where `needle` occurs in `hay`.
    public static func find<C: RandomAccessCollection>(_ needle: [UInt8], in hay: C, from start: Int) -> Int?
    where C.Element == UInt8, C.Index == Int {
        if needle.isEmpty { return start <= hay.count ? start : nil }
        guard hay.count >= needle.count, start <= hay.count - needle.count else { return nil }
        let first = needle[0]
        var i = hay.startIndex + start
        let last = hay.endIndex - needle.count
        outer: while i <= last {
            if hay[i] != first { i += 1; continue }
            var j = 1
            while j < needle.count {
                if hay[i + j] != needle[j] { i += 1; continue outer }
                j += 1
            }
            return i - hay.startIndex
        }
        return nil
    }
}
