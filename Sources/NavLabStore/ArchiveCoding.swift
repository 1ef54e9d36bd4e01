import Foundation
import NavLabCore

// The archive's JSON on disk. The engine is built for the browser too, where `Codable` does
// not exist, so the conformances live here, at the native edge. They write exactly what the
// compiler-synthesised ones wrote before they moved (archives already on disk still read):
// fields by name, `nil` optionals left out, an enum case with a value as
// `{"case": {"_0": value}}` and one without as `{"case": {}}`.

extension ModalPresentationStyle: Codable {}
extension Kind: Codable {}
extension RestorationClass: Codable {}

extension Archive: Codable {
    enum CodingKeys: String, CodingKey { case systemVersion, idiom, entries, appState }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(systemVersion: try c.decode(String.self, forKey: .systemVersion),
                  idiom: try c.decode(String.self, forKey: .idiom),
                  entries: try c.decode([ArchivedViewController].self, forKey: .entries),
                  appState: try c.decodeIfPresent([String: String].self, forKey: .appState) ?? [:])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(systemVersion, forKey: .systemVersion)
        try c.encode(idiom, forKey: .idiom)
        try c.encode(entries, forKey: .entries)
        // Left out when empty: archives without app-level state are written as before.
        if !appState.isEmpty { try c.encode(appState, forKey: .appState) }
    }
}

extension ArchivedViewController: Codable {
    enum CodingKeys: String, CodingKey {
        case path, relation, parent, className, kind, restorationClass, storyboard, selectedIndex
        case encodesChildren, state, viewState
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try c.decode([String].self, forKey: .path),
                  relation: try c.decode(Relation.self, forKey: .relation),
                  parent: try c.decodeIfPresent(Int.self, forKey: .parent),
                  className: try c.decode(String.self, forKey: .className),
                  kind: try c.decode(Kind.self, forKey: .kind),
                  restorationClass: try c.decode(RestorationClass.self, forKey: .restorationClass),
                  storyboard: try c.decode(Bool.self, forKey: .storyboard),
                  selectedIndex: try c.decodeIfPresent(Int.self, forKey: .selectedIndex),
                  encodesChildren: try c.decode(Bool.self, forKey: .encodesChildren),
                  state: try c.decode([String: String].self, forKey: .state),
                  viewState: try c.decode([String: String].self, forKey: .viewState))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(relation, forKey: .relation)
        try c.encodeIfPresent(parent, forKey: .parent)
        try c.encode(className, forKey: .className)
        try c.encode(kind, forKey: .kind)
        try c.encode(restorationClass, forKey: .restorationClass)
        try c.encode(storyboard, forKey: .storyboard)
        try c.encodeIfPresent(selectedIndex, forKey: .selectedIndex)
        try c.encode(encodesChildren, forKey: .encodesChildren)
        try c.encode(state, forKey: .state)
        try c.encode(viewState, forKey: .viewState)
    }
}

extension ArchivedViewController.Relation: Codable {
    enum CodingKeys: String, CodingKey { case root, child, presented }
    enum ValueKeys: String, CodingKey { case _0 }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath,
                debugDescription: "a relation has exactly one of root, child, presented"))
        }
        switch key {
        case .root:
            _ = try c.nestedContainer(keyedBy: ValueKeys.self, forKey: .root)
            self = .root
        case .child:
            self = .child(try c.nestedContainer(keyedBy: ValueKeys.self, forKey: .child).decode(Int.self, forKey: ._0))
        case .presented:
            self = .presented(try c.nestedContainer(keyedBy: ValueKeys.self, forKey: .presented)
                .decode(ModalPresentationStyle.self, forKey: ._0))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .root: _ = c.nestedContainer(keyedBy: ValueKeys.self, forKey: .root)
        case .child(let i):
            var v = c.nestedContainer(keyedBy: ValueKeys.self, forKey: .child)
            try v.encode(i, forKey: ._0)
        case .presented(let style):
            var v = c.nestedContainer(keyedBy: ValueKeys.self, forKey: .presented)
            try v.encode(style, forKey: ._0)
        }
    }
}
