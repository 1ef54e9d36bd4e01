/// Identity of one view-controller instance for as long as it is allocated.
/// Ids are handed out in allocation order and never reused within a `State`,
/// so they double as the deterministic "addresses" printed in UIKit-style output.
public struct VCID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int
    public init(_ raw: Int) { self.raw = raw }
    public static func < (a: VCID, b: VCID) -> Bool { a.raw < b.raw }
    public var description: String { "#\(raw)" }

    /// Sets and dictionaries of view controllers hash the id with SplitMix64's finalizer (two
    /// multiplies) instead of SipHash: ids are small integers handed out in order, which nobody
    /// picks to collide, and finding a view controller by id is the most frequent thing NavLab
    /// does (a quarter of a command's time went to hashing). The table's seed is mixed in
    /// first, as SipHash does, so that copying one table into another stays linear.
    public func _rawHashValue(seed: Int) -> Int {
        var x = UInt64(bitPattern: Int64(raw)) &+ UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: x ^ (x >> 31))
    }
}

/// Where something was written: 1-based line and column. Scripts add the file name.
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int = 1, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A name as the user typed it (`Detail#2`, `root`, `top`), with where it was typed,
/// so that an error about it can point at it.
public struct NameRef: Hashable, Sendable {
    public var text: String
    public var location: SourceLocation
    public init(_ text: String, at location: SourceLocation = SourceLocation(column: 1)) {
        self.text = text
        self.location = location
    }
}
