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

    /// The spec written back as text (used for `initial` in JSON and in `save`). Written
    /// without recursion, as every walk of a spec is: the deepest nesting the limits allow
    /// fits in a Mac's 512 KiB of thread stack (Docs/Limits.md).
    public var text: String {
        enum Item { case spec(Spec), comma, close }
        var out = ""
        var stack: [Item] = [.spec(self)]
        while let item = stack.popLast() {
            switch item {
            case .comma: out += ", "
            case .close: out += ")"
            case .spec(.instance(let name, _)): out += name
            case .spec(.existing(let ref)): out += "@" + ref.text
            case .spec(.container(let word, let cls, let children, _)):
                if let cls { out += cls + ":" }
                out += word.rawValue + "("
                stack.append(.close)
                for (i, c) in children.enumerated().reversed() {
                    stack.append(.spec(c))
                    if i > 0 { stack.append(.comma) }
                }
            }
        }
        return out
    }

    /// This spec and every spec inside it, in the order they are written (a container before
    /// its children), with how deep each one is (this one: 0). `into`: whether to look inside
    /// a container (SwiftUI's and UITab words hold views and tabs, not view controllers).
    public func preorder(into: (ContainerWord) -> Bool = { _ in true }) -> [(spec: Spec, depth: Int)] {
        var out: [(spec: Spec, depth: Int)] = []
        var stack: [(Spec, Int)] = [(self, 0)]
        while let (s, d) = stack.popLast() {
            out.append((s, d))
            if case .container(let word, _, let children, _) = s, into(word) {
                for c in children.reversed() { stack.append((c, d + 1)) }
            }
        }
        return out
    }

    /// The spec with each instance and `@name` replaced by what `leaf` makes of it, containers
    /// rebuilt around their new children, bottom-up, without recursion.
    public func rebuilt<E: Error>(_ leaf: (Spec) throws(E) -> Spec) throws(E) -> Spec {
        try folded { (step: SpecFoldStep<Spec>) throws(E) -> Spec in
            switch step {
            case .leaf(let s): return try leaf(s)
            case .container(let word, let cls, let at, let children): return .container(word, className: cls, children: children, at: at)
            }
        }
    }

    /// What `step` makes of the spec, bottom-up: of each instance, `@name` and container it
    /// does not look into (`into`: SwiftUI's and UITab words hold views and tabs), then of each
    /// container from what it made of the children, in the order they are written. Without
    /// recursion, with a stack of the containers being made: as deep as the limits allow, in any
    /// thread's stack (Docs/Limits.md).
    public func folded<R, E: Error>(into: (ContainerWord) -> Bool = { _ in true }, _ step: (SpecFoldStep<R>) throws(E) -> R) throws(E) -> R {
        var frames: [SpecFoldFrame<R>] = []
        var current = self
        while true {
            // Down to the first spec that is not a container with children to look into.
            var result: R
            while true {
                if case .container(let word, let cls, let children, let at) = current, into(word) {
                    if children.isEmpty { result = try step(.container(word, className: cls, at: at, children: [])); break }
                    frames.append(SpecFoldFrame(word: word, cls: cls, at: at, children: children, done: []))
                    current = children[0]
                    continue
                }
                result = try step(.leaf(current))
                break
            }
            // Up, closing every container whose children are all made.
            while true {
                guard !frames.isEmpty else { return result }
                frames[frames.count - 1].done.append(result)
                let f = frames[frames.count - 1]
                if f.done.count < f.children.count {
                    current = f.children[f.done.count]
                    break
                }
                frames.removeLast()
                result = try step(.container(f.word, className: f.cls, at: f.at, children: f.done))
            }
        }
    }
}

/// One step of `Spec.folded`: a spec it does not look into, or a container with what was made
/// of its children.
public enum SpecFoldStep<R> {
    case leaf(Spec)
    case container(ContainerWord, className: String?, at: SourceLocation, children: [R])
}

/// A container being folded by `Spec.folded`: its children, and what was made of those done.
struct SpecFoldFrame<R> {
    var word: ContainerWord
    var cls: String?
    var at: SourceLocation
    var children: [Spec]
    var done: [R]
}

/// The container words of the spec language.
public enum ContainerWord: String, Sendable, CaseIterable, Hashable {
    case Nav, Tab, Split, Page, Root
    /// SwiftUI hosted in UIKit (UIKit #190, #191): `SwiftUI(View)` is a
    /// `UIHostingController<View>`, `SwiftUI(View, NavigationStack(Root))` one whose view holds a
    /// `NavigationStack`, `SwiftUI(View, TabView(A, B))` one whose view holds a `TabView`;
    /// `Sheet(View)` is the content of a `.sheet`/`.fullScreenCover` that SwiftUI presents.
    /// Their arguments are SwiftUI view types, not view controllers.
    case SwiftUI, NavigationStack, TabView, Sheet
    /// iOS 18's tab API (UIKit #195–#197): `Tabs(Home, Library:Group(Albums, Songs))` is a
    /// `UITabBarController` set up with `tabs`; each element is a `UITab` whose identifier is
    /// its class name; `Name:Group(…)` a `UITabGroup` whose view controller is a `Name`,
    /// `Name:NavGroup(…)` one with a `managingNavigationController`.
    case Tabs, Group, NavGroup

    public var kind: Kind {
        switch self {
        case .Nav, .NavigationStack: return .navigation
        case .Tab, .TabView: return .tabBar
        case .Split: return .split
        case .Page: return .page
        case .Root: return .container
        case .SwiftUI, .Sheet: return .plain
        case .Tabs: return .tabBar
        case .Group: return .plain
        case .NavGroup: return .navigation
        }
    }

    /// The words whose arguments are SwiftUI views.
    public var isSwiftUI: Bool {
        switch self {
        case .SwiftUI, .NavigationStack, .TabView, .Sheet: return true
        case .Nav, .Tab, .Split, .Page, .Root, .Tabs, .Group, .NavGroup: return false
        }
    }

    /// The words of iOS 18's tab API.
    public var isUITab: Bool { self == .Tabs || self == .Group || self == .NavGroup }

    /// Class name when no subclass name is given. `Root` is the app's own custom container.
    public var defaultClassName: String {
        switch self {
        case .NavigationStack: return "UIKitNavigationController"
        case .TabView: return "UIKitTabBarController"
        case .SwiftUI, .Sheet: return "UIHostingController"
        case .Nav, .Tab, .Split, .Page, .Root, .Tabs, .NavGroup: return kind.uikitClass ?? "Root"
        case .Group: return "UITabGroup"
        }
    }

    /// How many children the container accepts.
    public var childCount: ClosedRange<Int> {
        switch self {
        case .Nav: return 1...Int.max
        case .Tab: return 1...Int.max
        case .Split: return 2...3
        // None: a storyboard's page view controller, whose pages its data source gives.
        case .Page: return 0...2
        case .Root: return 0...Int.max
        case .SwiftUI: return 1...2
        case .NavigationStack, .Sheet: return 1...1
        case .TabView: return 1...Int.max
        case .Tabs, .Group, .NavGroup: return 1...Int.max
        }
    }
}
