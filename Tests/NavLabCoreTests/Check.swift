import Testing

// `expect(condition)` and `expectEqual(a, b)`: Swift Testing's `#expect` as plain functions.
// Each `#expect` is a macro that the compiler expands and type-checks at its call site: about
// 35 ms for an `==` and 12 ms for a condition here, against 2 ms for a call of these, and the
// test targets have about 1,900 of them (a first `make test` spent some 40 CPU-seconds on them).
// `#expect(throws:)` and `#require` stay macros. This file is in each test target (the others
// link to it).

/// Records an issue at the caller's line when `condition` is false.
func expect(_ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> Comment? = nil,
            sourceLocation: SourceLocation = #_sourceLocation) rethrows {
    if try !condition() {
        Issue.record(Comment(rawValue: "Expectation failed" + (comment().map { ": " + $0.rawValue } ?? "")), sourceLocation: sourceLocation)
    }
}

/// Records an issue at the caller's line, with both values, when `actual` is not `expected`.
func expectEqual<T: Equatable>(_ actual: @autoclosure () throws -> T, _ expected: @autoclosure () throws -> T,
                               _ comment: @autoclosure () -> Comment? = nil,
                               sourceLocation: SourceLocation = #_sourceLocation) rethrows {
    let a = try actual(), e = try expected()
    if a != e {
        Issue.record(Comment(rawValue: "Expectation failed: \(String(reflecting: a)) is not \(String(reflecting: e))"
                                 + (comment().map { ": " + $0.rawValue } ?? "")), sourceLocation: sourceLocation)
    }
}
