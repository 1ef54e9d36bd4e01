// The browser's start module (navlab.wasm, the one the page loads first) is the engine less
// what a first visit rarely needs. Web/build.sh compiles it from the same sources as the
// complete module (navlab-full.wasm) and the native tool, less the paths below, and with
// this file in their place: each entry point those paths define answers here that this
// build leaves it out (NavLabError.Kind.notInThisBuild), and the page's worker then moves the
// session to the complete module (Docs/Browser.md, "Two modules: what loads when"). The
// linker drops everything only they reached.
//
// left out: Sources/NavLabCommands/SwiftExport/
// left out: Sources/NavLabCore/Import/PrintoutReader.swift
// left out: Sources/NavLabCore/Import/Import.swift
// left out: Sources/NavLabCommands/Expect/ExpectParser.swift
// left out: Sources/NavLabCommands/Expect/ExpectCheck.swift
// left out: Sources/NavLabCommands/Page/TutorialRoutes.swift
// left out: Sources/NavLabCore/Rendering/Export.swift
// left out: Web/Sources/Run.swift
// left out: Sources/NavLabCore/Storyboard/XMLReader.swift
// left out: Sources/NavLabCore/Storyboard/StoryboardReader.swift
// left out: Sources/NavLabCore/Storyboard/Segues.swift
import NavLabCore
import NavLabCommands

/// `export swift` (SwiftExport/).
public enum SwiftExport {
    public static func program(from session: Session) throws(NavLabError) -> String {
        throw NavLabError.notInThisBuild("`export swift`", at: SourceLocation(column: 1))
    }
}

/// `import uikit|screenstate`: reading the printout (PrintoutReader.swift) …
extension ImportedHierarchy {
    public static func parse(_ text: String, format: Format, firstLine: Int = 1) throws(NavLabError) -> ImportedHierarchy {
        throw NavLabError.notInThisBuild("`import \(format.rawValue)`", at: SourceLocation(line: firstLine, column: 1))
    }
}

/// … and rebuilding it in the model (Import.swift): never reached here, as nothing read one.
extension State {
    mutating func importHierarchy(_ h: ImportedHierarchy) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`import \(h.format.rawValue)`", at: SourceLocation(column: 1))
    }
}

/// `expect`: reading the fact (ExpectParser.swift) …
extension ExpectParser {
    static func parse(_ a: inout Arguments) throws(NavLabError) -> Expectation {
        throw NavLabError.notInThisBuild("`expect`", at: a.verb.location)
    }
}

/// … and checking it (ExpectCheck.swift): never reached here, as nothing read one.
extension Expectation {
    func evaluate(in state: State, log: () -> [String], lastLog: () -> [String] = { [] }) throws(NavLabError) -> (holds: Bool, actual: String) {
        throw NavLabError.notInThisBuild("`expect`", at: location)
    }
}

/// `export mermaid|dot` (Export.swift).
extension State {
    public func graph(mermaid: Bool) throws(NavLabError) -> String {
        throw NavLabError.notInThisBuild("`export \(mermaid ? "mermaid" : "dot")`", at: SourceLocation(column: 1))
    }
    public func storyboardGraph(mermaid: Bool) throws(NavLabError) -> String {
        throw NavLabError.notInThisBuild("`export \(mermaid ? "mermaid" : "dot") storyboard`", at: SourceLocation(column: 1))
    }
}

/// The tutorials' routes (TutorialRoutes.swift): every tutorial checks itself with `expect`.
extension PageRoutes {
    static func tutorials() -> PageAnswer {
        .notInThisBuild(NavLabError.notInThisBuild("the tutorials", at: SourceLocation(column: 1)))
    }

    static func tutorial(_ name: String) -> PageAnswer {
        .notInThisBuild(NavLabError.notInThisBuild("the tutorials", at: SourceLocation(column: 1)))
    }
}

/// `import storyboard`: reading the XML (XMLReader.swift, StoryboardReader.swift) …
extension StoryboardReader {
    public static func read(_ documents: [(name: String, text: String)]) throws(NavLabError) -> [Storyboard] {
        throw NavLabError.notInThisBuild("`import storyboard`", at: SourceLocation(column: 1))
    }
}

/// … and the segues (Segues.swift): `segue` and `instantiate` answer that the complete module
/// has them; nothing here has read a storyboard.
extension State {
    mutating func importStoryboards(_ boards: [Storyboard], at location: SourceLocation) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`import storyboard`", at: location)
    }
    mutating func performSegue(_ identifier: String, from ref: NameRef?, byUser: Bool, animated: Bool, at location: SourceLocation) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`segue`", at: location)
    }
    mutating func instantiateScene(_ storyboardID: String, at location: SourceLocation) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`instantiate`", at: location)
    }
    public func renderSegues(from ref: NameRef?) throws(NavLabError) -> String {
        throw NavLabError.notInThisBuild("`segue`", at: ref?.location ?? SourceLocation(column: 1))
    }
    public func performableSegues(from id: VCID) -> [(storyboard: String, scene: StoryboardScene, segue: StoryboardSegue)] { [] }
    public func segueSources() -> [VCID] { [] }
    public func destinationName(of segue: StoryboardSegue, in storyboard: String) -> String { segue.destination }
    public func sceneInstances() -> [(storyboard: String, scene: String, viewControllers: [VCID])] { [] }
}
