/// `import storyboard`, `segue`, `instantiate`: the app's storyboards, and their segues
/// performed as UIKit performs them (UIKit.md §13). Left out of the browser's start module
/// (Web/Wasm/StartModule.swift).
extension State {
    /// A new import replaces the storyboards before it. The scenes' custom classes keep the
    /// storyboard's settings for every instance made later; the initial view controller
    /// becomes the Initial UI, which `launch` makes (UIKit #248).
    mutating func importStoryboards(_ boards: [Storyboard], at location: SourceLocation) throws(NavLabError) -> Outcome {
        guard !boards.isEmpty else {
            throw NavLabError(.syntax, "no storyboard to import", at: location, suggestion: "import storyboard Main.storyboard")
        }
        var events: [Event] = []
        var newClasses = classes
        var conflicts: [String] = []
        var first: [String: StoryboardScene] = [:]
        for b in boards {
            for s in b.scenes where s.isCustomClass {
                // Two scenes of one class with different settings: the first scene's hold.
                if let f = first[s.className] {
                    if f.restorationIdentifier != s.restorationIdentifier || f.modalPresentationStyle != s.modalPresentationStyle, !conflicts.contains(s.className) {
                        conflicts.append(s.className)
                    }
                    continue
                }
                first[s.className] = s
                var decl = newClasses[s.className] ?? ClassDecl()
                decl.storyboard = true
                decl.restorationIdentifier = s.restorationIdentifier ?? decl.restorationIdentifier
                if let m = s.modalPresentationStyle { decl.modalPresentationStyle = m }
                if s.definesPresentationContext { decl.definesPresentationContext = true }
                if let t = s.transitionStyle { decl.transitionStyle = t }
                newClasses[s.className] = decl
            }
        }
        for b in boards {
            let segues = b.scenes.reduce(0) { $0 + $1.segues.filter { $0.kind != .embed }.count }
            events.append(.note("imported \(b.name).storyboard: \(b.scenes.count) scene\(b.scenes.count == 1 ? "" : "s"), \(segues) segue\(segues == 1 ? "" : "s")"))
        }
        var initialSpec: Spec?
        var unmade = false
        for b in boards {
            guard let id = b.initialViewController, let s = b.scene(id: id) else { continue }
            // A launch screen is shown by the system while the app launches, never launched into (UIKit #253).
            if b.isLaunchScreen {
                events.append(.note("\(b.name).storyboard is a launch screen: the system shows it while the app launches, and its initial view controller is not the app's (UIKit #253)"))
                continue
            }
            if let empty = emptyContainer(in: s, of: b, boards: boards) {
                events.append(.note("\(b.name).storyboard's initial view controller contains \(empty), which the app's code fills: `launch` cannot make it; write it with `initial`, e.g. initial Tab(First, Second)"))
                unmade = true
                break
            }
            let made = spec(for: s, in: b, boards: boards, at: location)
            initialSpec = made
            events.append(.note("\(b.name).storyboard's initial view controller is \(made.text): `launch` makes it (UIKit #248)"))
            break
        }
        if initialSpec == nil && !unmade {
            events.append(.note("no storyboard has an initial view controller: `instantiate ID` makes a scene by its storyboard ID"))
        }
        var notModelled: [String] = []
        for b in boards { for u in b.unmodelled where !notModelled.contains(u) { notModelled.append(u) } }
        events.append(.note("not modelled: " + notModelled.joined(separator: "; ")))
        if !conflicts.isEmpty {
            events.append(.note("scenes of \(conflicts.joined(separator: ", ")) set different restoration identifiers or presentation styles: the first scene's hold for the class"))
        }
        classes = newClasses
        storyboards = boards
        if let initialSpec { initial = initialSpec }
        return .done(events)
    }

