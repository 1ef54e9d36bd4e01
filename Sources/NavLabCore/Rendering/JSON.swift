/// A JSON value with ordered object keys, so documents read in SPEC §3's order and are
/// byte-for-byte deterministic.
public indirect enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// JSON text serialized already (a part of a document kept as text), written as is.
    case raw(String)

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }
    public func hash(into h: inout Hasher) { h.combine(serialized()) }

    public static func str(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }
    public static func strings(_ a: [String]) -> JSON { .array(a.map(JSON.string)) }

    public subscript(key: String) -> JSON? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// Compact (one line) or pretty (two-space indent).
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(&out, pretty: pretty, indent: 0)
        return out
    }

    private func write(_ out: inout String, pretty: Bool, indent: Int) {
        let nl = pretty ? "\n" : ""
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .raw(let text): out += text
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Arrays of scalars stay on one line even when pretty.
            let flat = items.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            if flat || !pretty {
                out += "["
                for (i, v) in items.enumerated() {
                    if i > 0 { out += pretty ? ", " : "," }
                    v.write(&out, pretty: pretty, indent: indent + 1)
                }
                out += "]"
                return
            }
            out += "[" + nl
            for (i, v) in items.enumerated() {
                out += pad
                v.write(&out, pretty: pretty, indent: indent + 1)
                out += (i < items.count - 1 ? "," : "") + nl
            }
            out += closePad + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{" + nl
            for (i, (k, v)) in pairs.enumerated() {
                out += pad
                JSON.escape(k, into: &out)
                out += pretty ? ": " : ":"
                v.write(&out, pretty: pretty, indent: indent + 1)
                out += (i < pairs.count - 1 ? "," : "") + nl
            }
            out += closePad + "}"
        }
    }

    static func escape(_ s: String, into out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}

extension State {
    /// The document of SPEC §3 (`tree --json`, `run --json`, `GET /api/state`).
    public func json(seq: Int) -> JSON {
        let inWindow = Set(windowViewControllers())
        let leakedIDs = leaked()
        var vcs: [(String, JSON)] = []
        for id in allocatedIDs {
            vcs.append((self[id].name, json(for: id, inWindow: inWindow)))
        }
        return jsonDocument(vcs: vcs, leakedIDs: leakedIDs, seq: seq)
    }

