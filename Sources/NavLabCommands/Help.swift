import NavLabCore

/// `help`, `help VERB`, `help PATTERN`: all read the verb table.
public enum Help {
    public static func render(_ topic: String?) -> String {
        guard let topic else { return overview() }
        if let verb = VerbTable.verb(named: topic) { return detail(verb) }
        let needle = topic.lowercased()
        // The product's own name says nothing about a verb: `help Nav` is not about `quit`
        // ("leaves NavLab").
        func text(_ s: String) -> String { s.lowercased().replacingText("navlab", with: "") }
        let matches = VerbTable.all.filter {
            $0.name.lowercased().containsText(needle) || text($0.summary).containsText(needle) || text($0.uikit).containsText(needle)
        }
        if matches.isEmpty {
            let near = Suggest.nearest(to: topic, in: VerbTable.names)
            return "no verb matches '\(topic)'" + (near.map { " — did you mean \($0)?" } ?? "; `help` lists them all")
        }
        return matches.map { line($0) }.joined(separator: "\n")
    }

    /// `  syntax   summary`; a long syntax gets the summary on the next line.
    static func line(_ v: Verb) -> String {
        let column = 40
        if v.syntax.count < column - 1 {
            return "  \(v.syntax)\(String(repeating: " ", count: column - v.syntax.count))\(v.summary)"
        }
        return "  \(v.syntax)\n  \(String(repeating: " ", count: column))\(v.summary)"
    }

    public static func overview() -> String {
        // A short index first: every verb by group, on one line each.
        var lines = ["Start with `initial SPEC` and `launch`; then present, push, swapRoot… Every verb, by group:"]
        for group in Verb.Group.allCases {
            let names = VerbTable.all.filter { $0.group == group }.map({ $0.name })
            guard !names.isEmpty else { continue }
            lines.append("  \(group.rawValue): " + names.joined(separator: ", "))
        }
        lines.append("")
        for group in Verb.Group.allCases {
            let verbs = VerbTable.all.filter { $0.group == group }
            guard !verbs.isEmpty else { continue }
            lines.append(group.rawValue + ":")
            lines += verbs.map(line)
            lines.append("")
        }
        lines.append("SPEC: Class | @Name | Nav(…) | Tab(…) | Split(A, B) | Page(A) | Root(…) | Sub:Nav(…) | SwiftUI(View[, NavigationStack(V)|TabView(V, …)]) | Sheet(View)")
        lines.append("NAME: an instance (Detail, Detail#2, UINavigationController), root, or top")
        lines.append("A; B runs both in one run-loop turn: A's animation is still running when B starts.")
        lines.append("`help VERB` for one verb; `help WORD` for the verbs about WORD.")
        return lines.joined(separator: "\n")
    }

    public static func detail(_ v: Verb) -> String {
        // Its own page needs no pointer to itself.
        let summary = v.summary.replacingText(" (see `help \(v.name)`)", with: "")
        var lines = [v.syntax, "  \(summary)", "  UIKit: \(v.uikit)"]
        if !v.examples.isEmpty {
            lines.append("  examples:")
            lines += v.examples.map { "    \($0)" }
        }
        if v.name == "expect" {
            lines.append("  facts (prefix any with `not`):")
            lines += ExpectParser.facts.map { "    \($0.0)\(String(repeating: " ", count: max(1, 34 - $0.0.count)))\($0.1)" }
        }
        if v.name == "export" {
            lines.append("  formats:")
            lines += ExportFormat.allCases.map { "    \($0.rawValue)\(String(repeating: " ", count: 10 - $0.rawValue.count))\($0.summary)" }
        }
        if v.name == "class" || v.name == "set" {
            lines.append("  keys:")
            lines += State.settingKeys.map { "    \($0.key)=\($0.values)" }
            if v.name == "set" { lines.append("    any other key=value is the app's own property (capital=Paris)") }
        }
        return lines.joined(separator: "\n")
    }

    /// Docs/Reference.md, generated from the table (a test keeps the file in step).
    public static func markdownReference() -> String {
        var out = "# Command reference\n\nGenerated from the verb table (`navlab reference`); do not edit by hand.\n"
        for group in Verb.Group.allCases {
            let verbs = VerbTable.all.filter { $0.group == group }
            guard !verbs.isEmpty else { continue }
            out += "\n## \(group.rawValue)\n"
            for v in verbs {
                out += "\n### `\(v.name)`\n\n`\(v.syntax)`\n\n\(v.summary.prefix(1).uppercased() + v.summary.dropFirst()).\n\nUIKit: `\(v.uikit)`\n"
                if !v.examples.isEmpty { out += "\n```\n" + v.examples.joined(separator: "\n") + "\n```\n" }
                if v.name == "expect" {
                    out += "\n| fact | holds when |\n|---|---|\n"
                    out += ExpectParser.facts.map { "| `\($0.0)` | \($0.1) |" }.joined(separator: "\n") + "\n"
                }
                if v.name == "export" {
                    out += "\n| format | what it writes |\n|---|---|\n"
                    out += ExportFormat.allCases.map { "| `\($0.rawValue)` | \($0.summary) |" }.joined(separator: "\n") + "\n"
                }
                if v.name == "class" {
                    out += "\n| key | values |\n|---|---|\n"
                    out += State.settingKeys.map { "| `\($0.key)` | \($0.values) |" }.joined(separator: "\n") + "\n"
                }
            }
        }
        return out
    }
}

