// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// One class of the session's, as Swift.
extension ProgramGenerator {
    /// The Swift class of a NavLab class: UIKit's own containers are the logging base itself.
    func swiftClass(_ cls: String) -> String {
        let kind = classKinds[cls] ?? .plain
        if let base = ProgramGenerator.uikitBase[kind], base == cls { return ProgramGenerator.loggedBase(kind) }
        return SwiftNames.className(cls)
    }

    func classSource(_ cls: String) -> [String] {
        let kind = classKinds[cls] ?? .plain
        // UIKit's own containers need no class of their own: the logging base is theirs.
        if let base = ProgramGenerator.uikitBase[kind], base == cls { return [] }
        let swiftName = SwiftNames.className(cls)
        let base = ProgramGenerator.loggedBase(kind == .container ? .plain : kind)
        let decl = final.classes[cls]
        var o: [String] = []
        let what: String
        switch kind {
        case .plain: what = "a view controller"
        case .container: what = "a custom container: its children with addChild, the view added, didMove(toParent:)"
        default: what = "a subclass of \(ProgramGenerator.uikitBase[kind] ?? "")"
        }
        let restores = decl?.restorationClass == .instance || decl?.restorationClass == .returnsNil
        o.append("/// `\(cls)`: \(what).")
        o.append("final class \(swiftName): \(base)\(restores ? ", UIViewControllerRestoration" : "") {")
        var setup: [String] = []
        var props: [String: String] = decl?.properties ?? [:]
        props.removeValue(forKey: "isModalInPresentation")
        if !props.isEmpty { setup.append("properties = \(SwiftNames.dictionary(props))") }
        if let m = decl?.modalPresentationStyle { setup.append("modalPresentationStyle = .\(m.rawValue)") }
        if let d = decl?.definesPresentationContext { setup.append("definesPresentationContext = \(d)") }
        if let r = decl?.restorationIdentifier { setup.append("restorationIdentifier = \(r.isEmpty ? "nil" : SwiftNames.literal(r))") }
        else if final.restorationIdentifiersFromClassNames { setup.append("restorationIdentifier = \(SwiftNames.literal(cls))   // class * restorationIdentifier=class") }
        if restores { setup.append("restorationClass = \(swiftName).self") }
        if let b = decl?.properties["isModalInPresentation"] { setup.append("if #available(iOS 13.0, *) { isModalInPresentation = \(b == "true") }") }
        let name = SwiftNames.literal(cls)
        switch kind {
        case .plain:
            o.append("    init() {")
            o.append("        super.init(navLabClass: \(name))")
        case .navigation:
            o.append("    init(_ stack: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), stack)")
        case .tabBar:
            o.append("    init(_ tabs: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), tabs)")
        case .split:
            o.append("    init(_ columns: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), columns)")
        case .page:
            o.append("    init(_ pages: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name), transitionStyle: .\((decl?.transitionStyle ?? .pageCurl).rawValue), pages)")
        case .container:
            o.append("    init(_ children: [UIViewController]) {")
            o.append("        super.init(navLabClass: \(name))")
            setup.append("for child in children { addChild(child); child.didMove(toParent: self) }")
        }
        o += setup.map { "        " + $0 }
        o.append("    }")
        o.append("    required init?(coder: NSCoder) { fatalError(\"made in code only\") }")
        if decl?.properties["shouldAutomaticallyForwardAppearanceMethods"] == "false" {
            // class X shouldAutomaticallyForwardAppearanceMethods=no: its children's appearance calls are by hand (UIKit #45).
            o.append("    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }")
        }
        if kind == .container {
            o.append(lines: """

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        for child in children { child.view.frame = view.bounds; view.addSubview(child.view) }
                """)
            o += hookCalls(owner: cls, method: "viewDidLoad", indent: "        ")
            o.append("    }")
        }
        o += hookOverrides(cls, skipping: kind == .container ? ["viewDidLoad"] : [])
        let encodes = decl?.encodes ?? []
        if !encodes.isEmpty {
            o.append("    override class var encodes: [String] { [\(encodes.map(SwiftNames.literal).joined(separator: ", "))] }")
        }
        if usesRestoration, !encodes.isEmpty {
            o.append(lines: """

                    // encode \(cls) \(encodes.joined(separator: " "))
                    override func encodeRestorableState(with coder: NSCoder) {
                        super.encodeRestorableState(with: coder)
                """)
            for key in encodes where key != "children" {
                o.append("        coder.encode(properties[\(SwiftNames.literal(key))], forKey: \(SwiftNames.literal(key)))")
            }
            if encodes.contains("children") { o.append("        coder.encode(children, forKey: \"children\")") }
            o.append(lines: """
                    }
                    override func decodeRestorableState(with coder: NSCoder) {
                        super.decodeRestorableState(with: coder)
                """)
            for key in encodes where key != "children" {
                o.append("        if let value = coder.decodeObject(of: NSString.self, forKey: \(SwiftNames.literal(key))) { properties[\(SwiftNames.literal(key))] = value as String }")
            }
            o.append("    }")
        }
        if restores {
            o.append(lines: """

                    // class \(cls) restorationClass=\(decl?.restorationClass == .returnsNil ? "nil" : "yes")
                    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
                        logLine("viewController(withRestorationIdentifierPath:coder:) \(cls) — \\(identifierComponents.joined(separator: "/"))")
                """)
            if decl?.restorationClass == .returnsNil {
                o.append("        return nil")
            } else {
                o.append(kind == .plain ? "        return \(swiftName)()" : "        return \(swiftName)([])")
            }
            o.append("    }")
        }
        if kind == .container {
            o.append(lines: """

                    /// `switch`: the app's code replaces its child, in the order `class \(cls) switch=…` says.
                    func switchChild(to new: UIViewController, animated: Bool) {
                        let old = children.first
                        if properties["switch"] == "addThenRemove" || old == nil {
                            addChild(new); new.view.frame = view.bounds; view.addSubview(new.view); new.didMove(toParent: self)
                            if let old { old.willMove(toParent: nil); old.view.removeFromSuperview(); old.removeFromParent() }
                        } else if let old {
                            old.willMove(toParent: nil)
                            addChild(new)
                            new.view.frame = view.bounds
                            transition(from: old, to: new, duration: animated ? 0.3 : 0, options: [], animations: nil) { _ in
                                old.removeFromParent()
                                new.didMove(toParent: self)
                            }
                        }
                    }
                """)
        }
        o.append("}")
        o.append("")
        return o
    }
}
