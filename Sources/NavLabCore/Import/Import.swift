// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// `import uikit` / `import screenstate`: the app runs with the hierarchy a real app printed,
/// as if it had got there itself, so that the user goes on from it (`swapRoot Main`, `why X`).
extension State {
    mutating func importHierarchy(_ h: ImportedHierarchy) throws(NavLabError) -> Outcome {
        var events: [Event] = []
        let wasRunning = isRunning
        // The printout is the app's state now: the process that was running is replaced, as a
        // killed one is (no callback, no deinit).
        endProcess()
        removeAllNameCounters()
        events += inferDevice(from: h)
        application.state = .active
        window = Window()
        window.isKey = true

        // The instances, in the printout's order (pre-order: what the app made first is unknown).
        var ids: [VCID] = []
        ids.reserveCapacity(h.nodes.count)
        for n in h.nodes {
            // SwiftUI's classes by their runtime names (UIKit #190): a hosting controller is
            // named after the view it hosts.
            let swiftUI = h.format == .uikit ? SwiftUIRole.parse(printedClass: n.printedClass, module: appName) : nil
            let id = makeInstance(className: swiftUI.map { $0.1 ?? $0.0.importedName } ?? n.className, kind: n.kind)
            self[id].swiftUI = swiftUI?.0
            ids.append(id)
            self[id].imported = ImportedIdentity(printedClass: n.printedClass, address: n.address, viewAddress: n.viewAddress,
                                                 presentationControllerAddress: n.presentationControllerAddress,
                                                 viewClass: n.viewClass, presentationControllerClass: n.presentationControllerClass)
        }
        var guesses: [String] = []
        var presentedInOrder: [VCID] = []
        for (i, n) in h.nodes.enumerated() {
            let id = ids[i]
            for c in n.children {
                self[ids[c]].parent = id
                appendChild(ids[c], to: id)
            }
            if n.kind == .tabBar, n.children.count > 1 {
                // The selected tab is the one that appeared; when the tab bar is covered, the
                // printout does not say (its loaded tabs are all `disappeared`).
                if let shown = n.children.firstIndex(where: { h.nodes[$0].appeared == true }) {
                    self[id].selectedIndex = shown
                } else {
                    let loaded = n.children.firstIndex { h.nodes[$0].viewLoaded == true } ?? 0
                    self[id].selectedIndex = loaded
                    guesses.append("\(self[id].name)'s selected tab is not printed (no tab appeared); NavLab took \(self[ids[n.children[loaded]]].name) (index \(loaded)): `select \(self[id].name) N` changes it")
                }
            }
            if n.isPresented, let presenter = n.parent {
                let style = presentationStyle(of: n, presenter: h.nodes[presenter])
                if h.format == .screenstate {
                    guesses.append("ScreenState does not print presentation styles: \(self[id].name) is presented with the device's default, .\(style.rawValue)")
                }
                self[id].presenter = ids[presenter]
                self[ids[presenter]].presentedChild = id
                self[id].presentation = Presentation(requestedStyle: style, style: style, calledOn: ids[presenter], animated: true)
                presentedInOrder.append(id)
            }
        }
        window.rootViewController = ids[0]
        window.subviews = [.rootView] + presentedInOrder.map { .transitionView(presented: $0) }

        // A presented view controller printed out of the window that nothing covers: its view
        // left its UITransitionView (it became the window's root once, and the root changed
        // again); the transition view stays, empty (UIKit #4).
        if h.format == .uikit {
            var shownNow = Set(windowViewControllers())
            for (i, n) in h.nodes.enumerated() where n.isPresented && n.viewLoaded == true && n.printedNotInWindow && shownNow.contains(ids[i]) {
                window.emptiedTransitionViews.insert(ids[i])
                shownNow = Set(windowViewControllers())
            }
        }
        // Views: as printed; ScreenState does not say, so the views in the window are loaded.
        let shown = Set(windowViewControllers())
        for (i, n) in h.nodes.enumerated() {
            self[ids[i]].isViewLoaded = n.viewLoaded ?? shown.contains(ids[i])
        }
        if h.format == .uikit {
            events += try checkAppearance(h, ids: ids, shown: shown)
            // Each line as printed, and what decided it (UIKit #175).
            var index: [VCID: Int] = [:]
            for (i, id) in ids.enumerated() { index[id] = i }
            for (id, depth, presented) in printOrder() {
                guard let i = index[id], let line = h.nodes[i].printedLine else { continue }
                let n = h.nodes[i]
                self[id].imported = ImportedIdentity(printedClass: n.printedClass, address: n.address, viewAddress: n.viewAddress,
                                                     presentationControllerAddress: n.presentationControllerAddress,
                                                     viewClass: n.viewClass, presentationControllerClass: n.presentationControllerClass,
                                                     printedLine: line, printedAt: printFacts(id, depth: depth, presented: presented, inWindow: shown))
            }
            if let first = h.fragmentFirstLine {
                events.append(.note("the printout starts below the window's root (its first line, printout line \(first - h.firstLine + 1), is indented or presented): NavLab imports the subtree it shows, with \(self[ids[0]].name) as the window's root; its states are kept as printed (UIKit #178)"))
            }
            if h.unquoted {
                events.append(.note("the printout came as one quoted string, as cycript shows what `_printHierarchy` returns: NavLab read its `\\n`s as line breaks (`.toString()` in cycript prints the lines themselves)"))
            }
            if !h.printsStates {
                events.append(.note("the lines have no `state:` and no `view:` (an older format, UIKit #179): NavLab assumed that the views its model shows are loaded and appeared and the others not loaded; `tree --uikit` prints the lines back as they came"))
            }
            let unknown = Set(h.nodes.compactMap { n -> String? in
                guard let pc = n.presentationControllerClass, !ImportedHierarchy.presentationControllerClasses.contains(pc) else { return nil }
                return pc
            })
            for pc in unknown.sorted() {
                events.append(.note("NavLab does not model the presentation controller \(pc): it presents with .fullScreen (.overFullScreen when the presenter stays appeared) and `tree --uikit` keeps the printed class (UIKit #176)"))
            }
        }
        if initial == nil, let spec = treeSpec(of: ids[0]) {
            var claimed: Set<VCID> = []
            if (try? validate(spec, claimed: &claimed)) != nil {
                initial = spec
                events.append(.note("`initial \(spec.abridgedText)`: the imported root is the Initial UI that `relaunch` makes (the storyboard's is not in the printout)"))
            }
        }
        let count = h.nodes.count
        let what = h.format == .uikit ? "_printHierarchy" : "ScreenState"
        events.insert(.note("imported \(count) view controller\(count == 1 ? "" : "s") from a \(what) printout: "
                            + (wasRunning ? "they replace the running app's view controllers (no callback ran, no deinit)" : "the app runs with them (no callback ran)")
                            + ". `tree` shows them; go on from here"), at: 0)
        let modules = Set(h.nodes.compactMap { n -> String? in
            guard n.printedClass != n.className, let dot = n.printedClass.lastIndex(of: ".") else { return nil }
            return String(n.printedClass[..<dot])
        })
        if let other = modules.sorted().first(where: { $0 != appName && $0 != "SwiftUI" && $0 != "UIKit" }) {
            events.append(.note("the printout's classes are in the module \(other); view controllers made from now on print as \(appName).Class (`app \(other)` before `import` makes them agree)"))
        }
        events += guesses.map { .note($0) }
        return .done(events)
    }

