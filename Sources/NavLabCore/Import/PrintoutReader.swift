// Reading a printout: left out of the browser's start module (Web/Wasm/StartModule.swift
// answers instead).

// MARK: Reading `_printHierarchy`

extension ImportedHierarchy {
    /// Reads `text`, whose first line is line `firstLine` of its file. Every line it cannot
    /// read is an error that names it; nothing is returned half read.
    public static func parse(_ text: String, format: Format, firstLine: Int = 1) throws(NavLabError) -> ImportedHierarchy {
        switch format {
        case .uikit: return try parseUIKit(text, firstLine: firstLine)
        case .screenstate: return try parseScreenState(text, firstLine: firstLine)
        }
    }

    static func lines(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    /// The line past `Limits.viewControllers` lines with a '<', found by a scan of the bytes
    /// before any line is read: a printout over the limit is refused at once (Docs/Limits.md).
    static func lineOverLimit(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var line = 0, counted = 0, hasObject = false
            for b in bytes {
                if b == 0x3C { hasObject = true }
                if b == 0x0A {
                    if hasObject { counted += 1; if counted > Limits.viewControllers { return line } }
                    line += 1
                    hasObject = false
                }
            }
            if hasObject { counted += 1; if counted > Limits.viewControllers { return line } }
            return nil
        }
    }

    static func parseUIKit(_ text: String, firstLine: Int) throws(NavLabError) -> ImportedHierarchy {
        // Cycript shows the NSString `_printHierarchy` returns as one quoted line, its line
        // breaks written `\n`: read it as the lines it stands for.
        if let (at, lines) = unquotedCycriptString(text) {
            let quotedLine = firstLine + at
            do throws(NavLabError) {
                var h = try parseUIKitLines(lines, firstLine: quotedLine)
                h.unquoted = true
                return h
            } catch {
                var e = error
                let inner = e.location.line - quotedLine + 1
                e.message = "cycript's quoted string, its line \(inner) (after \\n): " + e.message
                e.location = SourceLocation(line: quotedLine, column: 1)
                throw e
            }
        }
        return try parseUIKitLines(text, firstLine: firstLine)
    }

