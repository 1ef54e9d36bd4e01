/// Reading storyboards: Xcode's XML (XMLReader) interpreted into the model. Left out of the
/// browser's start module (Web/Wasm/StartModule.swift).
extension StoryboardReader {
    /// Elements that are view controllers in a scene, with the UIKit class and kind each makes.
    static let viewControllerElements: [String: (String, Kind)] = [
        "viewController": ("UIViewController", .plain),
        "tableViewController": ("UITableViewController", .plain),
        "collectionViewController": ("UICollectionViewController", .plain),
        "hostingController": ("UIHostingController", .plain),
        "avPlayerViewController": ("AVPlayerViewController", .plain),
        "glkViewController": ("GLKViewController", .plain),
        "navigationController": ("UINavigationController", .navigation),
        "tabBarController": ("UITabBarController", .tabBar),
        "splitViewController": ("UISplitViewController", .split),
        "pageViewController": ("UIPageViewController", .page),
    ]

    /// Relationship names in the order the columns go: primary, supplementary, secondary.
    static let splitOrder = ["masterViewController", "primaryViewController", "supplementaryViewController", "detailViewController", "secondaryViewController"]

    /// Reads `documents` (each a storyboard's name and text, the line of the import its first
    /// line is on), and checks them together. Errors name the file, line and column.
    public static func read(_ documents: [(name: String, text: String)]) throws(NavLabError) -> [Storyboard] {
        var total = 0
        for d in documents { total += d.text.utf8.count }
        guard total <= Limits.storyboardBytes else {
            throw NavLabError(.invalid, "the storyboards are \(total) bytes together; NavLab reads at most \(Limits.storyboardBytes) (16 MiB) in one import",
                              at: SourceLocation(column: 1), suggestion: "import the storyboards a flow uses, not all of them")
        }
        var out: [Storyboard] = []
        for d in documents {
            guard !out.contains(where: { $0.name == d.name }) else {
                throw NavLabError(.invalid, "two storyboards named \(d.name) in one import", at: SourceLocation(column: 1), suggestion: "give each file once")
            }
            do throws(NavLabError) {
                out.append(try storyboard(named: d.name, from: try XMLReader.parse(d.text)))
            } catch {
                throw located(error, in: d.name)
            }
        }
        try check(out)
        return out
    }

    /// `error` with its message prefixed by `Main.storyboard:LINE:COL:`.
    static func located(_ error: NavLabError, in name: String) -> NavLabError {
        var e = error
        e.message = "\(name).storyboard:\(e.location.line):\(e.location.column): \(e.message)"
        e.location = SourceLocation(column: 1)
        return e
    }

