import NavLabCore

/// One UIKit behaviour NavLab models, under the number every note and test cites (`UIKit #82`).
public struct UIKitFact: Hashable, Sendable {
    public let number: Int
    public let title: String
    /// The section it belongs to (`1. Window and root view controller`).
    public let section: String
    /// Its text, Markdown, as in Docs/UIKit.md.
    public let body: String

    /// Its paragraphs as plain text (`**` dropped, links as `title <url>`).
    public var paragraphs: [String] {
        body.paragraphs.map { UIKitFacts.plain($0.split(separator: "\n").joined(separator: " ")) }
    }
}

/// Docs/UIKit.md, built into the binary: `explain 82`, `explain UITransitionView`, `help #82`.
public enum UIKitFacts {
    public static let all: [UIKitFact] = parse(Embedded.uikit)
    static let byNumber: [Int: UIKitFact] = {
        var d: [Int: UIKitFact] = [:]
        for f in all where d[f.number] == nil { d[f.number] = f }
        return d
    }()

    public static func fact(_ number: Int) -> UIKitFact? { byNumber[number] }

    /// `## N. Section` starts a section, `### #N Title` a fact; the fact runs to the next heading.
    public static func parse(_ markdown: String) -> [UIKitFact] {
        var facts: [UIKitFact] = []
        var section = ""
        var current: (Int, String, [Substring])?
        func close() {
            guard let (n, title, lines) = current else { return }
            let body = lines.joined(separator: "\n").trimmed
            facts.append(UIKitFact(number: n, title: title, section: section, body: body))
            current = nil
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### #") {
                close()
                let rest = line.dropFirst(5)
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                if let n = Int(digits) {
                    current = (n, String(rest.dropFirst(digits.count)).trimmed, [])
                }
            } else if line.hasPrefix("## ") || line.hasPrefix("# ") {
                close()
                if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            } else if current != nil {
                current!.2.append(line)
            }
        }
        close()
        return facts
    }

    /// A fact number as typed: `82` or `#82`.
    public static func number(_ topic: String) -> Int? {
        let t = topic.hasPrefix("#") ? topic.dropFirst() : Substring(topic)
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(t)
    }

    /// `explain TOPIC`: one fact by number, or the facts whose title or text mention every word.
    public static func explain(_ topic: String, width: Int = 88) throws(NavLabError) -> String {
        let words = topic.split(separator: " ").map(String.init)
        if words.isEmpty { return index() }
        let numbers = words.compactMap(number)
        if numbers.count == words.count {
            return try numbers.map { (n: Int) throws(NavLabError) -> String in
                guard let f = fact(n) else {
                    throw NavLabError(.unknown, "there is no UIKit fact #\(n)", at: SourceLocation(column: 1),
                                      suggestion: "facts are numbered 1–\(all.map({ $0.number }).max() ?? 0); `explain WORD` searches them")
                }
                return render(f, width: width)
            }.joined(separator: "\n\n")
        }
        let found = search(words)
        if found.isEmpty {
            return "no UIKit fact mentions \(words.map { "'\($0)'" }.joined(separator: " and ")); `explain` lists them all"
        }
        if found.count == 1 { return render(found[0], width: width) }
        return (["\(found.count) facts mention \(topic) (`explain N` for one):"] + found.map(line)).joined(separator: "\n")
    }

    /// Facts mentioning every word (case-insensitive), those with a word in the title first.
    public static func search(_ words: [String]) -> [UIKitFact] {
        let needles = words.map { $0.lowercased() }
        let hits = all.filter { f in
            let hay = (f.title + "\n" + f.body).lowercased()
            return needles.allSatisfy { hay.containsText($0) }
        }
        let inTitle = hits.filter { f in needles.contains { f.title.lowercased().containsText($0) } }
        return inTitle + hits.filter { !inTitle.contains($0) }
    }

    static func line(_ f: UIKitFact) -> String {
        let n = "#\(f.number)"
        return "  " + n + String(repeating: " ", count: max(1, 6 - n.count)) + plain(f.title)
    }

    /// Every fact, by section.
    public static func index() -> String {
        var lines = ["The UIKit behaviours NavLab models (`explain N` for one, `explain WORD` to search):"]
        var section = ""
        for f in all {
            if f.section != section { section = f.section; lines.append(""); lines.append(section) }
            lines.append(line(f))
        }
        return lines.joined(separator: "\n")
    }

    /// A fact for the terminal: its title, its section, then its paragraphs folded to `width`.
    public static func render(_ f: UIKitFact, width: Int = 88) -> String {
        var out = ["UIKit #\(f.number) — \(plain(f.title))", "(\(f.section))"]
        for text in f.paragraphs {
            guard !text.isEmpty else { continue }
            out.append("")
            out += fold(text, width: width)
        }
        return out.joined(separator: "\n")
    }

    /// Markdown for the terminal: `**x**` → x, `[t](u)` → `t <u>`; code spans keep their backticks.
    public static func plain(_ markdown: String) -> String {
        var s = markdown.removing("**")
        var out = ""
        while let open = s.firstIndex(of: "[") {
            guard let close = s[open...].firstIndex(of: "]"), s.index(after: close) < s.endIndex, s[s.index(after: close)] == "(",
                  let end = s[close...].firstIndex(of: ")") else { break }
            out += s[..<open] + s[s.index(after: open)..<close] + " <" + s[s.index(close, offsetBy: 2)..<end] + ">"
            s = String(s[s.index(after: end)...])
        }
        return out + s
    }

    /// Words folded at spaces; a word longer than the width stands alone.
    public static func fold(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty { line = String(word) } else if line.count + 1 + word.count <= width { line += " " + word } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The fact numbers a note cites: `(UIKit #4, #82)` → [4, 82].
    public static func citations(in text: String) -> [Int] {
        var numbers: [Int] = []
        var rest = Substring(text)
        while let r = rest.textRange(of: "UIKit #") {
            var tail = rest[r.upperBound...]
            while true {
                let digits = tail.prefix { $0.isASCII && $0.isNumber }
                guard let n = Int(digits) else { break }
                numbers.append(n)
                tail = tail.dropFirst(digits.count)
                // `#4, #82`, `#115–116`, `#4 and #82`
                if tail.hasPrefix(", #") { tail = tail.dropFirst(3) } else if tail.hasPrefix("–") || tail.hasPrefix("-") {
                    let d2 = tail.dropFirst().prefix { $0.isASCII && $0.isNumber }
                    if let m = Int(d2), m > n, m - n < 20 { numbers += Array((n + 1)...m); tail = tail.dropFirst(1 + d2.count) }
                    if tail.hasPrefix(", #") { tail = tail.dropFirst(3) } else { break }
                } else if tail.hasPrefix(" and #") { tail = tail.dropFirst(6) } else { break }
            }
            rest = tail
        }
        return numbers
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and newlines.
    var trimmed: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\n" || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\n" || c == "\t" || c == "\r" { s.removeLast() }
        return String(s)
    }

    func removing(_ needle: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.textRange(of: needle) { out += rest[..<r.lowerBound]; rest = rest[r.upperBound...] }
        return out + rest
    }

    /// Blocks separated by blank lines.
    var paragraphs: [String] {
        var out: [String] = [], current: [Substring] = []
        for line in self.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmed.isEmpty { if !current.isEmpty { out.append(current.joined(separator: "\n")); current = [] } } else { current.append(Substring(line)) }
        }
        if !current.isEmpty { out.append(current.joined(separator: "\n")) }
        return out
    }
}
