/// One thing a command caused: a call UIKit makes, a warning it logs, or NavLab's own note
/// (a leak, a moved view). `callback` is the Swift name of the method (Docs/Page.md, "The state document").
public struct Event: Hashable, Sendable {
    public enum Kind: String, Sendable, Hashable {
        /// A view-controller callback (`viewWillAppear`, `deinit`, …).
        case callback
        /// An app-delegate callback.
        case appDelegate
        /// UIKit's console message, in UIKit's words.
        case warning
        /// NavLab's note: view controllers that nothing the app can reach holds any more.
        case leak
        /// NavLab's explanation of something UIKit does silently.
        case note
    }

    public var kind: Kind
    public var callback: String
    public var viewController: String?
    public var animated: Bool?
    /// For `willMove(toParent:)` / `didMove(toParent:)`: the parent's name, or nil for `nil`.
    public var parent: String?
    public var message: String?
    /// How deep inside the app's own code it happened: 0 for what the command itself caused,
    /// 1 for what code in one of those callbacks did (`on Login viewDidLoad: …`), and so on.
    /// Transcripts and the log indent it by two spaces a level.
    public var depth: Int = 0

    /// An event from its fields (as `log --json`'s elements give them, with the kind).
    public init(kind: Kind, callback: String, viewController: String? = nil, animated: Bool? = nil, parent: String? = nil, message: String? = nil, depth: Int = 0) {
        self.depth = depth
        self.kind = kind
        self.callback = callback
        self.viewController = viewController
        self.animated = animated
        self.parent = parent
        self.message = message
    }

    public static func vc(_ callback: String, _ name: String, animated: Bool? = nil) -> Event {
        Event(kind: .callback, callback: callback, viewController: name, animated: animated)
    }
    public static func move(_ callback: String, _ name: String, parent: String?) -> Event {
        Event(kind: .callback, callback: callback, viewController: name, parent: parent)
    }
    public static func app(_ callback: String) -> Event { Event(kind: .appDelegate, callback: callback) }
    public static func warning(_ message: String) -> Event { Event(kind: .warning, callback: "warning", message: message) }
    /// A note is never longer than a screen of one line (Abridged.line, Docs/Limits.md).
    public static func note(_ message: String) -> Event { Event(kind: .note, callback: "note", message: Abridged.line(message)) }
    public static func leak(_ names: [String], cause: String) -> Event {
        Event(kind: .leak, callback: "leak", message: Abridged.line("\(Abridged.list(names)) — \(cause)"))
    }

    public var isMove: Bool { callback == "willMove(toParent:)" || callback == "didMove(toParent:)" }

    /// The line printed for it: `viewDidAppear Main`, `willMove(toParent: nil) Done`.
    public var text: String {
        var s = ""
        appendText(to: &s)
        return s
    }

    /// Appends `text` to `s` (a line being built, e.g. indented, is not copied again).
    public func appendText(to s: inout String) {
        if kind == .callback, s.utf8.count < 256 {
            // A line being built gets its room at once.
            s.reserveCapacity(s.utf8.count + callback.utf8.count + (viewController?.utf8.count ?? 0) + (parent?.utf8.count ?? 3) + 12)
        }
        writeText { s += $0 }
    }

    /// `text`, piece by piece, for a writer that copies bytes where they go (the shell's
    /// output) instead of building a string first.
    public func writeText(_ piece: (String) -> Void) {
        if depth > 0 { piece(indentation) }
        switch kind {
        case .callback:
            let move = isMove
            if move {
                piece(callback.utf8.first == UInt8(ascii: "w") ? "willMove(toParent: " : "didMove(toParent: ")
                piece(parent ?? "nil")
                piece(")")
            } else {
                piece(callback)
            }
            piece(" ")
            piece(viewController ?? "")
            if !move, let message { piece(" — "); piece(message) }
        case .appDelegate: piece(callback); if let message { piece(" — "); piece(message) }
        case .warning: piece("warning: "); piece(message ?? "")
        case .leak: piece("leaked: "); piece(message ?? "")
        case .note: piece("note: "); piece(message ?? "")
        }
    }

    /// The indentation its depth gives it in a transcript or the log.
    public var indentation: String { depth == 0 ? "" : String(repeating: "  ", count: depth) }

    /// Only UIKit's calls and warnings belong in the lifecycle log (Docs/Guide.md, "Showing the model").
    public var isLogged: Bool { kind == .callback || kind == .appDelegate || kind == .warning }
}
