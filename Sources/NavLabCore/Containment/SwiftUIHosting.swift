// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// The view controllers SwiftUI makes when an app hosts SwiftUI in UIKit (UIKit #190, #191):
/// `SwiftUI(View)`, `SwiftUI(View, NavigationStack(Root))`, `SwiftUI(View, TabView(A, B))`,
/// `Sheet(View)`; and a `NavigationLink` push onto SwiftUI's navigation controller.
extension State {
    /// Checks a SwiftUI word. `inside`: it stands inside `SwiftUI(View, …)`.
    func validateSwiftUI(_ word: ContainerWord, className cls: String?, children: [Spec], at: SourceLocation, inside: Bool) throws(NavLabError) {
        guard device.iOS >= 13 else {
            throw NavLabError(.invalid, "SwiftUI is iOS 13 and later; the device runs iOS \(device.iOS)", at: at,
                              suggestion: "`device \(device.idiom.rawValue) iOS=13` or later")
        }
        if let cls {
            throw NavLabError(.syntax, "\(word.rawValue)(…) makes SwiftUI's own classes; \(cls): names none", at: at,
                              suggestion: "\(word.rawValue)(\(children.first?.text ?? "ContentView"))")
        }
        guard word.childCount.contains(children.count) else {
            let usage: String
            switch word {
            case .SwiftUI: usage = "SwiftUI(ContentView) or SwiftUI(ContentView, NavigationStack(Root))"
            case .TabView: usage = "TabView(Feed, Settings)"
            default: usage = "\(word.rawValue)(ContentView)"
            }
            throw NavLabError(.syntax, "\(word.rawValue)(…) takes \(word == .SwiftUI ? "a view type and at most one NavigationStack(…) or TabView(…)" : word == .TabView ? "at least one view type" : "one view type"), not \(children.count) argument\(children.count == 1 ? "" : "s")",
                              at: at, suggestion: usage)
        }
        switch word {
        case .SwiftUI:
            try validateViewType(children[0], in: word)
            if children.count == 2 {
                guard case .container(let inner, let innerClass, let innerChildren, let innerAt) = children[1],
                      inner == .NavigationStack || inner == .TabView else {
                    throw NavLabError(.syntax, "what SwiftUI(\(children[0].text), …) holds is NavigationStack(…) or TabView(…), not \(children[1].text)",
                                      at: children[1].location, suggestion: "SwiftUI(\(children[0].text), NavigationStack(Root))")
                }
                try validateSwiftUI(inner, className: innerClass, children: innerChildren, at: innerAt, inside: true)
            }
        case .NavigationStack, .TabView:
            guard inside else {
                throw NavLabError(.syntax, "\(word.rawValue)(…) is SwiftUI's: it goes inside SwiftUI(View, …), the hosting controller whose view holds it",
                                  at: at, suggestion: "SwiftUI(ContentView, \(word.rawValue)(\(children.map({ $0.text }).joined(separator: ", "))))")
            }
            if word == .NavigationStack, device.iOS < 16 {
                throw NavLabError(.invalid, "NavigationStack is iOS 16 and later; the device runs iOS \(device.iOS)", at: at,
                                  suggestion: "`device \(device.idiom.rawValue) iOS=16` or later")
            }
            for c in children { try validateViewType(c, in: word) }
        case .Sheet:
            throw NavLabError(.syntax, "Sheet(…) is the content SwiftUI presents for a .sheet: it is only presented", at: at,
                              suggestion: "present Sheet(\(children.first?.text ?? "Draft")) on a hosting controller")
        case .Nav, .Tab, .Split, .Page, .Root, .Tabs, .Group, .NavGroup:
            break
        }
    }

