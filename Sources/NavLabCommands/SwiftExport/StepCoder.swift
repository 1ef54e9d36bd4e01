import NavLabCore

/// The Swift of one command, given the state before it (who `top`, `root` and the names are)
/// and after it (what it made, where it went).
struct StepCoder {
    let before: State
    let after: State
    var lines: [String] = []
    /// Instances this step makes: their names and classes.
    var newNames: [(String, String, Kind)] = []
    var counters: [String: Int]
    var usesHold = false
    /// For an import that starts the app: the launch made the root's tree (its Initial UI).
    var rootMadeByLaunch = false
    /// In code in a callback: the instance it runs on, which `self` names (`me` in the program).
    var me: ViewController?

    init(before: State, after: State) {
        self.before = before
        self.after = after
        counters = before.nameCounters
    }

    mutating func newName(_ cls: String) -> String {
        let n = (counters[cls] ?? 0) + 1
        counters[cls] = n
        return n == 1 ? cls : "\(cls)#\(n)"
    }

    /// The expression for an existing instance (`register!`), or a comment when NavLab could not name it.
    func ref(_ r: NameRef?, default fallback: String = "top") -> (expr: String, vc: ViewController?) {
        if let me, r?.text == "self" { return ("me", me) }
        // In a turn (`A; B`), B may name what A made: the local variable A declared.
        if let r, let made = newNames.first(where: { $0.0 == r.text }) {
            return (SwiftNames.variable(made.0), after.names[made.0].map { after[$0] })
        }
        guard let id = (try? before.resolve(r, default: fallback)) ?? (r.flatMap { after.names[$0.text] }) else {
            return ("(nil as UIViewController?)! /* NavLab has no \(r?.text ?? fallback) here */", nil)
        }
        let vc = before.viewControllers[id] ?? after[id]
        return (SwiftNames.variable(vc.name) + "!", vc)
    }

    /// Makes what `spec` describes (children first, as NavLab does); returns the expression for
    /// it. Without recursion, as every walk of a spec (Docs/Limits.md).
    mutating func expression(_ spec: Spec) -> String {
        spec.folded { (step: SpecFoldStep<String>) -> String in
            switch step {
            case .leaf(let s): return leafExpression(s)
            case .container(let word, let cls, _, let kids): return containerExpression(word, cls, kids: kids)
            }
        }
    }

    /// An instance, an existing view controller, or a container with no children.
    mutating func leafExpression(_ spec: Spec) -> String {
        switch spec {
        case .instance(let cls, _):
            let name = newName(cls)
            let v = SwiftNames.variable(name)
            lines.append("let \(v) = \(SwiftNames.className(cls))()")
            lines.append("self.\(v) = \(v)")
            newNames.append((name, cls, .plain))
            return v
        case .existing(let r):
            return ref(r).expr
        case .container(let word, let cls, _, _):
            return containerExpression(word, cls, kids: [])
        }
    }

    /// A container made around the expressions of its children.
    mutating func containerExpression(_ word: ContainerWord, _ cls: String?, kids: [String]) -> String {
        let className = cls ?? word.defaultClassName
        let name = newName(className)
        let v = SwiftNames.variable(name)
        lines.append("let \(v) = \(SwiftNames.className(className))([\(kids.joined(separator: ", "))])")
        lines.append("self.\(v) = \(v)")
        newNames.append((name, className, word.kind))
        return v
    }

    /// The navigation controller a stack command acts on: NAME itself, or its navigationController.
    func navigation(_ r: NameRef?) -> String {
        let (e, vc) = ref(r)
        return vc?.kind == .navigation ? e : e + ".navigationController?"
    }