    /// The lines of a printout written as one quoted string (`"<UINavigationController 0x…>,
    /// state: appeared, …\n   | <…>"`, or `@"…"`), as cycript shows `_printHierarchy`'s
    /// result when `.toString()` is not used: the index of that line and the text unescaped. Nil
    /// when the text is not one such line (prompt lines, fences and blank lines aside).
    static func unquotedCycriptString(_ text: String) -> (line: Int, text: String)? {
        var found: (Int, Substring)?
        var other = false
        try? forEachLine(text) { (raw: Substring, i: Int) throws(NavLabError) in
            var t = raw.drop { $0 == " " || $0 == "\t" }
            while t.last == " " || t.last == "\t" { t = t.dropLast() }
            if t.isEmpty || t.hasPrefix("cy# ") || t.hasPrefix("(lldb)") || t.hasPrefix("```") { return }
            while t.first == "`" { t = t.dropFirst() }
            while t.last == "`" { t = t.dropLast() }
            if found == nil, t.hasPrefix("\"<") || t.hasPrefix("@\"<"), t.count > 2, t.last == "\"" {
                found = (i, t)
            } else {
                other = true
                throw NavLabError(.invalid, "not one quoted line", at: SourceLocation(line: i, column: 1))
            }
        }
        guard !other, let (i, quoted) = found else { return nil }
        var body = quoted.dropLast()
        body = body.first == "@" ? body.dropFirst(2) : body.dropFirst()
        var out = ""
        var escaped = false
        for c in body {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return (i, out)
    }

    static func parseUIKitLines(_ text: String, firstLine: Int) throws(NavLabError) -> ImportedHierarchy {
        var nodes: [Node] = []
        /// The last node read at each depth: the parent or presenter of what follows.
        var lastAtDepth: [Int] = []
        var colon: Bool?
        /// Which node printed each address (two lines with one address are one mistake).
        var addressLines: [String: Int] = [:]
        /// The first line's level: a fragment (UIKit #178) starts below the root.
        var baseLevel = 0
        var fragmentFirstLine: Int?
        var twoSpaces = false
        var withStates: Bool?
        var lastContentLine = firstLine
        try forEachLine(text) { (raw: Substring, i: Int) throws(NavLabError) in
            let lineNumber = firstLine + i
            // Past its first lines (where a wrong paste shows), a printout over the limit is
            // refused at once, without reading the lines up to it (Docs/Limits.md).
            if i == 1_000, let over = lineOverLimit(text) {
                throw NavLabError(.invalid, "more than \(Limits.viewControllers) view controllers: NavLab holds at most \(Limits.viewControllers)",
                                  at: SourceLocation(line: firstLine + over, column: 1),
                                  suggestion: "import the part of the printout you want to try things on (a fragment imports as the subtree it shows)")
            }
            var s = raw
            while s.last == " " || s.last == "\t" { s.removeLast() }
            // A Markdown fence or backtick around the printout (publishing, not UIKit).
            var lead = s.prefix { $0 == " " || $0 == "\t" }.count
            let body = s.dropFirst(lead)
            if body.hasPrefix("```") && body.dropFirst(3).allSatisfy({ $0.isLetter || $0.isNumber }) { return }
            if nodes.isEmpty, body.first == "`" {
                s = body.drop { $0 == "`" }
                lead = 0
            }
            while s.last == "`" { s.removeLast() }
            while s.last == " " || s.last == "\t" { s.removeLast() }
            if s.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
            // What the debugger's console shows around the output.
            let trimmed = s.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("(lldb)") || trimmed.hasPrefix("po ") || trimmed.hasPrefix("expr ") || trimmed.hasPrefix("e ") || trimmed.hasPrefix("cy# ") { return }
            // A Markdown quote (`> `) before every line: never UIKit's, whose lines start with
            // spaces, '|', '+' or '<'.
            if trimmed.first == ">" {
                s = trimmed.dropFirst()
                if s.first == " " { s = s.dropFirst() }
                if s.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
            }
            _ = lead
            guard nodes.count < Limits.viewControllers else {
                throw NavLabError(.invalid, "more than \(Limits.viewControllers) view controllers: NavLab holds at most \(Limits.viewControllers)",
                                  at: SourceLocation(line: lineNumber, column: 1),
                                  suggestion: "import the part of the printout you want to try things on (a fragment imports as the subtree it shows)")
            }
            var node = try parseUIKitLine(s, line: lineNumber, colon: &colon, first: nodes.isEmpty, withStates: &withStates)
            if node.node.twoSpaceNotLoaded { twoSpaces = true }
            lastContentLine = lineNumber
            var depth = node.depth
            let index = nodes.count
            if nodes.isEmpty {
                if depth.level > 0 || depth.presented || node.node.presentationControllerClass != nil || node.node.printedNullPresentation {
                    // A fragment: the printout starts below the window's root (UIKit #178).
                    fragmentFirstLine = lineNumber
                    baseLevel = depth.level
                }
                node.node.isPresented = false
                depth = (0, false)
            } else {
                if index == 1, depth.level == baseLevel, nodes[0].printedLine.map({ $0.drop { $0 == " " }.hasPrefix("+ ") }) == true {
                    // `   + ` on a view controller printed at depth 0 (its children follow at
                    // `   | `): _printHierarchy sent to a presented or detached one (UIKit #178).
                    baseLevel -= 1
                }
                guard depth.level > baseLevel else {
                    throw NavLabError(.syntax, depth.level == 0
                                        ? "a second root view controller: only the first line may start without '   | ' or '   + '"
                                        : "this line is no deeper than the first line: a printout has one root (here line \(nodes[0].line))",
                                      at: SourceLocation(line: lineNumber, column: 1),
                                      suggestion: "import one window's hierarchy at a time")
                }
                depth.level -= baseLevel
            }
            // Each '   | ' or '   + ' is a level below the root (children and presentations).
            try checkDepth(depth.level + 1, line: lineNumber)
            if index > 0 {
                guard depth.level <= lastAtDepth.count else {
                    throw NavLabError(.syntax, "this line is indented \(depth.level) levels, one more than its parent allows (\(lastAtDepth.count))",
                                      at: SourceLocation(line: lineNumber, column: 1),
                                      suggestion: "each level adds one '   | ' (or '   + ' for a presented view controller)")
                }
                let owner = lastAtDepth[depth.level - 1]
                node.node.parent = owner
                if depth.presented {
                    if let other = nodes[owner].presented {
                        throw NavLabError(.invalid, "\(nodes[owner].className) (line \(nodes[owner].line)) already presents \(nodes[other].className) (line \(nodes[other].line)); a view controller presents at most one",
                                          at: SourceLocation(line: lineNumber, column: 1), suggestion: "check the '   + ' lines' indentation")
                    }
                    nodes[owner].presented = index
                } else {
                    guard nodes[owner].presented == nil else {
                        throw NavLabError(.syntax, "a child after what its parent presents: _printHierarchy prints the children first (UIKit #156)",
                                          at: SourceLocation(line: lineNumber, column: 1), suggestion: "check the indentation of this line and the '   + ' line above it")
                    }
                    nodes[owner].children.append(index)
                }
            }
            if let a = node.node.address, let twin = addressLines[a] {
                throw NavLabError(.invalid, "\(node.node.className) has the address \(a), which line \(nodes[twin].line) (\(nodes[twin].className)) has too: one address is one object",
                                  at: SourceLocation(line: lineNumber, column: 1), suggestion: "check lines \(nodes[twin].line) and \(lineNumber): was a line pasted twice?")
            }
            if let a = node.node.address { addressLines[a] = index }
            lastAtDepth.removeSubrange(depth.level...)
            lastAtDepth.append(index)
            nodes.append(node.node)
        }
        _ = lastContentLine
        guard !nodes.isEmpty else {
            throw NavLabError(.syntax, "there is no view controller to import",
                              at: SourceLocation(line: firstLine, column: 1),
                              suggestion: "paste what `po [UIViewController _printHierarchy]` printed (`<UINavigationController 0x…>, state: appeared, view: …`)")
        }
        var h = ImportedHierarchy(format: .uikit, nodes: nodes, colonInViewDescription: colon, firstLine: firstLine)
        h.fragmentFirstLine = fragmentFirstLine
        h.twoSpaceNotLoaded = twoSpaces
        h.printsStates = withStates ?? true
        try h.inferKinds()
        return h
    }

    /// One line: `PREFIX<Class 0xADDR>, state: S, view: VIEW[, presented with: <PC 0xADDR>]`, or
    /// `PREFIX<Class 0xADDR>` alone (an older format, UIKit #179).
    static func parseUIKitLine(_ s: Substring, line: Int, colon: inout Bool?, first: Bool, withStates: inout Bool?) throws(NavLabError) -> (node: Node, depth: (level: Int, presented: Bool)) {
        func column(_ i: Substring.Index) -> Int { s.distance(from: s.startIndex, to: i) + 1 }
        func fail(_ message: String, at i: Substring.Index, _ suggestion: String) -> NavLabError {
            NavLabError(.syntax, message, at: SourceLocation(line: line, column: column(i)), suggestion: suggestion)
        }
        var rest = s[...]
        var level = 0, presented = false
        // `   | ` per level and `   + ` last (UIKit #154, #155); as published also `  | `, `| `
        // and runs of spaces (Docs/Modelling.md, "Importing a printout").
        while !presented {
            let afterSpaces = rest.drop { $0 == " " || $0 == "\t" }
            guard let mark = afterSpaces.first, mark == "|" || mark == "+" else { break }
            let next = afterSpaces.dropFirst()
            guard next.first == " " else { break }
            level += 1
            if mark == "+" { presented = true }
            rest = next.dropFirst()
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let format = "`<Class 0xADDR>, state: appeared, view: <UIView 0xADDR>`"
        guard rest.first == "<" else {
            throw fail("expected '<' and a view controller's class", at: rest.startIndex,
                       "each line reads " + format + ", after '   | ' or '   + ' for each level")
        }
        // <Class 0xADDR> (or <Class> with addresses removed, UIKit #163)
        let vcText = rest[rest.startIndex..<(rest.firstIndex(of: ">") ?? rest.endIndex)]
        if vcText.containsText(";") {
            throw fail("this is not a line of _printHierarchy: `<Class: 0xADDR; view = …>` is one view controller's own description (Chisel's `pvc ADDRESS`, or `po` of a view controller)",
                       at: rest.startIndex, "paste what `po [UIViewController _printHierarchy]` (or Chisel's `pvc` without an address) printed")
        }
        if vcText.containsText(": 0x") {
            throw fail("a colon after the view controller's class: _printHierarchy never prints one there (UIKit #182), so this is another program's output",
                       at: rest.startIndex, "paste what `po [UIViewController _printHierarchy]` printed in the debugger")
        }
        let (cls, address, afterVC) = try object(in: rest, line: line, lineStart: s.startIndex, what: "view controller")
        rest = rest[afterVC...]
        var node = Node(printedClass: cls, className: simpleName(cls), kind: .plain, line: line)
        node.address = address
        node.printedLine = String(s)
        if rest.isEmpty {
            // An older format: the class and address only (UIKit #179).
            if let w = withStates, w {
                throw fail("expected ', state: ' after the view controller", at: rest.startIndex, "each line reads " + format + " like the lines above")
            }
            withStates = false
            return (node, (level, presented))
        }
        if rest == "," {
            throw fail("the line ends after ',': the printout's lines were wrapped (re-formatted after it was printed)", at: rest.startIndex,
                       "join each view controller's lines into one: " + format)
        }
        guard rest.hasPrefix(", state: ") else {
            throw fail("expected ', state: ' after the view controller", at: rest.startIndex, "each line reads " + format)
        }
        if withStates == false {
            throw fail("a line with ', state: ' after lines without it", at: rest.startIndex, "one printout comes from one iOS: paste it as it was printed")
        }
        withStates = true
        rest = rest.dropFirst(", state: ".count)
        let states = ["appeared", "disappeared", "appearing", "disappearing"]
        guard let word = states.first(where: { rest.hasPrefix($0 + ",") || rest == $0 }) else {
            let got = rest.prefix { $0 != "," && $0 != " " }
            throw fail("'\(got)' is not a state", at: rest.startIndex,
                       Suggest.nearest(to: String(got), in: states).map { "did you mean \($0)?" } ?? "appeared, disappeared, appearing or disappearing (UIKit #153)")
        }
        rest = rest.dropFirst(word.count)
        guard rest.hasPrefix(", view: ") else {
            throw fail("expected ', view: ' after the state", at: rest.startIndex, "each line reads " + format)
        }
        rest = rest.dropFirst(", view: ".count)
        node.stateWord = word
        node.appeared = word == "appeared" || word == "appearing"
        if rest.hasPrefix(" (view not loaded)") {
            // iOS 8–10 print two spaces (UIKit #174).
            node.twoSpaceNotLoaded = true
            rest = rest.dropFirst()
        }
        if rest.hasPrefix("(view not loaded)") {
            node.viewLoaded = false
            rest = rest.dropFirst("(view not loaded)".count)
        } else if rest.first == "<" {
            let (viewClass, viewAddress, afterView) = try object(in: rest, line: line, lineStart: s.startIndex, what: "view")
            let hasColon = rest[rest.startIndex..<afterView].contains(":")
            if address != nil || viewAddress != nil {
                if let c = colon, c != hasColon {
                    // Both are accepted (UIKit #161), but one printout comes from one iOS.
                    throw fail("this view description " + (hasColon ? "has a" : "has no") + " colon after its class, unlike the lines above",
                               at: rest.startIndex, "one printout comes from one iOS version: iOS 17 and later print `<UIView: 0x…>`, earlier ones `<UIView 0x…>` (UIKit #161)")
                }
                colon = hasColon
            }
            node.viewLoaded = true
            node.viewClass = viewClass
            node.viewAddress = viewAddress
            rest = rest[afterView...]
            if rest.hasPrefix(" not in the window") {
                node.printedNotInWindow = true
                rest = rest.dropFirst(" not in the window".count)
            }
        } else {
            throw fail("expected the view: `<UIView 0xADDR>` or `(view not loaded)`", at: rest.startIndex, "each line reads " + format)
        }
        if rest.hasPrefix(", presented with: ") {
            guard presented || first else {
                throw fail("'presented with:' on a line that does not start with '   + '", at: rest.startIndex,
                           "a presented view controller's line starts with '   + ' (UIKit #155)")
            }
            rest = rest.dropFirst(", presented with: ".count)
            if rest.hasPrefix("(null)") {
                // Printed on a view controller that nothing presents (UIKit #176).
                node.printedNullPresentation = true
                rest = rest.dropFirst("(null)".count)
            } else {
                let (pc, pcAddress, afterPC) = try object(in: rest, line: line, lineStart: s.startIndex, what: "presentation controller")
                node.presentationControllerClass = pc
                node.presentationControllerAddress = pcAddress
                rest = rest[afterPC...]
            }
            node.isPresented = presented
        } else if presented {
            throw fail("a presented view controller ('   + ') ends with ', presented with: <PresentationController 0xADDR>'",
                       at: rest.startIndex, "UIKit #155: `…, presented with: <_UIFullscreenPresentationController 0x…>`")
        }
        guard rest.isEmpty else {
            let after = rest.drop { $0 == " " }
            if after.hasPrefix("| <") || after.hasPrefix("+ <") {
                throw fail("a second view controller on this line: two lines were joined (the line break was lost when it was published)", at: rest.startIndex,
                           "put a line break before '\(after.prefix(12))…' and its spaces")
            }
            throw fail("unexpected text after the line's end: '\(rest.prefix(30))'", at: rest.startIndex, "each line reads " + format)
        }
        return (node, (level, presented))
    }

    /// NavLab's hierarchies are at most `Limits.hierarchyDepth` deep (its walks recurse).
    static func checkDepth(_ depth: Int, line: Int) throws(NavLabError) {
        guard depth > Limits.hierarchyDepth else { return }
        throw NavLabError(.invalid, "this view controller is \(depth) levels deep (children and presentations, counted from the root); NavLab allows at most \(Limits.hierarchyDepth)",
                          at: SourceLocation(line: line, column: 1), suggestion: "no real app nests this deep: is the printout's indentation intact?")
    }

    static let presentationControllerClasses = ["_UIFullscreenPresentationController", "_UIOverFullscreenPresentationController", "_UIPageSheetPresentationController",
                                                "_UIFormSheetPresentationController", "UIPopoverPresentationController",
                                                "_UICurrentContextPresentationController", "UISheetPresentationController"]

    /// `<Class 0xADDR>` at the start of `s`: the class, the address, and where it ends.
    static func object(in s: Substring, line: Int, lineStart: Substring.Index, what: String) throws(NavLabError) -> (String, String?, Substring.Index) {
        func column(_ i: Substring.Index) -> Int { s.base.distance(from: lineStart, to: i) + 1 }
        guard let close = s.firstIndex(of: ">") else {
            throw NavLabError(.syntax, "the \(what)'s '<' is never closed", at: SourceLocation(line: line, column: column(s.startIndex)),
                              suggestion: "`<Class 0xADDR>`")
        }
        let inner = s[s.index(after: s.startIndex)..<close]
        var parts = inner.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = parts.first else {
            throw NavLabError(.syntax, "an empty '<>' where a \(what) belongs", at: SourceLocation(line: line, column: column(s.startIndex)),
                              suggestion: "`<Class 0xADDR>`")
        }
        var cls = String(first)
        if cls.hasSuffix(":") { cls.removeLast() }
        parts.removeFirst()
        var address: String?
        if let a = parts.first {
            guard parts.count == 1, a.hasPrefix("0x"), a.count > 2, a.dropFirst(2).allSatisfy({ $0.isHexDigit }) else {
                throw NavLabError(.syntax, "'\(parts.joined(separator: " "))' is not an address", at: SourceLocation(line: line, column: column(a.startIndex)),
                                  suggestion: "`<\(cls) 0x7fb1c8d0a6e0>`: the class, a space (or ': '), then the address in hex")
            }
            address = String(a)
        }
        guard !cls.isEmpty, cls.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }) else {
            throw NavLabError(.syntax, "'\(cls)' is not a class name", at: SourceLocation(line: line, column: column(s.index(after: s.startIndex))),
                              suggestion: "`<\(what == "view" ? "UIView" : "App.Register") 0x…>`")
        }
        return (cls, address, s.index(after: close))
    }

