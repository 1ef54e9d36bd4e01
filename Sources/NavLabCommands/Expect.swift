import NavLabCore

/// The facts `expect` knows.
enum ExpectParser {
    static let facts: [(String, String)] = [
        ("root is NAME", "window.rootViewController"),
        ("top is NAME", "the content view controller on top"),
        ("allocated NAME", "NAME is alive"),
        ("leaked NAME", "alive, but held only by UIKit's leftovers"),
        ("visible NAME", "NAME's content is on screen"),
        ("inWindow NAME", "NAME's view is in the window (viewIfLoaded?.window != nil)"),
        ("loaded NAME", "isViewLoaded"),
        ("held NAME", "the app's own code holds NAME"),
        ("restored NAME", "NAME came from the restoration archive"),
        ("transitionViews N", "UITransitionViews in the window"),
        ("allocatedCount N", "how many view controllers are alive"),
        ("leakedCount N", "how many are leaked"),
        ("presented NAME is X|nil", "NAME.presentedViewController (a name or a class)"),
        ("presenting NAME is X|nil", "NAME.presentingViewController"),
        ("parent NAME is X|nil", "NAME.parent"),
        ("style NAME is S|nil", "the presentation style in effect"),
        ("stack NAME is A, B…", "a navigation controller's viewControllers"),
        ("children NAME is A, B…", "NAME.children"),
        ("viewControllers NAME is A, B…", "a container's viewControllers as UIKit reports them (a collapsed split view: its primary only)"),
        ("screen is A, B…", "what the user sees, bottom to top"),
        ("state NAME appeared|disappeared", "NAME's appearance state"),
        ("selectedIndex NAME is N|NSNotFound", "a tab bar controller's selectedIndex (NSNotFound while the More tab is selected)"),
        ("app is STATE", "UIApplication.applicationState (active, background, notRunning, …)"),
        ("log contains \"TEXT\"", "a line of the lifecycle log contains TEXT"),
        ("log order \"A\", \"B\"…", "the last command's log has a line containing A, a later one containing B, …"),
        ("archive exists", "the app has a restoration archive"),
        ("archived PATH", "the archive holds the restoration path (Tab/Nav/Countries)"),
        ("defaults KEY is VALUE", "a UserDefaults value"),
        ("launches N", "launches since the app was installed"),
        ("activity KEY is VALUE", "the saved scene restoration activity's userInfo (scenes on); nil when absent"),
        ("property NAME KEY is VALUE", "one of the app's own properties (capital); nil when unset"),
    ]

    static func parse(_ a: inout Arguments) throws(NavLabError) -> Expectation {
        #if NAVLAB_BROWSER_START
        // The browser's start module leaves `expect` out (its host loads the complete one).
        throw NavLabError.notInThisBuild("`expect`", at: a.verb.location)
        #else
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
        #endif
    }
}

extension Expectation {
    /// Every fact `expect` knows: its syntax and what it checks (for help, completion, the page).
    public static var facts: [(syntax: String, meaning: String)] { ExpectParser.facts.map { (syntax: $0.0, meaning: $0.1) } }

    /// The words that start each fact (`root is`, `presented`, `log contains`), plus `not`.
    public static var factKeywords: [String] {
        facts.map { fact in
            fact.syntax.split(separator: " ").prefix { $0.first.map { $0.isLowercase } ?? false }.joined(separator: " ")
        } + ["not"]
    }

