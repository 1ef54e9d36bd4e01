import NavLabCore

// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

extension ExpectParser {
    static func parse(_ a: inout Arguments) throws(NavLabError) -> Expectation {
        let start = a.verb.location
        let negated = a.accept("not")
        let factStart = a.index
        guard let factToken = a.peek, factToken.kind == .word else {
            throw a.error("expect needs a fact", suggestion: "e.g. expect root is Main; `help expect` lists them")
        }
        a.index += 1
        func isWord() throws(NavLabError) {
            guard a.accept("is") else { throw a.error("expected 'is'", suggestion: "expect \(factToken.text) … is …") }
        }
        /// A value: a word, a quoted string, or comma-separated parts (`0,480`).
        func value() throws(NavLabError) -> String {
            var parts: [String] = []
            repeat {
                guard let t = a.next(), t.kind != .symbol else { throw a.error("expected a value", suggestion: "… is VALUE") }
                parts.append(t.text)
            } while a.acceptSymbol(",")
            return parts.joined(separator: ",")
        }
        func list() throws(NavLabError) -> [String] {
            var out: [String] = []
            repeat { out.append(try a.name("a name").text) } while a.acceptSymbol(",")
            return out
        }
        let fact: Expectation.Fact
        switch factToken.text {
        case "root": try isWord(); fact = .rootIs(try a.name().text)
        case "top": try isWord(); fact = .topIs(try a.name().text)
        case "allocated": fact = .allocated(try a.name())
        case "leaked": fact = .leaked(try a.name())
        case "visible": fact = .visible(try a.name())
        case "inWindow": fact = .inWindow(try a.name())
        case "loaded": fact = .loaded(try a.name())
        case "held": fact = .held(try a.name())
        case "restored": fact = .restored(try a.name())
        case "transitionViews": fact = .transitionViews(try a.int("a count").0)
        case "allocatedCount": fact = .allocatedCount(try a.int("a count").0)
        case "leakedCount": fact = .leakedCount(try a.int("a count").0)
        case "presented": let n = try a.name(); try isWord(); fact = .presented(n, try a.name().text)
        case "presenting": let n = try a.name(); try isWord(); fact = .presenting(n, try a.name().text)
        case "parent": let n = try a.name(); try isWord(); fact = .parent(n, try a.name().text)
        case "style": let n = try a.name(); try isWord(); fact = .style(n, try a.word("a style").text)
        case "stack": let n = try a.name(); try isWord(); fact = .stack(n, try list())
        case "children": let n = try a.name(); try isWord(); fact = .children(n, try list())
        case "viewControllers": let n = try a.name(); try isWord(); fact = .viewControllers(n, try list())
        case "screen": try isWord(); fact = .screen(try list())
        case "state":
            let n = try a.name()
            let t = try a.word("appeared or disappeared")
            guard ["appeared", "disappeared", "appearing", "disappearing"].contains(t.text) else {
                throw a.error("'\(t.text)' is not an appearance state", suggestion: "appeared or disappeared", at: t.location)
            }
            fact = .state(n, t.text)
        case "selectedIndex":
            let n = try a.name(); try isWord()
            if a.accept("NSNotFound") { fact = .selectedIndex(n, NSNotFound) } else { fact = .selectedIndex(n, try a.int("an index or NSNotFound").0) }
        case "app": try isWord(); fact = .appState(try a.word("an application state").text)
        case "archive":
            guard a.accept("exists") else { throw a.error("expected 'exists'", suggestion: "expect archive exists") }
            fact = .archiveExists
        case "archived": fact = .archived(try a.word("a restoration path").text)
        case "defaults": let k = try a.word("a key"); try isWord(); fact = .defaultValue(k.text, try value())
        case "launches": fact = .launches(try a.int("a count").0)
        case "activity": let k = try a.word("a key"); try isWord(); fact = .activity(k.text, try value())
        case "property":
            let n = try a.name(); let k = try a.word("a property name"); try isWord()
            fact = .property(n, k.text, try value())
        case "log" where a.accept("order"):
            var texts: [String] = []
            repeat {
                guard let t = a.next(), t.kind == .string || t.kind == .word else {
                    throw a.error("log order needs quoted texts", suggestion: "expect log order \"viewWillAppear B\", \"viewWillDisappear A\"")
                }
                texts.append(t.text)
            } while a.acceptSymbol(",")
            guard !texts.isEmpty else {
                throw a.error("log order needs texts, separated by commas", suggestion: "expect log order \"viewWillAppear B\", \"viewWillDisappear A\"")
            }
            fact = .logOrder(texts)
        case "log":
            guard a.accept("contains") else { throw a.error("expected 'contains' or 'order'", suggestion: "expect log contains \"viewDidAppear Main\"") }
            guard let t = a.next(), t.kind == .string || t.kind == .word else {
                throw a.error("log contains needs a quoted text", suggestion: "expect log contains \"viewDidAppear Main\"")
            }
            fact = .logContains(t.text)
        default:
            let names = facts.map { String($0.0.split(separator: " ")[0]) }
            let near = Suggest.nearest(to: factToken.text, in: names)
            throw NavLabError(.unknown, "'\(factToken.text)' is not a fact expect knows", at: factToken.location,
                              suggestion: near.map { "did you mean \($0)?" } ?? "`help expect` lists them")
        }
        try a.end()
        func words(_ tokens: ArraySlice<Token>) -> String {
            var out = ""
            for t in tokens {
                let w = t.kind == .string ? "\"\(t.text)\"" : t.text
                if t.isSymbol(",") || out.hasSuffix("@") || out.isEmpty { out += w } else { out += " " + w }
            }
            return out
        }
        return Expectation(fact: fact, negated: negated, text: words(a.tokens[...]), factText: words(a.tokens[factStart...]), location: start)
    }
}
