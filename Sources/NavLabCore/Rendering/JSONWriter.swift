/// Where a JSON document goes as it is produced, piece by piece: built into a value
/// (`JSONBuilder`) or written straight out as text (`JSONWriter`). The documents of Docs/Page.md
/// are described once, against this, and produced either way: `tree --json` at 100,000 view
/// controllers is written without building a value of 2 million parts first.
public protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    /// `flat`: its elements are scalars, kept on one line when pretty.
    mutating func beginArray(flat: Bool)
    mutating func endArray()
    /// The next member's key (inside an object).
    mutating func key(_ k: String)
    /// A key written in the source (`field`'s): plain ASCII with nothing to escape.
    mutating func key(literal k: StaticString)
    mutating func string(_ s: String)
    mutating func int(_ i: Int)
    mutating func bool(_ b: Bool)
    mutating func null()
    /// A value built already.
    mutating func value(_ v: JSON)
}

extension JSONSink {
    public mutating func string(_ s: String?) { if let s { string(s) } else { null() } }

    public mutating func key(literal k: StaticString) {
        key(k.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
    }

    /// An array of strings (on one line when pretty).
    public mutating func strings<C: Sequence>(_ items: C) where C.Element == String {
        beginArray(flat: true)
        for s in items { string(s) }
        endArray()
    }

    // A field's key is a literal: written without looking for what to escape (a document of
    // 100,000 view controllers has 2 million of them). Keys made at run time go to `key`.
    public mutating func field(_ k: StaticString, _ v: String?) { key(literal: k); string(v) }
    public mutating func field(_ k: StaticString, _ v: Bool) { key(literal: k); bool(v) }
    public mutating func field(_ k: StaticString, _ v: Int) { key(literal: k); int(v) }
    public mutating func field(_ k: StaticString, value v: JSON) { key(literal: k); value(v) }
    public mutating func field<C: Sequence>(_ k: StaticString, strings items: C) where C.Element == String { key(literal: k); strings(items) }

    /// Writes `v` through the sink's own calls (what `value` does for a sink that streams).
    mutating func replay(_ v: JSON) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let i): int(i)
        case .string(let s): string(s)
        case .raw: value(v)
        case .array(let items):
            // Arrays of scalars stay on one line even when pretty.
            beginArray(flat: items.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true })
            for item in items { replay(item) }
            endArray()
        case .object(let pairs):
            beginObject()
            for (k, item) in pairs { key(k); replay(item) }
            endObject()
        }
    }
}

/// Writes JSON text into UTF-8 bytes as it comes: compact (one line) or pretty (two-space
/// indent, arrays of scalars on one line). `JSON.serialized` is this writer. A class over one
/// growing buffer, written byte by byte: a document of 55 MB is millions of short pieces.
public final class JSONWriter: JSONSink {
    // Touched for every byte, and only by this object's own methods, one call at a time: the
    // dynamic exclusivity checks a class's properties get otherwise were 9% of `tree --json`.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// Whether `base` is this writer's own allocation (not while it writes into a lent buffer).
    @exclusivity(unchecked) private var owns: Bool
    public let pretty: Bool
    /// Spaces before every line (pretty only): a transcript's indent, written as the document
    /// is made instead of copying a finished one of 55 MB to indent it.
    public let indent: Int
    /// The containers open around the innermost one, outermost first: whether each is flat
    /// (pretty: on one line), and how many members or elements it has so far. The innermost
    /// one's are `topFlat` and `topCount` (read and counted for every value and key).
    /// or elements it has so far.
    @exclusivity(unchecked) private var open: [(flat: Bool, count: Int)] = []
    @exclusivity(unchecked) private var topFlat = false
    @exclusivity(unchecked) private var topCount = 0
    /// How many containers are open.
    @exclusivity(unchecked) private var depth = 0
    /// A key was just written: the value follows it directly.
    @exclusivity(unchecked) private var afterKey = false

    public init(pretty: Bool = false, indent: Int = 0, capacity: Int = 256) {
        self.pretty = pretty
        self.indent = pretty ? max(0, indent) : 0
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        owns = true
        startLine()
    }

    /// A writer into `buffer`, lent to it: when that fills up, it goes on in a buffer of its own.
    private init(pretty: Bool, indent: Int, lent buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.pretty = pretty
        self.indent = pretty ? max(0, indent) : 0
        capacity = buffer.count
        base = buffer.baseAddress!
        owns = false
        startLine()
    }

    deinit { if owns { base.deallocate() } }

    /// Stops writing into a lent buffer: whatever writes to this writer later (a reference
    /// kept past `text(pretty:estimatedSize:_:)`) goes to a buffer of its own.
    private func giveBack() {
        guard !owns else { return }
        capacity = 16
        count = 0
        base = .allocate(capacity: capacity)
        owns = true
    }

