import NavLabCore

/// Tab completion and the syntax hint, from the verb table and the live model. Pure: the REPL
/// (and later the page's command box) asks, and edits the line with the answer.
///
/// What a verb takes next comes from its `arguments` (`ArgumentKind`): a verb first; then live
/// instance names (`Detail#2`, `root`, `top`), class names already used, container words
/// (`Nav(`), `key=value` words (`style=pageSheet`), `on`/`to`/`in`/`as`, `expect` facts,
/// `iPhone`/`iPad`, and file names after `load`/`save`/`record` (asked of `files`, since
/// listing a folder is the shell's business).
public enum Completion {
    /// Completes the word that ends at `cursor` (a character offset; default: the end).
    /// `start` is the character offset where that word begins: a candidate replaces
    /// `line[start..<cursor]`. Candidates are sorted and unique.
    public static func complete(_ line: String, cursor: Int? = nil, in session: Session) -> (start: Int, candidates: [String]) {
        complete(line, cursor: cursor, in: session, files: nil)
    }

    /// The same, with `files` listing what a file argument could be: given the path typed so
    /// far, the paths it could become (folders ending in `/`).
    public static func complete(_ line: String, cursor: Int? = nil, in session: Session,
                                files: ((String) -> [String])?) -> (start: Int, candidates: [String]) {
        let chars = Array(line)
        let end = min(max(cursor ?? chars.count, 0), chars.count)
        let context = Context(Array(chars[..<end]))
        guard !context.isComment else { return (end, []) }
        let model = Model(session.state)

        // The first word: a verb.
        guard let verbWord = context.arguments.first else {
            guard context.partial.isEmpty else { return (end, []) }
            return (context.wordStart, matching(context.word, VerbTable.names))
        }
        guard let verb = VerbTable.verb(named: verbWord) else { return (end, []) }
        let afterVerb = Array(context.arguments.dropFirst())

        if verb.name == "expect" {
            return (context.wordStart, matching(context.word, factCandidates(afterVerb, context, model)))
        }
        if context.previousSymbol == "@" {
            return (context.wordStart, matching(context.word, model.names))
        }
        if context.depth > 0 || context.previousSymbol == ":" || context.previousSymbol == "(" || context.previousSymbol == ","
            || (context.partial.isEmpty && afterVerb.last?.hasSuffix(",") == true) {
            return (context.wordStart, matching(context.word, model.specWords))
        }
        if context.partial.isEmpty, let keyword = afterVerb.last {
            switch keyword {
            case "on", "to", "in": return (context.wordStart, matching(context.word, model.names + ["root", "top"]))
            case "as": return (end, [])
            default: break
            }
        }

        let kinds = kinds(of: verb, at: afterVerb.count)
        if kinds.contains(.file) {
            // A path is everything since the last space: `Tests/Scripts/a.navlab`.
            let start = context.spaceStart
            let typed = String(chars[start..<end])
            var candidates = files?(typed) ?? []
            if verb.name == "record" { candidates.append("stop") }
            // The optional keyword before it (`export mermaid storyboard`: only for the graphs).
            for case .keyword(let list) in kinds where verb.name != "export" || ["mermaid", "dot"].contains(afterVerb.first ?? "") {
                candidates += list
            }
            return (start, matching(typed, candidates))
        }
        var candidates: [String] = []
        for kind in kinds {
            candidates += words(for: kind, verb: verb, afterVerb: afterVerb, typed: context.word, model: model)
        }
        return (context.wordStart, matching(context.word, candidates))
    }

