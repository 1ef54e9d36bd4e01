/// Why a command could not be carried out. Always says where (column; scripts add file and
/// line) and, where there is one, what to type instead.
public struct NavLabError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The text is not a well-formed command.
        case syntax
        /// A name, verb or class that does not exist.
        case unknown
        /// UIKit would raise an exception; the message is UIKit's reason.
        case exception
        /// The model cannot do it in its current state (e.g. the app is not running).
        case invalid
        /// An `expect` that did not hold.
        case expectation
        /// What this build of the engine leaves out: the browser's start module (the engine less
        /// the files Web/Wasm/StartModule.swift lists) has no `export swift`, `import`, `expect`
        /// or tutorials, and says so with this kind; its host loads the complete module and
        /// runs the request there. The native tool and the complete module never make it, so
        /// no user sees it.
        case notInThisBuild
    }
    public var kind: Kind
    public var message: String
    public var location: SourceLocation
    public var suggestion: String?
    /// For exceptions: UIKit's exception name (`NSInvalidArgumentException`).
    public var exceptionName: String?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation, suggestion: String? = nil, exceptionName: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.suggestion = suggestion
        self.exceptionName = exceptionName
    }

    /// What the browser's start module answers for `feature`, which only the complete module has.
    public static func notInThisBuild(_ feature: String, at location: SourceLocation) -> NavLabError {
        NavLabError(.notInThisBuild, "\(feature) is in the complete engine, which loads when first needed", at: location)
    }

    public var description: String {
        var s = "\(location.line):\(location.column): \(message)"
        if let suggestion { s += " (\(suggestion))" }
        return s
    }
}
