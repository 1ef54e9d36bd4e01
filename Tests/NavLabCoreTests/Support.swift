import Testing
@testable import NavLabCore
import NavLabCommands

/// Drives a Session with command lines, as a script would, and reads the model back.
final class Sim {
    let session = Session()

    init(_ lines: String...) {
        for line in lines { run(line) }
    }

    /// Runs a line that must not fail.
    @discardableResult
    func run(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LineResult {
        let r = session.execute(line)
        if r.status == .failed { Issue.record("`\(line)` failed: \(r.text)", sourceLocation: sourceLocation) }
        return r
    }

    /// Runs a line that must fail; returns the error.
    @discardableResult
    func fail(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> NavLabError? {
        let before = session.state
        let r = session.execute(line)
        if r.status != .failed { Issue.record("`\(line)` did not fail: \(r.text)", sourceLocation: sourceLocation) }
        if session.state != before { Issue.record("`\(line)` failed but changed the state", sourceLocation: sourceLocation) }
        return r.error
    }

    /// The UIKit calls a line causes (view-controller and app-delegate callbacks), as log lines.
    func calls(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        run(line, sourceLocation: sourceLocation).lines.filter { $0.style == .callback || $0.style == .appDelegate }.map(\.text)
    }

    /// The appearance calls only (no loadView / containment / deinit).
    func appearance(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        calls(line, sourceLocation: sourceLocation).filter { $0.hasPrefix("view") && !$0.hasPrefix("viewDidLoad") }
    }

    func warnings(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        run(line, sourceLocation: sourceLocation).lines.filter { $0.style == .warning }.map { String($0.text.dropFirst("warning: ".count)) }
    }

    var state: State { session.state }
    func id(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> VCID {
        guard let id = state.names[name] else {
            Issue.record("no live view controller named \(name)", sourceLocation: sourceLocation)
            return state.window.rootViewController ?? VCID(1)
        }
        return id
    }
    func vc(_ name: String) -> ViewController { state[id(name)] }
    func name(_ id: VCID?) -> String? { state.name(id) }
    func alive(_ name: String) -> Bool { state.names[name] != nil }
    func inWindow(_ name: String) -> Bool { state.isInWindow(id(name)) }
    var screen: [String] { state.screen().map { state[$0].name } }
    var top: String? { name(state.top()) }
    var leaked: [String] { state.leaked().map { state[$0].name } }
    func presented(_ n: String) -> String? { name(state.presentedViewController(of: id(n))) }
    func presenting(_ n: String) -> String? { name(state.presentingViewController(of: id(n))) }
    func style(_ n: String) -> String? { vc(n).presentation?.style.rawValue }
}

/// An app launched on `device` with `initial` as its root.
func launched(_ initial: String, device: String = "iPhone iOS=18") -> Sim {
    Sim("device \(device)", "initial \(initial)", "launch")
}
