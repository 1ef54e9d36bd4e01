import NavLabCore

/// What a `patch` leaves out of the values it adds, and the page fills back in (Public/js/
/// patch.js, `complete` and `derive`), so that a step costs its news, not the fields every view
/// controller has. Applying a patch with these completions gives exactly `GET /api/state`:
///
/// - a view controller's entry added whole (`add /viewControllers/NAME`) leaves out each field
///   that has its default value (`defaults`: nil, false, an empty list, `automatic`), and the
///   fields derived from others (`isDerived`): `appearance` (from `inWindow`), and for a
///   navigation, tab bar or page view controller `viewControllers` (a copy of `children`) and
///   a navigation controller's `topViewController` (its last child). Those derived fields are
///   never patched on their own either: the page derives them again for every view controller
///   a patch touched, and the `children` splices are sent once, not for both lists;
/// - a `memory` entry leaves out a `leakCause` of null, and each holder (`heldBy`) leaves out
///   `"strong": true`, and `kind` and `viewController` when the holder is the view controller
///   named by `holder`;
/// - `screen` and `windowSubviews` change part by part (plain RFC 6902 operations on their
///   elements and fields) when that is shorter than the whole value.
public enum PageCompact {
    /// The fields of a view controller's entry that are left out at these values (serialized).
    public static let defaults: [(String, String)] = [
        ("parent", "null"), ("children", "[]"), ("presentedViewController", "null"), ("presentingViewController", "null"),
        ("modalPresentationStyle", "\"automatic\""), ("presentationStyle", "null"), ("definesPresentationContext", "false"),
        ("restorationIdentifier", "null"), ("restorationPath", "null"), ("isViewLoaded", "false"), ("inWindow", "false"),
        ("restored", "false"), ("properties", "{}"),
    ]

    /// Top-level fields sent part by part.
    static let partwise: Set<String> = ["screen", "windowSubviews"]

    /// A field the page derives from the others of the same entry.
    public static func isDerived(_ key: String, kind: Kind) -> Bool {
        switch key {
        case "appearance": return true
        case "viewControllers": return kind == .navigation || kind == .tabBar || kind == .page
        case "topViewController": return kind == .navigation
        default: return false
        }
    }

    /// A view controller's entry without its defaults and derived fields.
    public static func viewController(_ entry: JSON) -> JSON {
        guard case .object(let pairs) = entry else { return entry }
        let kind = pairs.first { $0.0 == "kind" }.flatMap { p -> Kind? in
            if case .string(let k) = p.1 { return Kind(rawValue: k) }
            return nil
        } ?? .plain
        return .object(pairs.filter { key, value in
            if isDerived(key, kind: kind) { return false }
            guard let d = defaults.first(where: { $0.0 == key }) else { return true }
            return !isDefault(value, d.1)
        })
    }

    /// A `memory` entry without a null `leakCause`, its holders compact.
    public static func memoryEntry(_ entry: JSON) -> JSON {
        guard case .object(let pairs) = entry else { return entry }
        var out: [(String, JSON)] = []
        for (k, v) in pairs {
            if k == "leakCause", case .null = v { continue }
            if k == "heldBy", case .array(let holders) = v { out.append((k, .array(holders.map(holder)))); continue }
            out.append((k, v))
        }
        return .object(out)
    }

    /// One holder without `"strong": true`, and without `kind` and `viewController` when the
    /// holder is the view controller it names.
    public static func holder(_ h: JSON) -> JSON {
        guard case .object(let pairs) = h else { return h }
        let holder = h["holder"], named = h["viewController"]
        let byName: Bool
        if case .string("viewController")? = h["kind"], let holder, let named, holder == named { byName = true } else { byName = false }
        return .object(pairs.filter { k, v in
            if k == "strong", case .bool(true) = v { return false }
            if byName, k == "kind" || k == "viewController" { return false }
            return true
        })
    }

    static func isDefault(_ value: JSON, _ text: String) -> Bool {
        switch value {
        case .null: return text == "null"
        case .bool(let b): return text == (b ? "true" : "false")
        case .array(let a): return a.isEmpty && text == "[]"
        case .object(let o): return o.isEmpty && text == "{}"
        case .string(let s): return text.utf8.count == s.utf8.count + 2 && text == "\"\(s)\""
        case .int, .raw: return false
        }
    }

    /// RFC 6902 operations from `old` to `new` at `path`: the parts that changed, when that is
    /// shorter than replacing the whole value.
    static func difference(_ path: String, _ old: JSON, _ new: JSON) -> [JSON] {
        let whole = [replace(path, new)]
        var parts: [JSON] = []
        guard partwise(path, old, new, into: &parts) else { return whole }
        return JSON.array(parts).serialized().utf8.count < JSON.array(whole).serialized().utf8.count ? parts : whole
    }

    /// Appends the operations that change `old` into `new` part by part; false when the two
    /// do not have the same shape (then the whole value is replaced).
    private static func partwise(_ path: String, _ old: JSON, _ new: JSON, into ops: inout [JSON]) -> Bool {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard x.0 == y.0, !x.0.contains("/"), !x.0.contains("~") else { return false }
                if x.1 != y.1, !partwise("\(path)/\(x.0)", x.1, y.1, into: &ops) { ops.append(replace("\(path)/\(x.0)", y.1)) }
            }
            return true
        case (.array(let a), .array(let b)):
            let common = min(a.count, b.count)
            for i in 0..<common where a[i] != b[i] {
                if !partwise("\(path)/\(i)", a[i], b[i], into: &ops) { ops.append(replace("\(path)/\(i)", b[i])) }
            }
            for i in stride(from: a.count - 1, through: common, by: -1) { ops.append(.object([("op", .string("remove")), ("path", .string("\(path)/\(i)"))])) }
            for i in common..<b.count { ops.append(.object([("op", .string("add")), ("path", .string("\(path)/\(i)")), ("value", b[i])])) }
            return true
        default:
            return false
        }
    }

    private static func replace(_ path: String, _ value: JSON) -> JSON {
        .object([("op", .string("replace")), ("path", .string(path)), ("value", value)])
    }
}