    mutating func code(_ command: Command) {
        switch command {
        case .present(let spec, let on, let style, let animated):
            let target = ref(on).expr
            let v = expression(spec)
            if let style { lines.append("\(v).modalPresentationStyle = .\(style.rawValue)") }
            lines.append("\(target).present(\(v), animated: \(animated))")
        case .dismiss(let r, let animated):
            lines.append("\(ref(r).expr).dismiss(animated: \(animated))")
        case .push(let spec, let on, let animated):
            let nav = navigation(on)
            let v = expression(spec)
            lines.append("\(nav).pushViewController(\(v), animated: \(animated))")
        case .pop(let r, let animated):
            lines.append("_ = \(navigation(r)).popViewController(animated: \(animated))")
        case .popToRoot(let r, let animated):
            lines.append("_ = \(navigation(r)).popToRootViewController(animated: \(animated))")
        case .setViewControllers(let specs, let on, let animated):
            let nav = ref(on).vc?.kind == .tabBar ? ref(on).expr : navigation(on)
            let vs = specs.map { expression($0) }
            lines.append("\(nav).setViewControllers([\(vs.joined(separator: ", "))], animated: \(animated))")
        case .select(let r, let index, _):
            let (e, vc) = ref(r)
            let tabs = vc?.kind == .tabBar ? e : e + ".tabBarController?"
            if index == NSNotFound {
                // `select NAME more`: the More tab (UIKit #55).
                lines.append("\(tabs).selectedViewController = \(tabs).moreNavigationController")
            } else {
                lines.append("\(tabs).selectedIndex = \(index)")
            }
        case .addChild(let spec, let to, let didMove):
            let (parent, parentVC) = ref(to)
            let v = expression(spec)
            lines.append("\(parent).addChild(\(v))")
            if let kind = parentVC?.kind, kind == .navigation || kind == .tabBar {
                // The container places the child's view itself (UIKit #228).
                lines.append("// \(parent) is a UIKit container: it places \(v)'s view itself (UIKit #228)")
            } else {
                lines.append("\(v).view.frame = \(parent).view.bounds")
                lines.append("\(parent).view.addSubview(\(v).view)")
            }
            if didMove {
                lines.append("\(v).didMove(toParent: \(parent))")
            } else {
                lines.append("// no \(v).didMove(toParent: \(parent)): the app never calls it (UIKit #209)")
            }
        case .removeChild(let r):
            let e = ref(r).expr
            lines.append("\(e).willMove(toParent: nil)")
            lines.append("\(e).view.removeFromSuperview()")
            lines.append("\(e).removeFromParent()")
        case .switchChild(let spec, let container, let animated):
            var target: (expr: String, vc: ViewController?)
            if let container { target = ref(container) } else { target = ("nil as UIViewController?", nil) }
            let v = expression(spec)
            if container == nil, let made = newNames.last, let id = after.names[made.0], let p = after[id].parent, let vc = before.viewControllers[p] {
                target = (SwiftNames.variable(vc.name) + "!", vc)
            }
            if target.vc?.kind == .page {
                lines.append("\(target.expr).setViewControllers([\(v)], direction: .forward, animated: \(animated))")
            } else {
                lines.append("\(target.expr).switchChild(to: \(v), animated: \(animated))")
            }
        case .swapRoot(var spec):
            // A bare word names the live instance when there is one (`swapRoot Main`).
            if case .instance(let word, let at) = spec, before.names[word] != nil { spec = .existing(NameRef(word, at: at)) }
            let v = expression(spec)
            lines.append("window?.rootViewController = \(v)")
        case .show(let spec, let on, let detail, let animated):
            let target = ref(on).expr
            let v = expression(spec)
            let call = detail ? "\(target).showDetailViewController(\(v), sender: nil)" : "\(target).show(\(v), sender: nil)"
            lines.append(animated ? call : "UIView.performWithoutAnimation { \(call) }")
        case .swipe, .tapTab, .tapOutside:
            break
        case .setDefaults(let settings):
            for s in settings { lines.append("UserDefaults.standard.set(\(SwiftNames.literal(s.value)), forKey: \(SwiftNames.literal(s.key)))") }
        case .removeDefault(let key):
            lines.append("UserDefaults.standard.removeObject(forKey: \(SwiftNames.literal(key)))")
        case .hold(let r, let label):
            usesHold = true
            let (e, vc) = ref(r)
            lines.append("held[\(SwiftNames.literal(label ?? vc?.name ?? r.text))] = \(e)")
        case .release(let r):
            usesHold = true
            let e = ref(r).expr
            lines.append("held = held.filter { $0.value !== \(e) }")
        case .set(let r, let settings):
            let e = ref(r).expr
            for s in settings {
                switch s.key {
                case "modalPresentationStyle": lines.append("\(e).modalPresentationStyle = .\(s.value)")
                case "definesPresentationContext": lines.append("\(e).definesPresentationContext = \(s.value == "yes" || s.value == "true")")
                case "isModalInPresentation": lines.append("if #available(iOS 13.0, *) { \(e).isModalInPresentation = \(s.value == "yes" || s.value == "true") }")
                case "restorationIdentifier": lines.append("\(e).restorationIdentifier = \(s.value == "nil" ? "nil" : SwiftNames.literal(s.value))")
                case "restorationClass", "storyboard", "transitionStyle", "encodes", "viewRestorationIdentifier":
                    lines.append("// \(s.key)=\(s.value): the class's code, not something to set on one instance here")
                default: lines.append("\(e).properties[\(SwiftNames.literal(s.key))] = \(SwiftNames.literal(s.value))")
                }
            }
        case .swapRootToNil:
            lines.append("window?.rootViewController = nil")
        case .touchPresentationController(let r):
            lines.append("_ = \(ref(r).expr).presentationController")
        case .beginAppearanceTransition(let r, let appearing, let animated):
            lines.append("\(ref(r).expr).beginAppearanceTransition(\(appearing), animated: \(animated))")
        case .endAppearanceTransition(let r):
            lines.append("\(ref(r).expr).endAppearanceTransition()")
        case .addSubview(let spec, let to):
            let parent = ref(to).expr
            let v = expression(spec)
            lines.append("\(parent).view.addSubview(\(v).view)   // no addChild: the view alone")
        case .removeFromSuperview(let r):
            lines.append("\(ref(r).expr).view.removeFromSuperview()")
        case .reuseView(let of, let other):
            lines.append("\(ref(of).expr).view = \(ref(other).expr).view")
        case .logFlags:
            lines.append("// `log flags`: how NavLab prints its log; nothing for the app to do.")
        case .logLayout(let on):
            lines.append("navLabLogsLayout = \(on)   // `log layout`: the classes log their layout calls (UIKit may call them more often than NavLab shows, UIKit #210)")
        case .importStoryboards(let boards, _):
            lines.append("// `import storyboard`: \(boards.map { $0.name + ".storyboard" }.joined(separator: ", ")). This program has no storyboard:")
            lines.append("// add the files to the Xcode project to perform its segues.")
        case .segue(let id, let from, _, _, _):
            lines.append("// \(ref(from).expr).performSegue(withIdentifier: \"\(id)\", sender: nil)   // needs the storyboard in the project")
        case .instantiate(let id, _):
            lines.append("// storyboard.instantiateViewController(withIdentifier: \"\(id)\")   // needs the storyboard in the project")
        case .importHierarchy:
            // A new process in NavLab: its instances are named afresh.
            counters = [:]
            lines.append("// `import`: the hierarchy your app printed, built here. NavLab rebuilt it with no callback;")
            lines.append("// UIKit logs what building it calls, so the console has lines the prediction does not.")
            guard let root = after.window.rootViewController, let spec = after.treeSpec(of: root) else {
                lines.append("// The spec language cannot say this hierarchy: build it by hand, as `tree` shows it.")
                break
            }
            if rootMadeByLaunch {
                lines.append("// Its root's tree is the Initial UI the launch made; what it presents follows.")
            } else {
                let v = expression(spec)
                lines.append("window?.rootViewController = \(v)")
            }
            for case .transitionView(let p) in after.window.subviews {
                guard let presenter = after[p].presenter, let sub = after.treeSpec(of: p) else { continue }
                // Made here, a local; made by the launch, the script's property.
                let made = newNames.contains { $0.0 == after[presenter].name }
                let presenterExpr = SwiftNames.variable(after[presenter].name) + (made ? "" : "!")
                let pv = expression(sub)
                if let style = after[p].presentation?.style { lines.append("\(pv).modalPresentationStyle = .\(style.rawValue)") }
                lines.append("\(presenterExpr).present(\(pv), animated: false)")
            }
        case .crash(.now):
            lines.append("fatalError(\"NavLab's `crash`\")")
        case .device, .classDecl, .restorationIdentifiersFromClassNames, .initial, .encode, .optIn, .optOut, .scenes, .app, .appDelegateRestores, .appDelegateEncodes, .appDelegateSet:
            lines.append("// The app's code and device: declared in the program above.")
        case .hook(let owner, let method, let body, _, _):
            // The code is in the class's method (Script.codeN); from this step on it runs.
            if let body {
                lines.append("appCode.insert(\(SwiftNames.literal("on \(owner) \(method): \(body)")))   // code in \(owner)'s \(method): see code… below")
            } else {
                lines.append("appCode = appCode.filter { !$0.hasPrefix(\(SwiftNames.literal("on \(owner) \(method): "))) }")
            }
        case .route(let screen, _, _, _):
            // NavLab's routing code (UIKit #206) is not written into the program.
            lines.append("// `route \(screen) …`: the scene delegate's routing code is not exported; write it in scene(_:willConnectTo:options:) from session.stateRestorationActivity.")
        case .scene:
            // Refused before a step is placed (replay).
            break
        case .launch, .launchWhileLocked, .relaunch, .background, .backgroundRunning, .suspend, .foreground, .resignActive, .becomeActive, .kill, .forceQuit, .crash, .uninstall:
            break
        }
    }
}
