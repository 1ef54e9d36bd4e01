import Foundation
import NavLabCore

/// Reads `archive.json` as any version of NavLab wrote it. The engine writes it
/// (`Archive.fileText`, version 2); version 1, from before the engine had its own JSON writer
/// (no `version` field), is the layout Swift's synthesised Codable gave NavLab's types — read
/// here by the same synthesis, on a relation of that shape (`V1Relation`), so nothing copies it
/// by hand. The versions differ only in how an entry says its relation. A file that is neither,
/// or from a newer NavLab, is not an archive this one can read.
enum ArchiveReader {
    static func archive(from bytes: Data) -> Archive? {
        guard let header = try? JSONDecoder().decode(Header.self, from: bytes) else { return nil }
        switch header.version ?? 1 {
        case 1:
            return (try? JSONDecoder().decode(File<V1Relation>.self, from: bytes))?.archive { e in
                switch e.relation {
                case .root: return .root
                case .child(let i): return .child(i)
                case .presented(let s): return ModalPresentationStyle(rawValue: s).map { .presented($0) }
                }
            }
        case 2:
            return (try? JSONDecoder().decode(File<String>.self, from: bytes))?.archive { e in
                switch (e.relation, e.index, e.style) {
                case ("root", nil, nil): return .root
                case ("child", let i?, nil): return .child(i)
                case ("presented", nil, let s?): return ModalPresentationStyle(rawValue: s).map { .presented($0) }
                default: return nil
                }
            }
        default: return nil
        }
    }

    struct Header: Decodable {
        var version: Int?
    }

    /// Version 1's relation, as the synthesised Codable of NavLab's own enum wrote it:
    /// `{"root": {}}`, `{"child": {"_0": 1}}`, `{"presented": {"_0": "formSheet"}}`.
    enum V1Relation: Decodable {
        case root
        case child(Int)
        case presented(String)
    }

    /// The file, its entries' relation as `Relation` says it (version 2: a word, with `index`
    /// or `style` beside it).
    struct File<Relation: Decodable>: Decodable {
        struct Entry: Decodable {
            var path: [String]
            var relation: Relation
            var index: Int?
            var style: String?
            var parent: Int?
            var className: String
            var kind: String
            var restorationClass: String
            var storyboard: Bool
            var selectedIndex: Int?
            var encodesChildren: Bool
            var state: [String: String]
            var viewState: [String: String]
        }
        var systemVersion: String
        var idiom: String
        var appState: [String: String]?
        var entries: [Entry]

        /// The archive, when every entry's relation, kind and restoration class are ones NavLab knows.
        func archive(_ relation: (Entry) -> ArchivedViewController.Relation?) -> Archive? {
            var out: [ArchivedViewController] = []
            for e in entries {
                guard let r = relation(e), let kind = Kind(rawValue: e.kind), let rc = RestorationClass(rawValue: e.restorationClass) else { return nil }
                out.append(ArchivedViewController(path: e.path, relation: r, parent: e.parent, className: e.className, kind: kind,
                                                  restorationClass: rc, storyboard: e.storyboard, selectedIndex: e.selectedIndex,
                                                  encodesChildren: e.encodesChildren, state: e.state, viewState: e.viewState))
            }
            return Archive(systemVersion: systemVersion, idiom: idiom, entries: out, appState: appState ?? [:])
        }
    }
}
