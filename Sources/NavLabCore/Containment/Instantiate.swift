/// Making the view controllers a spec describes.
extension State {
    static let reservedNames: Set<String> = ["root", "top", "window", "nil", "on", "to", "in", "as", "self"]

    /// Checks that `spec` can be made, without changing anything. `claimed` collects the
    /// existing instances it uses, so that one instance cannot be used twice.
    func validate(_ spec: Spec, claimed: inout Set<VCID>) throws(NavLabError) {
        // Each spec in written order, with the word of the container it is in; no recursion
        // (the deepest nesting fits in a Mac's 512 KiB of stack, Docs/Limits.md).
        var stack: [(Spec, ContainerWord?)] = [(spec, nil)]
        while let (spec, inside) = stack.popLast() {
            if inside == .Nav { try validateStackEntry(spec) }
            switch spec {
            case .instance(let cls, let at):
                try validateClassName(cls, at: at)
            case .existing(let ref):
                let id = try resolve(ref)
                let vc = self[id]
                guard claimed.insert(id).inserted else {
                    throw NavLabError(.invalid, "\(vc.name) is used twice in one command", at: ref.location,
                                      suggestion: "an instance can be in one place only")
                }
                if window.rootViewController == id {
                    throw NavLabError(.invalid, "\(vc.name) is the window's rootViewController", at: ref.location,
                                      suggestion: "swapRoot something else first, or make a new instance (drop the @)")
                }
                if let p = vc.presenter {
                    throw NavLabError(.exception,
                        "Application tried to present modally a view controller \(objectDescription(id)) that is already being presented by \(objectDescription(p)).",
                        at: ref.location, suggestion: "dismiss it first", exceptionName: "NSInvalidArgumentException")
                }
            case .container(let word, let cls, let children, let at):
                if word.isSwiftUI {
                    try validateSwiftUI(word, className: cls, children: children, at: at, inside: false)
                    continue
                }
                if word.isUITab {
                    try validateTabs(word, className: cls, children: children, at: at, claimed: &claimed)
                    continue
                }
                if let cls { try validateClassName(cls, at: at) }
                guard word.childCount.contains(children.count) else {
                    let range = word.childCount
                    let want = range.upperBound == Int.max ? "at least \(range.lowerBound)" :
                        range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
                    throw NavLabError(.syntax, "\(word.rawValue)(…) takes \(want) view controller\(range.upperBound == 1 ? "" : "s"), not \(children.count)",
                                      at: at, suggestion: word == .Split ? "Split(Primary, Secondary)" : "\(word.rawValue)(First)")
                }
                for child in children.reversed() { stack.append((child, word)) }
            }
        }
    }

    /// The `@NAME` references inside `spec`, in order, with what they name (those that resolve).
    func existingReferences(in spec: Spec) -> [(NameRef, VCID)] {
        spec.preorder().compactMap { item -> (NameRef, VCID)? in
            guard case .existing(let ref) = item.spec, let id = try? resolve(ref) else { return nil }
            return (ref, id)
        }
    }

    /// A navigation stack cannot hold a navigation controller (UIKit #49). A tab bar controller
    /// is not checked: Apple's page says it must not be pushed, UIKit pushes it (a note says so).
    func validateStackEntry(_ spec: Spec) throws(NavLabError) {
        if stackEntryKind(spec) == .navigation {
            throw NavLabError(.exception, "Pushing a navigation controller is not supported", at: spec.location,
                              suggestion: "push its content instead, or present the navigation controller",
                              exceptionName: "NSInvalidArgumentException")
        }
    }

    /// The kind of view controller a spec makes or names.
    func stackEntryKind(_ spec: Spec) -> Kind? {
        switch spec {
        case .container(let w, _, _, _): return w.kind
        case .existing(let ref): return names[ref.text].map { self[$0].kind }
        case .instance: return nil
        }
    }

    /// Pushing a tab bar controller: not supported by Apple's documentation, not refused by UIKit (UIKit #49).
    func tabBarPushNote(_ specs: [Spec]) -> Event? {
        guard specs.contains(where: { stackEntryKind($0) == .tabBar }) else { return nil }
        return .note("Apple's documentation says the view controller pushed \"cannot be a tab bar controller\", but UIKit does not check it: the tab bar controller is pushed and popped like any other (UIKit #49)")
    }