    /// The style a presentation controller's class stands for (UIKit #157): the "over" styles
    /// print the same class as their opaque ones and keep the presenter's views in the window.
    func presentationStyle(of n: ImportedHierarchy.Node, presenter: ImportedHierarchy.Node) -> ModalPresentationStyle {
        let presenterShows = presenter.appeared == true
        switch n.presentationControllerClass {
        case "_UIFullscreenPresentationController"?: return presenterShows ? .overFullScreen : .fullScreen
        case "_UIOverFullscreenPresentationController"?: return .overFullScreen
        case "_UICurrentContextPresentationController"?: return presenterShows ? .overCurrentContext : .currentContext
        case "UIPopoverPresentationController"?: return .popover
        case "_UIFormSheetPresentationController"?: return .formSheet
        case "_UIPageSheetPresentationController"?, "UISheetPresentationController"?:
            return device.iOS >= 18 ? .formSheet : .pageSheet
        case nil:
            return ModalPresentationStyle.automatic.resolved(on: device)
        default:
            // A class NavLab does not model (UIKit #176): kept as printed.
            return presenterShows ? .overFullScreen : .fullScreen
        }
    }

    /// Each printed state must be what the model derives from the structure: `appeared`
    /// exactly when the view is in the window (UIKit #153), `not in the window` for the others.
    /// Kept as printed, with a note, where the printout shows what the model does not make: a
    /// fragment's states (UIKit #178), a transition (UIKit #153), and a custom container that
    /// forwards appearance itself (UIKit #180).
    func checkAppearance(_ h: ImportedHierarchy, ids: [VCID], shown: Set<VCID>) throws(NavLabError) -> [Event] {
        let cannot = "NavLab cannot rebuild a hierarchy its model would not reach; `tree --uikit` after importing without this line shows what it would print"
        var notes: [Event] = []
        // Inside a split view on an iPhone: the device is what to add (UIKit #181).
        func fix(_ id: VCID) -> String? {
            guard device.idiom == .iPhone else { return nil }
            var up = self[id].parent
            while let p = up {
                if self[p].kind == .split {
                    return "on an iPhone a split view controller shows one column: put `device iPad iOS=\(device.iOS)` before `import` if the printout comes from an iPad (UIKit #181)"
                }
                up = self[p].parent
            }
            return nil
        }
        var transitional: [String] = []
        var forwarded: [String] = []
        var unadded: [String] = []
        // Lines are named as the printout counts them, whatever came before it (a script's
        // `import uikit <<END`, a file, a paste).
        func line(_ n: ImportedHierarchy.Node) -> Int { n.line - h.firstLine + 1 }
        for (i, n) in h.nodes.enumerated() {
            let inWindow = shown.contains(ids[i])
            let name = self[ids[i]].name
            let at = SourceLocation(line: n.line, column: 1)
            if n.viewLoaded == false, n.appeared == true {
                throw NavLabError(.invalid, "\(name) is printed as \(n.stateWord!) but its view is not loaded", at: at,
                                  suggestion: "a view controller appears only once its view is loaded (UIKit #61); is the line cut?")
            }
            if h.fragmentFirstLine != nil { continue }
            let inTransition = n.stateWord == "appearing" || n.stateWord == "disappearing"
            let unforwarded = h.isUnderNonForwardingContainer(i)
            if let appeared = n.appeared, appeared != inWindow {
                if inTransition {
                    transitional.append("\(name) (printout line \(line(n)), \(n.stateWord!))")
                    continue
                }
                if unforwarded, !appeared, !n.printedNotInWindow {
                    if n.viewLoaded == false {
                        unadded.append("\(name) (printout line \(line(n)))")
                    } else {
                        forwarded.append("\(name) (printout line \(line(n)))")
                    }
                    continue
                }
                throw NavLabError(.invalid, "\(name) is printed as \(n.stateWord!), but NavLab puts its view \(inWindow ? "in" : "out of") the window: " + whyInWindow(ids[i], inWindow: inWindow),
                                  at: at, suggestion: fix(ids[i]) ?? cannot)
            }
            if n.viewLoaded == true, n.printedNotInWindow == inWindow {
                if inTransition {
                    transitional.append("\(name) (printout line \(line(n)), \(n.stateWord!))")
                    continue
                }
                throw NavLabError(.invalid, "\(name)'s view is printed \(n.printedNotInWindow ? "as not in the window" : "in the window"), but NavLab puts it \(inWindow ? "in" : "out of") the window: " + whyInWindow(ids[i], inWindow: inWindow),
                                  at: at, suggestion: fix(ids[i]) ?? cannot)
            }
            if inTransition { transitional.append("\(name) (printout line \(line(n)), \(n.stateWord!))") }
        }
        if !transitional.isEmpty {
            notes.append(.note("printed during a transition: \(Abridged.list(transitional)); NavLab's commands run to completion, so its model counts appearing as appeared and disappearing as disappeared where the window agrees; `tree --uikit` prints the states as they came until they change (UIKit #153)"))
        }
        if !forwarded.isEmpty {
            notes.append(.note("\(Abridged.list(forwarded)) \(forwarded.count == 1 ? "is" : "are") printed disappeared with \(forwarded.count == 1 ? "its view" : "their views") in the window, under a custom container that does not forward appearance to its children (the app forwards it itself, or not at all): UIKit calls the appearance methods of nothing below such a container (UIKit #45, #180); kept as printed"))
        }
        if !unadded.isEmpty {
            notes.append(.note("\(Abridged.list(unadded)) \(unadded.count == 1 ? "is a child" : "are children") of a custom container with \(unadded.count == 1 ? "its view" : "their views") not loaded: the container has not put \(unadded.count == 1 ? "it" : "them") on screen (UIKit #180); kept as printed"))
        }
        return notes
    }

