import NavLabCore

// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

extension Expectation {
    /// Whether the fact holds, and what was actually there (for the failure message).
    /// `log` is asked for only by `log contains` (it is the whole session's log).
    /// `lastLog` is the log of the last command (`log order`).
    func evaluate(in state: State, log: () -> [String], lastLog: () -> [String] = { [] }) throws(NavLabError) -> (holds: Bool, actual: String) {
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
    }
}

extension State {
    /// The error `resolve` would give for a name that does not exist.
    func resolve(_ ref: NameRef, orError: Void) -> NavLabError {
        do throws(NavLabError) { _ = try resolve(ref); return NavLabError(.unknown, "no view controller named \(ref.text)", at: ref.location) }
        catch { return error }
    }
}
