// The browser host: NavLabCore and NavLabCommands built as Embedded Swift for wasm32, driven
// through a C ABI (`navlab_*`) by the page's Web Worker and by `make test`'s node runner
// (Docs/Browser.md, "What the modules export"). Every answer is a buffer this module
// allocated: a 4-byte little-endian length, then the bytes; the caller frees it with
// `navlab_free`. Natively this folder is the NavLabBrowser target: `swift build` compiles it
// and Tests/NavLabBrowserTests calls these functions as the worker does.
import NavLabCore
import NavLabCommands

/// A byte buffer for an answer.
struct Bytes {
    var bytes: [UInt8] = []
    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func line(_ s: String) { append(s); bytes.append(10) }
    mutating func u32(_ n: Int) {
        let v = UInt32(truncatingIfNeeded: n)
        bytes.append(UInt8(v & 0xff)); bytes.append(UInt8((v >> 8) & 0xff))
        bytes.append(UInt8((v >> 16) & 0xff)); bytes.append(UInt8(v >> 24))
    }
    mutating func chunk(_ b: [UInt8]) { u32(b.count); bytes.append(contentsOf: b) }
}

/// The answer buffer of what `b` holds.
func answer(_ b: Bytes) -> UnsafeMutableRawPointer {
    var out = AnswerWriter(size: b.bytes.count)
    b.bytes.withUnsafeBytes { out.put($0) }
    return out.finish()
}

/// An answer buffer — [length][bytes], allocated here, freed by the host (`navlab_free`) —
/// of a size known in advance, filled in order.
struct AnswerWriter {
    let base: UnsafeMutableRawPointer
    let size: Int
    var at = 0

    init(size: Int) {
        self.size = size
        base = UnsafeMutableRawPointer.allocate(byteCount: size + 4, alignment: 4)
        u32(size)  // the length, before the bytes
    }

    mutating func u32(_ n: Int) {
        let v = UInt32(truncatingIfNeeded: n)
        for shift in [0, 8, 16, 24] as [UInt32] {
            base.storeBytes(of: UInt8(truncatingIfNeeded: v >> shift), toByteOffset: at, as: UInt8.self)
            at += 1
        }
    }

    mutating func chunk(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            u32(bytes.count)
            put(UnsafeRawBufferPointer(bytes))
        }
    }

    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        if let from = bytes.baseAddress { (base + at).copyMemory(from: from, byteCount: bytes.count) }
        at += bytes.count
    }

    /// The buffer, once exactly `size` bytes were written.
    func finish() -> UnsafeMutableRawPointer {
        precondition(at == size + 4, "an answer's size was counted wrong")
        return base
    }
}

func text(_ p: UnsafeRawPointer?, _ n: Int32) -> String {
    guard let p, n > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: Int(n)), as: UTF8.self)
}

@_cdecl("navlab_alloc")
public func navlab_alloc(_ n: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(n, 1)), alignment: 8)
}

@_cdecl("navlab_free")
public func navlab_free(_ p: UnsafeMutableRawPointer?) { p?.deallocate() }

/// Traps on purpose: how the page's recovery (a fresh module, the journal run again, a message)
/// is tested — what happens on any bug that traps.
@_cdecl("navlab_force_trap")
public func navlab_force_trap() {
    fatalError("a trap forced to test recovery")
}