    /// A document written by `body` straight into the storage of the string returned (no copy
    /// of a 55 MB document, whose memory is paid for again when it is first touched). When
    /// `estimatedSize` turns out too small, the text is copied once. Untouched capacity costs
    /// address space only. `indent`: spaces before each line (pretty only).
    public static func text(pretty: Bool, indent: Int = 0, estimatedSize: Int, _ body: (inout JSONWriter) -> Void) -> String {
        var spilled: JSONWriter?
        let text = String(unsafeUninitializedCapacity: max(estimatedSize, 64)) { buffer in
            let lent = JSONWriter(pretty: pretty, indent: indent, lent: buffer)
            var w = lent
            body(&w)
            // Written in place only if it stayed in the lent buffer (and is the writer lent).
            let inPlace = w === lent && !lent.owns ? lent.count : nil
            lent.giveBack()
            if inPlace == nil { spilled = w }
            return inPlace ?? 0
        }
        return spilled?.text ?? text
    }

    /// The text written so far.
    public var text: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.update(from: base, count: count)
            return count
        }
    }

    /// How many bytes have been written.
    public var byteCount: Int { count }

    /// Room for `n` more bytes: a comparison where it is called, the growing out of line.
    @inline(__always) private func reserve(_ n: Int) {
        if count + n > capacity { grow(n) }
    }

    @inline(never) private func grow(_ n: Int) {
        let newCapacity = max(count + n, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        // A lent buffer is left as it is.
        if owns { base.deallocate() }
        base = bigger
        owns = true
        capacity = newCapacity
    }

    @inline(__always) private func put(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    private func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        reserve(bytes.count)
        JSONWriter.copy(from, to: base + count, bytes.count)
        count += bytes.count
    }

    /// `n` bytes from `from` to `to`: short runs (a name, a key) eight bytes at a time through
    /// local pointers, longer ones with memcpy. (Written through `base` instead, every byte
    /// reloads it: a store through a pointer might have changed this object.)
    @inline(__always) private static func copy(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, _ n: Int) {
        if n > 32 { to.update(from: from, count: n); return }
        if n < 8 {
            var i = 0
            while i < n { to[i] = from[i]; i += 1 }
            return
        }
        let src = UnsafeRawPointer(from), dst = UnsafeMutableRawPointer(to)
        var i = 0
        while i + 8 <= n {
            dst.storeBytes(of: src.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i += 8
        }
        // The last few: the final eight bytes again, overlapping what is copied already.
        if i < n { dst.storeBytes(of: src.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self) }
    }

    /// `n` spaces at `to`, eight at a time.
    @inline(__always) private static func spaces(_ to: UnsafeMutablePointer<UInt8>, _ n: Int) {
        let dst = UnsafeMutableRawPointer(to)
        var i = 0
        while i + 8 <= n { dst.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: i, as: UInt64.self); i += 8 }
        while i < n { to[i] = 0x20; i += 1 }
    }

    private func put(_ s: StaticString) {
        s.withUTF8Buffer { put($0) }
    }

    private func newline(depth: Int) {
        let spaces = indent + 2 * depth
        reserve(1 + spaces)
        let p = base + count
        p[0] = 0x0A
        JSONWriter.spaces(p + 1, spaces)
        count += 1 + spaces
    }

    /// The first line's indent, written when the writer is made.
    private func startLine() {
        guard indent > 0, count == 0 else { return }
        reserve(indent)
        (base + count).initialize(repeating: 0x20, count: indent)
        count += indent
    }

    /// Before a value: the comma and line break that separate it from the previous one.
    private func separate() {
        if afterKey { afterKey = false; return }
        guard depth > 0 else { return }
        let before = topCount
        topCount += 1
        if before > 0 {
            put(UInt8(ascii: ","))
            if pretty && topFlat { put(0x20) }
        }
        if pretty && !topFlat { newline(depth: depth) }
    }

    /// A container opens inside the current one (whose state is kept until it closes).
    private func open(flat: Bool) {
        open.append((flat: topFlat, count: topCount))
        topFlat = flat
        topCount = 0
        depth += 1
    }

    /// The innermost container closes: its member count, and the enclosing one's state back.
    private func close() -> (flat: Bool, count: Int) {
        let closed = (flat: topFlat, count: topCount)
        (topFlat, topCount) = open.removeLast()
        depth -= 1
        return closed
    }

    public func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        open(flat: false)
    }

    public func endObject() {
        let c = close()
        if pretty && c.count > 0 { newline(depth: depth) }
        put(UInt8(ascii: "}"))
    }

    public func beginArray(flat: Bool) {
        separate()
        put(UInt8(ascii: "["))
        open(flat: flat || !pretty)
    }

    public func endArray() {
        let c = close()
        if pretty && !c.flat && c.count > 0 { newline(depth: depth) }
        put(UInt8(ascii: "]"))
    }

    public func key(_ k: String) {
        beginKey(extra: 0)
        escape(k)
        put(UInt8(ascii: ":"))
        if pretty { put(0x20) }
        afterKey = true
    }

    public func key(literal k: StaticString) {
        k.withUTF8Buffer { utf8 in
            let n = utf8.count
            // The comma, line break, indent, the quoted key, its colon and space, at once.
            beginKey(extra: n + 4)
            let p = base + count
            p[0] = UInt8(ascii: "\"")
            if let from = utf8.baseAddress { JSONWriter.copy(from, to: p + 1, n) }
            p[n + 1] = UInt8(ascii: "\"")
            p[n + 2] = UInt8(ascii: ":")
            if pretty { p[n + 3] = 0x20; count += n + 4 } else { count += n + 3 }
        }
        afterKey = true
    }

    /// The comma and line break (with its indent) before a key, and room for `extra` bytes more.
    @inline(__always) private func beginKey(extra: Int) {
        let first = topCount == 0
        topCount += 1
        let spaces = pretty ? indent + 2 * depth : 0
        reserve(2 + spaces + extra)
        var p = base + count
        if !first { p[0] = UInt8(ascii: ","); p += 1 }
        if pretty {
            p[0] = 0x0A
            JSONWriter.spaces(p + 1, spaces)
            p += 1 + spaces
        }
        count = p - base
    }

    public func string(_ s: String) { separate(); escape(s) }
    public func int(_ i: Int) {
        separate()
        var s = String(i)
        s.withUTF8 { put($0) }
    }
    public func bool(_ b: Bool) { separate(); put(b ? "true" : "false") }
    public func null() { separate(); put("null") }

    public func value(_ v: JSON) {
        if case .raw(var text) = v { separate(); text.withUTF8 { put($0) } } else { var me = self; me.replay(v) }
    }

    /// `s` quoted. Copied byte by byte while no byte needs escaping (names, keys and values
    /// almost never do); from the first one that does, the slow way.
    private func escape(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            let n = utf8.count
            reserve(n + 2)
            // How much needs no escaping (names, keys and values almost never do).
            var clean = 0
            if let from = utf8.baseAddress {
                while clean < n {
                    let b = from[clean]
                    if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { break }
                    clean += 1
                }
                JSONWriter.copy(from, to: base + count + 1, clean)
            }
            base[count] = UInt8(ascii: "\"")
            if clean == n {
                base[count + 1 + n] = UInt8(ascii: "\"")
                count += n + 2
            } else {
                count += 1 + clean
                escapeRest(utf8, from: clean)
            }
        }
    }

    /// The rest of a string from `start`, a byte there needing escaping, and the closing quote.
    private func escapeRest(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) {
        var start = start
        for i in start..<utf8.count {
            let b = utf8[i]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            put(UnsafeBufferPointer(rebasing: utf8[start..<i]))
            start = i + 1
            put(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(b)
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                put("u00")
                hex.withUTF8Buffer { h in put(h[Int(b >> 4)]); put(h[Int(b & 0xF)]) }
            }
        }
        put(UnsafeBufferPointer(rebasing: utf8[start...]))
        put(UInt8(ascii: "\""))
    }
}

