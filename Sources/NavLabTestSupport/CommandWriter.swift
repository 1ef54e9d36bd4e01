import NavLabCore

// What the test targets share (not part of navlab): seeded random command lines for the
// property tests, the fuzz checks and the page-patch tests.

/// A small, seedable generator (SplitMix64): the same seed gives the same session on every
/// machine, so a failure names the seed that reproduces it.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes random command lines that are mostly valid for the state they are typed into:
/// every verb of the language, names of live instances, lifecycle and restoration.
public struct CommandWriter {
    public var rng: SeededGenerator
    public init(rng: SeededGenerator) { self.rng = rng }
    static let classes = ["A", "B", "Detail", "Home", "Settings", "Login", "Main"]
    static let styles = ["automatic", "pageSheet", "formSheet", "fullScreen", "overFullScreen", "currentContext",
                         "overCurrentContext", "popover"]

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &rng)] }

    mutating func spec(_ st: State, depth: Int = 0) -> String {
        if depth < 3, chance(0.35) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1: return "Nav(" + (0..<Int.random(in: 1...2, using: &rng)).map { _ in plainSpec(st) }.joined(separator: ", ") + ")"
            case 2: return "Tab(" + (0..<Int.random(in: 1...3, using: &rng)).map { _ in spec(st, depth: depth + 1) }.joined(separator: ", ") + ")"
            case 3: return "Split(" + plainSpec(st) + ", " + spec(st, depth: depth + 1) + ")"
            case 4: return "Page(" + plainSpec(st) + ")"
            default: return (chance(0.5) ? "Shell:" : "") + "Root(" + (chance(0.3) ? "" : spec(st, depth: depth + 1)) + ")"
            }
        }
        return plainSpec(st)
    }

    mutating func plainSpec(_ st: State) -> String {
        if chance(0.08), let n = name(st) { return "@" + n }
        if chance(0.03) { return pick(["@top", "@root"]) }
        return pick(CommandWriter.classes)
    }

    mutating func name(_ st: State, kind: Kind? = nil) -> String? {
        let names = st.names.keys.sorted().filter { kind == nil || st[st.names[$0]!].kind == kind }
        return names.isEmpty ? nil : pick(names)
    }

    mutating func target(_ st: State, _ word: String = "on", kind: Kind? = nil) -> String {
        guard chance(0.4), let n = name(st, kind: kind) else { return "" }
        return " \(word) \(n)"
    }

    /// A small storyboard, written for the generator: a navigation controller with A at its root,
    /// a show segue to B (storyboard ID Detail), a presentation of C and an unwind from B.
    static let storyboard = """
        import storyboard Tiny <<END
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n">
            <scenes>
                <scene sceneID="s1"><objects><navigationController id="n" sceneMemberID="viewController"><connections>
                    <segue destination="a" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController></objects></scene>
                <scene sceneID="s2"><objects><viewController id="a" customClass="A" sceneMemberID="viewController"><connections>
                    <segue destination="b" kind="show" identifier="show" id="g1"/>
                    <segue destination="c" kind="presentation" identifier="present" modalPresentationStyle="formSheet" id="g2"/></connections></viewController></objects></scene>
                <scene sceneID="s3"><objects><viewController storyboardIdentifier="Detail" id="b" customClass="B" sceneMemberID="viewController"><view key="view" id="v"><subviews>
                    <button id="x"><connections><segue destination="e" kind="unwind" identifier="back" unwindAction="unwindToA:" id="g3"/></connections></button></subviews></view>
                    </viewController><exit id="e" sceneMemberID="exit"/></objects></scene>
                <scene sceneID="s4"><objects><viewController id="c" customClass="C" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        END
        """

    public mutating func line(_ st: State) -> String {
        if !st.isRunning, chance(0.6) {
            return pick(["initial " + spec(st), "launch", "launch", "relaunch", "class * restorationIdentifier=class",
                         "optIn save=yes restore=yes", "scenes " + pick(["on", "off"]), "device " + pick(["iPhone", "iPad", "iPhone iOS=12", "iPad iOS=13"]),
                         "undo", "redo", "app " + pick(["App", "Other"]), "scene discard \(Int.random(in: 1...3, using: &rng))"])
        }
        let n = name(st) ?? "Nobody"
        switch Int.random(in: 0..<42, using: &rng) {
        case 0...5: return "present \(spec(st))\(target(st))" + (chance(0.5) ? " style=\(pick(CommandWriter.styles))" : "") + (chance(0.3) ? " animated" : "")
        case 6, 7: return "dismiss" + (chance(0.5) ? " \(n)" : "") + (chance(0.3) ? " animated" : "")
        case 8...11: return "push \(spec(st))\(target(st, kind: chance(0.5) ? .navigation : nil))" + (chance(0.2) ? " animated=no" : "")
        case 12: return "pop" + (chance(0.4) ? " \(name(st, kind: .navigation) ?? n)" : "")
        case 13: return "popToRoot" + (chance(0.4) ? " \(name(st, kind: .navigation) ?? n)" : "")
        case 14: return "setViewControllers \(plainSpec(st)), \(plainSpec(st))\(target(st, kind: .navigation))"
        case 15: return pick(["show", "showDetail"]) + " \(spec(st))\(target(st))"
        case 16: return "swipe " + pick(["down", "back", "content"]) + (chance(0.4) ? " \(n)" : "") + (chance(0.3) ? " cancel" : "")
        case 17: return "select \(name(st, kind: .tabBar) ?? n) \(Int.random(in: -1...3, using: &rng))"
        case 18, 19: return "addChild \(spec(st)) to \(name(st, kind: chance(0.5) ? .container : nil) ?? n)"
        case 20: return "removeChild \(n)"
        case 21: return "switch \(spec(st))\(target(st, "in", kind: .container))" + (chance(0.3) ? " animated" : "")
        case 22, 23: return "swapRoot " + (chance(0.5) ? n : spec(st))
        case 24: return chance(0.5) ? "hold \(n)" + (chance(0.5) ? " as keep" : "") : "release \(n)"
        case 25: return pick(["relaunch", "background", "foreground", "kill", "forceQuit", "crash", "crash during launch",
                              "crash during restoration", "uninstall", "launch"])
        case 26: return pick(["background", "background running", "suspend", "foreground", "relaunch", "resignActive", "becomeActive"])
        case 27: return pick(["defaults loggedIn=\(pick(["yes", "no"]))", "defaults remove loggedIn", "defaults UIStateRestorationDeveloperMode=YES"])
        case 28: return pick(["optIn save=yes restore=yes", "optIn save=yes restore=no", "optIn off", "scenes on", "scenes off",
                              "route \(pick(CommandWriter.classes)) push \(pick(CommandWriter.classes))", "route \(pick(CommandWriter.classes)) select 1", "launch locked",
                              "scene new", "scene new", "scene \(Int.random(in: 1...3, using: &rng))", "scene disconnect \(Int.random(in: 1...3, using: &rng))",
                              "scene discard \(Int.random(in: 1...3, using: &rng))"])
        case 29: return pick(["class \(pick(CommandWriter.classes)) restorationIdentifier=\(pick(CommandWriter.classes))",
                              "class * restorationIdentifier=class", "class \(pick(CommandWriter.classes)) modalPresentationStyle=\(pick(CommandWriter.styles))",
                              "class Shell encodes=children", "class \(pick(CommandWriter.classes)) restorationClass=\(pick(["yes", "no", "nil"]))",
                              "class \(pick(CommandWriter.classes)) storyboard=\(pick(["yes", "no"]))", "class Shell switch=addThenRemove",
                              "class \(pick(CommandWriter.classes)) definesPresentationContext=yes",
                              "class \(pick(CommandWriter.classes)) viewRestorationIdentifier=table"])
        case 30: return pick(["encode \(pick(CommandWriter.classes)) capital", "appDelegate restores \(pick(CommandWriter.classes)) as Detail",
                              "appDelegate restores \(pick(CommandWriter.classes)) nil", "set \(n) capital=Paris", "set \(n) selectedRow=3"])
        case 31...34: return pick(["undo", "undo", "redo"])
        case 35: return pick(["tree", "tree --json", "tree --uikit", "tree --screenstate", "views", "memory", "why \(n)", "archive",
                              "log", "export dot", "export mermaid", "export json", "export swift"])
        case 36: return pick(["device iPad", "device iPhone", "device iPhone iOS=12", "device iPhone iOS=27", "device iPad iOS=27 sdk=26", "device iPhone iOS=18.4", "app Other", "app App"])
        case 37: return "\(pick(["push", "present"])) \(plainSpec(st)); \(pick(["pop", "dismiss", "push B"]))"
        case 38: return chance(0.2) ? "reset" : "initial \(spec(st))"
        case 39: return pick(["touch presentationController of \(n)", "swapRoot nil", "select \(name(st, kind: .tabBar) ?? n) more",
                              "initial Tab(A, B, C, D, E, F)", "log flags=\(pick(["on", "off"]))", "beginAppearanceTransition \(n) \(pick(["true", "false"]))", "endAppearanceTransition \(n)",
                              "class Shell shouldAutomaticallyForwardAppearanceMethods=no",
                              "addSubview \(spec(st)) to \(n)", "reuseView \(n) for \(name(st) ?? n)",
                              "on \(pick(CommandWriter.classes)) \(pick(["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "didMove"])): \(pick(["present B", "push Detail", "dismiss", "pop", "addChild Settings to self", "appDelegate set account=ann", "defaults seen=yes"]))",
                              "on \(pick(CommandWriter.classes)) \(pick(["viewDidLoad", "viewDidAppear"])) none",
                              "on AppDelegate \(pick(["didFinishLaunching", "applicationDidBecomeActive"])): present \(plainSpec(st))",
                              "appDelegate encodes account", "appDelegate set account=\(pick(["ann", "bob"]))",
                              "tab \(pick(["Home", "Albums"]))"])
        case 40: return pick(["tab \(pick(["0", "1", n]))", "tapOutside" + (chance(0.3) ? " \(n)" : ""),
                              CommandWriter.storyboard, "segue \(pick(["show", "present", "back", "nothing"]))" + (chance(0.3) ? " from \(n)" : "") + (chance(0.3) ? " user" : ""),
                              "instantiate \(pick(["Detail", "Nope"]))", "class A unwind=unwindToA",
                              "set \(n) \(pick(["shouldSelect", "shouldDismiss"]))=\(pick(["yes", "no"]))",
                              "removeFromSuperview \(n)",
                              "on \(pick(CommandWriter.classes)) \(pick(["viewWillLayoutSubviews", "viewDidLayoutSubviews"])): \(pick(["addChild Settings to self", "push Detail", "beginAppearanceTransition self true", "addSubview Banner to self"]))"])
        default:
            // The state's own printout, imported back (a round trip), or a launch or a present.
            if chance(0.3), st.isRunning, st.window.rootViewController != nil {
                return chance(0.7) ? "import uikit <<END\n" + st.renderPrintHierarchy() + "\nEND"
                    : "import screenstate <<END\n" + st.renderScreenState() + "\nEND"
            }
            return pick(["launch", "present \(plainSpec(st))"])
        }
    }
}