    /// The device the printout implies (UIKit #161, #174, #177, #181): its iOS from the format,
    /// an iPad from what only an iPad shows.
    mutating func inferDevice(from h: ImportedHierarchy) -> [Event] {
        var notes: [Event] = []
        var idiom = device.idiom, ios = device.iOS
        var why: [String] = []
        if let colon = h.colonInViewDescription, colon != device.printsColonInViewDescription {
            ios = colon ? 17 : 16
            why.append("the view descriptions have \(colon ? "a" : "no") colon, as iOS \(colon ? "17 and later" : "16 and earlier") print them (UIKit #161)")
        }
        if h.twoSpaceNotLoaded, h.colonInViewDescription != true, ios > 10 {
            ios = 10
            why.append("`view:  (view not loaded)` has two spaces, as iOS 8–10 print it (UIKit #174)")
        }
        if h.printedBy32BitDevice, h.colonInViewDescription != true, ios > 10 {
            ios = 10
            why.append("the addresses have at most 8 hex digits, as a 32-bit device prints them, and iOS 11 and later run only on 64-bit devices")
        }
        let oldSplit = h.nodes.contains { $0.kind == .split && $0.viewClass == "UILayoutContainerView" }
        if oldSplit, h.colonInViewDescription != true, ios >= 14 {
            ios = 13
            why.append("a split view controller's view is a UILayoutContainerView, as before iOS 14 (UIKit #177)")
        }
        if idiom == .iPhone {
            let twoColumns = h.nodes.contains { n in
                n.kind == .split && n.children.filter { h.nodes[$0].appeared == true || (h.nodes[$0].viewLoaded == true && !h.nodes[$0].printedNotInWindow && h.nodes[$0].appeared != false) }.count >= 2
            }
            let popover = h.nodes.contains { $0.presentationControllerClass == "UIPopoverPresentationController" }
            if twoColumns || popover {
                idiom = .iPad
                why.append(twoColumns ? "a split view controller shows two columns at once, as only an iPad's does (UIKit #181)"
                                      : "a popover is printed as one, which only an iPad keeps (UIKit #181)")
            }
        }
        if idiom != device.idiom || ios != device.iOS {
            device = Device(idiom: idiom, iOS: ios, sdk: device.sdk)
            notes.append(.note(why.joined(separator: "; ") + ": the device is now `device \(idiom.rawValue) iOS=\(ios)`"))
        }
        return notes
    }