/// Builds a `JSON` value from a sink's calls.
public struct JSONBuilder: JSONSink {
    private struct Frame {
        var isObject: Bool
        var pairs: [(String, JSON)] = []
        var items: [JSON] = []
        var key = ""
    }
    /// The containers open, innermost last (edited in place through the array's subscript).
    private var stack: [Frame] = []
    /// The value once every container opened is closed.
    public private(set) var result: JSON = .null

    public init() {}

    private mutating func add(_ v: JSON) {
        let n = stack.count - 1
        guard n >= 0 else { result = v; return }
        if stack[n].isObject { stack[n].pairs.append((stack[n].key, v)) } else { stack[n].items.append(v) }
    }

    public mutating func beginObject() { stack.append(Frame(isObject: true)) }
    public mutating func endObject() {
        let f = stack.removeLast()
        precondition(f.isObject, "endObject closes an array")
        add(.object(f.pairs))
    }
    public mutating func beginArray(flat: Bool) { stack.append(Frame(isObject: false)) }
    public mutating func endArray() {
        let f = stack.removeLast()
        precondition(!f.isObject, "endArray closes an object")
        add(.array(f.items))
    }
    public mutating func key(_ k: String) {
        precondition(stack.last?.isObject == true, "a key outside an object")
        stack[stack.count - 1].key = k
    }
    public mutating func string(_ s: String) { add(.string(s)) }
    public mutating func int(_ i: Int) { add(.int(i)) }
    public mutating func bool(_ b: Bool) { add(.bool(b)) }
    public mutating func null() { add(.null) }
    public mutating func value(_ v: JSON) { add(v) }
}
