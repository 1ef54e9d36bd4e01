import Foundation
import NavLabCore

/// Reads `archive.json` as any version of NavLab wrote it. The engine writes it
/// (`Archive.fileText`, version 2); version 1, from before the engine had its own JSON writer
/// (no `version` field), is the layout Swift's synthesised Codable gave NavLab's types — read
/// here by the same synthesis, on types of that shape (`V1`), so nothing copies it by hand. A
/// file that is neither, or from a newer NavLab, is not an archive this one can read.
enum ArchiveReader {
    static func archive(from bytes: Data) -> Archive? {
        guard let header = try? JSONDecoder().decode(Header.self, from: bytes) else { return nil }
        switch header.version ?? 1 {
        case 1: return (try? JSONDecoder().decode(V1.self, from: bytes))?.archive
        case 2: return (try? JSONDecoder().decode(V2.self, from: bytes))?.archive
        default: return nil
        }
    }

    struct Header: Decodable {
        var version: Int?
    }

    /// Version 2: what `Archive.fileText` writes.
    struct V2: Decodable {
        struct Entry: Decodable {
            var path: [String]
            var relation: String
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
        var version: Int
        var systemVersion: String
        var idiom: String
        var appState: [String: String]?
        var entries: [Entry]

        var archive: Archive? {
            var out: [ArchivedViewController] = []
            for e in entries {
                let relation: ArchivedViewController.Relation
                switch (e.relation, e.index, e.style.flatMap(ModalPresentationStyle.init(rawValue:))) {
                case ("root", nil, nil) where e.style == nil: relation = .root
                case ("child", let i?, nil) where e.style == nil: relation = .child(i)
                case ("presented", nil, let style?): relation = .presented(style)
                default: return nil
                }
                guard let entry = ArchiveReader.entry(e.path, relation, e.parent, e.className, e.kind, e.restorationClass, e.storyboard,
                                                      e.selectedIndex, e.encodesChildren, e.state, e.viewState) else { return nil }
                out.append(entry)
            }
            return Archive(systemVersion: systemVersion, idiom: idiom, entries: out, appState: appState ?? [:])
        }
    }

    /// Version 1: the types as they were, for the synthesised decoding that wrote their files.
    struct V1: Decodable {
        enum Relation: Decodable {
            case root
            case child(Int)
            case presented(String)
        }
        struct Entry: Decodable {
            var path: [String]
            var relation: Relation
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
        var entries: [Entry]
        var appState: [String: String]?

        var archive: Archive? {
            var out: [ArchivedViewController] = []
            for e in entries {
                let relation: ArchivedViewController.Relation
                switch e.relation {
                case .root: relation = .root
                case .child(let i): relation = .child(i)
                case .presented(let s):
                    guard let style = ModalPresentationStyle(rawValue: s) else { return nil }
                    relation = .presented(style)
                }
                guard let entry = ArchiveReader.entry(e.path, relation, e.parent, e.className, e.kind, e.restorationClass, e.storyboard,
                                                      e.selectedIndex, e.encodesChildren, e.state, e.viewState) else { return nil }
                out.append(entry)
            }
            return Archive(systemVersion: systemVersion, idiom: idiom, entries: out, appState: appState ?? [:])
        }
    }

    /// An entry, when its words name a kind and a restoration class NavLab knows.
    static func entry(_ path: [String], _ relation: ArchivedViewController.Relation, _ parent: Int?, _ className: String, _ kind: String,
                      _ restorationClass: String, _ storyboard: Bool, _ selectedIndex: Int?, _ encodesChildren: Bool,
                      _ state: [String: String], _ viewState: [String: String]) -> ArchivedViewController? {
        guard let kind = Kind(rawValue: kind), let restorationClass = RestorationClass(rawValue: restorationClass) else { return nil }
        return ArchivedViewController(path: path, relation: relation, parent: parent, className: className, kind: kind,
                                      restorationClass: restorationClass, storyboard: storyboard, selectedIndex: selectedIndex,
                                      encodesChildren: encodesChildren, state: state, viewState: viewState)
    }
}