    /// `App.Register` → `Register`; a mangled or unqualified name stays as it is.
    static func simpleName(_ printed: String) -> String {
        guard let dot = printed.lastIndex(of: ".") else { return printed }
        let last = String(printed[printed.index(after: dot)...])
        return State.isIdentifier(last) ? last : printed.replacingText(".", with: "_")
    }

    // MARK: Kinds

    /// Which container each node is: UIKit's classes by name; the app's subclasses by the class
    /// of their view (UIKit #162) and their children.
    mutating func inferKinds() throws(NavLabError) {
        for i in nodes.indices {
            let n = nodes[i]
            if let word = ContainerWord.allCases.first(where: { $0.kind.uikitClass == n.printedClass }) {
                nodes[i].kind = word.kind
                continue
            }
            switch n.viewClass {
            case "UILayoutContainerView":
                // Before iOS 14 a split view controller's view is one too (UIKit #177).
                nodes[i].kind = looksLikeSplit(i) ? .split : looksLikeTabBar(i) ? .tabBar : .navigation
            case "_UIPageViewControllerContentView": nodes[i].kind = .page
            case "_UISplitViewControllerPanelImplView": nodes[i].kind = .split
            default:
                if n.children.isEmpty {
                    nodes[i].kind = .plain
                } else if n.viewLoaded != true {
                    // No view to tell by: the class's name.
                    nodes[i].kind = ImportedHierarchy.kindByName(n.className) ?? .container
                } else {
                    nodes[i].kind = .container
                }
            }
        }
    }

