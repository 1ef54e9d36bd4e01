import NavLabCore

enum SwiftNames {
    static let keywords: Set<String> = ["associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws",
        "true", "try", "Any", "Type", "some", "any", "await", "async"]
    /// Names the program itself uses for other things.
    static let taken: Set<String> = ["window", "held", "run", "next", "launches", "shared", "step", "perform", "start", "launch",
        "Script", "AppDelegate", "SceneDelegate", "Names", "Step", "Then", "NavLabNamed", "LoggedViewController",
        "LoggedNavigationController", "LoggedTabBarController", "LoggedSplitViewController", "LoggedPageViewController", "String", "Int", "Bool", "Double", "Array",
        "Dictionary", "Set", "Error", "Never", "Void", "Optional", "Character", "Result", "Task", "Data", "Date", "URL", "Notification",
        "NSObject", "NSCoder", "Protocol"]

    /// A NavLab class as a Swift class: the app's own by its name, UIKit's containers
    /// (`UINavigationController`) as the logging base class (`LoggedNavigationController`).
    static func className(_ cls: String) -> String {
        if ["UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController"].contains(cls) {
            return "Logged" + cls.dropFirst(2)
        }
        if cls.hasPrefix("UI"), cls.count > 2 { return "Logging" + cls.dropFirst(2) }
        if cls.hasPrefix("NS") { return "App" + cls }
        if keywords.contains(cls) || taken.contains(cls) { return cls + "ViewController" }
        return cls
    }

    /// An instance name as a Swift variable: `Register` → `register`, `UINavigationController#2`
    /// → `uiNavigationController2`.
    static func variable(_ name: String) -> String {
        var base = name, number = ""
        if let hash = name.lastIndex(of: "#") { base = String(name[..<hash]); number = String(name[name.index(after: hash)...]) }
        let chars = Array(base)
        var upper = 0
        while upper < chars.count, chars[upper].isUppercase { upper += 1 }
        let lowered: String
        if upper == 0 { lowered = base }
        else if upper == 1 || upper == chars.count { lowered = String(chars[..<upper]).lowercased() + String(chars[upper...]) }
        else { lowered = String(chars[..<(upper - 1)]).lowercased() + String(chars[(upper - 1)...]) }
        let v = lowered + number
        // Not a word of the language, nor a name the program gives its own members (`step3`).
        let programs = ["step", "makeInitialUI"].contains { v.hasPrefix($0) && Int(v.dropFirst($0.count)) != nil }
        return keywords.contains(v) || taken.contains(v) || programs ? v + "VC" : v
    }

    /// A Swift string literal.
    static func literal(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 || ch.value == 0x7f { out += "\\u{\(String(ch.value, radix: 16))}" } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    static func dictionary(_ d: [String: String]) -> String {
        d.isEmpty ? "[:]" : "[" + d.sorted { $0.key < $1.key }.map { "\(literal($0.key)): \(literal($0.value))" }.joined(separator: ", ") + "]"
    }
}
