/// What to create: `Register`, `@Done`, `Nav(A, B)`, `MainTab:Tab(Nav(First), Settings)`.
public indirect enum Spec: Hashable, Sendable {
    /// A new instance of a plain view-controller class.
    case instance(className: String, at: SourceLocation)
    /// An existing instance, by name (`@Done`).
    case existing(NameRef)
    /// A new container with the given children; `className` is a subclass name or nil for UIKit's.
    case container(ContainerWord, className: String?, children: [Spec], at: SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .instance(_, let at): return at
        case .existing(let ref): return ref.location
        case .container(_, _, _, let at): return at
        }
    }

    /// The spec written back as text (used for `initial` in JSON and in `save`).
    public var text: String {
        switch self {
        case .instance(let name, _): return name
        case .existing(let ref): return "@" + ref.text
        case .container(let word, let cls, let children, _):
            let inner = children.map({ $0.text }).joined(separator: ", ")
            return (cls.map { $0 + ":" } ?? "") + word.rawValue + "(" + inner + ")"
        }
    }
}

/// The container words of the spec language.
public enum ContainerWord: String, Sendable, CaseIterable, Hashable {
    case Nav, Tab, Split, Page, Root

    public var kind: Kind {
        switch self {
        case .Nav: return .navigation
        case .Tab: return .tabBar
        case .Split: return .split
        case .Page: return .page
        case .Root: return .container
        }
    }

    /// Class name when no subclass name is given. `Root` is the app's own custom container.
    public var defaultClassName: String { kind.uikitClass ?? "Root" }

    /// How many children the container accepts.
    public var childCount: ClosedRange<Int> {
        switch self {
        case .Nav: return 1...Int.max
        case .Tab: return 1...Int.max
        case .Split: return 2...3
        case .Page: return 1...2
        case .Root: return 0...Int.max
        }
    }
}
