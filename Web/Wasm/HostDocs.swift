// The browser build's `Embedded`, in place of Sources/NavLabCommands/Generated/EmbeddedDocs.swift
// (Web/build.sh compiles this file instead of that one): the catalogue (Docs/UIKit.md) and
// the tutorials are left out of navlab.wasm; the page's worker fetches them beside the module
// (navlab-docs.json) and hands them over (Web/runtime.c's navlab_docs_add) before the engine
// first needs them. They are the same texts the native tool embeds: `make docs` writes both.

@_extern(c, "navlab_docs_count")
func navlab_docs_count() -> UInt32

@_extern(c, "navlab_docs_entry")
func navlab_docs_entry(_ index: UInt32, _ length: UnsafeMutablePointer<UInt32>) -> UnsafePointer<UInt8>?

enum Embedded {
    static var uikit: String { entry(0) }

    /// Entry 1 and on: each tutorial's name, then its text.
    static var tutorials: [(name: String, text: String)] {
        var list: [(name: String, text: String)] = []
        var i = 1
        while i + 1 < Int(navlab_docs_count()) {
            list.append((name: entry(i), text: entry(i + 1)))
            i += 2
        }
        return list
    }

    /// Entry `index`: 0 is the catalogue, then each tutorial's name and text.
    static func entry(_ index: Int) -> String {
        var length: UInt32 = 0
        guard index < Int(navlab_docs_count()), let p = navlab_docs_entry(UInt32(index), &length) else {
            fatalError("NavLab's docs were used before the host handed them over (navlab_docs_add)")
        }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(length)), as: UTF8.self)
    }
}
