// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead); the
// tab element it builds is in Model/UITabElement.swift.

/// `Tabs(…)`, `Name:Group(…)`, `Name:NavGroup(…)`, and the user's tap on a tab (UIKit #195–#197).
extension State {
    func validateTabs(_ word: ContainerWord, className cls: String?, children: [Spec], at: SourceLocation, claimed: inout Set<VCID>) throws(NavLabError) {
        guard word == .Tabs else {
            throw NavLabError(.syntax, "\(word.rawValue)(…) is a UITabGroup: it goes inside Tabs(…)", at: at,
                              suggestion: "Tabs(Home, \(cls ?? "Library"):\(word.rawValue)(\(children.map({ $0.text }).joined(separator: ", "))))")
        }
        guard device.iOS >= 18 else {
            throw NavLabError(.invalid, "UITab and UITabGroup (UITabBarController.tabs) are iOS 18 and later; the device runs iOS \(device.iOS)", at: at,
                              suggestion: "Tab(\(children.map({ $0.text }).joined(separator: ", "))) sets viewControllers, as before iOS 18")
        }
        if let cls { try validateClassName(cls, at: at) }
        guard !children.isEmpty else {
            throw NavLabError(.syntax, "Tabs(…) takes at least one tab", at: at, suggestion: "Tabs(Home, Search)")
        }
        var seen: Set<String> = []
        func element(_ spec: Spec, depth: Int) throws(NavLabError) {
            switch spec {
            case .instance(let name, let at):
                try validateClassName(name, at: at)
                guard seen.insert(name).inserted else {
                    throw NavLabError(.invalid, "two tabs have the identifier \(name): a UITab's identifier \"must be unique across the tab bar controller\"", at: at,
                                      suggestion: "give each tab its own class")
                }
            case .existing(let ref):
                throw NavLabError(.invalid, "a UITab makes its view controller with its provider; @\(ref.text) names a live instance", at: ref.location,
                                  suggestion: "write a class name: \(State.splitName(ref.text).0)")
            case .container(let w, let name, let kids, let at):
                guard w == .Group || w == .NavGroup else {
                    throw NavLabError(.syntax, "a tab is a class or a Name:Group(…) / Name:NavGroup(…), not \(w.rawValue)(…)", at: at,
                                      suggestion: "wrap it in a class of its own, or use Tab(…) before iOS 18")
                }
                guard let name else {
                    throw NavLabError(.syntax, "a UITabGroup needs its identifier, the class of its view controller: Name:\(w.rawValue)(…)", at: at,
                                      suggestion: "Library:\(w.rawValue)(\(kids.map({ $0.text }).joined(separator: ", ")))")
                }
                try validateClassName(name, at: at)
                guard seen.insert(name).inserted else {
                    throw NavLabError(.invalid, "two tabs have the identifier \(name): a UITab's identifier \"must be unique across the tab bar controller\"", at: at,
                                      suggestion: "give each tab its own class")
                }
                guard !kids.isEmpty else {
                    throw NavLabError(.syntax, "\(name):\(w.rawValue)(…) takes at least one tab", at: at, suggestion: "\(name):\(w.rawValue)(Albums, Songs)")
                }
                guard depth < 4 else {
                    throw NavLabError(.syntax, "tab groups nested more than 4 deep", at: at, suggestion: "NavLab allows groups in groups up to 4 levels")
                }
                for k in kids { try element(k, depth: depth + 1) }
            }
        }
        for c in children { try element(c, depth: 1) }
    }

    /// Makes the tab bar controller, the view controller of each root tab (a group's is its
    /// own class; a group with a managing navigation controller shows that controller, its
    /// stack starting with the group's), and the tree of `UITab`s.
    mutating func instantiateTabs(className cls: String?, children: [Spec], events: inout [Event]) -> VCID {
        func tree(_ spec: Spec) -> UITabElement {
            switch spec {
            case .instance(let name, _): return UITabElement(identifier: name)
            case .container(let w, let name, let kids, _):
                return UITabElement(identifier: name ?? "", children: kids.map(tree), isGroup: true, managing: w == .NavGroup)
            case .existing(let ref): return UITabElement(identifier: ref.text)
            }
        }
        var roots = children.map(tree)
        var rootVCs: [VCID] = []
        for i in roots.indices {
            let vc = makeInstance(className: roots[i].identifier, kind: .plain)
            roots[i].viewController = vc
            if roots[i].managing {
                let nav = makeInstance(className: "UINavigationController", kind: .navigation)
                events.append(.move("willMove(toParent:)", self[vc].name, parent: self[nav].name))
                self[vc].parent = nav
                appendChild(vc, to: nav)
                events.append(.move("didMove(toParent:)", self[vc].name, parent: self[nav].name))
                rootVCs.append(nav)
            } else {
                rootVCs.append(vc)
            }
        }
        let tab = makeInstance(className: cls ?? "UITabBarController", kind: .tabBar)
        for c in rootVCs {
            events.append(.move("willMove(toParent:)", self[c].name, parent: self[tab].name))
            self[c].parent = tab
            appendChild(c, to: tab)
            events.append(.move("didMove(toParent:)", self[c].name, parent: self[tab].name))
        }
        self[tab].uiTabs = roots
        self[tab].selectedTab = roots.first?.identifier
        // `mode` .automatic (UIKit #197).
        let sidebar = !device.isCompact && roots.contains { $0.isGroup }
        events.append(.note("\(self[tab].name).mode .automatic resolves to \(sidebar ? ".tabSidebar: a tab group on an iPad, so the tab bar can become a sidebar" : ".tabBar: " + (device.isCompact ? "an iPhone shows no sidebar" : "no tab group")) (UIKit #197)"))
        return tab
    }

