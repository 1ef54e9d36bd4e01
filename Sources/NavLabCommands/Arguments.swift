import NavLabCore

/// A cursor over one command's tokens, with the small grammar pieces verbs share.
public struct Arguments {
    public let verb: Token
    public var tokens: [Token]
    public var index = 0
    let lineEnd: SourceLocation
    /// The lines after `VERB … <<WORD` up to the line `WORD` (`import uikit <<END`), and the
    /// line number of the first.
    public var heredoc: (terminator: String, body: String, firstLine: Int)?
    /// The line the tokens come from and the column it starts at (`on … : COMMAND` parses the
    /// command's own text).
    public var source: (line: String, lineNumber: Int, firstColumn: Int)?

    init(verb: Token, tokens: [Token], lineEnd: SourceLocation) {
        self.verb = verb
        self.tokens = tokens
        self.lineEnd = lineEnd
    }

    public var atEnd: Bool { index >= tokens.count }
    public var peek: Token? { atEnd ? nil : tokens[index] }
    public var here: SourceLocation { peek?.location ?? lineEnd }

    public mutating func next() -> Token? {
        defer { index += 1 }
        return peek
    }

    public func isWord(_ w: String) -> Bool { peek?.kind == .word && peek?.text == w }

    /// Consumes the word `w` if it is next.
    public mutating func accept(_ w: String) -> Bool {
        if isWord(w) { index += 1; return true }
        return false
    }

    public mutating func acceptSymbol(_ s: String) -> Bool {
        if peek?.isSymbol(s) == true { index += 1; return true }
        return false
    }

    public func error(_ message: String, suggestion: String? = nil, at location: SourceLocation? = nil) -> NavLabError {
        NavLabError(.syntax, message, at: location ?? here, suggestion: suggestion)
    }

    var usage: String { VerbTable.verb(named: verb.text)?.syntax ?? verb.text }

    public mutating func word(_ what: String) throws(NavLabError) -> Token {
        guard let t = peek else { throw error("\(verb.text) needs \(what)", suggestion: "usage: \(usage)") }
        guard t.kind == .word else { throw error("expected \(what), found '\(t.text)'", suggestion: "usage: \(usage)") }
        index += 1
        return t
    }

    /// A file path: a word or a quoted string.
    public mutating func path() throws(NavLabError) -> String {
        guard let t = peek, t.kind != .symbol else { throw error("\(verb.text) needs a file name", suggestion: "usage: \(usage)") }
        index += 1
        return t.text
    }

    public mutating func name(_ what: String = "a view controller's name") throws(NavLabError) -> NameRef {
        if acceptSymbol("@") {
            let t = try word(what)
            return NameRef(t.text, at: t.location)
        }
        let t = try word(what)
        return NameRef(t.text, at: t.location)
    }

    public mutating func int(_ what: String) throws(NavLabError) -> (Int, SourceLocation) {
        let t = try word(what)
        guard let n = Int(t.text) else { throw error("expected \(what), found '\(t.text)'", suggestion: "usage: \(usage)", at: t.location) }
        return (n, t.location)
    }

