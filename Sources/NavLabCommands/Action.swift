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
    /// `export mermaid|dot|json [FILE]`: printed, or written by the shell when a file is named.
    case export(ExportFormat, file: String?)
    case expect(Expectation)
    case help(String?)
    /// `explain N|WORD…`: a UIKit fact by number, or the facts about a word.
    case explain(String)
}

public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    case mermaid, dot, json
}

public enum Meta: Hashable, Sendable {
    case undo, redo, reset, quit
    /// File work the shell does: `record FILE`, `record stop`, `save FILE`, `load FILE`.
    case record(String), recordStop, save(String, replace: Bool), load(String)
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
    }
    public var fact: Fact
    public var negated: Bool
    /// As written, `not` included.
    public var text: String
    /// The fact alone.
    public var factText: String
    public var location: SourceLocation
}