    /// The syntax of the verb being typed (`present SPEC [on NAME] [style=S] [animated]`), once
    /// the first word is a verb or the start of only one; nil otherwise.
    public static func hint(for line: String) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        let word = trimmed.prefix { $0 != " " && $0 != "\t" }
        guard !word.isEmpty, !word.hasPrefix("#") else { return nil }
        if let verb = VerbTable.verb(named: String(word)) { return verb.syntax }
        // Still typing the verb: a prefix that only one verb has.
        guard word.count == trimmed.count else { return nil }
        let lower = word.lowercased()
        let verbs = VerbTable.all.filter { $0.name.lowercased().hasPrefix(lower) }
        return verbs.count == 1 ? verbs[0].syntax : nil
    }

    // MARK: - What a position takes

    /// The kinds of word allowed as argument number `index` (0: the first after the verb).
    /// The last kind repeats when it is a keyword list or `key=value` settings; an optional
    /// `[NAME]` also lets the keywords after it come first (`dismiss animated`).
    static func kinds(of verb: Verb, at index: Int) -> [ArgumentKind] {
        let args = verb.arguments
        guard !args.isEmpty else { return [] }
        guard index < args.count else {
            switch args[args.count - 1] {
            case .keyword, .settingKey: return [args[args.count - 1]]
            default: return []
            }
        }
        var out = [args[index]]
        // An optional keyword before a FILE (`export mermaid [storyboard] [FILE]`): either.
        if case .keyword = args[index], index > 0, index + 1 < args.count, args[index + 1] == .file { out.append(.file) }
        if args[index] == .name, verb.syntax.containsText("[NAME]") {
            for later in args[(index + 1)...] {
                guard case .keyword = later else { break }
                out.append(later)
            }
        }
        return out
    }

    static func words(for kind: ArgumentKind, verb: Verb, afterVerb: [String], typed: String, model: Model) -> [String] {
        switch kind {
        case .spec:
            return model.specWords + (verb.name == "swapRoot" ? model.names : [])
        case .name:
            return model.names + ["root", "top"]
        case .className:
            return model.classNames + (verb.name == "class" ? ["*"] : [])
        case .appName:
            // The apps on the simulated device: this one and those the session has data of.
            return Array(Set([model.state.appName] + model.state.otherApps.keys)).sorted()
        case .style:
            return valueWords(typed, keys: ["style"], verb: verb, afterVerb: afterVerb, model: model)
        case .settingKey:
            var keys = State.settingKeys.map({ $0.key })
            if verb.name == "set", let name = afterVerb.first, let vc = model.state.vc(named: name) {
                keys += vc.properties.keys.sorted()
            }
            return valueWords(typed, keys: keys, verb: verb, afterVerb: afterVerb, model: model)
        case .keyword(let list):
            func key(_ word: String) -> String { String(word.prefix { $0 != "=" }) }
            let used = Set(afterVerb.map(key))
            let fresh = list.filter { !used.contains(key($0)) }
            let keys = fresh.filter { $0.hasSuffix("=") }.map { String($0.dropLast()) }
            if typed.contains("="), !keys.isEmpty {
                return valueWords(typed, keys: keys, verb: verb, afterVerb: afterVerb, model: model)
            }
            return fresh
        case .integer:
            // `select NAME INDEX`: the tabs NAME has.
            guard let name = afterVerb.first, let vc = model.state.vc(named: name) else { return [] }
            let tabs = vc.kind == .tabBar ? vc : vc.parent.map { model.state[$0] }
            guard let tabs, tabs.kind == .tabBar else { return [] }
            return tabs.children.indices.map(String.init) + (tabs.children.count > 5 ? ["more"] : [])
        case .verb:
            return VerbTable.names
        case .segue:
            // What the screen can perform first; any identifier of the storyboards after.
            let s = model.state
            var out: [String] = []
            for id in s.segueSources() {
                for g in s.performableSegues(from: id) where !out.contains(g.segue.identifier!) { out.append(g.segue.identifier!) }
            }
            for b in s.storyboards { for sc in b.scenes { for g in sc.segues { if let i = g.identifier, !out.contains(i) { out.append(i) } } } }
            return out + ["from"]
        case .storyboardID:
            return model.state.storyboards.flatMap { $0.scenes.compactMap { $0.storyboardIdentifier } }
        case .fact:
            return factCandidates(afterVerb, nil, model)
        case .file:
            return []
        }
    }

    /// `key=` for each key, or, once `=` is typed, `key=value` for the values that key takes.
    static func valueWords(_ typed: String, keys: [String], verb: Verb, afterVerb: [String], model: Model) -> [String] {
        guard let eq = typed.firstIndex(of: "=") else { return keys.map { $0 + "=" } }
        let key = String(typed[..<eq])
        guard let match = keys.first(where: { $0 == key }) ?? keys.first(where: { $0.lowercased() == key.lowercased() }) else { return [] }
        return values(for: match, verb: verb, afterVerb: afterVerb, model: model).map { key + "=" + $0 }
    }

    static func values(for key: String, verb: Verb, afterVerb: [String], model: Model) -> [String] {
        switch key {
        case "style", "modalPresentationStyle": return ModalPresentationStyle.allCases.map({ $0.rawValue })
        case "restorationClass", "storyboard", "definesPresentationContext", "animated": return ["yes", "no"]
        case "didMove": return ["no", "yes"]
        case "flags", "layout": return ["on", "off"]
        case "transitionStyle": return PageTransitionStyle.allCases.map({ $0.rawValue })
        case "iOS": return Device.supportedVersions.map(String.init) + ["18.4"]
        case "sdk": return Device.supportedVersions.map(String.init)
        case "encodes": return ["children"]
        case "restorationIdentifier":
            if verb.name == "class", afterVerb.first == "*" { return ["class"] }
            let className = verb.name == "class" ? afterVerb.first : afterVerb.first.flatMap { model.state.vc(named: $0)?.className }
            return (className.map { [$0] } ?? []) + ["nil"]
        default: return []
        }
    }

    // MARK: - expect

    /// What `expect` takes next, from the fact patterns `help expect` prints
    /// (`presented NAME is X|nil`, `stack NAME is A, B…`).
    static func factCandidates(_ afterVerb: [String], _ context: Context?, _ model: Model) -> [String] {
        var words = afterVerb
        let negated = words.first == "not"
        if negated { words.removeFirst() }
        let heads = ExpectParser.facts.map { String($0.0.split(separator: " ")[0]) }
        guard let head = words.first else { return heads + (negated ? [] : ["not"]) }
        guard let pattern = ExpectParser.facts.first(where: { $0.0.hasPrefix(head + " ") })?.0 else { return [] }
        let tokens = pattern.split(separator: " ").map(String.init)
        let index = words.count
        let token: String
        if index < tokens.count {
            token = tokens[index]
        } else if tokens.last?.hasSuffix("…") == true {
            token = tokens[tokens.count - 1]
        } else {
            return []
        }
        if context?.previousSymbol == "," || token.hasSuffix("…") || token.hasSuffix(",") {
            return model.names + (head == "screen" || head == "stack" || head == "children" || head == "viewControllers" ? [] : model.classNames)
        }
        switch token {
        case "NAME": return model.names + ["root", "top"]
        case "X|nil": return model.names + model.classNames + ["nil"]
        case "S|nil": return ModalPresentationStyle.allCases.map({ $0.rawValue }) + ["nil"]
        case "STATE": return ApplicationState.allCases.map({ $0.rawValue })
        case "N", "\"TEXT\"": return []
        case "N|NSNotFound": return ["NSNotFound"]
        default:
            // A literal (`is`, `contains`) or a choice (`appeared|disappeared`).
            return token.split(separator: "|").map(String.init).filter { $0.first?.isLowercase == true }
        }
    }

    // MARK: - Matching

    /// The candidates that start with `typed` (exactly, or else ignoring case, since verbs are
    /// accepted in lower case), sorted and unique.
    static func matching(_ typed: String, _ candidates: [String]) -> [String] {
        let unique = Set(candidates)
        var found = unique.filter { $0.hasPrefix(typed) }
        if found.isEmpty {
            let lower = typed.lowercased()
            found = unique.filter { $0.lowercased().hasPrefix(lower) }
        }
        return found.sorted()
    }

    /// What the live model offers: names, classes, spec words.
    struct Model {
        let state: State
        let names: [String]
        let classNames: [String]

        init(_ state: State) {
            self.state = state
            names = state.names.keys.sorted()
            var classes = Set(state.nameCounters.keys).union(state.classes.keys)
            if let initial = state.initial { Model.collectClasses(initial, into: &classes) }
            // Containers are offered as `Nav(`…; their UIKit classes are not classes one makes.
            classes.subtract(Kind.allCases.compactMap({ $0.uikitClass }))
            classes.subtract(ContainerWord.allCases.map({ $0.rawValue }))
            classNames = classes.sorted()
        }

        var specWords: [String] { ContainerWord.allCases.map { $0.rawValue + "(" } + classNames }

        static func collectClasses(_ spec: Spec, into classes: inout Set<String>) {
            for (inner, _) in spec.preorder() {
                switch inner {
                case .instance(let name, _): classes.insert(name)
                case .existing: break
                case .container(_, let name, _, _): if let name { classes.insert(name) }
                }
            }
        }
    }

    /// Where the cursor stands in the line: the words before it, the word under it.
    struct Context {
        /// Whole words before the current one, split at spaces outside parentheses
        /// (`present`, `Nav(A, B)`, `on`).
        var arguments: [String] = []
        /// The start of the current argument, up to the word being completed (`Nav(`, `@`).
        var partial = ""
        /// The word being completed and where it starts; words end at spaces and `( ) , @ :`.
        var word = ""
        var wordStart = 0
        /// Where the text after the last space starts (for paths).
        var spaceStart = 0
        /// The symbol just before the word (`(`, `,`, `@`, `:`), if any.
        var previousSymbol: Character?
        var depth = 0
        var isComment = false

        static let delimiters: Set<Character> = [" ", "\t", "(", ")", ",", "@", ":"]

        init(_ chars: [Character]) {
            var start = chars.count
            while start > 0, !Context.delimiters.contains(chars[start - 1]), chars[start - 1] != "\"" { start -= 1 }
            wordStart = start
            word = String(chars[start...])
            var space = chars.count
            while space > 0, chars[space - 1] != " ", chars[space - 1] != "\t" { space -= 1 }
            spaceStart = space
            if start > 0, chars[start - 1] != " ", chars[start - 1] != "\t" { previousSymbol = chars[start - 1] }

            var current = ""
            var inQuote = false
            var previous: Character = " "
            for c in chars[..<start] {
                if c == "\"" { inQuote.toggle() }
                if !inQuote, c == "#", previous == " " || previous == "\t" { isComment = true; return }
                previous = c
                if inQuote { current.append(c); continue }
                switch c {
                case "(": depth += 1; current.append(c)
                case ")": depth = max(0, depth - 1); current.append(c)
                case " ", "\t":
                    if depth > 0 { current.append(c) } else if !current.isEmpty { arguments.append(current); current = "" }
                default: current.append(c)
                }
            }
            // Inside a string (`log contains "…`) or a comment, nothing completes.
            if inQuote || word.hasPrefix("#") || (start > 0 && chars[start - 1] == "\"") { isComment = true }
            partial = current
        }
    }
}

extension Completion {
    /// What all the candidates begin with (for Tab to insert when they differ after it).
    public static func sharedPrefix(_ candidates: [String]) -> String {
        guard var shared = candidates.first.map(Array.init) else { return "" }
        for candidate in candidates.dropFirst() {
            let chars = Array(candidate)
            var n = 0
            while n < shared.count, n < chars.count, shared[n] == chars[n] { n += 1 }
            shared = Array(shared[..<n])
        }
        return String(shared)
    }
}
