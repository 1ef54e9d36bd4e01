import NavLabCore

/// What a parsed line asks for.
public enum Action: Hashable, Sendable {
    /// Changes the model: goes through `State.apply` and onto the timeline.
    case model(Command)
    /// Shows or checks something; changes nothing.
    case query(Query)
    /// Acts on the session itself.
    case meta(Meta)
}

public enum Query: Hashable, Sendable {
    public enum TreeFormat: String, Hashable, Sendable { case compact, screenstate, uikit, json }
    case tree(TreeFormat)
    case views
    case memory
    case why(NameRef)
    case log(json: Bool)
    case archive
    case defaults
    /// `export mermaid|dot [storyboard]|json|swift [FILE] [--force]`: printed, or written by the
    /// shell when a file is named (an existing one only with `--force`, as `save`). `storyboard`:
    /// the imported storyboards' map instead of the hierarchy.
    case export(ExportFormat, file: String?, replace: Bool, storyboard: Bool)
    case expect(Expectation)
    case help(String?)
    /// `explain N|WORD…`: a UIKit fact by number, or the facts about a word.
    case explain(String)
    /// `segue` with no identifier: the segues the screen (or NAME) can perform.
    case segues(NameRef?)
}

public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    case mermaid, dot, json
    /// The session as a UIKit program that performs it on a simulator (SwiftExport).
    case swift

    /// What each format is, for `help export` and the reference.
    public var summary: String {
        switch self {
        case .mermaid: return "the hierarchy as a Mermaid graph (containment solid, presentation dashed, leaks red)"
        case .dot: return "the same graph for Graphviz"
        case .json: return "the JSON state (as `tree --json`)"
        case .swift: return "the session as a UIKit program for Xcode: an app delegate (a scene delegate with `scenes on`), one view-controller class per class used, each callback logged as NavLab logs it, the commands performed one step a second, and NavLab's predicted log in a comment at the top to compare with Xcode's console; steps a program cannot do (Home, stopping the app) are printed as instructions"
        }
    }
}

public enum Meta: Hashable, Sendable {
    case undo, redo, reset, quit
    /// File work the shell does: `record FILE`, `record stop`, `save FILE`, `load FILE`.
    case record(String), recordStop, save(String, replace: Bool), load(String)
    /// `import uikit|screenstate FILE` (or `-`: lines pasted at the prompt): the shell reads
    /// them and runs `import FORMAT <<END` with them.
    case importFile(ImportedHierarchy.Format, String)
    /// `import storyboard FILE…`: the shell reads them and runs `import storyboard NAME… <<END`.
    case importStoryboards([String])
}

/// `expect [not] FACT`.
public struct Expectation: Hashable, Sendable {
    public enum Fact: Hashable, Sendable {
        case rootIs(String)
        case topIs(String)
        case allocated(NameRef)
        case leaked(NameRef)
        case visible(NameRef)
        case inWindow(NameRef)
        case loaded(NameRef)
        case restored(NameRef)
        case held(NameRef)
        case transitionViews(Int)
        case allocatedCount(Int)
        case leakedCount(Int)
        case presented(NameRef, String)
        case presenting(NameRef, String)
        case parent(NameRef, String)
        case style(NameRef, String)
        case stack(NameRef, [String])
        case children(NameRef, [String])
        case viewControllers(NameRef, [String])
        case screen([String])
        case state(NameRef, String)
        case selectedIndex(NameRef, Int)
        case appState(String)
        case archiveExists
        case archived(String)
        case defaultValue(String, String)
        case launches(Int)
        case activity(String, String)
        case property(NameRef, String, String)
        case logContains(String)
        /// The last command's log has these texts in this order (each in a later line).
        case logOrder([String])
    }
    public var fact: Fact
    public var negated: Bool
    /// As written, `not` included.
    public var text: String
    /// The fact alone.
    public var factText: String
    public var location: SourceLocation
}
