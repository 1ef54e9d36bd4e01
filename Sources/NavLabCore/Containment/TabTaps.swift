// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// The user's tap on an item of a classic tab bar (a tab bar controller set up with
/// `viewControllers`, `Tab(…)`): `tabBarController(_:shouldSelect:)`, the switch,
/// `tabBarController(_:didSelect:)` (UIKit #221–#224). `select` is the program's
/// `selectedIndex`, which sends neither delegate call.
extension State {
    /// The tab a tap names: its index among the tab bar items, or a view controller that is
    /// (or is inside) one of the tabs.
    func tappedTabIndex(_ target: String, of tab: VCID, at: SourceLocation) throws(NavLabError) -> Int {
        let tabs = self[tab].children
        let name = self[tab].name
        // With more than five tabs the bar shows four and More (UIKit #56).
        let onBar = tabs.count > 5 ? 4 : tabs.count
        if let index = Int(target) {
            guard tabs.indices.contains(index) else {
                throw NavLabError(.invalid, "\(name) has \(tabs.count) tab\(tabs.count == 1 ? "" : "s"); index \(index) is out of range", at: at,
                                  suggestion: "use 0…\(max(0, onBar - 1))")
            }
            guard index < onBar else {
                throw NavLabError(.invalid, "tab \(index) of \(name) is under More: its item is not on the tab bar, so the user cannot tap it there (UIKit #56)", at: at,
                                  suggestion: "`select \(name) more` shows the More list; `select \(name) \(index)` selects it from code")
            }
            return index
        }
        let ref = NameRef(target, at: at)
        let id = try resolve(ref)
        var current: VCID? = id
        while let c = current, self[c].parent != tab { current = self[c].parent }
        guard let child = current, let index = tabs.firstIndex(of: child) else {
            throw NavLabError(.invalid, "\(self[id].name) is not one of \(name)'s tabs, nor inside one", at: at,
                              suggestion: "its tabs: " + tabs.prefix(onBar).map { self[$0].name }.joined(separator: ", "))
        }
        guard index < onBar else {
            throw NavLabError(.invalid, "\(self[child].name) is tab \(index) of \(name), under More: its item is not on the tab bar (UIKit #56)", at: at,
                              suggestion: "`select \(name) more` shows the More list; `select \(name) \(index)` selects it from code")
        }
        return index
    }

    /// The user taps a classic tab bar item. The delegate is asked first
    /// (`tabBarController(_:shouldSelect:)`); a false answer leaves everything as it was
    /// (UIKit #222). Otherwise the tab is selected as `selectedViewController = …` selects it
    /// (UIKit #166), and `tabBarController(_:didSelect:)` follows — after the switch before
    /// iOS 18, before its appearance calls from iOS 18, whose cross-fade starts them after the
    /// current Core Animation commit (UIKit #221, #224). Tapping the selected tab sends both
    /// delegate calls and pops its navigation controller to the root, animated, unless it
    /// presents something (UIKit #223).
    mutating func tapClassicTab(_ target: String, of tab: VCID, at: SourceLocation) throws(NavLabError) -> Outcome {
        let index = try tappedTabIndex(target, of: tab, at: at)
        let tabName = self[tab].name
        let tapped = self[tab].children[index]
        let tappedName = self[tapped].name
        let shouldSelect = delegateCall("tabBarController(_:shouldSelect:)", tabName, tappedName)
        let didSelect = delegateCall("tabBarController(_:didSelect:)", tabName, tappedName)
        if self[tab].properties["shouldSelect"] == "false" {
            let selected = self[tab].children.indices.contains(self[tab].selectedIndex) ? self[self[tab].children[self[tab].selectedIndex]].name : "the More tab"
            return .done([shouldSelect, .note("the delegate's tabBarController(_:shouldSelect:) returned false: \(selected) stays selected and didSelect is not sent (UIKit #222)")])
        }
        if index == self[tab].selectedIndex {
            return .done(reselect(tapped, shouldSelect: shouldSelect, didSelect: didSelect))
        }
        let crossFade = device.iOS >= 18
        var events = transition(.tabSwitch, animated: crossFade) { s, _, _ in s[tab].selectedIndex = index }
        if crossFade {
            // The new tab's view is asked for when the transition is set up; the appearance
            // calls begin after the Core Animation commit, once the tap's handler has returned.
            let loads = events.prefix { $0.callback == "loadView" || $0.callback == "viewDidLoad" }.count
            events.insert(didSelect, at: loads)
            let outgoing = events.first { $0.callback == "viewWillDisappear" }?.viewController
            let incoming = events.last { $0.callback == "viewDidAppear" }?.viewController
            events.append(.note("on iOS \(device.iOS) the tab switch cross-fades: UIKit starts the appearance calls after the tap's Core Animation commit, so tabBarController(_:didSelect:) comes first, and \(outgoing.map { "viewDidDisappear \($0)" } ?? "the old tab's viewDidDisappear") and \(incoming.map { "viewDidAppear \($0)" } ?? "the new tab's viewDidAppear") come when the fade ends, about half a second later (UIKit #224)"))
        } else {
            events.append(didSelect)
        }
        return .done([shouldSelect] + events)
    }

    /// The selected tab tapped again: no switch, no appearance call for the tab itself; a
    /// navigation controller that presents nothing pops to its root, animated (UIKit #223).
    mutating func reselect(_ tapped: VCID, shouldSelect: Event, didSelect: Event) -> [Event] {
        guard self[tapped].kind == .navigation, self[tapped].children.count > 1 else {
            return [shouldSelect, didSelect]
        }
        if let presented = presentedViewController(of: tapped) {
            return [shouldSelect, .note("\(self[tapped].name) is presenting \(self[presented].name), so tapping its tab again does not pop it to its root (UIKit #223)"), didSelect]
        }
        let nav = self[tapped].name
        // popToRoot cannot fail here: a navigation controller with more than one child.
        let popped = (try? popToRoot(NameRef(nav), animated: true))?.events ?? []
        // The animated pop's did-calls come when it ends, after didSelect (UIKit #223).
        let split = popped.firstIndex { $0.kind == .callback && ($0.callback == "viewDidAppear" || $0.callback == "viewDidDisappear") } ?? popped.count
        return [shouldSelect, .note("\(nav)'s tab is tapped again: it pops to its root view controller, animated (UIKit #223)")]
            + popped[..<split] + [didSelect] + popped[split...]
    }
}