    /// The user taps the tab `identifier` (iOS 18 tabs): `tabBarController(_:shouldSelectTab:)`,
    /// the switch, `tabBarController(_:didSelectTab:previousTab:)` (UIKit #195); inside a
    /// group with a managing navigation controller, its stack is rebuilt (UIKit #196). On a
    /// tab bar controller set up with `viewControllers` (`Tab(…)`), the classic tap
    /// (`tapClassicTab`, UIKit #221).
    mutating func tapTab(_ identifier: String, in ref: NameRef?, at: SourceLocation) throws(NavLabError) -> Outcome {
        try requireRunning(at: at, verb: "tap a tab in")
        let tab: VCID
        if let ref {
            tab = try tabBarController(of: ref)
        } else {
            // The tab bar the user can reach: the front-most one on screen.
            guard let found = screen().last(where: { self[$0].kind == .tabBar }) else {
                throw NavLabError(.invalid, "no tab bar controller is on screen", at: at,
                                  suggestion: "make one with Tab(Home, Search), or Tabs(Home, Search) on iOS 18")
            }
            tab = found
        }
        // The user can only tap a tab bar that shows and that nothing presented covers.
        guard screen().contains(tab) else {
            throw NavLabError(.invalid, "\(self[tab].name) is not on screen, so the user cannot tap its tab bar", at: ref?.location ?? at,
                              suggestion: "`select \(self[tab].name) INDEX` is the code's selection")
        }
        if let over = presentedViewController(of: tab) {
            throw NavLabError(.invalid, "\(self[over].name) is presented over \(self[tab].name): a tap goes to it, not to the tab bar", at: ref?.location ?? at,
                              suggestion: self[over].presentation?.style == .popover ? "`tapOutside` dismisses the popover first" : "`dismiss` first")
        }
        guard let roots = self[tab].uiTabs else {
            return try tapClassicTab(identifier, of: tab, at: at)
        }
        guard let rootIndex = roots.firstIndex(where: { $0.path(to: identifier) != nil }), let path = roots[rootIndex].path(to: identifier) else {
            let all = roots.flatMap { $0.identifiers }
            let near = Suggest.nearest(to: identifier, in: all)
            throw NavLabError(.unknown, "\(self[tab].name) has no tab with the identifier \(identifier)", at: at,
                              suggestion: near.map { "did you mean \($0)?" } ?? "its tabs: \(all.joined(separator: ", "))")
        }
        if self[tab].properties["shouldSelect"] == "false" {
            // The delegate refuses: the tab bar highlights the selected tab again (UIKit #222).
            return .done([delegateCall("tabBarController(_:shouldSelectTab:)", self[tab].name, identifier),
                          .note("the delegate's tabBarController(_:shouldSelectTab:) returned false: \(self[tab].selectedTab ?? "the selected tab") stays selected (UIKit #222)")])
        }
        let tabName = self[tab].name
        let previous = self[tab].selectedTab
        var events: [Event] = [delegateCall("tabBarController(_:shouldSelectTab:)", tabName, identifier)]
        if self[tab].selectedIndex != rootIndex {
            events += transition(.tabSwitch, animated: false) { s, _, _ in s[tab].selectedIndex = rootIndex }
        }
        if path.count > 1 {
            // A tab inside a group: the root-most group with a managing navigation controller
            // rebuilds its stack; without one, the root tab's view controller stays (UIKit #196).
            if let managed = path.firstIndex(where: { $0.managing }), let nav = roots[rootIndex].viewController.flatMap({ self[$0].parent }) {
                var stack: [Spec] = []
                let at0 = SourceLocation(column: 1)
                for (i, element) in path.enumerated() where i >= managed {
                    if let vc = element.viewController, viewControllers[vc] != nil {
                        stack.append(.existing(NameRef(self[vc].name, at: at0)))
                    } else {
                        stack.append(.instance(className: element.identifier, at: at0))
                    }
                }
                let current = self[nav].children.map { self[$0].name }
                let wanted = stack.map { spec -> String in if case .existing(let r) = spec { return r.text } else { return "" } }
                if current != wanted {
                    let outcome = try setViewControllers(stack, on: NameRef(self[nav].name, at: at0), animated: false)
                    events += outcome.events
                    // The tab owns its view controller: its provider runs once (UIKit #195).
                    for (element, vc) in zip(path[managed...], self[nav].children) where element.viewController == nil {
                        var r = self[tab].uiTabs!
                        r[rootIndex].setViewController(vc, of: element.identifier)
                        self[tab].uiTabs = r
                        holds.append(Hold(label: "its UITab \(element.identifier)", viewController: vc))
                    }
                }
                events.append(.note("\(identifier) is in \(path[managed].identifier), whose managingNavigationController \(self[nav].name) now shows \(Abridged.list(self[nav].children.map { self[$0].name }, separator: " → ")) (UIKit #196)"))
            } else {
                events.append(.note("\(identifier) is in the group \(path[0].identifier), which has no managingNavigationController: UIKit changes the view controller for root tabs only, so \(roots[rootIndex].viewController.map { self[$0].name } ?? path[0].identifier) stays on screen (UIKit #196)"))
            }
        }
        self[tab].selectedTab = identifier
        events.append(delegateCall("tabBarController(_:didSelectTab:previousTab:)", tabName, "\(identifier), previousTab: \(previous ?? "nil")"))
        return .done(events)
    }

    func delegateCall(_ callback: String, _ name: String, _ message: String) -> Event {
        var e = Event.vc(callback, name)
        e.message = message
        return e
    }
}
