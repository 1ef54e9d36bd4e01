extension State {
    /// The navigation controller a verb acts on: NAME if it is one, else NAME's
    /// `navigationController` (default: `top`).
    func navigationTarget(_ ref: NameRef?, verb: String) throws(NavLabError) -> VCID {
        let id = try resolve(ref, default: "top")
        if self[id].kind == .navigation { return id }
        if let nav = navigationController(of: id) { return nav }
        let who = ref == nil ? "`top` (\(self[id].name))" : self[id].name
        throw NavLabError(.invalid, "\(who) is not in a navigation controller, so there is nothing to \(verb)",
                          at: ref?.location ?? SourceLocation(column: 1),
                          suggestion: "present Nav(\(verb == "push on" ? "Next" : self[id].className)) gives it one")
    }

    /// `pushViewController(_:animated:)` (UIKit #49, #63).
    mutating func push(_ spec: Spec, on ref: NameRef?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: spec.location, verb: "push on")
        let nav = try navigationTarget(ref, verb: "push on")
        try validateStackEntry(spec)
        // SwiftUI's navigation controller pushes what a NavigationLink shows (UIKit #191).
        let linkPush = self[nav].swiftUI == .navigationController
        if linkPush {
            guard case .container(.SwiftUI, _, let kids, _) = spec, kids.count == 1 else {
                throw NavLabError(.invalid, "\(self[nav].name) is SwiftUI's NavigationStack: what it pushes is a NavigationLink's SwiftUI view, not \(spec.text)",
                                  at: spec.location, suggestion: "push SwiftUI(Detail) on \(self[nav].name)")
            }
        }
        if case .existing(let xref) = spec, let x = names[xref.text] {
            if self[x].parent == nav || x == nav {
                throw NavLabError(.exception, "Pushing the same view controller instance more than once is not supported (\(objectDescription(x)))",
                                  at: xref.location, suggestion: "push a new instance (drop the @), or pop back to it",
                                  exceptionName: "NSInvalidArgumentException")
            }
            if isAncestor(x, of: nav) {
                throw NavLabError(.invalid, "\(self[x].name) contains \(self[nav].name); it cannot be pushed onto it", at: xref.location)
            }
        }
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        try checkPreferredTransition(of: spec)
        if let refused = refusedDuringPresentation(nav, selector: "pushViewController:animated:", animated: animated) { return refused }
        let warnings = navigationWarnings(nav, verb: "push")
        func change(_ s: inout State, _ pre: inout [Event], _ post: inout [Event]) {
            let x = s.instantiate(spec, events: &pre)
            if linkPush { s[x].swiftUI = .stackContent }
            let navName = s[nav].name
            pre.append(.move("willMove(toParent:)", s[x].name, parent: navName))
            s[x].parent = nav
            s.appendChild(x, to: nav)
            post.append(.move("didMove(toParent:)", s[x].name, parent: navName))
        }
        var kept: Event? = nil
        if let covered = topUnloadedAtLaunch(nav) {
            guard let hook = codeRunAtLaunch(under: covered) else {
                return .done(warnings + pushOverUnloadedTop(covered, of: nav, change: change))
            }
            // Its code has already run in a call UIKit would not have made: NavLab cannot take
            // that back, so it keeps the launch's calls and says so.
            kept = .note("\(self[covered].name) keeps the launch's calls here: the code in \(hook.owner)'s \(hook.method) already ran; on iOS \(device.version) UIKit would not have loaded its view before this push (UIKit #215)")
        }
        if let covered = topAppearingAtLaunch(nav) {
            // Before iOS 18 the root has begun to appear when the push comes: it is covered
            // before its viewDidAppear, which never comes; the push runs at once (UIKit #215).
            turn!.withdrawnCalls.insert("viewDidAppear " + self[covered].name)
            let note = Event.note("on iOS \(device.version) a push in the launch's turn covers \(self[covered].name) after its viewWillAppear and viewIsAppearing, before its viewDidAppear, which never comes; the push runs at once, without animation (UIKit #215)")
            let events = transition(.pushWhileAppearing, animated: false, change: change)
            turn!.launchShown.formUnion(windowViewControllers())
            return .done([note] + warnings + events)
        }
        let events = transition(.push, animated: animated, change: change)
        startTransition(.navigation(nav), animated: animated)
        if animated, turn != nil, let top = self[nav].children.last { turn!.pushed.insert(top) }
        var all = warnings.isEmpty ? events : warnings + events
        if let kept { all.insert(kept, at: 0) }
        if let n = tabBarPushNote([spec]) { all.append(n) }
        if animated, let top = self[nav].children.last, usesZoomTransition(top) {
            all.insert(.note("\(self[top].name) is pushed with the fluid zoom transition: the user can grab it at any time (UIKit #192, #193)"), at: 0)
        }
        return .done(all)
    }

    /// On iOS 18+, the top view controller of `nav` when a push comes in the same turn as the
    /// launch that put it in the window (`launch; push Detail`, the push right after
    /// `makeKeyAndVisible()`): UIKit has not loaded its view yet, and never does for this
    /// showing (UIKit #215). Nil otherwise, and for code in callbacks, which #184 and #188 cover.
    func topUnloadedAtLaunch(_ nav: VCID) -> VCID? {
        guard device.iOS >= 18, hookDepth == 0, let t = turn, t.launchShown.contains(nav),
              let top = self[nav].children.last, t.launchShown.contains(top), self[top].isViewLoaded else { return nil }
        return top
    }

    /// Before iOS 18, the top view controller of `nav` when a push comes in the same turn as
    /// the launch that showed it: it has had viewWillAppear (and viewIsAppearing) and waits
    /// for its viewDidAppear (UIKit #215). Nil otherwise.
    func topAppearingAtLaunch(_ nav: VCID) -> VCID? {
        guard device.iOS < 18, hookDepth == 0, let t = turn, t.launchShown.contains(nav),
              let top = self[nav].children.last, t.launchShown.contains(top), !t.withdrawnCalls.contains("viewDidAppear " + self[top].name) else { return nil }
        return top
    }

    /// What UIKit #215 takes out of the launch: `covered` and what it contains.
    func launchDropped(under covered: VCID) -> Set<VCID> {
        (turn?.launchShown ?? []).filter { $0 == covered || isAncestor(covered, of: $0) }
    }

    /// Code the app runs in one of the launch calls #215 would take back (`on Home
    /// viewDidLoad: …`): it has already run, so NavLab cannot take the calls back.
    func codeRunAtLaunch(under covered: VCID) -> Hook? {
        guard hasHooks else { return nil }
        let classes = Set(launchDropped(under: covered).map { self[$0].className })
        return application.hooks.first { classes.contains($0.owner) && RunLoopTurn.withdrawnCallbacks.contains($0.callback) }
    }

    /// The push of UIKit #215: the covered view controller (and what it contains) gets none of
    /// the launch's `loadView`, `viewDidLoad`, appearance and layout calls — the turn takes
    /// them back — and stays unloaded until it is shown; the pushed one loads and appears with
    /// the window, without animation, as the root would have.
    mutating func pushOverUnloadedTop(_ covered: VCID, of nav: VCID,
                                      change: (inout State, inout [Event], inout [Event]) -> Void) -> [Event] {
        let dropped = launchDropped(under: covered)
        for id in dropped {
            self[id].isViewLoaded = false
            self[id].hasBeenLaidOut = false
        }
        turn!.withdrawn.formUnion(dropped.map { self[$0].name })
        turn!.launchShown.subtract(dropped)
        let note = Event.note("on iOS \(device.version) a push in the launch's turn comes before UIKit has loaded \(self[covered].name)'s view: \(self[covered].name) gets no loadView, viewDidLoad or appearance call, and its view loads when a pop shows it (UIKit #215)")
        // What is dropped counts as not in the window before the push: it does not disappear.
        let saved = hookPending
        hookPending = Set(dropped)
        let events = transition(.push, animated: false, change: change)
        hookPending = saved
        // What appears with the window in this turn: a push after this one covers it alike.
        turn!.launchShown.formUnion(windowViewControllers())
        return [note] + events
    }

    /// UIKit's class and address as `%@ %p` print them: no colon (UIKit #237).
    func plainObjectDescription(_ id: VCID) -> String {
        "<\(qualifiedClassName(id)) \(address(of: id))>"
    }

    /// Whether a presentation or dismissal animating in this turn involves `nav`: its
    /// navigation controller presents or dismisses, or it is inside what is presented or
    /// dismissed (UIKit #237).
    func modalTransitionInvolves(_ nav: VCID) -> Bool {
        guard let turn else { return false }
        let root = parentlessAncestor(of: nav)
        for t in turn.inFlight {
            switch t {
            case .presentation(let x):
                guard viewControllers[x] != nil else { continue }
                if root == x || self[x].presenter == root { return true }
            case .dismissal(let x, let presenter):
                if root == x || root == presenter { return true }
            case .navigation: continue
            }
        }
        return false
    }

    /// UIKit drops an animated change of the stack asked while a presentation or dismissal
    /// that involves the navigation controller animates (UIKit #237): the refusal, with the
    /// selector of the call (iOS 26 reaches push and pop through `_applyViewControllers…`).
    func refusedDuringPresentation(_ nav: VCID, selector: String, animated: Bool) -> Outcome? {
        guard animated, modalTransitionInvolves(nav) else { return nil }
        let sel = device.iOS >= 26 && selector != "setViewControllers:animated:" ? "_applyViewControllers:transition:animated:operation:rescheduleBlock:" : selector
        return .ignored(reason: "a presentation or dismissal started in this run-loop turn is still animating, and it involves \(self[nav].name): UIKit does not update the stack (UIKit #237)",
                        events: [.warning("\(sel) called on \(plainObjectDescription(nav)) while an existing transition or presentation is occurring; the navigation stack will not be updated.")])
    }

    /// A push or pop while another push or pop of this turn is animating (UIKit #97).
    mutating func navigationWarnings(_ nav: VCID, verb: String) -> [Event] {
        guard let turn else { return [] }
        var out: [Event] = []
        if turn.navigationInFlight(nav) {
            // iOS 13 logs say "a corrupted" (push) and the iOS 13+ navigation bar has "a" in
            // both messages; there the bar reports the clash at once (UIKit #169). Before
            // iOS 13 the turn ends "in an unexpected state" instead (endTurn, UIKit #97).
            let article = device.iOS >= 13 ? "a " : ""
            out.append(.warning("nested \(verb) animation can result in \(article)corrupted navigation bar"))
            if device.iOS >= 13 {
                out.append(.warning("Attempting to begin a transition on navigation bar (<UINavigationBar: \(navigationBarAddress(of: nav))>) while a transition is in progress."))
            } else {
                self.turn!.nestedNavigation.insert(nav)
            }
        }
        // During a presentation an animated change is dropped (UIKit #237); one without
        // animation goes ahead at once, with nothing logged.
        return out
    }

    /// `popViewController(animated:)`: the last one cannot be popped (UIKit #50, #64, #80).
    mutating func pop(_ ref: NameRef?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref?.location ?? SourceLocation(column: 1), verb: "pop")
        let nav = try navigationTarget(ref, verb: "pop")
        let stack = self[nav].children
        guard stack.count > 1, let popped = stack.last else {
            return .ignored(reason: "\(self[nav].name) has only its root view controller; UIKit does not pop the last one (UIKit #50)", events: [])
        }
        if let refused = refusedDuringPresentation(nav, selector: "popViewControllerAnimated:", animated: animated) { return refused }
        let warnings = navigationWarnings(nav, verb: "pop")
        let events = transition(.push, animated: animated) { s, pre, post in
            pre.append(.move("willMove(toParent:)", s[popped].name, parent: nil))
            s.removeChild(at: s[nav].children.count - 1, of: nav)
            s[popped].parent = nil
            post.append(.move("didMove(toParent:)", s[popped].name, parent: nil))
        }
        startTransition(.navigation(nav), animated: animated)
        var all = warnings.isEmpty ? events : warnings + events
        all += release(candidates: [popped])
        return .done(all)
    }

    /// `popToRootViewController(animated:)`.
    mutating func popToRoot(_ ref: NameRef?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref?.location ?? SourceLocation(column: 1), verb: "pop")
        let nav = try navigationTarget(ref, verb: "pop")
        guard self[nav].children.count > 1 else {
            return .ignored(reason: "\(self[nav].name) is already at its root view controller", events: [])
        }
        if let refused = refusedDuringPresentation(nav, selector: "popToRootViewControllerAnimated:", animated: animated) { return refused }
        return .done(popTo(nav, keeping: 1, animated: animated))
    }

    /// The stack cut back to its first `count` view controllers in one transition, as
    /// `popToRootViewController` and `popToViewController` do (an unwind segue, UIKit #246).
    mutating func popTo(_ nav: VCID, keeping count: Int, animated: Bool) -> [Event] {
        let stack = self[nav].children
        guard stack.count > count else { return [] }
        let popped = Array(stack.dropFirst(count).reversed())
        let warnings = navigationWarnings(nav, verb: "pop")
        let events = transition(.push, animated: animated) { s, pre, post in
            for p in popped {
                pre.append(.move("willMove(toParent:)", s[p].name, parent: nil))
                s[p].parent = nil
                post.append(.move("didMove(toParent:)", s[p].name, parent: nil))
            }
            s.setChildren(of: nav, to: Array(stack.prefix(count)))
        }
        startTransition(.navigation(nav), animated: animated)
        var all = warnings.isEmpty ? events : warnings + events
        all += release(candidates: popped)
        return all
    }

    /// `setViewControllers(_:animated:)`: the whole stack replaced, one transition (UIKit #48, #51).
    mutating func setViewControllers(_ specs: [Spec], on ref: NameRef?, animated: Bool) throws(NavLabError) -> Outcome {
        try requireRunning(at: specs.first?.location ?? SourceLocation(column: 1), verb: "set the stack of")
        if let ref, let id = try? resolve(ref), self[id].kind == .tabBar {
            return try setTabs(specs, of: id, animated: animated, at: ref.location)
        }
        let nav = try navigationTarget(ref, verb: "set the stack of")
        var claimed: Set<VCID> = []
        for spec in specs {
            try validateStackEntry(spec)
            if case .existing(let r) = spec, let x = names[r.text], self[x].parent == nav {
                // Already on this stack: allowed, it stays (UIKit #51).
                guard claimed.insert(x).inserted else {
                    throw NavLabError(.invalid, "\(r.text) is used twice in one command", at: r.location)
                }
                continue
            }
            try validate(spec, claimed: &claimed)
        }
        if let refused = refusedDuringPresentation(nav, selector: "setViewControllers:animated:", animated: animated) { return refused }
        var waited: Event?
        if let turn, turn.navigationInFlight(nav) {
            // UIKit applies it once the push or pop in flight has completed (UIKit #98).
            self.turn!.completedInFlight = true
            self.turn!.inFlight.removeAll { $0 == .navigation(nav) }
            waited = .note("\(self[nav].name)'s push or pop of this turn is still animating: UIKit applies setViewControllers once it has completed, so it completes first (UIKit #98)")
        }
        let old = self[nav].children
        let oldTop = old.last
        var kept: Set<VCID> = []
        var removed: [VCID] = []
        var newTop: VCID?
        var events = transition(.push, animated: animated) { s, pre, post in
            var stack: [VCID] = []
            for spec in specs {
                if case .existing(let r) = spec, let x = s.names[r.text], s[x].parent == nav {
                    kept.insert(x); stack.append(x); continue
                }
                let x = s.instantiate(spec, events: &pre)
                pre.append(.move("willMove(toParent:)", s[x].name, parent: s[nav].name))
                s[x].parent = nav
                post.append(.move("didMove(toParent:)", s[x].name, parent: s[nav].name))
                stack.append(x)
            }
            removed = old.filter { !kept.contains($0) }
            for r in removed.reversed() {
                // The old top is removed without willMove/didMove(toParent: nil) (UIKit #168).
                if r != oldTop { pre.append(.move("willMove(toParent:)", s[r].name, parent: nil)) }
                s[r].parent = nil
                if r != oldTop { post.append(.move("didMove(toParent:)", s[r].name, parent: nil)) }
            }
            s.setChildren(of: nav, to: stack)
            newTop = stack.last
        }
        startTransition(.navigation(nav), animated: animated)
        if animated, let newTop {
            let kind = newTop == oldTop ? "no transition: the top is unchanged"
                : old.contains(newTop) ? "a pop transition: the new top was already on the stack"
                : "a push transition: the new top is new to the stack"
            events.insert(.note("setViewControllers animates as \(kind) (UIKit #51)"), at: 0)
        }
        if let oldTop, removed.contains(oldTop) {
            events.append(.note("\(self[oldTop].name), the old top, leaves the stack without willMove(toParent: nil) or didMove(toParent: nil) (UIKit #168)"))
        }
        if let waited { events.insert(waited, at: 0) }
        return .done(events + release(candidates: removed))
    }

    /// `tabBarController.setViewControllers(_:animated:)` / `viewControllers = […]` (UIKit #189,
    /// #168): index by index, an old view controller whose place the new list fills leaves
    /// without `willMove`/`didMove(toParent: nil)`, and the new one gets its
    /// `willMove`/`didMove(toParent:)` at once; new ones past the old count get theirs; old ones
    /// past the new count get `willMove(toParent: nil)` and `didMove(toParent: nil)` back to back.
    /// Only then the selection: the selected view controller is kept if it is in the new list,
    /// else the same index, else the first tab — a tab switch (UIKit #166).
    /// `customizableViewControllers` becomes the new list (UIKit #56). A list equal to the
    /// current one changes nothing.
    mutating func setTabs(_ specs: [Spec], of tab: VCID, animated: Bool, at: SourceLocation) throws(NavLabError) -> Outcome {
        guard !specs.isEmpty else {
            throw NavLabError(.invalid, "a tab bar controller needs at least one view controller", at: at, suggestion: "setViewControllers (First, Second) on \(self[tab].name)")
        }
        var claimed: Set<VCID> = []
        for spec in specs {
            if case .existing(let r) = spec, let x = names[r.text], self[x].parent == tab {
                guard claimed.insert(x).inserted else {
                    throw NavLabError(.invalid, "\(r.text) is used twice in one command", at: r.location)
                }
                continue
            }
            try validate(spec, claimed: &claimed)
        }
        let old = self[tab].children
        let same = specs.count == old.count && zip(specs, old).allSatisfy { spec, o in
            if case .existing(let r) = spec { return names[r.text] == o } else { return false }
        }
        if same {
            return .ignored(reason: "the list is \(self[tab].name)'s own, in its order: UIKit only rebuilds the tab bar items (UIKit #189)", events: [])
        }
        let oldIndex = self[tab].selectedIndex
        let oldSelected = old.indices.contains(oldIndex) ? old[oldIndex] : nil
        var removed: [VCID] = []
        var newIndex = 0
        var events = transition(.tabSwitch, animated: false) { s, pre, _ in
            // The app makes the new view controllers before it assigns the list.
            var list: [VCID] = []
            for spec in specs {
                if case .existing(let r) = spec, let x = s.names[r.text] { list.append(x); continue }
                list.append(s.instantiate(spec, events: &pre))
            }
            let kept = Set(list)
            let name = s[tab].name
            func install(_ x: VCID) {
                // Already a child at another index: only moved in the array.
                guard s[x].parent != tab else { return }
                if s[x].parent != nil { s.detachFromParent(x, events: &pre) }
                pre.append(.move("willMove(toParent:)", s[x].name, parent: name))
                s[x].parent = tab
                pre.append(.move("didMove(toParent:)", s[x].name, parent: name))
            }
            // Where both lists have an entry, the new one takes the old one's place; the old
            // one is taken out of the children without a call (UIKit #168).
            for i in 0..<min(old.count, list.count) where list[i] != old[i] {
                if !kept.contains(old[i]) { s[old[i]].parent = nil; removed.append(old[i]) }
                install(list[i])
            }
            for x in list.dropFirst(old.count) { install(x) }
            for o in old.dropFirst(list.count) where !kept.contains(o) {
                pre.append(.move("willMove(toParent:)", s[o].name, parent: nil))
                s[o].parent = nil
                pre.append(.move("didMove(toParent:)", s[o].name, parent: nil))
                removed.append(o)
            }
            s.setChildren(of: tab, to: list)
            if let oldSelected, let i = list.firstIndex(of: oldSelected) { newIndex = i }
            else if oldIndex != NSNotFound, list.indices.contains(oldIndex) { newIndex = oldIndex }
            else { newIndex = 0 }
            s[tab].selectedIndex = newIndex
        }
        let how: String
        if let oldSelected, self[tab].children.indices.contains(newIndex), self[tab].children[newIndex] == oldSelected {
            how = "\(self[oldSelected].name) stays selected (now tab \(newIndex))"
        } else if oldIndex != NSNotFound, newIndex == oldIndex {
            how = "the selected view controller is gone, so tab \(newIndex), the same index, is selected"
        } else {
            how = "the selected view controller is gone and its index is past the new list, so tab 0 is selected"
        }
        events.append(.note("\(how); customizableViewControllers is the new list (UIKit #189, #56)"))
        let silent = removed.filter { r in old.firstIndex(of: r).map { $0 < specs.count } ?? false }
        if !silent.isEmpty {
            events.append(.note("\(Abridged.list(silent.map { self[$0].name })) \(silent.count == 1 ? "leaves" : "leave") without willMove(toParent: nil) or didMove(toParent: nil): the new list fills \(silent.count == 1 ? "its place" : "their places") (UIKit #168)"))
        }
        return .done(events + release(candidates: removed))
    }

    /// `tabBarController.selectedIndex = INDEX` (UIKit #55); `index == NSNotFound`:
    /// `selectedViewController = moreNavigationController`, the More tab (UIKit #55, #56).
    mutating func select(_ ref: NameRef, index: Int, at: SourceLocation) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "select in")
        let tab = try tabBarController(of: ref)
        let count = self[tab].children.count
        if index == NSNotFound {
            guard count > 5 else {
                throw NavLabError(.invalid, "\(self[tab].name) has \(count) tab\(count == 1 ? "" : "s"); UIKit shows a More tab only with more than five (UIKit #56)",
                                  at: at, suggestion: "use an index 0…\(count - 1)")
            }
            guard self[tab].selectedIndex != NSNotFound else {
                return .ignored(reason: "the More tab of \(self[tab].name) is already selected", events: [])
            }
            noteTabSwitchInTurn(tab)
            let events = transition(.tabSwitch, animated: false) { s, _, _ in s[tab].selectedIndex = NSNotFound }
            return .done(events + [.note("\(self[tab].name).moreNavigationController is selected: it lists tabs 4…\(count - 1), and selectedIndex reads NSNotFound (UIKit #55, #56); the More navigation controller itself is UIKit's, not an instance in NavLab")])
        }
        guard (0..<count).contains(index) else {
            throw NavLabError(.invalid, "\(self[tab].name) has \(count) tab\(count == 1 ? "" : "s"); index \(index) is out of range", at: at,
                              suggestion: count > 5 ? "use 0…\(count - 1), or `more` for the More tab" : "use 0…\(count - 1)")
        }
        guard self[tab].selectedIndex != index else {
            return .ignored(reason: "tab \(index) of \(self[tab].name) is already selected", events: [])
        }
        noteTabSwitchInTurn(tab)
        var events = transition(.tabSwitch, animated: false) { s, _, _ in
            s[tab].selectedIndex = index
            if let roots = s[tab].uiTabs, roots.indices.contains(index) { s[tab].selectedTab = roots[index].identifier }
        }
        if count > 5, index >= 4 {
            events.append(.note("tab \(index) is one of those under More: UIKit shows it in \(self[tab].name).moreNavigationController (UIKit #56)"))
        }
        return .done(events)
    }

    /// A tab switch within a turn (UIKit #238): before iOS 18 it completes before `selectedIndex`
    /// returns, so its did-calls come at once; from iOS 18 it cross-fades, and a second switch
    /// of the same tab bar controller in the turn completes the first before it starts.
    mutating func noteTabSwitchInTurn(_ tab: VCID) {
        guard turn != nil, hookDepth == 0 else { return }
        if device.iOS < 18 {
            turn!.completesAtOnce = true
        } else {
            if turn!.tabSwitching.contains(tab) { turn!.completedInFlight = true }
            turn!.tabSwitching.insert(tab)
        }
    }

    /// NAME if it is a tab bar controller, else the tab bar controller it is inside.
    func tabBarController(of ref: NameRef) throws(NavLabError) -> VCID {
        var tab = try resolve(ref)
        if self[tab].kind != .tabBar {
            var c = self[tab].parent
            while let p = c, self[p].kind != .tabBar { c = self[p].parent }
            guard let found = c else {
                throw NavLabError(.invalid, "\(self[tab].name) is not a tab bar controller, nor inside one", at: ref.location,
                                  suggestion: "make one with Tab(First, Second)")
            }
            tab = found
        }
        return tab
    }
}
