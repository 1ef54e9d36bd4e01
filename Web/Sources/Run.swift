// `navlab_run`: a script file run as the native shell runs it, for `make test`'s node runner
// (Tests/Wasm/run-node.mjs). Left out of the start module, which the page loads and which
// never runs a script file (Web/Wasm/StartModule.swift lists what it leaves out).
import NavLabCore
import NavLabCommands

/// The files a script reads (`import storyboard FILE`), handed over by the host before
/// `navlab_run` (a module has no file system): by the path the script's line names.
nonisolated(unsafe) var runFiles: [String: String] = [:]

@_cdecl("navlab_file_add")
public func navlab_file_add(_ namePtr: UnsafeRawPointer?, _ nameLen: Int32, _ textPtr: UnsafeRawPointer?, _ textLen: Int32) {
    runFiles[text(namePtr, nameLen)] = text(textPtr, textLen)
}

/// What the native tool's `ScriptFiles.read` answers, from the files the host gave.
func readRunFile(_ path: String, _ from: String) throws(NavLabError) -> (String, String) {
    guard let text = runFiles[path] else {
        throw NavLabError(.invalid, "cannot read '\(path)': the host gave no such file", at: SourceLocation(line: 1, column: 1))
    }
    return (path, text)
}

/// `navlab run FILE` (mode 0, `--keep-going` mode 1) or `navlab check FILE` (mode 2) on one
/// script in a fresh session, as the native shell prints it: [exit status][standard
/// output][standard error], each a length and bytes.
@_cdecl("navlab_run")
public func navlab_run(_ namePtr: UnsafeRawPointer?, _ nameLen: Int32, _ textPtr: UnsafeRawPointer?, _ textLen: Int32,
                       _ mode: Int32) -> UnsafeMutableRawPointer {
    let name = text(namePtr, nameLen), script = text(textPtr, textLen)
    var out = Bytes(), err = Bytes()
    var status = 0
    let session = Session()
    session.keepsTimeline = ScriptRunner.needsTimeline(script)
    if mode == 2 {
        var runner = ScriptRunner(session: session, mode: .check)
        runner.readFile = readRunFile
        runner.emit = { out.line($0.text) }
        let result = runner.run(script, file: name)
        out.line("\(result.failed == 0 ? "ok" : "FAILED")  \(name): \(result.passed) passed, \(result.failed) failed")
        out.line("\(result.passed) passed, \(result.failed) failed")
        status = result.failed == 0 ? 0 : 1
    } else {
        var runner = ScriptRunner(session: session, mode: .run(keepGoing: mode == 1))
        runner.readFile = readRunFile
        runner.emit = { line in if line.style == .error { err.line(line.text) } else { out.line(line.text) } }
        runner.emitEvent = { event in
            out.append(ScriptRunner.indent)
            event.writeText { out.append($0) }
            out.bytes.append(10)
        }
        let result = runner.run(script, file: name)
        status = result.failures.isEmpty ? 0 : 1
    }
    var b = Bytes()
    b.u32(status)
    b.chunk(out.bytes)
    b.chunk(err.bytes)
    return answer(b)
}
