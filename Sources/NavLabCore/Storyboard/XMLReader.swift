/// One element of an XML document: its name, attributes in document order, child elements,
/// and where its `<` is (line and column, both from 1; columns count characters). Text and
/// comments are read (and checked) but not kept: a storyboard says everything in elements and
/// attributes. A value, so the engine can keep it, compare it and write it out as JSON.
public struct XMLElement: Hashable, Sendable {
    public var name: String
    public var attributes: [XMLAttribute]
    public var children: [XMLElement]
    public var location: SourceLocation

    public init(name: String, attributes: [XMLAttribute] = [], children: [XMLElement] = [], at location: SourceLocation) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.location = location
    }

    /// The value of the attribute `name`, if the element has it.
    public func attribute(_ name: String) -> String? {
        for a in attributes where a.name == name { return a.value }
        return nil
    }

    /// Where the attribute `name` is written, else where the element is.
    public func location(of name: String) -> SourceLocation {
        for a in attributes where a.name == name { return a.location }
        return location
    }

    /// The child elements named `name`.
    public func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }
}

public struct XMLAttribute: Hashable, Sendable {
    public var name: String
    public var value: String
    public var location: SourceLocation
}

/// A strict reader of the XML that Xcode writes: elements, attributes (with the five named
/// entities and character references), comments, CDATA, processing instructions. A DOCTYPE is
/// refused (a storyboard has none, and its entities could expand without bound). Every error
/// says where (line:column) and what to do. One reader for every host: the native tool and
/// the browser build read a storyboard with this same code, so their transcripts are the same
/// by construction (Docs/Architecture.md, "Storyboards"). Left out of the browser's start module
/// (Web/Wasm/StartModule.swift).
public struct XMLReader {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var column = 1
    var elements = 0