    /// A Swift identifier: a letter or `_`, then letters, digits and `_`.
    public static func isIdentifier(_ name: String) -> Bool {
        // ASCII (nearly every name) byte by byte; Unicode letters through their properties.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            func isLetter(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b | 0x20) }
            guard let first = name.utf8.first, isLetter(first) else { return false }
            return name.utf8.dropFirst().allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        let first = name.unicodeScalars.first
        return first.map { $0 == "_" || ($0.properties.isAlphabetic) } ?? false
            && name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    func validateClassName(_ name: String, at: SourceLocation) throws(NavLabError) {
        guard State.isIdentifier(name) else {
            throw NavLabError(.syntax, "'\(name)' is not a class name", at: at,
                              suggestion: "class names are Swift identifiers, like RegisterViewController")
        }
        if State.reservedNames.contains(name) {
            throw NavLabError(.syntax, "'\(name)' is a reserved word, not a class name", at: at,
                              suggestion: "`\(name)` names an instance where a name is expected")
        }
        if let word = ContainerWord.allCases.first(where: { $0.kind.uikitClass == name }) {
            throw NavLabError(.syntax, "\(name) is UIKit's class; write it as \(word.rawValue)(…)", at: at,
                              suggestion: "\(word.rawValue)(First)")
        }
    }

    /// Makes a new instance of `className`, named after its class, with the class's settings.
    mutating func makeInstance(className: String, kind: Kind) -> VCID {
        let id = VCID(nextID)
        nextID += 1
        let n = (nameCounters[className] ?? 0) + 1
        setNameCounter(className, to: n)
        let name = n == 1 ? className : "\(className)#\(n)"
        var vc = ViewController(id: id, name: name, className: className, kind: kind)
        if restorationIdentifiersFromClassNames { vc.restorationIdentifier = className }
        if let decl = classes[className] { decl.apply(to: &vc) }
        insert(vc)
        setName(name, to: id)
        return id
    }

    /// Makes (or, for `@NAME`, takes) what the spec describes; returns its id. Containers get
    /// their children with `addChild` + `didMove(toParent:)`, innermost first.
    /// Call `validate` first: this does not fail.
    mutating func instantiate(_ spec: Spec, events: inout [Event]) -> VCID {
        // Innermost first, without recursion (Spec.folded): the deepest nesting fits in a Mac's
        // 512 KiB of stack, Docs/Limits.md. SwiftUI's and UITab words are made whole.
        spec.folded(into: { !$0.isSwiftUI && $0 != .Tabs }) { (step: SpecFoldStep<VCID>) -> VCID in
            switch step {
            case .leaf(.instance(let cls, _)):
                return makeInstance(className: cls, kind: .plain)
            case .leaf(.existing(let ref)):
                let made = names[ref.text]!
                detachFromParent(made, events: &events)
                return made
            case .leaf(.container(.Tabs, let cls, let children, _)):
                return instantiateTabs(className: cls, children: children, events: &events)
            case .leaf(.container(let word, _, let children, _)):
                return instantiateSwiftUI(word, children: children, events: &events)
            case .container(let word, let cls, _, let ids):
                let id = makeInstance(className: cls ?? word.defaultClassName, kind: word.kind)
                for c in ids {
                    events.append(.move("willMove(toParent:)", self[c].name, parent: self[id].name))
                    self[c].parent = id
                    appendChild(c, to: id)
                    events.append(.move("didMove(toParent:)", self[c].name, parent: self[id].name))
                }
                return id
            }
        }
    }

    /// `addChild` of a view controller that has a parent first sends it
    /// `willMove(toParent: nil)`, then calls `removeFromParent` (UIKit #40), which sends
    /// `didMove(toParent: nil)` itself (UIKit #41).
    mutating func detachFromParent(_ id: VCID, events: inout [Event]) {
        guard let old = self[id].parent else { return }
        events.append(.move("willMove(toParent:)", self[id].name, parent: nil))
        if let i = self[old].children.firstIndex(of: id) {
            removeChild(at: i, of: old)
            // The More tab stays selected while there are more than five tabs (UIKit #56).
            if self[old].kind == .tabBar, self[old].selectedIndex >= self[old].children.count,
               self[old].selectedIndex != NSNotFound || self[old].children.count <= 5 {
                self[old].selectedIndex = max(0, self[old].children.count - 1)
            }
        }
        self[id].parent = nil
        self[id].awaitsDidMove = false
        events.append(.move("didMove(toParent:)", self[id].name, parent: nil))
    }
}

extension ClassDecl {
    func apply(to vc: inout ViewController) {
        // "" is an explicit nil (`restorationIdentifier=nil`), which beats `class *`.
        if let v = restorationIdentifier { vc.restorationIdentifier = v.isEmpty ? nil : v }
        if let v = restorationClass { vc.restorationClass = v }
        if let v = viewRestorationIdentifier { vc.viewRestorationIdentifier = v.isEmpty ? nil : v }
        if let v = storyboard { vc.storyboard = v }
        if let v = modalPresentationStyle { vc.modalPresentationStyle = v }
        if let v = definesPresentationContext { vc.definesPresentationContext = v }
        if let v = transitionStyle { vc.transitionStyle = v }
        if let v = encodes { vc.encodes = v }
        for (key, value) in properties { vc.properties[key] = value }
    }
}
