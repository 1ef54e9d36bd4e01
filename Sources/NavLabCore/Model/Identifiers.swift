/// Identity of one view-controller instance for as long as it is allocated.
/// Ids are handed out in allocation order and never reused within a `State`,
/// so they double as the deterministic "addresses" printed in UIKit-style output.
public struct VCID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int
    public init(_ raw: Int) { self.raw = raw }
    public static func < (a: VCID, b: VCID) -> Bool { a.raw < b.raw }
    public var description: String { "#\(raw)" }
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