    /// A UILayoutContainerView of a split view controller (before iOS 14, UIKit #177): its
    /// class says so, or two of its children are shown at once (a tab bar or a navigation
    /// controller shows one).
    func looksLikeSplit(_ i: Int) -> Bool {
        let n = nodes[i]
        if let kind = ImportedHierarchy.kindByName(n.className) { return kind == .split }
        return n.children.filter({ nodes[$0].appeared == true }).count >= 2
    }

    /// The container a class's name says, by the word that comes last in it:
    /// `RootTabItemNavigationController` is a navigation controller, `MainTabBarController` a
    /// tab bar controller.
    public static func kindByName(_ name: String) -> Kind? {
        let lower = Array(name.lowercased().utf8)
        var best: (Int, Kind)?
        for (word, kind) in [("tab", Kind.tabBar), ("nav", .navigation), ("split", .split), ("page", .page)] {
            let w = Array(word.utf8)
            guard lower.count >= w.count else { continue }
            for start in stride(from: lower.count - w.count, through: 0, by: -1) where Array(lower[start..<start + w.count]) == w {
                if best == nil || start > best!.0 { best = (start, kind) }
                break
            }
        }
        return best?.1
    }

    /// A UILayoutContainerView is a navigation or a tab bar controller's: a tab bar shows one
    /// child that need not be the last; a navigation controller only its last.
    func looksLikeTabBar(_ i: Int) -> Bool {
        let n = nodes[i]
        if let kind = ImportedHierarchy.kindByName(n.className), kind == .tabBar || kind == .navigation { return kind == .tabBar }
        guard let shown = n.children.firstIndex(where: { nodes[$0].appeared == true }) else { return false }
        return shown != n.children.count - 1
    }
}

