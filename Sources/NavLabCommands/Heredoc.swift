import NavLabCore

/// `import uikit <<END`, the printout's lines, then `END`: one command over several lines, as
/// a shell's here-document. Scripts, the page's command box, the prompt and the session's
/// journal all read it this way, and `save` writes it back so.
public enum Heredoc {
    /// The terminator a line opens (`END` for `import uikit <<END # from the debugger`), if it
    /// is the first line of a here-document.
    public static func terminator(opening line: String) -> String? {
        let end = LineParser.commentStart(line) ?? line.endIndex
        let words = line[..<end].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count >= 2, words[0].lowercased() == "import", let last = words.last,
              last.hasPrefix("<<"), last.count > 2 else { return nil }
        return String(last.dropFirst(2))
    }

    /// Whether `line` closes a here-document opened with `terminator`.
    public static func closes(_ line: String, _ terminator: String) -> Bool {
        line.trimmingSpaces == terminator
    }

    /// A script's lines with each here-document joined into one entry: its text (lines
    /// joined by "\n"), the line number of its first line, and whether it was left open.
    public struct Chunk: Sendable {
        public let text: String
        public let line: Int
        public let lineCount: Int
        /// A here-document whose terminator never came (the text runs to the end).
        public let unterminated: String?
    }

    public static func chunks(_ lines: [String]) -> [Chunk] {
        var out: [Chunk] = []
        out.reserveCapacity(lines.count)
        var i = 0
        while i < lines.count {
            let line = lines[i]
            // Only a line that mentions `<<` can open one: the common line costs a byte scan.
            if line.utf8.contains(UInt8(ascii: "<")), let word = terminator(opening: line) {
                var j = i + 1
                while j < lines.count, !closes(lines[j], word) { j += 1 }
                if j < lines.count {
                    out.append(Chunk(text: lines[i...j].joined(separator: "\n"), line: i + 1, lineCount: j - i + 1, unterminated: nil))
                    i = j + 1
                } else {
                    out.append(Chunk(text: lines[i...].joined(separator: "\n"), line: i + 1, lineCount: lines.count - i, unterminated: word))
                    i = lines.count
                }
                continue
            }
            out.append(Chunk(text: line, line: i + 1, lineCount: 1, unterminated: nil))
            i += 1
        }
        return out
    }

    /// `header <<END`, `body`, `END`, with a terminator that no line of the body is.
    public static func wrap(_ body: String, header: String) -> String {
        var body = body
        while body.hasSuffix("\n") { body.removeLast() }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        var word = "END"
        var n = 1
        while lines.contains(word) { n += 1; word = "END\(n)" }
        return header + " <<" + word + "\n" + body + "\n" + word
    }

    /// The error for a here-document whose terminator never came.
    public static func unterminatedError(_ word: String, line: Int) -> NavLabError {
        NavLabError(.syntax, "the lines after `<<\(word)` are never closed by a line `\(word)`", at: SourceLocation(line: line, column: 1),
                    suggestion: "end the printout with a line that reads \(word)")
    }
}