    /// The first navigation or tab bar controller with no view controllers in the storyboard
    /// (the app's code sets them) among what making `scene` makes, described for an error; nil
    /// when there is none. Iterative, each scene once (Docs/Limits.md).
    func emptyContainer(in scene: StoryboardScene, of board: Storyboard, boards: [Storyboard]) -> String? {
        var pending: [(scene: StoryboardScene, board: Storyboard)] = [(scene, board)]
        var seen: Set<String> = []
        while let (s, b) = pending.popLast() {
            guard seen.insert(b.name + "/" + s.id).inserted, seen.count <= 100_000 else { continue }
            if let ref = s.referencedStoryboard, let other = boards.first(where: { $0.name == ref }),
               let target = s.referencedIdentifier.flatMap({ other.scene(storyboardIdentifier: $0) }) ?? other.initialViewController.flatMap({ other.scene(id: $0) }) {
                pending.append((target, other))
                continue
            }
            if (s.kind == .navigation || s.kind == .tabBar) && s.relationships.isEmpty {
                let what = s.kind == .navigation ? "the navigation controller" : "the tab bar controller"
                let has = s.kind == .navigation ? "no root view controller" : "no tabs"
                return "\(what) \(s.isCustomClass ? s.className + " " : "")(\(s.id) in \(b.name).storyboard) with \(has) in the storyboard"
            }
            for d in (s.relationships + s.embeds).reversed() { if let k = b.scene(id: d) { pending.append((k, b)) } }
        }
        return nil
    }

    /// Refuses to make `scene` when it contains an empty navigation or tab bar controller.
    func requireMakeable(_ scene: StoryboardScene, of board: Storyboard, for what: String, at location: SourceLocation) throws(NavLabError) {
        if let empty = emptyContainer(in: scene, of: board, boards: storyboards) {
            throw NavLabError(.invalid, "\(what) makes \(empty): the app's code sets its view controllers, and NavLab cannot make it empty", at: location,
                              suggestion: "make what the code makes with present, push or show, e.g. present Nav(Root)")
        }
    }

    /// What making `scene` afresh makes: a new instance, with the view controllers its
    /// relationship segues put in it and those its container views embed (UIKit #245); a
    /// reference makes the referenced scene (UIKit #250).
    /// Built bottom-up with an explicit stack (Docs/Limits.md).
    func spec(for scene: StoryboardScene, in board: Storyboard, boards: [Storyboard], at location: SourceLocation) -> Spec {
        // A reference makes the scene it refers to (UIKit #250); import refused cycles.
        func resolved(_ scene: StoryboardScene, _ board: Storyboard) -> (scene: StoryboardScene, board: Storyboard) {
            var (s, b) = (scene, board)
            var steps = 0
            while steps <= Limits.hierarchyDepth, let ref = s.referencedStoryboard, let other = boards.first(where: { $0.name == ref }),
                  let target = s.referencedIdentifier.flatMap({ other.scene(storyboardIdentifier: $0) }) ?? other.initialViewController.flatMap({ other.scene(id: $0) }) {
                (s, b) = (target, other)
                steps += 1
            }
            return (s, b)
        }
        func made(_ scene: StoryboardScene, children: [Spec]) -> Spec {
            let cls = scene.isCustomClass ? scene.className : nil
            switch scene.kind {
            case .navigation: return .container(.Nav, className: cls, children: children, at: location)
            case .tabBar: return .container(.Tab, className: cls, children: children, at: location)
            case .split: return .container(.Split, className: cls, children: children, at: location)
            case .page: return .container(.Page, className: cls, children: children, at: location)
            case .plain, .container:
                return children.isEmpty ? .instance(className: scene.className, at: location)
                    : .container(.Root, className: scene.className, children: children, at: location)
            }
        }
        var frames: [(scene: StoryboardScene, board: Storyboard, kids: [StoryboardScene], done: [Spec])] = []
        var current = resolved(scene, board)
        while true {
            // Down to the first scene with nothing in it.
            var result: Spec
            while true {
                let kids = (current.scene.relationships + current.scene.embeds).compactMap { current.board.scene(id: $0) }
                if kids.isEmpty { result = made(current.scene, children: []); break }
                frames.append((current.scene, current.board, kids, []))
                current = resolved(kids[0], current.board)
            }
            // Up, making every container whose children are all made.
            while true {
                guard !frames.isEmpty else { return result }
                frames[frames.count - 1].done.append(result)
                let f = frames[frames.count - 1]
                if f.done.count < f.kids.count {
                    current = resolved(f.kids[f.done.count], f.board)
                    break
                }
                frames.removeLast()
                result = made(f.scene, children: f.done)
            }
        }
    }