    /// A SwiftUI view type: an ASCII Swift identifier (NavLab spells the runtime's mangled
    /// names, which write other letters differently).
    func validateViewType(_ spec: Spec, in word: ContainerWord) throws(NavLabError) {
        guard case .instance(let name, let at) = spec else {
            throw NavLabError(.syntax, "\(word.rawValue)(…) takes SwiftUI view types, and \(spec.text) is a view controller",
                              at: spec.location, suggestion: word == .SwiftUI ? "SwiftUI(ContentView); put UIKit view controllers around it: Nav(SwiftUI(ContentView))" : "\(word.rawValue)(ContentView)")
        }
        try validateClassName(name, at: at)
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            throw NavLabError(.syntax, "'\(name)': NavLab prints SwiftUI's runtime class names for view types spelt in ASCII", at: at,
                              suggestion: "an ASCII name, like DraftView")
        }
    }

    /// `present Sheet(View)`: SwiftUI presents from SwiftUI content, so `on` must be a view
    /// controller SwiftUI made or one of the app's hosting controllers (UIKit #191).
    func validateSheet(_ spec: Spec, presenter w: VCID) throws(NavLabError) {
        guard case .container(.Sheet, let cls, let children, let at) = spec else { return }
        guard device.iOS >= 13 else {
            throw NavLabError(.invalid, "SwiftUI is iOS 13 and later; the device runs iOS \(device.iOS)", at: at,
                              suggestion: "`device \(device.idiom.rawValue) iOS=13` or later")
        }
        if let cls {
            throw NavLabError(.syntax, "Sheet(…) makes SwiftUI's PresentationHostingController; \(cls): names none", at: at, suggestion: "Sheet(Draft)")
        }
        guard children.count == 1 else {
            throw NavLabError(.syntax, "Sheet(…) takes one view type, not \(children.count) arguments", at: at, suggestion: "Sheet(Draft)")
        }
        try validateViewType(children[0], in: .Sheet)
        guard self[w].swiftUI != nil else {
            throw NavLabError(.invalid, "\(self[w].name) is a UIKit view controller: a SwiftUI .sheet is presented from SwiftUI content", at: at,
                              suggestion: "present Sheet(\(children[0].text)) on a SwiftUI(…) screen, or present SwiftUI(\(children[0].text)) for a hosting controller UIKit presents")
        }
    }

    /// Makes the view controllers a SwiftUI word stands for; returns the outermost.
    mutating func instantiateSwiftUI(_ word: ContainerWord, children: [Spec], events: inout [Event]) -> VCID {
        func viewType(_ s: Spec) -> String {
            if case .instance(let name, _) = s { return name }
            return s.text
        }
        func make(_ cls: String, _ kind: Kind, _ role: SwiftUIRole) -> VCID {
            let id = makeInstance(className: cls, kind: kind)
            self[id].swiftUI = role
            return id
        }
        func adopt(_ child: VCID, by parent: VCID) {
            events.append(.move("willMove(toParent:)", self[child].name, parent: self[parent].name))
            self[child].parent = parent
            appendChild(child, to: parent)
            events.append(.move("didMove(toParent:)", self[child].name, parent: self[parent].name))
        }
        switch word {
        case .SwiftUI:
            let inner = children.count == 2 ? children[1] : nil
            var innerID: VCID?
            if case .container(let w, _, let c, _)? = inner { innerID = instantiateSwiftUI(w, children: c, events: &events) }
            let id = make(viewType(children[0]), .plain, .hosting)
            if let innerID { adopt(innerID, by: id) }
            return id
        case .NavigationStack:
            let root = make(viewType(children[0]), .plain, .stackContent)
            let nav = make(word.defaultClassName, .navigation, .navigationController)
            adopt(root, by: nav)
            return nav
        case .TabView:
            let tabs = children.map { make(viewType($0), .plain, .tabItem) }
            let tab = make(word.defaultClassName, .tabBar, .tabBarController)
            for t in tabs { adopt(t, by: tab) }
            return tab
        case .Sheet:
            return make(viewType(children[0]), .plain, .sheetContent)
        case .Nav, .Tab, .Split, .Page, .Root, .Tabs, .Group, .NavGroup:
            return makeInstance(className: word.defaultClassName, kind: word.kind)
        }
    }
}