// MARK: Reading ScreenState

extension ImportedHierarchy {
    /// The ScreenState utility's summary: `Class (Role): {` … `}`, and `v Presented v` between
    /// the root's tree and each presented one's.
    static func parseScreenState(_ text: String, firstLine: Int) throws(NavLabError) -> ImportedHierarchy {
        var nodes: [Node] = []
        var open: [Int] = []          // nodes whose `{` is not closed yet
        var treeRoots: [Int] = []
        var expectingTree = true      // at the start, and after `v Presented v`
        var lastLine = firstLine
        for (i, raw) in lines(of: text).enumerated() {
            let lineNumber = firstLine + i
            lastLine = lineNumber
            let t = raw.trimmingCharacters(in: " \t")
            if t.isEmpty { continue }
            let location = SourceLocation(line: lineNumber, column: raw.count - raw.drop(while: { $0 == " " || $0 == "\t" }).count + 1)
            if t == "v Presented v" {
                guard open.isEmpty, !treeRoots.isEmpty, !expectingTree else {
                    throw NavLabError(.syntax, "'v Presented v' " + (open.isEmpty ? "before any tree" : "inside an open '{'"), at: location,
                                      suggestion: "it comes between the root's tree and the presented one's, after the closing '}'")
                }
                expectingTree = true
                continue
            }
            if t == "}" {
                guard open.popLast() != nil else {
                    throw NavLabError(.syntax, "a '}' that closes nothing", at: location, suggestion: "each `Class (Role): {` has one '}'")
                }
                continue
            }
            var body = t[...]
            let opens = body.hasSuffix(": {")
            if opens { body = body.dropLast(3) }
            guard body.hasSuffix(")"), let paren = body.lastIndex(of: "(") else {
                throw NavLabError(.syntax, "expected `Class (Role)`, `Class (Role): {`, `}` or `v Presented v`", at: location,
                                  suggestion: "ScreenState lines read like `Countries (Navigation Child)`")
            }
            let cls = body[..<paren].trimmingCharacters(in: " ")
            let role = String(body[body.index(after: paren)..<body.index(before: body.endIndex)])
            let roles = ["Root", "Presented", "Navigation Child", "Tab Child", "Page Child", "Split Child", "Child"]
            guard roles.contains(role) else {
                throw NavLabError(.syntax, "'\(role)' is not a ScreenState role", at: location,
                                  suggestion: Suggest.nearest(to: role, in: roles).map { "did you mean \($0)?" } ?? roles.joined(separator: ", "))
            }
            guard !cls.isEmpty, cls.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                throw NavLabError(.syntax, "'\(cls)' is not a class name", at: location, suggestion: "ScreenState prints class names, like `Countries`")
            }
            var node = Node(printedClass: cls, className: simpleName(cls), kind: .plain, line: lineNumber)
            let index = nodes.count
            // The trees presented before this one, and the open `{`s: its depth from the top.
            try checkDepth(max(0, treeRoots.count - (open.isEmpty ? 0 : 1)) + open.count + 1, line: lineNumber)
            if let parent = open.last {
                guard role != "Root", role != "Presented" else {
                    throw NavLabError(.syntax, "a (\(role)) inside another view controller's '{'", at: location,
                                      suggestion: "close the tree with '}' first; a presented tree follows `v Presented v`")
                }
                let kind: Kind = role == "Navigation Child" ? .navigation : role == "Tab Child" ? .tabBar
                    : role == "Page Child" ? .page : role == "Split Child" ? .split : .container
                if let first = nodes[parent].children.first, nodes[parent].kind != kind {
                    throw NavLabError(.invalid, "a (\(role)) beside a (\(roleName(nodes[parent].kind))) (line \(nodes[first].line)): one container's children share a role",
                                      at: location, suggestion: "check the roles of \(nodes[parent].className)'s children")
                }
                nodes[parent].kind = kind
                nodes[parent].children.append(index)
                node.parent = parent
            } else {
                guard expectingTree else {
                    throw NavLabError(.syntax, "a second tree without `v Presented v` before it", at: location,
                                      suggestion: "ScreenState prints `v Presented v` between trees")
                }
                let want = treeRoots.isEmpty ? "Root" : "Presented"
                guard role == want else {
                    throw NavLabError(.syntax, "the \(treeRoots.isEmpty ? "first" : "presented") tree's view controller is (\(want)), not (\(role))", at: location,
                                      suggestion: "`\(cls) (\(want))`")
                }
                if let previous = treeRoots.last {
                    // Presented by the screen below it (a child's presentation goes up to it, UIKit #164).
                    node.parent = previous
                    node.isPresented = true
                    nodes[previous].presented = index
                }
                treeRoots.append(index)
                expectingTree = false
            }
            nodes.append(node)
            if opens { open.append(index) }
        }
        guard open.isEmpty else {
            throw NavLabError(.syntax, "\(nodes[open.last!].className)'s '{' (line \(nodes[open.last!].line)) is never closed",
                              at: SourceLocation(line: lastLine, column: 1), suggestion: "add the '}' lines")
        }
        guard !nodes.isEmpty else {
            throw NavLabError(.syntax, "there is no view controller to import", at: SourceLocation(line: firstLine, column: 1),
                              suggestion: "paste what ScreenState's printSummary() printed (`UINavigationController (Root): {` …)")
        }
        guard !expectingTree else {
            throw NavLabError(.syntax, "`v Presented v` with no tree after it", at: SourceLocation(line: lastLine, column: 1),
                              suggestion: "paste the presented tree too, or drop the last `v Presented v`")
        }
        for i in nodes.indices where nodes[i].kind != .plain {
            if let word = ContainerWord.allCases.first(where: { $0.kind.uikitClass == nodes[i].printedClass }), word.kind != nodes[i].kind {
                throw NavLabError(.invalid, "\(nodes[i].printedClass)'s children are printed as (\(roleName(nodes[i].kind)))",
                                  at: SourceLocation(line: nodes[i].line, column: 1), suggestion: "a \(nodes[i].printedClass)'s children are (\(roleName(word.kind)))")
            }
        }
        var h = ImportedHierarchy(format: .screenstate, nodes: nodes, colonInViewDescription: nil, firstLine: firstLine)
        // A UIKit container with no children printed (`UINavigationController (Root)`) is still one.
        for i in h.nodes.indices {
            if let word = ContainerWord.allCases.first(where: { $0.kind.uikitClass == h.nodes[i].printedClass }) { h.nodes[i].kind = word.kind }
        }
        return h
    }

    static func roleName(_ kind: Kind) -> String {
        switch kind {
        case .navigation: return "Navigation Child"
        case .tabBar: return "Tab Child"
        case .page: return "Page Child"
        case .split: return "Split Child"
        case .plain, .container: return "Child"
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
