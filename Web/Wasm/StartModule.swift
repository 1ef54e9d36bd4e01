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
// left out: Sources/NavLabCore/Containment/UITabs.swift
// left out: Sources/NavLabCore/Containment/TabTaps.swift
// left out: Sources/NavLabCore/Containment/SwiftUIHosting.swift
// left out: Sources/NavLabCore/Presentation/Swipes.swift
// left out: Sources/NavLabCore/Presentation/TapOutside.swift
// left out: Sources/NavLabCore/Restoration/Restoration.swift
// left out: Sources/NavLabCore/Lifecycle/SceneCommands.swift
// left out: Sources/NavLabCore/Containment/Subviews.swift
// left out: Sources/NavLabCore/Lifecycle/HookedRun.swift
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

/// iOS 18's tabs, `Tabs(…)` (UITabs.swift): checking the spec …
extension State {
    func validateTabs(_ word: ContainerWord, className cls: String?, children: [Spec], at: SourceLocation, claimed: inout Set<VCID>) throws(NavLabError) {
        throw NavLabError.notInThisBuild("`\(word.rawValue)(…)`", at: at)
    }

    /// … and making it: never reached here, as no spec with one passed the check.
    mutating func instantiateTabs(className cls: String?, children: [Spec], events: inout [Event]) -> VCID {
        fatalError("Tabs(…) is not in this build")
    }

    /// `tab` (UITabs.swift, and TabTaps.swift for a classic tab bar).
    mutating func tapTab(_ identifier: String, in ref: NameRef?, at: SourceLocation) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`tab`", at: at)
    }
}

/// SwiftUI hosted in UIKit, `SwiftUI(…)` and `Sheet(…)` (SwiftUIHosting.swift): checking the
/// spec …
extension State {
    func validateSwiftUI(_ word: ContainerWord, className cls: String?, children: [Spec], at: SourceLocation, inside: Bool) throws(NavLabError) {
        throw NavLabError.notInThisBuild("`\(word.rawValue)(…)`", at: at)
    }

    func validateSheet(_ spec: Spec, presenter w: VCID) throws(NavLabError) {
        throw NavLabError.notInThisBuild("`Sheet(…)`", at: spec.location)
    }

    /// … and making it: never reached here, as no spec with one passed the check.
    mutating func instantiateSwiftUI(_ word: ContainerWord, children: [Spec], events: inout [Event]) -> VCID {
        fatalError("SwiftUI(…) is not in this build")
    }
}

/// `swipe down|back` (Swipes.swift) and `tapOutside` (TapOutside.swift).
extension State {
    mutating func swipe(_ kind: Swipe, on ref: NameRef?, cancel: Bool) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`swipe \(kind.rawValue)`", at: ref?.location ?? SourceLocation(column: 1))
    }

    mutating func tapOutside(_ ref: NameRef?, at: SourceLocation) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`tapOutside`", at: at)
    }
}

/// State restoration at launch, from an archive a preservation wrote (Restoration.swift).
extension State {
    mutating func restore(_ archive: Archive, events: inout [Event]) throws(NavLabError) -> [VCID] {
        throw NavLabError.notInThisBuild("state restoration", at: SourceLocation(column: 1))
    }
}

/// `scene new|N|disconnect N|discard N`, an iPad's several scenes (SceneCommands.swift).
extension State {
    mutating func applyScene(_ action: SceneAction, at: SourceLocation) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`scene`", at: at)
    }
}

/// `addSubview`, `removeFromSuperview` and `reuseView`: a view controller's view put inside
/// another's without containment (Subviews.swift).
extension State {
    mutating func addSubview(_ spec: Spec, to ref: NameRef) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`addSubview`", at: spec.location)
    }

    mutating func removeFromSuperview(_ ref: NameRef) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`removeFromSuperview`", at: ref.location)
    }

    mutating func reuseView(of ref: NameRef, for other: NameRef) throws(NavLabError) -> Outcome {
        throw NavLabError.notInThisBuild("`reuseView`", at: ref.location)
    }
}

/// Running code in callbacks (HookedRun.swift): the first command after an `on` answers that
/// the complete module has it, and the session moves there; nothing else reaches these.
extension State {
    mutating func startHookedRun(_ command: Command) throws(NavLabError) -> HookedRunStart {
        throw NavLabError.notInThisBuild("code in callbacks (`on`)", at: SourceLocation(column: 1))
    }
    mutating func nextHookStep(_ run: inout HookedRun) -> HookStep? { nil }
    mutating func finishHookStep(_ run: inout HookedRun, _ step: HookStep, _ events: [Event]) {}
    mutating func finishHookedRun(_ run: inout HookedRun) -> [Event] { [] }
    mutating func runHook(_ hook: Hook, on me: VCID?, phase: HookPhase, incoming: Set<VCID>,
                          during: inout RunLoopTurn?, after: RunLoopTurn?, heading: String? = nil) throws(NavLabError) -> [Event] {
        throw NavLabError.notInThisBuild("code in callbacks (`on`)", at: SourceLocation(column: 1))
    }
}
