import NavLabCore

/// The prompt's text: `navlab (STATE)> ` (Docs/REPL.md, "The prompt line").
enum Prompt {
    static func text(_ state: ApplicationState, device: String = "") -> String { "navlab (\(state.rawValue)\(device))> " }

    /// `, iOS 27, sdk 26` when the app's SDK was given apart from the device's iOS (UIKit #198);
    /// nothing otherwise, so the usual prompt stays as it was.
    static func device(_ d: Device) -> String {
        d.promptSuffix
    }

    /// Bold name, the state in a colour that says whether the app runs; `literal` brackets
    /// each escape sequence for EL_PROMPT_ESC (empty when printed directly).
    static func coloured(_ state: ApplicationState, device: String = "", literal: String) -> String {
        let tint: String
        switch state {
        case .active: tint = "\u{1B}[32m"
        case .inactive, .background, .suspended: tint = "\u{1B}[33m"
        case .notRunning: tint = "\u{1B}[2m"
        }
        func esc(_ s: String) -> String { literal + s + literal }
        return esc("\u{1B}[1m") + "navlab" + esc("\u{1B}[0m") + " (" + esc(tint) + state.rawValue + esc("\u{1B}[0m") + device + ")> "
    }
}

/// Candidates laid out in columns, like `ls`, across `width` characters.
enum Columns {
    static func layout(_ items: [String], width: Int, limit: Int = 200) -> [String] {
        let shown = Array(items.prefix(limit))
        let cell = (shown.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        let rows = (shown.count + perRow - 1) / perRow
        var lines: [String] = []
        for r in 0..<rows {
            var line = ""
            for c in 0..<perRow {
                let i = c * rows + r
                guard i < shown.count else { break }
                let item = shown[i]
                line += item + (c == perRow - 1 || i + rows >= shown.count ? "" : String(repeating: " ", count: cell - item.count))
            }
            lines.append(line)
        }
        if items.count > limit { lines.append("… and \(items.count - limit) more; type a few more letters") }
        return lines
    }
}

/// Decodes the UTF-8 bytes of one character as they arrive.
enum UTF8Decoding {
    enum Result { case incomplete, invalid, scalar(Unicode.Scalar) }

    static func decode(_ bytes: [UInt8]) -> Result {
        guard let first = bytes.first else { return .incomplete }
        let length: Int
        switch first {
        case 0x00..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return .invalid
        }
        if bytes.count < length { return .incomplete }
        var iterator = bytes.prefix(length).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return .scalar(scalar) }
        return .invalid
    }
}