    func applicationJSON() -> JSON {
        .object([
            ("state", .string(application.state.rawValue)),
            ("launches", .int(application.launches)),
            ("archive", .object([
                ("exists", .bool(application.data.archive != nil)),
                ("paths", .strings(application.archive?.paths ?? [])),
            ])),
            ("optIn", application.optIn.implemented
                ? .object([("save", .bool(application.optIn.save)), ("restore", .bool(application.optIn.restore))]) : .null),
            ("installed", .bool(application.data.installed)),
            ("scenes", .bool(application.usesScenes)),
            ("stateRestorationActivity", application.data.activity.map { a in .object(a.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) } ?? .null),
            ("defaults", .object(application.defaults.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ])
    }

    func jsonDocument(vcs: [(String, JSON)], leakedIDs: [VCID], seq: Int) -> JSON {
        var top = topLevelJSON(seq: seq, application: true)
        let vcsAt = top.firstIndex { $0.0 == "top" }! + 1
        top.insert(("viewControllers", .object(vcs)), at: vcsAt)
        top.insert(("allocated", .strings(allocatedIDs.map { self[$0].name })), at: vcsAt + 1)
        top.insert(("leaked", .strings(leakedIDs.map { self[$0].name })), at: vcsAt + 2)
        return .object(top)
    }

    /// The document's top-level fields but `viewControllers`, `allocated` and `leaked` (and,
    /// without `application`, that one too): each O(what is on screen), not O(n).
    public func topLevelJSON(seq: Int, application includeApplication: Bool) -> [(String, JSON)] {
        var out: [(String, JSON)] = [("seq", .int(seq))]
        if includeApplication { out.append(("application", applicationJSON())) }
        out += [
            ("window", .object([
                ("rootViewController", .str(name(window.rootViewController))),
                ("transitionViews", .int(window.transitionViewCount)),
                ("isKeyWindow", .bool(window.isKey)),
            ])),
            ("screen", .strings(screen().map { self[$0].name })),
            ("top", .str(name(top()))),
            ("holds", .array(holds.map { .object([("label", .string($0.label)), ("viewController", .string(self[$0.viewController].name))]) })),
            ("device", .object([("idiom", .string(device.idiom.rawValue)), ("iOS", .int(device.iOS))])),
            ("initial", .str(initial?.text)),
        ]
        return out
    }

    /// One entry of `viewControllers`. Without `childLists`, the arrays that list the children
    /// (`children`, and `viewControllers` of navigation, tab bar and page view controllers) are
    /// left out: a change records those as splices (PagePatch).
    public func json(for id: VCID, inWindow: Set<VCID>, childLists: Bool = true) -> JSON {
        let vc = self[id]
        var fields: [(String, JSON)] = [
            ("class", .string(vc.className)),
            ("kind", .string(vc.kind.rawValue)),
            ("parent", .str(name(vc.parent))),
        ]
        if childLists { fields.append(("children", .strings(vc.children.map { self[$0].name }))) }
        fields += [
            ("presentedViewController", .str(name(presentedViewController(of: id)))),
            ("presentingViewController", .str(name(presentingViewController(of: id)))),
            ("modalPresentationStyle", .string(vc.modalPresentationStyle.rawValue)),
            ("presentationStyle", .str(vc.presentation?.style.rawValue)),
            ("definesPresentationContext", .bool(vc.definesPresentationContext)),
            ("restorationIdentifier", .str(vc.restorationIdentifier)),
            ("restorationPath", .str(restorationPath(of: id))),
            ("isViewLoaded", .bool(vc.isViewLoaded)),
            ("inWindow", .bool(inWindow.contains(id))),
            ("appearance", .string(inWindow.contains(id) ? "appeared" : "disappeared")),
            ("restored", .bool(vc.restored)),
            ("properties", .object(vc.properties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ]
        switch vc.kind {
        case .navigation:
            if childLists { fields.append(("viewControllers", .strings(vc.children.map { self[$0].name }))) }
            fields.append(("topViewController", .str(name(vc.children.last))))
        case .tabBar:
            if childLists { fields.append(("viewControllers", .strings(vc.children.map { self[$0].name }))) }
            fields.append(("selectedIndex", .int(vc.selectedIndex)))
        case .page:
            if childLists { fields.append(("viewControllers", .strings(vc.children.map { self[$0].name }))) }
        case .split:
            fields.append(("viewControllers", .strings(visibleChildren(of: id).map { self[$0].name })))
        case .plain, .container: break
        }
        if vc.kind == .page { fields.append(("transitionStyle", .string(vc.transitionStyle.rawValue))) }
        return .object(fields)
    }

    /// The restoration identifiers from the window's root down to `id` (UIKit #129), or nil
    /// when `id` or an ancestor has none (UIKit #120) or it is not in the root's hierarchy.
    public func restorationPath(of id: VCID) -> String? {
        var components: [String] = []
        var current: VCID? = id
        var seen: Set<VCID> = []
        while let c = current, seen.insert(c).inserted {
            guard let rid = self[c].restorationIdentifier else { return nil }
            components.append(rid)
            if c == window.rootViewController { return components.reversed().joined(separator: "/") }
            current = self[c].parent ?? self[c].presenter
        }
        return nil
    }
}

extension Event {
    /// One element of `log --json` (SPEC §3).
    public func json(seq: Int, command: String) -> JSON {
        var fields: [(String, JSON)] = [("seq", .int(seq)), ("command", .string(command)), ("callback", .string(callback))]
        if let viewController { fields.append(("viewController", .string(viewController))) }
        if let animated { fields.append(("animated", .bool(animated))) }
        if isMove { fields.append(("parent", .str(parent))) }
        if let message { fields.append(("message", .string(message))) }
        return .object(fields)
    }
}
