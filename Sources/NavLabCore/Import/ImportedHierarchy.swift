/// A hierarchy read from what a real app printed: `[UIViewController _printHierarchy]`
/// (UIKit #152–#162) or the ScreenState utility's summary. `import` rebuilds it in the model.
public struct ImportedHierarchy: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case uikit, screenstate
    }

    /// One view controller as printed.
    public struct Node: Hashable, Sendable {
        /// The class as printed (`App.Register`, `UINavigationController`, a mangled name).
        public var printedClass: String
        /// The class without its module (`Register`): the instance's class and name.
        public var className: String
        public var kind: Kind
        public var address: String?
        public var viewClass: String?
        public var viewAddress: String?
        /// `(view not loaded)` when false; nil when the format does not say (ScreenState).
        public var viewLoaded: Bool?
        /// `appeared`/`appearing` (true), `disappeared`/`disappearing` (false); nil when not printed.
        public var appeared: Bool?
        /// The state word as printed, for messages.
        public var stateWord: String?
        /// ` not in the window` printed after the view.
        public var printedNotInWindow = false
        public var children: [Int] = []
        /// The node it is a child of, or that presents it.
        public var parent: Int?
        public var presented: Int?
        public var isPresented = false
        public var presentationControllerClass: String?
        public var presentationControllerAddress: String?
        /// Its line in the text, for errors.
        public var line: Int
        /// The line as printed (publishing artefacts removed): `tree --uikit` prints it back
        /// while the model still agrees with it (UIKit #175).
        public var printedLine: String?
        /// `view:  (view not loaded)`, two spaces (iOS 8–10, UIKit #174).
        public var twoSpaceNotLoaded = false
        /// `presented with: (null)` (UIKit #176).
        public var printedNullPresentation = false
    }

    public var format: Format
    /// Pre-order: the root first, each node before its children, then what it presents (#156).
    public var nodes: [Node]
    /// A colon in the view descriptions (iOS 17 and later, UIKit #161); nil when none is printed.
    public var colonInViewDescription: Bool?
    /// The first line of the text (the line after `import … <<END`).
    public var firstLine: Int
    /// The first line when the printout starts below the window's root (a fragment, UIKit #178).
    public var fragmentFirstLine: Int?
    /// `view:  (view not loaded)` with two spaces somewhere (iOS 8–10, UIKit #174).
    public var twoSpaceNotLoaded = false
    /// False for the older format without `state:` and `view:` (UIKit #179).
    public var printsStates = true
    /// Read from cycript's one quoted line (`"…\n   | …"`), its `\n`s the line breaks.
    public var unquoted = false

    public init(format: Format, nodes: [Node], colonInViewDescription: Bool?, firstLine: Int) {
        self.format = format
        self.nodes = nodes
        self.colonInViewDescription = colonInViewDescription
        self.firstLine = firstLine
    }
}

extension ImportedHierarchy {
    /// Calls `body` with each line of `text` (without its `\n` or `\r\n`) and its index, one at
    /// a time: a bad line stops the reading there, without splitting the rest (Docs/Limits.md).
    static func forEachLine(_ text: String, _ body: (Substring, Int) throws(NavLabError) -> Void) throws(NavLabError) {
        // By scalars: "\r\n" is one Character, which a search for "\n" would not find.
        var rest = text[...].unicodeScalars
        var i = 0
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            var line = rest[..<end]
            if line.last == "\r" { line = line.dropLast() }
            try body(Substring(line), i)
            i += 1
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
    }

    /// Line `index` (from 0) of `text`, reading no further.
    public static func line(_ index: Int, of text: String) -> String? {
        var found: String?
        try? forEachLine(text) { (line: Substring, i: Int) throws(NavLabError) in
            if i == index {
                found = String(line)
                throw NavLabError(.invalid, "found", at: SourceLocation(line: i, column: 1))
            }
        }
        return found
    }
}

extension ImportedHierarchy {
    /// Whether node `i` sits below a custom container that does not forward appearance to its
    /// children: the container's descendants are printed `disappeared` with their views in the
    /// window, every one between the container and `i` too (UIKit #45, #180). A presented view
    /// controller has its own appearance calls, so the search stops at a presentation.
    public func isUnderNonForwardingContainer(_ i: Int) -> Bool {
        var c = i
        var steps = 0
        while !nodes[c].isPresented, let p = nodes[c].parent, steps <= nodes.count {
            if nodes[p].kind == .container { return true }
            guard nodes[p].appeared == false, !nodes[p].printedNotInWindow else { return false }
            c = p
            steps += 1
        }
        return false
    }
}

extension ImportedHierarchy {
    /// Whether the addresses are a 32-bit process's: the longest has 8 hex digits. A 64-bit
    /// process's heap addresses have 9 or more (`0x600000c04000`, `0x10a0b4c00`); shorter
    /// made-up ones (`0x1000`) say nothing.
    public var printedBy32BitDevice: Bool {
        var longest = 0
        for n in nodes {
            for a in [n.address, n.viewAddress, n.presentationControllerAddress] {
                guard let a else { continue }
                let digits = a.hasPrefix("0x") ? a.utf8.count - 2 : a.utf8.count
                longest = max(longest, digits)
            }
        }
        return longest == 8
    }
}