    /// Reads `text` as one XML document and returns its root element.
    public static func parse(_ text: String) throws(NavLabError) -> XMLElement {
        var r = XMLReader(bytes: Array(text.utf8))
        return try r.document()
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    var here: SourceLocation { SourceLocation(line: line, column: column) }

    func fail(_ message: String, _ suggestion: String? = nil, at location: SourceLocation? = nil) -> NavLabError {
        NavLabError(.syntax, message, at: location ?? here, suggestion: suggestion)
    }

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8 { bytes[i] }

    /// Moves one byte on, counting lines and characters (a UTF-8 continuation byte is not a
    /// new character).
    mutating func advance() {
        let b = bytes[i]
        i += 1
        if b == 10 { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }

    func starts(with s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where bytes[i + k] != p[k] { return false }
        return true
    }

    mutating func skip(_ s: StaticString) { for _ in 0..<s.utf8CodeUnitCount { advance() } }

    static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
    static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) >= 97 && (b | 0x20) <= 122 || b == 95 || b == 58 || b >= 0x80
    }
    static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 48 && b <= 57) || b == 45 || b == 46 }

    mutating func skipSpaces() { while !atEnd, XMLReader.isSpace(peek) { advance() } }

    /// Skips up to and past `end`; fails naming `what` if the text ends first.
    mutating func skipPast(_ end: StaticString, what: String, from start: SourceLocation) throws(NavLabError) {
        while !atEnd {
            if starts(with: end) { skip(end); return }
            advance()
        }
        throw fail("the \(what) opened at \(start.line):\(start.column) is never closed by '\(end)'", "is the file cut short?")
    }

    mutating func document() throws(NavLabError) -> XMLElement {
        if starts(with: "\u{FEFF}") { i += 3 }
        let first = i
        var root: XMLElement?
        while true {
            skipSpaces()
            if atEnd { break }
            let start = here
            if starts(with: "<?") {
                if starts(with: "<?xml "), i != first { throw fail("the XML declaration `<?xml …?>` must come first in the file", "remove what comes before it") }
                skip("<?"); try skipPast("?>", what: "processing instruction", from: start)
            } else if starts(with: "<!--") {
                skip("<!--"); try skipPast("-->", what: "comment", from: start)
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                throw fail("a DOCTYPE is not part of a storyboard, and NavLab does not read one (its entities could expand without bound)", "remove the <!DOCTYPE …> declaration")
            } else if peek == UInt8(ascii: "<") {
                if root != nil {
                    throw fail("a second root element: an XML document has exactly one (the first, <\(root!.name)>, ended before)", "is this two files joined together? Give each its own file")
                }
                root = try element(depth: 1)
            } else {
                throw fail(root == nil ? "text before the root element: this is not XML" : "text after the root element </\(root!.name)>",
                           root == nil ? "a storyboard starts with <?xml version=\"1.0\" encoding=\"UTF-8\"?>" : "remove what follows the end of the document")
            }
        }
        guard let root else {
            throw fail("the file has no XML element", "a storyboard starts with <?xml version=\"1.0\" encoding=\"UTF-8\"?> and a <document> element")
        }
        return root
    }

    mutating func name(_ what: String) throws(NavLabError) -> String {
        let start = i
        guard !atEnd, XMLReader.isNameStart(peek) else {
            throw fail(atEnd ? "the file ends where \(what) should be" : "expected \(what), found '\(String(decoding: [peek], as: UTF8.self))'", "is the file cut short, or a character not escaped?")
        }
        while !atEnd, XMLReader.isNameByte(peek) { advance() }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// The element starting here, with everything inside it. Read with an explicit stack of the
    /// elements still open, as deep as the limit allows, in any thread's stack (Docs/Limits.md).
    mutating func element(depth: Int) throws(NavLabError) -> XMLElement {
        let (first, closed) = try startTag(depth: depth)
        if closed { return first }
        var open = [first]
        // Content: child elements, text, comments, CDATA, up to </tag>.
        while true {
            let tag = open[open.count - 1].name, start = open[open.count - 1].location
            guard !atEnd else {
                throw fail("the file ends before </\(tag)>: <\(tag)> opened at \(start.line):\(start.column) is never closed", "is the file cut short?")
            }
            let at = here
            if peek == UInt8(ascii: "<") {
                if starts(with: "</") {
                    skip("</")
                    let closing = try name("an element name after '</'")
                    guard closing == tag else {
                        throw fail("</\(closing)> closes <\(tag)>, opened at \(start.line):\(start.column)", "close <\(tag)> before, or remove </\(closing)>", at: at)
                    }
                    skipSpaces()
                    guard !atEnd, peek == UInt8(ascii: ">") else { throw fail("expected '>' to end </\(tag)>") }
                    advance()
                    let done = open.removeLast()
                    if open.isEmpty { return done }
                    open[open.count - 1].children.append(done)
                } else if starts(with: "<!--") {
                    skip("<!--"); try skipPast("-->", what: "comment", from: at)
                } else if starts(with: "<![CDATA[") {
                    skip("<![CDATA["); try skipPast("]]>", what: "CDATA section", from: at)
                } else if starts(with: "<?") {
                    skip("<?"); try skipPast("?>", what: "processing instruction", from: at)
                } else if starts(with: "<!") {
                    throw fail("a declaration (<!…) inside <\(tag)>: not XML a storyboard has", "remove it")
                } else {
                    let (child, closed) = try startTag(depth: depth + open.count)
                    if closed { open[open.count - 1].children.append(child) } else { open.append(child) }
                }
            } else if peek == UInt8(ascii: "&") {
                _ = try reference()
            } else {
                advance()
            }
        }
    }

    /// A start tag and its attributes; `closed` for one that ends with `/>`.
    mutating func startTag(depth: Int) throws(NavLabError) -> (element: XMLElement, closed: Bool) {
        let start = here
        guard depth <= Limits.storyboardDepth else {
            throw fail("elements nested more than \(Limits.storyboardDepth) deep; NavLab reads at most \(Limits.storyboardDepth) levels", "is this a storyboard Xcode wrote?")
        }
        elements += 1
        guard elements <= Limits.storyboardElements else {
            throw fail("more than \(Limits.storyboardElements) elements; NavLab reads at most \(Limits.storyboardElements) in one storyboard", "split the storyboard (Xcode: Editor → Refactor to Storyboard)")
        }
        advance() // <
        let tag = try name("an element name after '<'")
        var el = XMLElement(name: tag, at: start)
        while true {
            let hadSpace = !atEnd && XMLReader.isSpace(peek)
            skipSpaces()
            guard !atEnd else { throw fail("the file ends inside the tag <\(tag)> opened at \(start.line):\(start.column)", "is the file cut short?") }
            if peek == UInt8(ascii: "/") {
                advance()
                guard !atEnd, peek == UInt8(ascii: ">") else { throw fail("expected '>' after '/' to close <\(tag)>") }
                advance()
                return (el, true)
            }
            if peek == UInt8(ascii: ">") { advance(); return (el, false) }
            guard hadSpace else { throw fail("expected a space, '>' or '/>' in <\(tag)>") }
            let at = here
            let key = try name("an attribute name in <\(tag)>")
            if el.attributes.contains(where: { $0.name == key }) {
                throw fail("<\(tag)> has the attribute \(key) twice", "keep one", at: at)
            }
            skipSpaces()
            guard !atEnd, peek == UInt8(ascii: "=") else { throw fail("expected '=' after the attribute \(key)", "\(key)=\"…\"") }
            advance()
            skipSpaces()
            el.attributes.append(XMLAttribute(name: key, value: try quoted(key), location: at))
        }
    }

    mutating func quoted(_ key: String) throws(NavLabError) -> String {
        guard !atEnd, peek == UInt8(ascii: "\"") || peek == UInt8(ascii: "'") else {
            throw fail("the value of \(key) is not in quotes", "\(key)=\"…\"")
        }
        let quote = peek
        let start = here
        advance()
        var value: [UInt8] = []
        while true {
            guard !atEnd else { throw fail("the value of \(key) opened at \(start.line):\(start.column) is never closed", "is the file cut short?") }
            let b = peek
            if b == quote { advance(); break }
            if b == UInt8(ascii: "<") { throw fail("'<' in the value of \(key): write &lt;") }
            if b == UInt8(ascii: "&") { value += try reference(); continue }
            value.append(b)
            advance()
        }
        return String(decoding: value, as: UTF8.self)
    }

    static func utf8(_ v: UInt32) -> [UInt8] {
        switch v {
        case 0..<0x80: return [UInt8(v)]
        case 0x80..<0x800: return [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)]
        case 0x800..<0x10000: return [UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        default: return [UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        }
    }

    /// `&lt;` and the other four, `&#65;`, `&#x41;`: the bytes they stand for.
    mutating func reference() throws(NavLabError) -> [UInt8] {
        let at = here
        advance() // &
        let start = i
        while !atEnd, peek != UInt8(ascii: ";"), i - start < 12 { advance() }
        guard !atEnd, peek == UInt8(ascii: ";") else {
            throw fail("'&' that starts no entity: write &amp;", "&amp; for '&', &lt; for '<'", at: at)
        }
        let word = String(decoding: bytes[start..<i], as: UTF8.self)
        advance() // ;
        switch word {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            if word.hasPrefix("#") {
                let digits = word.dropFirst()
                let hex = digits.hasPrefix("x")
                if let v = UInt32(hex ? String(digits.dropFirst()) : String(digits), radix: hex ? 16 : 10),
                   v != 0, let scalar = Unicode.Scalar(v) {
                    return XMLReader.utf8(scalar.value)
                }
            }
            throw fail("&\(word); is not an entity XML defines", "&lt; &gt; &amp; &quot; &apos; or a character reference like &#10;", at: at)
        }
    }
}
