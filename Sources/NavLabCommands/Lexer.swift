import NavLabCore

/// One token of a command line.
public struct Token: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case word
        /// A double-quoted string; `text` is its content.
        case string
        /// One of `( ) , = @ :`.
        case symbol
    }
    public var kind: Kind
    public var text: String
    public var location: SourceLocation
    /// One past the last column, for underlining.
    public var endColumn: Int

    public func isSymbol(_ s: String) -> Bool { kind == .symbol && text == s }
}

/// Splits a line into tokens. `#` at the start of a token starts a comment; inside a word
/// (`Detail#2`) it is part of the name; `#` and digits after the first token is a UIKit fact
/// number (`help #82`).
public enum Lexer {
    static let symbols: Set<Character> = ["(", ")", ",", "=", "@", ":"]

    /// `firstColumn` is the column `line` starts at (a command after `;` starts mid-line).
    public static func tokenize(_ line: String, lineNumber: Int = 1, firstColumn: Int = 1) throws(NavLabError) -> (tokens: [Token], comment: String?) {
        var tokens: [Token] = []
        let chars = Array(line)
        var i = 0
        let shift = firstColumn - 1
        func loc(_ i: Int) -> SourceLocation { SourceLocation(line: lineNumber, column: i + 1 + shift) }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            // `#82` after a verb is a fact number (`help #82`, `explain #82`), not a comment.
            if c == "#", !tokens.isEmpty, i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isNumber {
                let start = i
                i += 1
                while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
                tokens.append(Token(kind: .word, text: String(chars[start..<i]), location: loc(start), endColumn: i + 1 + shift))
                continue
            }
            if c == "#" {
                let text = String(chars[(i + 1)...])
                return (tokens, text.drop { $0 == " " }.isEmpty ? "" : String(text.drop { $0 == " " }))
            }
            if symbols.contains(c) {
                tokens.append(Token(kind: .symbol, text: String(c), location: loc(i), endColumn: i + 2 + shift))
                i += 1
                continue
            }
            if c == "\"" || c == "\u{201C}" {
                let start = i
                i += 1
                var text = ""
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\", i + 1 < chars.count { text.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "\"" || chars[i] == "\u{201D}" { closed = true; i += 1; break }
                    text.append(chars[i]); i += 1
                }
                guard closed else {
                    throw NavLabError(.syntax, "unterminated string", at: loc(start), suggestion: "close it with \"")
                }
                tokens.append(Token(kind: .string, text: text, location: loc(start), endColumn: i + 1 + shift))
                continue
            }
            let start = i
            while i < chars.count, !symbols.contains(chars[i]), chars[i] != " ", chars[i] != "\t", chars[i] != "\"", chars[i] != "\r" {
                i += 1
            }
            tokens.append(Token(kind: .word, text: String(chars[start..<i]), location: loc(start), endColumn: i + 1 + shift))
        }
        return (tokens, nil)
    }
}