    /// `Spec := Class | '@' Name | Container '(' Spec {',' Spec} ')' | Class ':' Container '(' … ')'`
    /// Nested at most `Limits.hierarchyDepth` deep: the recursion never outgrows the stack.
    public mutating func spec(depth: Int = 1) throws(NavLabError) -> Spec {
        // The containers being read, outermost first: an explicit stack, so that the deepest
        // nesting the limits allow is read in a Mac's 512 KiB of thread stack (Docs/Limits.md).
        struct Open {
            var word: ContainerWord
            var subclass: String?
            var location: SourceLocation
            var children: [Spec] = []
        }
        var open: [Open] = []
        while true {
            // One element: an instance, an @name, or a container (empty, or opened here).
            var element: Spec
            if acceptSymbol("@") {
                let t = try word("an instance name after @")
                element = .existing(NameRef(t.text, at: t.location))
            } else {
                let first = try word("a view controller (a class, @instance or Nav(…))")
                var subclass: String?
                var containerToken = first
                if acceptSymbol(":") {
                    subclass = first.text
                    containerToken = try word("a container after \(first.text): (Nav, Tab, Split, Page, Root)")
                    guard peek?.isSymbol("(") == true else {
                        throw error("\(first.text):\(containerToken.text) needs its children in parentheses", suggestion: "\(first.text):\(containerToken.text)(First)")
                    }
                }
                if acceptSymbol("(") {
                    guard depth + open.count < Limits.hierarchyDepth else {
                        throw error("containers nested more than \(Limits.hierarchyDepth) deep", suggestion: "no real app nests view controllers this deep; NavLab allows \(Limits.hierarchyDepth) levels", at: containerToken.location)
                    }
                    guard let word = ContainerWord(rawValue: containerToken.text) else {
                        let near = Suggest.nearest(to: containerToken.text, in: ContainerWord.allCases.map({ $0.rawValue }))
                        throw error("'\(containerToken.text)' is not a container", suggestion: near.map { "did you mean \($0)(…)?" } ?? "containers: Nav, Tab, Split, Page, Root; SwiftUI, NavigationStack, TabView, Sheet", at: containerToken.location)
                    }
                    if !acceptSymbol(")") {
                        // Its children come next.
                        open.append(Open(word: word, subclass: subclass, location: first.location))
                        continue
                    }
                    element = .container(word, className: subclass, children: [], at: first.location)
                } else {
                    element = .instance(className: first.text, at: first.location)
                }
            }
            // The element goes into the innermost open container; each `)` closes one.
            while true {
                guard !open.isEmpty else { return element }
                open[open.count - 1].children.append(element)
                if acceptSymbol(",") { break }
                let o = open.removeLast()
                guard acceptSymbol(")") else {
                    throw error("expected ',' or ')' in \(o.word.rawValue)(…)", suggestion: "\(o.word.rawValue)(A, B)")
                }
                element = .container(o.word, className: o.subclass, children: o.children, at: o.location)
            }
        }
    }

    /// `key=value` pairs to the end of the line. Values may be words, quoted strings, or
    /// comma-separated lists (`encodes=a,b`, `contentOffset=0,120`).
    public mutating func settings(allowEmpty: Bool = false) throws(NavLabError) -> [Setting] {
        var out: [Setting] = []
        while let key = peek, key.kind == .word {
            index += 1
            guard acceptSymbol("=") else { throw error("expected '=' after \(key.text)", suggestion: "\(key.text)=value") }
            var parts: [String] = []
            repeat {
                guard let v = next(), v.kind != .symbol else { throw error("\(key.text)= needs a value", suggestion: "\(key.text)=value") }
                parts.append(v.text)
            } while acceptSymbol(",")
            out.append(Setting(key: key.text, value: parts.joined(separator: ","), at: key.location))
        }
        if !allowEmpty && out.isEmpty { throw error("\(verb.text) needs key=value settings", suggestion: "usage: \(usage)") }
        return out
    }

    /// `animated`, `animated=yes|no`.
    public mutating func animatedFlag(default value: Bool) throws(NavLabError) -> Bool {
        guard accept("animated") else { return value }
        guard acceptSymbol("=") else { return true }
        let t = try word("yes or no")
        switch t.text {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw error("animated takes yes or no, not '\(t.text)'", at: t.location)
        }
    }

    /// Nothing may follow. A misspelt keyword of the verb (`stle=pageSheet`, `animted`) gets
    /// a did-you-mean.
    public func end() throws(NavLabError) {
        if let t = peek {
            let keywords = Arguments.keywords(inSyntax: usage)
            if t.kind == .word, !keywords.contains(t.text), let near = Suggest.nearest(to: t.text, in: keywords) {
                let takesValue = usage.containsText(near + "=")
                throw error("unexpected '\(t.text)'", suggestion: "did you mean \(near)\(takesValue ? "=" : "")? usage: \(usage)", at: t.location)
            }
            throw error("unexpected '\(t.text)'", suggestion: "usage: \(usage)", at: t.location)
        }
    }

    /// The literal words of a syntax line (`present SPEC [on NAME] [style=S] [animated]` →
    /// on, style, animated): lowercase words, not the verb, not the placeholders.
    static func keywords(inSyntax syntax: String) -> [String] {
        let words = syntax.split { !($0.isLetter || $0 == "-") }.map(String.init)
        return Array(Set(words.dropFirst().filter { $0.first?.isLowercase == true || $0.hasPrefix("--") })).sorted()
    }
}
