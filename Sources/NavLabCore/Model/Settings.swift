/// `class`, `set`, `hold`, `release`: what the app's code says and does outside UIKit's calls.
extension State {
    /// Keys `class` and `set` take, with the values each accepts.
    public static let settingKeys: [(key: String, values: String)] = [
        ("restorationIdentifier", "an identifier, or nil"),
        ("restorationClass", "yes (it creates an instance) | no | nil (it returns nil)"),
        ("viewRestorationIdentifier", "an identifier for its view, so view state (contentOffset, selectedRow) is preserved"),
        ("storyboard", "yes|no"),
        ("modalPresentationStyle", ModalPresentationStyle.allCases.map({ $0.rawValue }).joined(separator: "|")),
        ("definesPresentationContext", "yes|no"),
        ("transitionStyle", "pageCurl|scroll"),
        ("encodes", "names, comma-separated (children for a custom container)"),
        ("isModalInPresentation", "yes|no: a sheet the user cannot swipe away"),
        ("shouldAutomaticallyForwardAppearanceMethods", "yes|no: no — the container's children get no appearance calls from UIKit; its code calls beginAppearanceTransition/endAppearanceTransition (UIKit #45)"),
        ("preferredTransition", "zoom|default: zoom — iOS 18's fluid zoom transition when it is pushed or presented, interrupted by the user under its own rules (UIKit #192, #193)"),
        ("shouldSelect", "yes|no: what a tab bar controller's delegate answers tabBarController(_:shouldSelect:) (shouldSelectTab: with UITabs) when the user taps a tab — no: the tap changes nothing (UIKit #222)"),
        ("shouldDismiss", "yes|no: what the delegate of its presentation controller answers presentationControllerShouldDismiss(_:) (popoverPresentationControllerShouldDismissPopover(_:) before iOS 13) when the user swipes it down or taps outside it — no: it stays (UIKit #226)"),
        ("unwind", "an unwind action the class implements (unwindToHome; one unwind= for each): canPerformUnwindSegueAction answers true for them, so it can be an unwind segue's destination (UIKit #246)"),
        ("shouldPerformSegue", "yes|no: what it answers shouldPerformSegue(withIdentifier:sender:) when the user triggers a segue wired to a control — no: the segue is not performed (UIKit #242)"),
        ("switch", "transition|addThenRemove: how a custom container's `switch` changes its child — transition(from:to:) (the default), or add the new child completely, then remove the old"),
    ]

    /// Applies `settings` to a declaration, or throws at the first bad one.
    func parse(_ settings: [Setting], into decl: inout ClassDecl, allowProperties: Bool) throws(NavLabError) {
        for s in settings {
            func bool() throws(NavLabError) -> Bool {
                switch s.value {
                case "yes", "true": return true
                case "no", "false": return false
                default: throw NavLabError(.syntax, "\(s.key) takes yes or no, not '\(s.value)'", at: s.location, suggestion: "\(s.key)=yes")
                }
            }
            switch s.key {
            case "restorationIdentifier": decl.restorationIdentifier = s.value == "nil" ? "" : s.value
            case "restorationClass":
                decl.restorationClass = s.value == "nil" ? .returnsNil : (try bool()) ? .instance : RestorationClass.none
            case "viewRestorationIdentifier": decl.viewRestorationIdentifier = s.value == "nil" ? "" : s.value
            case "storyboard": decl.storyboard = try bool()
            case "isModalInPresentation": decl.properties["isModalInPresentation"] = try bool() ? "true" : "false"
            case State.forwardingKey: decl.properties[State.forwardingKey] = try bool() ? "true" : "false"
            case "shouldSelect", "shouldDismiss", "shouldPerformSegue": decl.properties[s.key] = try bool() ? "true" : "false"
            case "unwind":
                // Several actions: `unwind=unwindToFeed unwind=unwindToRoot`.
                let v = s.value.hasSuffix(":") ? String(s.value.dropLast()) : s.value
                decl.properties["unwind"] = decl.properties["unwind"].map { $0 + "," + v } ?? v
            case "switch":
                guard ["transition", "addThenRemove"].contains(s.value) else {
                    throw NavLabError(.syntax, "switch takes transition or addThenRemove, not '\(s.value)'", at: s.location, suggestion: "switch=addThenRemove")
                }
                decl.properties["switch"] = s.value
            case "preferredTransition":
                guard s.value == "zoom" || s.value == "default" else {
                    throw NavLabError(.syntax, "preferredTransition takes zoom or default, not '\(s.value)'", at: s.location, suggestion: "preferredTransition=zoom")
                }
                guard device.iOS >= 18 else {
                    throw NavLabError(.invalid, "preferredTransition (UIViewController.Transition) is iOS 18 and later; the device runs iOS \(device.iOS)",
                                      at: s.location, suggestion: "`device \(device.idiom.rawValue) iOS=18` first")
                }
                decl.properties["preferredTransition"] = s.value
            case "definesPresentationContext": decl.definesPresentationContext = try bool()
            case "modalPresentationStyle":
                guard let style = ModalPresentationStyle(rawValue: s.value) else {
                    let near = Suggest.nearest(to: s.value, in: ModalPresentationStyle.allCases.map({ $0.rawValue }))
                    throw NavLabError(.syntax, "'\(s.value)' is not a modalPresentationStyle", at: s.location,
                                      suggestion: near.map { "did you mean \($0)?" } ?? ModalPresentationStyle.allCases.map({ $0.rawValue }).joined(separator: ", "))
                }
                decl.modalPresentationStyle = style
            case "transitionStyle":
                guard let t = PageTransitionStyle(rawValue: s.value) else {
                    throw NavLabError(.syntax, "'\(s.value)' is not a transitionStyle", at: s.location, suggestion: "pageCurl or scroll")
                }
                decl.transitionStyle = t
            case "encodes":
                decl.encodes = s.value.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
            default:
                let known = State.settingKeys.map({ $0.key })
                if allowProperties, Suggest.nearest(to: s.key, in: known).map({ Suggest.distance($0.lowercased(), s.key.lowercased()) > 2 }) ?? true {
                    decl.properties[s.key] = s.value
                } else {
                    let near = Suggest.nearest(to: s.key, in: known)
                    throw NavLabError(.unknown, "'\(s.key)' is not a key `class` knows", at: s.location,
                                      suggestion: near.map { "did you mean \($0)?" } ?? "keys: \(known.joined(separator: ", "))")
                }
            }
        }
    }