    /// The scenes an instance may have been made from: those of its class. A container made
    /// from a scene without a custom class is matched by its kind.
    func scenes(for id: VCID) -> [(Storyboard, StoryboardScene)] {
        let vc = self[id]
        var out: [(Storyboard, StoryboardScene)] = []
        for b in storyboards {
            for s in b.scenes where !s.isReference && (s.className == vc.className || (!s.isCustomClass && s.kind != .plain && s.kind == vc.kind && vc.className == vc.kind.uikitClass)) {
                out.append((b, s))
            }
        }
        return out
    }

    /// The segues `id` can perform: those of the scenes of its class, with an identifier.
    public func performableSegues(from id: VCID) -> [(storyboard: String, scene: StoryboardScene, segue: StoryboardSegue)] {
        var out: [(storyboard: String, scene: StoryboardScene, segue: StoryboardSegue)] = []
        for (b, s) in scenes(for: id) {
            for g in s.segues where g.kind != .embed && g.identifier != nil { out.append((b.name, s, g)) }
        }
        return out
    }

    /// The segues `id` can perform that have no identifier: wired to a control, only the user's
    /// tap performs them, named by their element id (UIKit #254).
    public func unidentifiedSegues(from id: VCID) -> [(storyboard: String, scene: StoryboardScene, segue: StoryboardSegue)] {
        var out: [(storyboard: String, scene: StoryboardScene, segue: StoryboardSegue)] = []
        for (b, s) in scenes(for: id) {
            for g in s.segues where g.kind != .embed && g.identifier == nil && g.fromControl { out.append((b.name, s, g)) }
        }
        return out
    }

    /// The class name a segue's destination makes, for listings.
    public func destinationName(of segue: StoryboardSegue, in storyboard: String) -> String {
        guard segue.kind != .unwind else { return segue.unwindAction ?? "(unwind)" }
        guard let b = storyboards.first(where: { $0.name == storyboard }), let s = b.scene(id: segue.destination) else { return segue.destination }
        return spec(for: s, in: b, boards: storyboards, at: SourceLocation(column: 1)).text
    }

    /// Where a segue is looked for when no view controller is named: the top view controller
    /// and the containers around it, innermost first, then the others on screen, top first.
    public func segueSources() -> [VCID] {
        var ids: [VCID] = []
        var c = top()
        while let x = c { ids.append(x); c = self[x].parent }
        for x in screen().reversed() where !ids.contains(x) { ids.append(x) }
        return ids
    }

    /// `segue` with no identifier: what the screen's view controllers can perform.
    public func renderSegues(from ref: NameRef?) throws(NavLabError) -> String {
        guard !storyboards.isEmpty else {
            throw NavLabError(.invalid, "no storyboard is imported", at: ref?.location ?? SourceLocation(column: 1), suggestion: "import storyboard Main.storyboard")
        }
        let ids = ref == nil ? segueSources() : [try resolve(ref!)]
        var lines: [String] = []
        for id in ids {
            for (b, _, g) in performableSegues(from: id) {
                let control = g.fromControl ? " (wired to a control: `segue \(g.identifier!) user` asks shouldPerformSegue)" : ""
                lines.append("\(self[id].name): segue \(g.identifier!) — \(g.kind.rawValue) → \(destinationName(of: g, in: b))\(control)")
            }
            for (b, _, g) in unidentifiedSegues(from: id) {
                lines.append("\(self[id].name): segue \(g.id) user — \(g.kind.rawValue) → \(destinationName(of: g, in: b)) (no identifier: only the user's tap on its control performs it, UIKit #254)")
            }
        }
        if lines.isEmpty {
            return ids.isEmpty ? "(nothing is on screen: `launch` first)" : "(no segue from \(ids.map { self[$0].name }.joined(separator: ", ")))"
        }
        return lines.joined(separator: "\n")
    }

