import NavLabCore

/// One parsed line: what it asks for, its text, and the comment that narrates it.
public struct ParsedLine: Hashable, Sendable {
    public var action: Action
    public var verb: String
    /// The command as typed, without its comment.
    public var text: String
    public var comment: String?
    public var location: SourceLocation
}

public enum LineParser {
    /// Parses one line; nil for a blank or comment-only line.
    public static func parse(_ line: String, lineNumber: Int = 1, firstColumn: Int = 1) throws -> ParsedLine? {
        // vi's way out (`:` is a symbol of the language, so it is not a word to look up).
        if [":q", ":q!", ":wq", ":x"].contains(line.split(separator: " ").joined()) {
            return try parse("quit", lineNumber: lineNumber, firstColumn: firstColumn)
        }
        let (tokens, comment) = try Lexer.tokenize(line, lineNumber: lineNumber, firstColumn: firstColumn)
        guard let first = tokens.first else { return nil }
        guard first.kind == .word, let verb = VerbTable.verb(named: first.text) else {
            let near = first.kind == .word ? Suggest.nearest(to: first.text, in: VerbTable.names) : nil
            throw NavLabError(.unknown, "unknown verb '\(first.text)'", at: first.location,
                              suggestion: near.map { "did you mean \($0)?" } ?? "`help` lists the verbs")
        }
        let end = SourceLocation(line: lineNumber, column: (tokens.last?.endColumn ?? firstColumn))
        var args = Arguments(verb: first, tokens: Array(tokens.dropFirst()), lineEnd: end)
        let action = try verb.parse(&args)
        var text = line
        if let hash = commentStart(line) { text = String(line[..<hash]) }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        return ParsedLine(action: action, verb: verb.name, text: text, comment: comment, location: first.location)
    }

    /// The commands of a line written `A; B; C`, each with the column it starts at (1-based),
    /// or nil when the line holds one command. `;` inside quotes or a comment does not count.
    public static func splitTurn(_ line: String) -> [(text: String, column: Int)]? {
        let end = commentStart(line) ?? line.endIndex
        var parts: [(String, Int)] = []
        var inQuote = false
        var start = line.startIndex
        var column = 1, startColumn = 1
        var i = line.startIndex
        while i < end {
            let c = line[i]
            if c == "\"" { inQuote.toggle() }
            if c == ";", !inQuote {
                parts.append((String(line[start..<i]), startColumn))
                start = line.index(after: i)
                startColumn = column + 1
            }
            column += 1
            i = line.index(after: i)
        }
        guard !parts.isEmpty else { return nil }
        parts.append((String(line[start..<end]), startColumn))
        return parts
    }

    /// Where the comment starts (a `#` that begins a token, outside quotes).
    static func commentStart(_ line: String) -> String.Index? {
        var inQuote = false
        var prev: Character = " "
        var seenWord = false
        for i in line.indices {
            let c = line[i]
            if c == "\"" { inQuote.toggle() }
            if c == "#", !inQuote, prev == " " || prev == "\t" || i == line.startIndex {
                // `help #82`: a fact number, as the lexer reads it.
                let next = line.index(after: i)
                if seenWord, next < line.endIndex, line[next].isASCII, line[next].isNumber { prev = c; continue }
                return i
            }
            if c != " " && c != "\t" { seenWord = true }
            prev = c
        }
        return nil
    }
}
