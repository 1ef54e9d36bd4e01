import Testing
@testable import NavLabCommands

/// A session that has run `lines`, each expected to succeed (shared by the suites here).
func session(_ lines: String...) -> Session {
    let s = Session()
    for l in lines { let r = s.execute(l); #expect(r.status != .failed, "\(l): \(r.text)") }
    return s
}