    /// Why the model puts a view controller's view in the window or not, in a few words.
    func whyInWindow(_ id: VCID, inWindow: Bool) -> String {
        if inWindow { return "it is shown by its container and nothing covers it full screen" }
        var child = id
        while let p = self[child].parent {
            let parent = self[p]
            switch parent.kind {
            case .navigation where parent.children.last != child:
                return "\(parent.name) shows only the top of its stack, \(self[parent.children.last!].name)"
            case .tabBar where parent.children.indices.contains(parent.selectedIndex) && parent.children[parent.selectedIndex] != child:
                return "\(parent.name) shows only its selected tab"
            default: break
            }
            child = p
        }
        if let covering = (window.subviews.compactMap { s -> VCID? in
            if case .transitionView(let p) = s, self[p].presentation?.style.removesPresentersView == true { return p }
            return nil
        }).last {
            return "\(self[covering].name) is presented \(self[covering].presentation!.style.rawValue), which removes the views below it (UIKit #19)"
        }
        return "it is not shown by its container"
    }

    /// The spec that would make `id`'s tree (its children, not what it presents), if the
    /// spec language can say it.
    /// Built bottom-up with an explicit stack (Docs/Limits.md); one part the words cannot say
    /// makes the whole nil.
    public func treeSpec(of root: VCID) -> Spec? {
        let at = SourceLocation(column: 1)
        var frames: [(id: VCID, done: [Spec])] = []
        var current = root
        while true {
            // Down to the first view controller that is not a container with children.
            var result: Spec?
            while true {
                let vc = self[current]
                guard State.isIdentifier(vc.className) else { return nil }
                if let role = vc.swiftUI { result = swiftUITreeSpec(of: current, role: role); break }
                if vc.kind == .plain { result = vc.children.isEmpty ? .instance(className: vc.className, at: at) : nil; break }
                if vc.children.isEmpty { result = containerTreeSpec(of: current, children: []); break }
                frames.append((current, []))
                current = vc.children[0]
            }
            // Up, closing every container whose children are all done.
            while true {
                guard let done = result else { return nil }
                guard !frames.isEmpty else { return done }
                frames[frames.count - 1].done.append(done)
                let f = frames[frames.count - 1], children = self[f.id].children
                if f.done.count < children.count {
                    current = children[f.done.count]
                    break
                }
                frames.removeLast()
                result = containerTreeSpec(of: f.id, children: f.done)
            }
        }
    }

