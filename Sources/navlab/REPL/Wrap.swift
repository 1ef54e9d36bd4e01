/// Long lines folded at word boundaries to the terminal's width, continuing under the column
/// where the text starts, so a verb's summary reads as a block beside its syntax and a memory
/// row's holders under its "held by".
enum Wrap {
    static func fold(_ line: String, width: Int) -> [String] {
        var rest = Array(line)
        guard width >= 30, rest.count > width else { return [line] }
        let indent = hangingIndent(rest, width: width)
        var out: [String] = []
        var first = true
        while true {
            let room = first ? width : width - indent
            guard rest.count > room else { break }
            // Break at the last space that fits (past the syntax on the first line).
            let floor = first ? indent : 1
            var cut = room
            while cut > floor, rest[cut] != " " { cut -= 1 }
            if cut <= floor { cut = room }
            var piece = rest[..<cut]
            while piece.last == " " { piece = piece.dropLast() }
            out.append((first ? "" : String(repeating: " ", count: indent)) + String(piece))
            rest = Array(rest[cut...].drop { $0 == " " })
            first = false
        }
        out.append((first ? "" : String(repeating: " ", count: indent)) + String(rest))
        return out
    }

    /// Where a wrapped line continues: the summary column of `  syntax   summary`, else two
    /// more than the line's own indent.
    static func hangingIndent(_ chars: [Character], width: Int) -> Int {
        let leading = chars.prefix { $0 == " " }.count
        var i = leading
        while i + 1 < chars.count {
            if chars[i] == " ", chars[i + 1] == " " {
                var j = i
                while j < chars.count, chars[j] == " " { j += 1 }
                return j <= width / 2 ? j : leading + 2
            }
            i += 1
        }
        return leading + 2
    }

    /// Terminal cells `text` takes: two for an East Asian wide or full-width character and
    /// for emoji shown as pictures, none for combining marks, one otherwise.
    static func cells(_ text: String) -> Int {
        text.reduce(0) { n, ch in
            guard let first = ch.unicodeScalars.first else { return n }
            if first.properties.isEmojiPresentation || ch.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return n + 2 }
            switch first.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
                 0x20000...0x3FFFD:
                return n + 2
            default:
                return n + (first.properties.generalCategory == .nonspacingMark ? 0 : 1)
            }
        }
    }
}