    mutating func declareClass(_ cls: String, _ settings: [Setting], at: SourceLocation) throws(NavLabError) -> Outcome {
        // UIKit's own classes may be declared too (`class UINavigationController restorationIdentifier=nil`).
        if !ContainerWord.allCases.contains(where: { $0.kind.uikitClass == cls }) { try validateClassName(cls, at: at) }
        var decl = classes[cls] ?? ClassDecl()
        try parse(settings, into: &decl, allowProperties: true)
        classes[cls] = decl
        return .done([])
    }

    /// `set NAME key=value…`: one live instance, now.
    mutating func set(_ ref: NameRef, _ settings: [Setting]) throws(NavLabError) -> Outcome {
        let id = try resolve(ref)
        var decl = ClassDecl()
        try parse(settings, into: &decl, allowProperties: true)
        var vc = self[id]
        decl.apply(to: &vc)
        if decl.restorationIdentifier == "" { vc.restorationIdentifier = nil }
        if decl.transitionStyle != nil, vc.kind != .page {
            throw NavLabError(.invalid, "transitionStyle belongs to page view controllers; \(vc.name) is not one",
                              at: settings.first { $0.key == "transitionStyle" }!.location)
        }
        self[id] = vc
        return .done([])
    }

    /// `encode CLASS key…`: adds to what the class's `encodeRestorableState` writes, for every
    /// instance, live ones included (it is the class's code).
    mutating func encode(_ cls: String, keys: [String], at: SourceLocation) throws(NavLabError) -> Outcome {
        try validateClassName(cls, at: at)
        var decl = classes[cls] ?? ClassDecl()
        var encodes = decl.encodes ?? []
        for k in keys where !encodes.contains(k) { encodes.append(k) }
        decl.encodes = encodes
        classes[cls] = decl
        for id in allocatedIDs where self[id].className == cls { self[id].encodes = encodes }
        // With scenes the keys are what the activity carries instead (UIKit #144, #203).
        if let why = legacyRestorationSilenced {
            return .done([.note("\(cls)'s encodeRestorableState(with:): \(why). NavLab takes the keys as what the scene delegate's stateRestorationActivity(for:) puts in the activity's userInfo while a \(cls) is on top (UIKit #144)")])
        }
        return .done([])
    }

    mutating func hold(_ ref: NameRef, label: String?) throws(NavLabError) -> Outcome {
        let id = try resolve(ref)
        let label = label ?? "a reference in the app's code"
        if holds.contains(Hold(label: label, viewController: id)) {
            return .ignored(reason: "the app already holds \(self[id].name) as \(label)", events: [])
        }
        holds.append(Hold(label: label, viewController: id))
        return .done([])
    }

    mutating func release(_ ref: NameRef) throws(NavLabError) -> Outcome {
        let id = try resolve(ref)
        guard holds.contains(where: { $0.viewController == id }) else {
            throw NavLabError(.invalid, "the app does not hold \(self[id].name)", at: ref.location,
                              suggestion: "`hold \(self[id].name)` keeps a reference; `memory` shows who holds what")
        }
        holds.removeAll { $0.viewController == id }
        return .done(release(candidates: [id]))
    }
}