    /// The name the next instance of `spec`'s outermost view controller gets (its children are
    /// made first).
    func predictedName(of spec: Spec) -> String {
        var counts: [String: Int] = [:]
        func className(_ s: Spec) -> String {
            switch s {
            case .instance(let cls, _): return cls
            case .existing(let r): return r.text
            case .container(let word, let cls, _, _): return cls ?? word.defaultClassName
            }
        }
        for (inner, _) in spec.preorder() {
            if case .existing = inner { continue }
            counts[className(inner), default: 0] += 1
        }
        let cls = className(spec)
        let n = (nameCounters[cls] ?? 0) + (counts[cls] ?? 1)
        return n == 1 ? cls : "\(cls)#\(n)"
    }

    /// `performSegue(withIdentifier:sender:)` on `ref` (default: the top view controller), or
    /// the user's tap on the control it is wired to (`byUser`: `shouldPerformSegue` first).
    mutating func performSegue(_ identifier: String, from ref: NameRef?, byUser: Bool, animated: Bool, at location: SourceLocation) throws(NavLabError) -> Outcome {
        try requireRunning(at: location, verb: "perform a segue from")
        guard !storyboards.isEmpty else {
            throw NavLabError(.invalid, "no storyboard is imported, so there is no segue \(identifier)", at: location, suggestion: "import storyboard Main.storyboard")
        }
        // performSegue is sent to a view controller: by default the one on top, or the
        // nearest container around it, or another one on screen, whose scene has the segue.
        var source = try resolve(ref, default: "top")
        if ref == nil, let x = segueSources().first(where: { x in scenes(for: x).contains { $0.1.segues.contains { $0.identifier == identifier } } }) {
            source = x
        }
        var found: [(storyboard: String, scene: StoryboardScene, segue: StoryboardSegue)] = []
        for (b, s) in scenes(for: source) { for g in s.segues where g.identifier == identifier { found.append((b.name, s, g)) } }
        // A segue without an identifier, by its element id: only its control performs it (UIKit #254).
        if found.isEmpty {
            if ref == nil, let x = segueSources().first(where: { x in unidentifiedSegues(from: x).contains { $0.segue.id == identifier } }) { source = x }
            found = unidentifiedSegues(from: source).filter { $0.segue.id == identifier }
            if !found.isEmpty && !byUser {
                throw NavLabError(.exception, "Receiver (\(objectDescription(source))) has no segue with identifier '\(identifier)': the segue \(identifier) has no identifier, so code cannot perform it (UIKit #239, #254)", at: location,
                                  suggestion: "segue \(identifier) user (the user's tap on its control performs it)", exceptionName: "NSInvalidArgumentException")
            }
        }
        guard let (boardName, _, segue) = found.first else {
            // UIKit's exception (UIKit #239).
            let known = performableSegues(from: source).compactMap { $0.segue.identifier }
            throw NavLabError(.exception, "Receiver (\(objectDescription(source))) has no segue with identifier '\(identifier)'", at: location,
                              suggestion: known.isEmpty ? "\(self[source].name)'s scene has no segue with an identifier: `segue` lists the screen's" :
                                "\(self[source].name)'s segues: \(known.joined(separator: ", "))", exceptionName: "NSInvalidArgumentException")
        }
        if found.count > 1, Set(found.map { "\($0.storyboard)/\($0.segue.destination)/\($0.segue.kind)" }).count > 1 {
            throw NavLabError(.invalid, "\(found.count) scenes of \(self[source].className) have a segue \(identifier), to different places: NavLab cannot tell which scene \(self[source].name) was made from",
                              at: location, suggestion: "give the scenes custom classes of their own in Xcode")
        }
        let board = storyboards.first { $0.name == boardName }!
        let src = self[source].name
        let animated = animated && segue.animates
        // What UIKit passes as the identifier: nil for a segue without one (UIKit #254).
        let shown = segue.identifier.map { "\"\($0)\"" } ?? "nil"
        var pre: [Event] = []
        if byUser {
            guard segue.fromControl else {
                throw NavLabError(.invalid, "the segue \(identifier) is wired to \(src)'s view controller, not to a control: only code performs it (performSegue), and UIKit does not ask shouldPerformSegue (UIKit #242)",
                                  at: location, suggestion: "segue \(identifier) (without `user`)")
            }
            pre.append(Event(kind: .callback, callback: "shouldPerformSegue(withIdentifier:sender:)", viewController: src, message: shown))
            if self[source].properties["shouldPerformSegue"] == "false" || classes[self[source].className]?.properties["shouldPerformSegue"] == "false" {
                return .ignored(reason: "\(src)'s shouldPerformSegue(withIdentifier:sender:) returns false: the segue \(identifier) is not performed (UIKit #242)", events: pre)
            }
        }
        if segue.kind == .unwind { return try unwind(segue, from: source, pre: pre, animated: animated, at: location) }
        let destScene = board.scene(id: segue.destination)!
        try requireMakeable(destScene, of: board, for: "the segue \(identifier)", at: location)
        let spec = self.spec(for: destScene, in: board, boards: storyboards, at: location)
        let dest = predictedName(of: spec)
        let call = "performSegue(withIdentifier: \"\(identifier)\", sender:)"
        pre.append(.note("\(byUser ? "the user's tap performs" : call + ":") the \(segue.kind.rawValue) segue \(identifier) of \(board.name).storyboard with a new \(dest) (UIKit #240)"))
        pre.append(Event(kind: .callback, callback: "prepare(for:sender:)", viewController: src, message: "\(shown) → \(dest) (UIKit #241)"))
        let outcome: Outcome
        switch segue.kind {
        case .show: outcome = try show(spec, on: NameRef(src, at: location), detail: false, animated: animated)
        case .showDetail, .replace: outcome = try show(spec, on: NameRef(src, at: location), detail: true, animated: animated)
        case .presentation, .modal:
            // The segue's style, or the destination's own when the segue says Default (UIKit #244).
            outcome = try present(spec, on: NameRef(src, at: location), style: segue.modalPresentationStyle ?? destScene.modalPresentationStyle, animated: animated)
        case .popoverPresentation, .popover:
            outcome = try present(spec, on: NameRef(src, at: location), style: .popover, animated: animated)
        case .push:
            guard let nav = self[source].kind == .navigation ? source : navigationController(of: source) else {
                throw NavLabError(.exception, "Could not find a navigation controller for segue '\(identifier)'. Push segues can only be used when the source controller is managed by an instance of UINavigationController.",
                                  at: location, suggestion: "put \(src) in a navigation controller, or make the segue a show segue (UIKit #247)", exceptionName: "NSGenericException")
            }
            outcome = try push(spec, on: NameRef(self[nav].name, at: location), animated: animated)
        case .custom:
            throw NavLabError(.invalid, "the segue \(identifier) is a custom segue (\(segue.customClass ?? "UIStoryboardSegue")): its perform() is the app's code, which NavLab does not run",
                              at: location, suggestion: "write what its perform() does: present, push or show")
        case .embed, .relationship, .unwind:
            throw NavLabError(.invalid, "the segue \(identifier) is an \(segue.kind.rawValue) segue: UIKit performs it when \(src) is made, not performSegue (UIKit #245)",
                              at: location, suggestion: "`segue` lists the segues \(src) can perform")
        }
        switch outcome {
        case .done(let events): return .done(pre + events)
        case .ignored(let reason, let events): return .ignored(reason: reason, events: pre + events)
        }
    }

    /// An unwind segue: the search up the chain for a view controller that answers
    /// `canPerformUnwindSegueAction` with true, `prepare(for:sender:)`, the action, then what
    /// is dismissed and popped to show it (UIKit #246).
    mutating func unwind(_ segue: StoryboardSegue, from source: VCID, pre: [Event], animated: Bool, at location: SourceLocation) throws(NavLabError) -> Outcome {
        let action = segue.unwindAction ?? ""
        let identifier = segue.identifier ?? segue.id
        var events = pre
        // `unwindToFeed:` as the storyboard writes the selector; `unwindToFeed` as a class may declare it.
        func bare(_ s: Substring) -> Substring { s.hasSuffix(":") ? s.dropLast() : s }
        func implements(_ id: VCID) -> Bool {
            let list = classes[self[id].className]?.properties["unwind"] ?? self[id].properties["unwind"] ?? ""
            return list.split(separator: ",").contains { bare(Substring($0.filter { $0 != " " })) == bare(Substring(action)) }
        }
        func ask(_ id: VCID) -> Bool {
            let yes = implements(id)
            events.append(Event(kind: .callback, callback: "canPerformUnwindSegueAction(_:from:sender:)", viewController: self[id].name,
                                message: "\(action) → \(yes)"))
            return yes
        }
        // A subtree, children first (allowedChildrenForUnwinding), then the view controller; a
        // navigation controller's stack from the top down, so the most recent one wins.
        // With an explicit stack of the subtrees being searched (Docs/Limits.md).
        func search(_ root: VCID, excluding: VCID?) -> VCID? {
            var frames: [(id: VCID, left: [VCID])] = []
            func enter(_ id: VCID, excluding: VCID?) {
                let children = self[id].kind == .navigation ? self[id].children.reversed() : self[id].children
                frames.append((id, children.filter { $0 != excluding }.reversed()))
            }
            enter(root, excluding: excluding)
            while !frames.isEmpty {
                if let c = frames[frames.count - 1].left.popLast() {
                    enter(c, excluding: nil)
                    continue
                }
                let done = frames.removeLast()
                if ask(done.id) { return done.id }
            }
            return nil
        }
        // From the source itself up its parents and presenters (a published log asks the
        // source first, UIKit #246).
        var destination: VCID?
        var came: VCID?
        var current: VCID? = source
        while let c = current, destination == nil {
            destination = search(c, excluding: came)
            came = c
            current = self[c].parent ?? self[c].presenter
        }
        guard let d = destination else {
            return .ignored(reason: "no view controller above \(self[source].name) implements \(action): the unwind segue \(identifier) does nothing (declare it with `class NAME unwind=\(action)`)",
                            events: events)
        }
        let src = self[source].name, dst = self[d].name
        events.append(Event(kind: .callback, callback: "prepare(for:sender:)", viewController: src, message: "\"\(identifier)\" (unwind) → \(dst) (UIKit #241)"))
        events.append(Event(kind: .callback, callback: action, viewController: dst, message: "the unwind action (UIKit #246)"))
        // What stands between: presentations above the destination's, a navigation stack above it,
        // a tab bar controller showing another tab.
        var dismissOn: VCID?
        var popping: (nav: VCID, keep: Int, towards: VCID)?
        var selectTab: (tab: VCID, index: Int, towards: VCID)?
        var x = source
        while x != d && !isAncestor(x, of: d) {
            if let p = self[x].parent { x = p; continue }
            guard let presenter = self[x].presenter else { break }
            dismissOn = presenter
            x = presenter
        }
        // x is now d or an ancestor of d: containers from x down to d may have to change.
        var y = d
        while y != x, let p = self[y].parent {
            let index = self[p].children.firstIndex(of: y) ?? 0
            if self[p].kind == .navigation, index < self[p].children.count - 1 {
                popping = (nav: p, keep: index + 1, towards: y)
            }
            if self[p].kind == .tabBar, index != self[p].selectedIndex {
                selectTab = (tab: p, index: index, towards: y)
            }
            y = p
        }
        // unwind(for:towards:) on each container that changes, with its child on the way.
        if let p = popping {
            events.append(Event(kind: .callback, callback: "unwind(for:towards:)", viewController: self[p.nav].name, message: "towards \(self[p.towards].name)"))
        }
        if let t = selectTab {
            events.append(Event(kind: .callback, callback: "unwind(for:towards:)", viewController: self[t.tab].name, message: "towards \(self[t.towards].name)"))
        }
        if let p = dismissOn {
            let o = try dismiss(NameRef(self[p].name, at: location), animated: animated)
            events += o.events
        }
        if let t = selectTab {
            events += try select(NameRef(self[t.tab].name, at: location), index: t.index, at: location).events
        }
        if let p = popping {
            // Under a dismissal, the stack changes without an animation of its own (NavLab's choice, UIKit #246).
            events += popTo(p.nav, keeping: p.keep, animated: animated && dismissOn == nil)
        }
        if dismissOn == nil && popping == nil && selectTab == nil {
            events.append(.note("\(dst) is already on screen with \(src): nothing is dismissed or popped"))
        }
        return .done(events)
    }

    /// `instantiateViewController(withIdentifier:)`: a new instance each time (UIKit #240),
    /// which the app's code holds until it presents, pushes or releases it.
    mutating func instantiateScene(_ storyboardID: String, at location: SourceLocation) throws(NavLabError) -> Outcome {
        guard !storyboards.isEmpty else {
            throw NavLabError(.invalid, "no storyboard is imported", at: location, suggestion: "import storyboard Main.storyboard")
        }
        let matches = storyboards.compactMap { b in b.scene(storyboardIdentifier: storyboardID).map { (b, $0) } }
        guard let (board, scene) = matches.first else {
            let all = storyboards.flatMap { $0.scenes.compactMap { $0.storyboardIdentifier } }
            let near = Suggest.nearest(to: storyboardID, in: all)
            throw NavLabError(.exception, "Storyboard (<UIStoryboard: 0x600003a0c000>) doesn't contain a view controller with identifier '\(storyboardID)'", at: location,
                              suggestion: near.map { "did you mean \($0)?" } ?? (all.isEmpty ? "no scene has a Storyboard ID: set one in Xcode's Identity inspector" : "storyboard IDs: \(all.prefix(8).joined(separator: ", "))"),
                              exceptionName: "NSInvalidArgumentException")
        }
        try requireMakeable(scene, of: board, for: "instantiate \(storyboardID)", at: location)
        let spec = self.spec(for: scene, in: board, boards: storyboards, at: location)
        var claimed: Set<VCID> = []
        try validate(spec, claimed: &claimed)
        var events: [Event] = []
        let id = instantiate(spec, events: &events)
        holds.append(Hold(label: "instantiateViewController(withIdentifier: \"\(storyboardID)\")", viewController: id))
        events.insert(.note("\(board.name).storyboard makes a new \(self[id].name) (UIKit #240); the app's code holds it: `present @\(self[id].name)`, `push @\(self[id].name)` or `release \(self[id].name)`"), at: 0)
        return .done(events)
    }
}

extension State {
    /// The scenes that have instances now: per storyboard and scene (element id), the allocated
    /// view controllers that may have been made from it (`scenes(for:)`'s rule), in allocation
    /// order. Empty without storyboards. For the page's map (Docs/Page.md).
    public func sceneInstances() -> [(storyboard: String, scene: String, viewControllers: [VCID])] {
        guard !storyboards.isEmpty else { return [] }
        var byClass: [String: [(Int, Int)]] = [:], byKind: [Kind: [(Int, Int)]] = [:]
        for (bi, b) in storyboards.enumerated() {
            for (si, s) in b.scenes.enumerated() where !s.isReference {
                byClass[s.className, default: []].append((bi, si))
                if !s.isCustomClass && s.kind != .plain { byKind[s.kind, default: []].append((bi, si)) }
            }
        }
        var found: [[Int: [VCID]]] = Array(repeating: [:], count: storyboards.count)
        for id in allocatedIDs {
            let vc = self[id]
            var hits = byClass[vc.className] ?? []
            if vc.className == vc.kind.uikitClass, let k = byKind[vc.kind] {
                for h in k where !hits.contains(where: { $0 == h }) { hits.append(h) }
            }
            for (bi, si) in hits { found[bi][si, default: []].append(id) }
        }
        var out: [(storyboard: String, scene: String, viewControllers: [VCID])] = []
        for (bi, b) in storyboards.enumerated() {
            for si in found[bi].keys.sorted() { out.append((b.name, b.scenes[si].id, found[bi][si]!)) }
        }
        return out
    }
}