    /// The container word for `id` around `children`; nil for a custom container of class Root.
    func containerTreeSpec(of id: VCID, children: [Spec]) -> Spec? {
        let vc = self[id]
        let word = ContainerWord.allCases.first { $0.kind == vc.kind }!
        let cls: String? = vc.kind.uikitClass == vc.className ? nil : vc.className
        if word == .Root, cls == nil { return nil }
        return .container(word, className: cls, children: children, at: SourceLocation(column: 1))
    }

    /// `SwiftUI(View)`, `SwiftUI(View, NavigationStack(Root))`, `SwiftUI(View, TabView(A, B))`
    /// for a hosting controller whose tree the words can say.
    func swiftUITreeSpec(of id: VCID, role: SwiftUIRole) -> Spec? {
        let vc = self[id]
        let at = SourceLocation(column: 1)
        guard role == .hosting else { return nil }
        let view = Spec.instance(className: vc.className, at: at)
        if vc.children.isEmpty { return .container(.SwiftUI, className: nil, children: [view], at: at) }
        guard vc.children.count == 1 else { return nil }
        let inner = self[vc.children[0]]
        let kids = inner.children.map { self[$0] }
        guard kids.allSatisfy({ State.isIdentifier($0.className) && $0.children.isEmpty }) else { return nil }
        let views = kids.map { Spec.instance(className: $0.className, at: at) }
        switch inner.swiftUI {
        case .navigationController? where kids.count == 1 && kids[0].swiftUI == .stackContent:
            return .container(.SwiftUI, className: nil, children: [view, .container(.NavigationStack, className: nil, children: views, at: at)], at: at)
        case .tabBarController? where !kids.isEmpty && kids.allSatisfy({ $0.swiftUI == .tabItem }):
            return .container(.SwiftUI, className: nil, children: [view, .container(.TabView, className: nil, children: views, at: at)], at: at)
        default:
            return nil
        }
    }
}