    static func storyboard(named name: String, from root: XMLElement) throws(NavLabError) -> Storyboard {
        guard root.name == "document" else {
            throw NavLabError(.syntax, "the root element is <\(root.name)>, not a storyboard's <document>", at: root.location,
                              suggestion: "is this a storyboard? Xcode's .storyboard files start with <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" …>")
        }
        // iOS storyboards, and tvOS ones (UIKit too); a macOS or watchOS storyboard holds
        // other frameworks' controllers, and is refused here rather than at its first scene.
        var tvOS = false
        if let type = root.attribute("type") {
            if type.containsText("AppleTV"), type.hasSuffix(".Storyboard") {
                tvOS = true
            } else if !(type.containsText("CocoaTouch") && type.hasSuffix("Storyboard.XIB")) {
                let platform = type.containsText("WatchKit") ? "a watchOS (WatchKit) storyboard: its scenes are interface controllers, not UIKit view controllers"
                    : type.containsText("Cocoa") && type.hasSuffix("Storyboard.XIB") ? "a macOS (AppKit) storyboard: its scenes are windows and NSViewControllers, not UIKit view controllers"
                    : "not an iOS storyboard"
                throw NavLabError(.syntax, "the document's type is \(type), \(platform)", at: root.location(of: "type"),
                                  suggestion: type.containsText("XIB") && !type.containsText("Storyboard") ? "a .xib holds views, not scenes: NavLab reads .storyboard files" : "NavLab reads iOS and tvOS storyboards (com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB): import the iOS app's")
            }
        }
        var scenes: [StoryboardScene] = []
        var unmodelled: [String] = []
        var customSegues = 0
        var transitionStyles = 0
        var compactColumns = 0
        var previews = 0
        var ids: Set<String> = []
        for list in root.children("scenes") {
            for scene in list.children("scene") {
                for objects in scene.children("objects") {
                    for el in objects.children where el.attribute("sceneMemberID") == "viewController" {
                        let s = try self.scene(el)
                        if !ids.insert(s.id).inserted {
                            throw NavLabError(.syntax, "two scenes have the id \(s.id)", at: el.location, suggestion: "ids are unique in a storyboard Xcode wrote")
                        }
                        customSegues += s.segues.filter { $0.kind == .custom }.count
                        previews += s.previews
                        transitionStyles += s.segues.filter { $0.modalTransitionStyle != nil }.count + (s.modalTransitionStyle == nil ? 0 : 1)
                        if s.kind == .split, el.children("connections").contains(where: { $0.children("segue").contains { $0.attribute("relationship") == "compactViewController" } }) {
                            compactColumns += 1
                        }
                        scenes.append(s)
                    }
                }
            }
        }
        unmodelled.append("each scene's views (NavLab models view controllers: a scene's view is one UIView)")
        if tvOS { unmodelled.append("tvOS's own behaviours (the focus engine; NavLab plays a tvOS storyboard's scenes as UIKit on the device set with `device`)") }
        let empty = scenes.filter { ($0.kind == .navigation || $0.kind == .tabBar) && $0.relationships.isEmpty }.count
        if empty > 0 { unmodelled.append("\(empty) navigation or tab bar controller\(empty == 1 ? "" : "s") with no view controllers in the storyboard (the app's code sets them): NavLab cannot make \(empty == 1 ? "it" : "them") empty") }
        if previews > 0 { unmodelled.append("\(previews) segue\(previews == 1 ? "'s" : "s'") peek and pop (3D Touch preview and commit segues): NavLab performs the segue itself") }
        if compactColumns > 0 { unmodelled.append("a split view controller's compact column (compactViewController): collapsed, NavLab's split view shows its primary column") }
        if transitionStyles > 0 { unmodelled.append("modalTransitionStyle (how a presentation animates: NavLab's transitions have no look)") }
        if customSegues > 0 { unmodelled.append("\(customSegues) custom segue\(customSegues == 1 ? "'s" : "s'") own perform() and animation (the app's code)") }
        let initial = root.attribute("initialViewController")
        if let initial, !scenes.contains(where: { $0.id == initial }) {
            throw NavLabError(.unknown, "initialViewController \(initial) is not a scene's view controller", at: root.location(of: "initialViewController"),
                              suggestion: "set Is Initial View Controller on a scene in Xcode")
        }
        var board = Storyboard(name: name, initialViewController: initial, scenes: scenes, unmodelled: unmodelled)
        board.isLaunchScreen = root.attribute("launchScreen") == "YES"
        return board
    }

    static func scene(_ el: XMLElement) throws(NavLabError) -> StoryboardScene {
        guard let id = el.attribute("id"), !id.isEmpty else {
            throw NavLabError(.syntax, "<\(el.name)> has no id", at: el.location, suggestion: "every scene's view controller has an id in a storyboard Xcode wrote")
        }
        let custom = el.attribute("customClass").flatMap { $0.isEmpty ? nil : $0 }
        var className: String, kind: Kind
        var referenced: String?
        if el.name == "viewControllerPlaceholder" {
            guard let sb = el.attribute("storyboardName"), !sb.isEmpty else {
                throw NavLabError(.syntax, "the storyboard reference \(id) names no storyboard", at: el.location, suggestion: "set its Storyboard in Xcode's Attributes inspector")
            }
            referenced = sb
            (className, kind) = ("", .plain)
        } else if let known = viewControllerElements[el.name] {
            (className, kind) = known
        } else {
            throw NavLabError(.syntax, "<\(el.name)> is a scene's view controller NavLab does not know", at: el.location,
                              suggestion: "NavLab reads viewController, tableViewController, navigationController, tabBarController, splitViewController, pageViewController, … and viewControllerPlaceholder")
        }
        if let custom {
            guard State.isIdentifier(custom) else {
                throw NavLabError(.syntax, "customClass '\(custom)' is not a Swift class name", at: el.location(of: "customClass"), suggestion: "a class name, like FeedViewController")
            }
            className = custom
        }
        var style: ModalPresentationStyle?
        if let v = el.attribute("modalPresentationStyle") { style = try presentationStyle(v, at: el.location(of: "modalPresentationStyle")) }
        let storyboardID = el.attribute("storyboardIdentifier").flatMap { $0.isEmpty ? nil : $0 }
        var restorationID = el.attribute("restorationIdentifier").flatMap { $0.isEmpty ? nil : $0 }
        if el.attribute("useStoryboardIdentifierAsRestorationIdentifier") == "YES" { restorationID = storyboardID }
        var s = StoryboardScene(
            id: id, element: el.name, className: className, kind: kind, isCustomClass: custom != nil,
            storyboardIdentifier: storyboardID, restorationIdentifier: restorationID,
            modalPresentationStyle: style, modalTransitionStyle: el.attribute("modalTransitionStyle"),
            definesPresentationContext: el.attribute("definesPresentationContext") == "YES",
            transitionStyle: el.attribute("transitionStyle").flatMap(PageTransitionStyle.init(rawValue:)),
            relationships: [], embeds: [], segues: [],
            referencedStoryboard: referenced, referencedIdentifier: el.attribute("referencedIdentifier").flatMap { $0.isEmpty ? nil : $0 },
            location: el.location)
        // Segues: in the view controller's own connections (performed by code), or in a
        // control's, a cell's or a gesture's anywhere below it (performed by the user).
        var relationships: [(String, StoryboardSegue)] = []
        // Depth first, in document order, with an explicit stack (Docs/Limits.md): each entry
        // is an element and whether its parent is the view controller itself.
        var pending: [(element: XMLElement, ownedByScene: Bool)] = el.children.reversed().map { ($0, true) }
        while let (child, owner) = pending.popLast() {
            if child.name == "connections" {
                for seg in child.children("segue") {
                    let segue = try self.segue(seg, fromControl: !owner)
                    s.previews += seg.children("segue").filter { $0.attribute("key") == "preview" }.count
                    switch segue.kind {
                    case .relationship: relationships.append((seg.attribute("relationship") ?? "", segue))
                    case .embed: s.embeds.append(segue.destination); s.segues.append(segue)
                    default: s.segues.append(segue)
                    }
                }
            } else {
                pending += child.children.reversed().map { ($0, false) }
            }
        }
        if kind == .split {
            relationships.sort { (splitOrder.firstIndex(of: $0.0) ?? 99) < (splitOrder.firstIndex(of: $1.0) ?? 99) }
            relationships.removeAll { $0.0 == "compactViewController" }
        }
        s.relationships = relationships.map { $0.1.destination }
        return s
    }

    static func presentationStyle(_ v: String, at location: SourceLocation) throws(NavLabError) -> ModalPresentationStyle {
        if let s = ModalPresentationStyle(rawValue: v), s != .none { return s }
        if v == "custom" || v == "blurOverFullScreen" {
            throw NavLabError(.invalid, "modalPresentationStyle \(v) needs the app's own presentation code, which NavLab does not model", at: location,
                              suggestion: "set a UIKit style on the segue or the scene to play it here")
        }
        let near = Suggest.nearest(to: v, in: ModalPresentationStyle.allCases.map({ $0.rawValue }))
        throw NavLabError(.syntax, "'\(v)' is not a modalPresentationStyle", at: location, suggestion: near.map { "did you mean \($0)?" } ?? "fullScreen, pageSheet, formSheet, …")
    }

    static func segue(_ el: XMLElement, fromControl: Bool) throws(NavLabError) -> StoryboardSegue {
        guard let id = el.attribute("id"), let destination = el.attribute("destination") else {
            throw NavLabError(.syntax, "a <segue> without \(el.attribute("id") == nil ? "an id" : "a destination")", at: el.location, suggestion: "every segue Xcode writes has both")
        }
        let k = el.attribute("kind") ?? ""
        guard let kind = StoryboardSegue.Kind(rawValue: k) else {
            let near = Suggest.nearest(to: k, in: StoryboardSegue.Kind.allCases.map({ $0.rawValue }))
            throw NavLabError(.syntax, "'\(k)' is not a kind of segue", at: el.location(of: "kind"), suggestion: near.map { "did you mean \($0)?" } ?? "show, showDetail, presentation, popoverPresentation, embed, unwind, …")
        }
        var style: ModalPresentationStyle?
        if let v = el.attribute("modalPresentationStyle") { style = try presentationStyle(v, at: el.location(of: "modalPresentationStyle")) }
        return StoryboardSegue(id: id, identifier: el.attribute("identifier").flatMap { $0.isEmpty ? nil : $0 }, kind: kind,
                               destination: destination, modalPresentationStyle: style, modalTransitionStyle: el.attribute("modalTransitionStyle"),
                               unwindAction: el.attribute("unwindAction"), customClass: el.attribute("customClass"),
                               fromControl: fromControl, animates: el.attribute("animates") != "NO", location: el.location)
    }

    /// The checks across the storyboards: destinations exist, references name a storyboard given
    /// and a scene in it, containers have what they need, and nothing contains itself.
    static func check(_ boards: [Storyboard]) throws(NavLabError) {
        for b in boards {
            for s in b.scenes {
                for d in s.relationships + s.embeds where b.scene(id: d) == nil {
                    throw located(NavLabError(.unknown, "\(s.className) (\(s.id)) contains \(d), which is not a scene's view controller", at: s.location,
                                              suggestion: "is the storyboard cut short?"), in: b.name)
                }
                for g in s.segues where g.kind != .unwind && b.scene(id: g.destination) == nil {
                    throw located(NavLabError(.unknown, "the segue \(g.identifier ?? g.id) goes to \(g.destination), which is not a scene's view controller", at: g.location,
                                              suggestion: "is the storyboard cut short?"), in: b.name)
                }
                if let ref = s.referencedStoryboard {
                    guard let other = boards.first(where: { $0.name == ref }) else {
                        throw located(NavLabError(.unknown, "a storyboard reference names \(ref).storyboard, which this import does not give", at: s.location,
                                                  suggestion: "import it too: import storyboard \(b.name).storyboard \(ref).storyboard"), in: b.name)
                    }
                    if let id = s.referencedIdentifier {
                        guard other.scene(storyboardIdentifier: id) != nil else {
                            throw located(NavLabError(.unknown, "a storyboard reference names the storyboard ID \(id), which \(ref).storyboard has on no scene", at: s.location,
                                                      suggestion: "set that Storyboard ID on the scene in \(ref).storyboard"), in: b.name)
                        }
                    } else if other.initialViewController == nil {
                        throw located(NavLabError(.unknown, "a storyboard reference takes \(ref).storyboard's initial view controller, and it has none", at: s.location,
                                                  suggestion: "check Is Initial View Controller on a scene of \(ref).storyboard, or reference a storyboard ID"), in: b.name)
                    }
                }
                // A navigation or tab bar controller with no relationship segue is valid (the
                // app's code sets its view controllers): it is refused where it would be made.
                switch s.kind {
                case .split where !(2...3).contains(s.relationships.count):
                    throw located(NavLabError(.invalid, "the split view controller \(s.id) has \(s.relationships.count) columns connected; NavLab makes one with 2 or 3", at: s.location,
                                              suggestion: "connect its primary and secondary view controllers"), in: b.name)
                default: break
                }
            }
        }
        // A scene that contains itself through relationships, embeds or references would be
        // made for ever. Depth first, each scene explored once (a hostile file cannot make this
        // exponential).
        var done: Set<String> = []
        for b in boards {
            for s in b.scenes {
                var path: [String] = []
                if let cycle = try containmentCycle(b.name, s.id, boards, &path, &done) {
                    throw located(NavLabError(.invalid, "the storyboards contain themselves: \(cycle.joined(separator: " → "))", at: s.location,
                                              suggestion: "a container cannot hold what holds it: remove one of these relationships, embeds or references"), in: b.name)
                }
            }
        }
    }

    /// A cycle of containment through relationships, embeds and references from `board`/`id`,
    /// if there is one. Depth first with an explicit stack of each scene's successors still to
    /// visit, as deep as the limit allows, in any thread's stack (Docs/Limits.md).
    static func containmentCycle(_ board: String, _ id: String, _ boards: [Storyboard], _ path: inout [String], _ done: inout Set<String>) throws(NavLabError) -> [String]? {
        var successorsLeft: [[(board: String, id: String)]] = []
        var next: (board: String, id: String)? = (board, id)
        while true {
            if let (b0, i0) = next {
                next = nil
                let key = b0 + "/" + i0
                if let i = path.firstIndex(of: key) { return Array(path[i...]) + [key] }
                if !done.contains(key), let b = boards.first(where: { $0.name == b0 }), let s = b.scene(id: i0) {
                    guard path.count < Limits.hierarchyDepth else {
                        throw located(NavLabError(.invalid, "containers nested more than \(Limits.hierarchyDepth) deep through relationships, embeds and references; NavLab allows at most \(Limits.hierarchyDepth)",
                                                  at: s.location, suggestion: "is this a storyboard Xcode wrote?"), in: b0)
                    }
                    path.append(key)
                    var successors: [(board: String, id: String)] = []
                    if let ref = s.referencedStoryboard, let other = boards.first(where: { $0.name == ref }),
                       let target = s.referencedIdentifier.flatMap({ other.scene(storyboardIdentifier: $0)?.id }) ?? other.initialViewController {
                        successors.append((ref, target))
                    }
                    for d in s.relationships + s.embeds { successors.append((b0, d)) }
                    successorsLeft.append(successors.reversed())
                }
            }
            // The next successor still to visit; scenes with none left are done.
            while !successorsLeft.isEmpty {
                if let n = successorsLeft[successorsLeft.count - 1].popLast() { next = n; break }
                successorsLeft.removeLast()
                done.insert(path.removeLast())
            }
            if next == nil { return nil }
        }
    }
}