    /// Whether the fact holds, and what was actually there (for the failure message).
    /// `log` is asked for only by `log contains` (it is the whole session's log).
    /// `lastLog` is the log of the last command (`log order`).
    func evaluate(in state: State, log: () -> [String], lastLog: () -> [String] = { [] }) throws(NavLabError) -> (holds: Bool, actual: String) {
        #if NAVLAB_BROWSER_START
        // Never reached there (its `ExpectParser.parse` makes none); the checks are left out.
        throw NavLabError.notInThisBuild("`expect`", at: location)
        #else
        func name(_ id: VCID?) -> String { id.map { state[$0].name } ?? "nil" }
        func matches(_ id: VCID?, _ want: String) -> Bool {
            guard let id else { return want == "nil" }
            return state[id].name == want || state[id].className == want
        }
        /// A name that must exist now.
        func live(_ ref: NameRef) throws(NavLabError) -> VCID { try state.resolve(ref) }
        /// A name that must have existed at some point (a typo is an error, not a pass).
        func known(_ ref: NameRef) throws(NavLabError) -> VCID? {
            if ["root", "top"].contains(ref.text) { return try state.resolve(ref) }
            if let id = state.names[ref.text] { return id }
            if state.nameWasUsed(ref.text) { return nil }
            throw state.resolve(ref, orError: ())
        }
        switch fact {
        case .rootIs(let want):
            let r = state.window.rootViewController
            return (matches(r, want), name(r))
        case .topIs(let want):
            let t = state.top()
            return (matches(t, want), name(t))
        case .allocated(let ref):
            let id = try known(ref)
            return (id != nil, id != nil ? "allocated" : "deallocated")
        case .leaked(let ref):
            guard let id = try known(ref) else { return (false, "deallocated") }
            let l = state.leaked().contains(id)
            return (l, l ? "leaked" : "not leaked")
        case .visible(let ref):
            guard let id = try known(ref) else { return (false, "deallocated") }
            let s = state.screen()
            return (s.contains(id), "screen: " + s.map { state[$0].name }.joined(separator: ", "))
        case .inWindow(let ref):
            guard let id = try known(ref) else { return (false, "deallocated") }
            let w = state.isInWindow(id)
            return (w, w ? "in the window" : "not in the window")
        case .loaded(let ref):
            guard let id = try known(ref) else { return (false, "deallocated") }
            return (state[id].isViewLoaded, state[id].isViewLoaded ? "loaded" : "not loaded")
        case .held(let ref):
            guard let id = try known(ref) else { return (false, "deallocated") }
            let h = state.holds.contains { $0.viewController == id }
            return (h, h ? "held" : "not held by the app")
        case .restored(let ref):
            guard let id = try known(ref) else { return (false, "deallocated") }
            return (state[id].restored, state[id].restored ? "restored" : "not restored")
        case .transitionViews(let n):
            return (state.window.transitionViewCount == n, "\(state.window.transitionViewCount)")
        case .allocatedCount(let n):
            return (state.viewControllers.count == n, "\(state.viewControllers.count)")
        case .leakedCount(let n):
            let l = state.leaked().count
            return (l == n, "\(l)")
        case .presented(let ref, let want):
            let p = state.presentedViewController(of: try live(ref))
            return (matches(p, want), name(p))
        case .presenting(let ref, let want):
            let p = state.presentingViewController(of: try live(ref))
            return (matches(p, want), name(p))
        case .parent(let ref, let want):
            let p = state[try live(ref)].parent
            return (matches(p, want), name(p))
        case .style(let ref, let want):
            let s = state[try live(ref)].presentation?.style.rawValue ?? "nil"
            return (s == want, s)
        case .stack(let ref, let want):
            let id = try live(ref)
            guard state[id].kind == .navigation else {
                throw NavLabError(.invalid, "\(state[id].name) is not a navigation controller", at: ref.location, suggestion: "use `children`")
            }
            let names = state[id].children.map { state[$0].name }
            return (names == want, names.joined(separator: ", "))
        case .children(let ref, let want):
            let names = state[try live(ref)].children.map { state[$0].name }
            return (names == want, names.isEmpty ? "(none)" : names.joined(separator: ", "))
        case .viewControllers(let ref, let want):
            let names = state.viewControllersProperty(of: try live(ref)).map { state[$0].name }
            return (names == want, names.isEmpty ? "(none)" : names.joined(separator: ", "))
        case .screen(let want):
            let names = state.screen().map { state[$0].name }
            return (names == want, names.isEmpty ? "(nothing)" : names.joined(separator: ", "))
        case .state(let ref, let want):
            guard let id = try known(ref) else { return (false, "deallocated") }
            let s = state.appearance(id)
            return (s == want, s)
        case .selectedIndex(let ref, let want):
            let id = try live(ref)
            let i = state[id].selectedIndex
            return (i == want, i == NSNotFound ? "NSNotFound" : "\(i)")
        case .appState(let want):
            return (state.application.state.rawValue == want, state.application.state.rawValue)
        case .archiveExists:
            let e = state.application.data.archive != nil
            return (e, e ? "it exists" : "no archive")
        case .archived(let path):
            let paths = state.application.archive?.paths ?? []
            return (paths.contains(path), paths.isEmpty ? "no archived paths" : paths.joined(separator: ", "))
        case .defaultValue(let key, let want):
            let v = state.application.defaults[key]
            return (v == want || (v == nil && want == "nil"), v ?? "nil")
        case .activity(let key, let want):
            let v = state.application.data.activity?[key]
            return (v == want || (v == nil && want == "nil"), v ?? "nil")
        case .launches(let n):
            return (state.application.launches == n, "\(state.application.launches)")
        case .property(let ref, let key, let want):
            let v = state[try live(ref)].properties[key]
            return (v == want || (v == nil && want == "nil"), v ?? "nil")
        case .logContains(let text):
            let lines = log()
            let found = lines.contains { $0.containsText(text) }
            return (found, found ? "found" : "no line contains it (\(lines.count) lines)")
        case .logOrder(let texts):
            // Each text in a line after the one that held the text before it.
            let lines = lastLog()
            var i = 0
            for (k, text) in texts.enumerated() {
                while i < lines.count, !lines[i].containsText(text) { i += 1 }
                guard i < lines.count else {
                    let before = lines.contains { $0.containsText(text) }
                    let why = k == 0 ? "no line contains \"\(text)\"" : before ? "\"\(text)\" comes before \"\(texts[k - 1])\"" : "no line contains \"\(text)\""
                    return (false, why + " in the last command's log (\(lines.count) lines)")
                }
                i += 1
            }
            return (true, texts.count == 1 ? "the last command logged it" : "in this order")
        }
        #endif
    }
}

extension State {
    /// The error `resolve` would give for a name that does not exist.
    func resolve(_ ref: NameRef, orError: Void) -> NavLabError {
        do throws(NavLabError) { _ = try resolve(ref); return NavLabError(.unknown, "no view controller named \(ref.text)", at: ref.location) }
        catch { return error }
    }
}
