import NavLabCore

/// One parsed line: what it asks for, its text, and the comment that narrates it.
public struct ParsedLine: Hashable, Sendable {
    public var action: Action
    public var verb: String
    /// The command as typed, without its comment.
    public var text: String
    public var comment: String?
    public var location: SourceLocation

    /// The text on one line: a here-document (`import uikit <<END` …) as its first line and
    /// how many lines follow.
    public var headline: String { ParsedLine.headline(text) }

    public static func headline(_ text: String) -> String {
        guard text.utf8.contains(0x0A), let newline = text.firstIndex(of: "\n") else { return text }
        let more = text[newline...].utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } - 1
        return String(text[..<newline]) + " … (\(more) line\(more == 1 ? "" : "s"))"
    }
}

public enum LineParser {
    /// Parses one line; nil for a blank or comment-only line.
    public static func parse(_ line: String, lineNumber: Int = 1, firstColumn: Int = 1) throws(NavLabError) -> ParsedLine? {
        // vi's way out (`:` is a symbol of the language, so it is not a word to look up).
        if [":q", ":q!", ":wq", ":x"].contains(line.split(separator: " ").joined()) {
            return try parse("quit", lineNumber: lineNumber, firstColumn: firstColumn)
        }
        // `import uikit <<END`, then the lines up to `END`: the first line is the command.
        if let newline = line.firstIndex(of: "\n") {
            return try parseHeredoc(header: String(line[..<newline]), rest: String(line[line.index(after: newline)...]), lineNumber: lineNumber)
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
        args.source = (line, lineNumber, firstColumn)
        let action = try verb.parse(&args)
        var text = line
        if let hash = commentStart(line) { text = String(line[..<hash]) }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        return ParsedLine(action: action, verb: verb.name, text: text, comment: comment, location: first.location)
    }

    static func parseHeredoc(header: String, rest: String, lineNumber: Int) throws(NavLabError) -> ParsedLine? {
        guard let word = Heredoc.terminator(opening: header) else {
            throw NavLabError(.syntax, "a command is one line; only `import FORMAT <<END` continues on the lines after it",
                              at: SourceLocation(line: lineNumber, column: header.count + 1), suggestion: "put each command on its own line")
        }
        var body = rest.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        guard let last = body.last, Heredoc.closes(last, word) else {
            throw Heredoc.unterminatedError(word, line: lineNumber)
        }
        body.removeLast()
        let (tokens, comment) = try Lexer.tokenize(header, lineNumber: lineNumber)
        guard let first = tokens.first, let verb = VerbTable.verb(named: first.text) else { return nil }
        let end = SourceLocation(line: lineNumber, column: tokens.last?.endColumn ?? 1)
        var args = Arguments(verb: first, tokens: Array(tokens.dropFirst()), lineEnd: end)
        args.heredoc = (word, body.joined(separator: "\n"), lineNumber + 1)
        let action = try verb.parse(&args)
        var head = header
        if let hash = commentStart(header) { head = String(header[..<hash]) }
        let text = head.trimmingSpaces + "\n" + body.joined(separator: "\n") + "\n" + word
        return ParsedLine(action: action, verb: verb.name, text: text, comment: comment, location: first.location)
    }

    /// The commands of a line written `A; B; C`, each with the column it starts at (1-based),
    /// or nil when the line holds one command. `;` inside quotes or a comment does not count.
    public static func splitTurn(_ line: String) -> [(text: String, column: Int)]? {
        let end = commentStart(line) ?? line.endIndex
        var parts: [(text: String, column: Int)] = []
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
