/// How a note or a leak line says what grows with the input — a list of names, a SPEC with
/// thousands of children — so that it never prints more than a screen of one line
/// (Docs/Limits.md, "Notes"): a list of more than `Limits.namesInNote` items is its first two,
/// `…`, its last two and how many there are (`V0, V1, … V99998, Top (100,000)`), and a note
/// longer than `Limits.noteLength` characters all the same keeps its beginning and its end.
public enum Abridged {
    /// `items` joined by `separator`, or, past `Limits.namesInNote` of them, the first two, `…`,
    /// the last two and the count.
    public static func list(_ items: [String], separator: String = ", ") -> String {
        guard items.count > Limits.namesInNote else { return items.joined(separator: separator) }
        return items[0] + separator + items[1] + separator + "… " + items[items.count - 2] + separator + items[items.count - 1]
            + " (" + count(items.count) + ")"
    }

    /// `n` with its thousands grouped: 100,000.
    public static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = n < 0 ? "-" : ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }

    /// `text` when it fits in `Limits.noteLength` characters; else its beginning and its end
    /// around how much was left out.
    public static func line(_ text: String) -> String {
        // The byte count bounds the character count: most notes need no character counted.
        guard text.utf8.count > Limits.noteLength, text.count > Limits.noteLength else { return text }
        let keep = Limits.noteLength / 2
        let tail = Limits.noteLength / 4
        return String(text.prefix(keep)) + " … (" + count(text.count - keep - tail) + " characters left out) … " + String(text.suffix(tail))
    }
}

extension Spec {
    /// `text`, with each container's children abridged past `Limits.namesInNote` (for a note:
    /// `initial Nav(V0, V1, … V99998, Top (100,000))`).
    public var abridgedText: String {
        folded { (step: SpecFoldStep<String>) -> String in
            switch step {
            case .leaf(let s): return s.text
            case .container(let word, let cls, _, let children):
                return (cls.map { $0 + ":" } ?? "") + word.rawValue + "(" + Abridged.list(children) + ")"
            }
        }
    }
}
