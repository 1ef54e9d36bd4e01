/// An app's storyboard as NavLab models it: its scenes (one view controller each), their
/// relationship and embed segues (what a container holds when it is made), the segues a
/// scene can perform, and the initial view controller. Read from Xcode's XML by
/// `StoryboardReader`; a value the state keeps (`State.storyboards`), so undo, time travel and
/// a future JSON export carry it like anything else.
public struct Storyboard: Hashable, Sendable {
    /// The file's name without `.storyboard`: what `storyboardName` of a reference names.
    public var name: String
    /// The element id of the initial view controller (`initialViewController`).
    public var initialViewController: String?
    public let scenes: [StoryboardScene]
    /// What the storyboard holds that NavLab does not model, said once at the import.
    public var unmodelled: [String]
    /// A launch screen (`launchScreen="YES"`): the system shows it while the app launches; its
    /// initial view controller is never the Initial UI (UIKit #253).
    public var isLaunchScreen = false
    /// Scenes by element id and by storyboard ID (the first scene with it).
    let byID: [String: Int]
    let byStoryboardID: [String: Int]

    public init(name: String, initialViewController: String?, scenes: [StoryboardScene], unmodelled: [String]) {
        self.name = name
        self.initialViewController = initialViewController
        self.scenes = scenes
        self.unmodelled = unmodelled
        var byID: [String: Int] = [:], bySB: [String: Int] = [:]
        for (i, s) in scenes.enumerated() {
            if byID[s.id] == nil { byID[s.id] = i }
            if let sb = s.storyboardIdentifier, bySB[sb] == nil { bySB[sb] = i }
        }
        self.byID = byID
        self.byStoryboardID = bySB
    }

    public func scene(id: String) -> StoryboardScene? { byID[id].map { scenes[$0] } }
    public func scene(storyboardIdentifier: String) -> StoryboardScene? { byStoryboardID[storyboardIdentifier].map { scenes[$0] } }
}

/// One scene: the view controller a storyboard makes for it.
public struct StoryboardScene: Hashable, Sendable {
    /// The element's `id` (`9pv-A4-QxB`).
    public var id: String
    /// The XML element (`viewController`, `navigationController`, `tableViewController`, …).
    public var element: String
    /// The class NavLab makes: `customClass`, else UIKit's class for the element.
    public var className: String
    public var kind: Kind
    /// Whether `className` is the scene's own `customClass`.
    public var isCustomClass: Bool
    public var storyboardIdentifier: String?
    /// The restoration identifier its instances get: `restorationIdentifier`, or the storyboard
    /// ID when "Use Storyboard ID" is checked (`useStoryboardIdentifierAsRestorationIdentifier`).
    public var restorationIdentifier: String?
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: String?
    public var definesPresentationContext: Bool
    public var transitionStyle: PageTransitionStyle?
    /// Relationship segues' destinations in order: a navigation controller's root, a tab bar
    /// controller's tabs, a split view controller's columns.
    public var relationships: [String]
    /// Embed segues' destinations (container views), in document order.
    public var embeds: [String]
    /// The segues the scene performs (show, present, popover, unwind, …), in document order.
    public var segues: [StoryboardSegue]
    /// A storyboard reference (`viewControllerPlaceholder`): the storyboard it names, and the
    /// storyboard ID in it (nil: its initial view controller).
    public var referencedStoryboard: String?
    public var referencedIdentifier: String?
    public var location: SourceLocation
    /// The segues' peek and pop previews (3D Touch `preview` segues inside a segue), not modelled.
    public var previews = 0

    public var isReference: Bool { referencedStoryboard != nil }
}

/// A segue as the storyboard declares it.
public struct StoryboardSegue: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case show, showDetail, presentation, popoverPresentation, embed, relationship, unwind, custom
        /// Deprecated since iOS 8, still read.
        case push, modal, replace, popover
    }
    /// The element's `id`.
    public var id: String
    /// The identifier `performSegue(withIdentifier:sender:)` takes; nil when none was given.
    public var identifier: String?
    public var kind: Kind
    /// The destination scene's element id (for `unwind`, the scene's Exit placeholder).
    public var destination: String
    /// The presentation style the segue sets; nil: the destination's own ("Default").
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: String?
    public var unwindAction: String?
    public var customClass: String?
    /// Wired to a control, a cell or a gesture (not to the view controller): the user triggers
    /// it, and UIKit asks `shouldPerformSegue(withIdentifier:sender:)` first.
    public var fromControl: Bool
    /// `animates="NO"` unchecks Animates: the transition runs without animation.
    public var animates: Bool
    public var location: SourceLocation
}

/// The storyboards of one `import storyboard`, read and checked together (StoryboardReader.swift,
/// XMLReader.swift): a reference to a storyboard not given, a cycle of relationships, embeds and
/// references, an unknown destination are refused there, so nothing is half-imported.
public enum StoryboardReader {
    /// A storyboard's name from its file's path: `Main` for `App/Base.lproj/Main.storyboard`.
    public static func name(ofFile path: String) -> String {
        var n = Substring(path)
        if let slash = n.lastIndex(of: "/") { n = n[n.index(after: slash)...] }
        if n.hasSuffix(".storyboard") { n = n.dropLast(11) }
        return String(n)
    }

    /// The storyboards of one here-document: `count` of them, each from its `<?xml` line (the
    /// whole text when `count` is 1).
    public static func split(_ text: String, count: Int) -> [String] {
        guard count > 1 else { return [text] }
        var out: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }).hasPrefix("<?xml"),
               current.contains(where: { $0.contains { $0 != " " && $0 != "\t" && $0 != "\r" } }) {
                out.append(current.joined(separator: "\n"))
                current = []
            }
            current.append(line)
        }
        if !current.isEmpty { out.append(current.joined(separator: "\n")) }
        return out
    }
}
