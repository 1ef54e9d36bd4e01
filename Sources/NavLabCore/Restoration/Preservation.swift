/// State preservation, run when the app moves to the background (UIKit #111).
extension State {
    /// `application(_:shouldSave…ApplicationState:)`: the Secure variant from iOS 13.2 (UIKit #106;
    /// NavLab treats iOS 13 as 13.0).
    var shouldSaveCallback: String {
        device.iOS >= 14 ? "application(_:shouldSaveSecureApplicationState:)" : "application(_:shouldSaveApplicationState:)"
    }
    var shouldRestoreCallback: String {
        device.iOS >= 14 ? "application(_:shouldRestoreSecureApplicationState:)" : "application(_:shouldRestoreApplicationState:)"
    }

    /// View state a view with a restoration identifier preserves (UIKit #128).
    static let viewStateKeys: Set<String> = ["contentOffset", "selectedRow", "zoomScale", "contentInset"]

    /// Walks from the window's root through children and presented view controllers
    /// (UIKit #120, #129). A view controller without a restoration identifier is skipped with
    /// everything under it; UIKit's containers encode their children, a custom container only
    /// when its `encodeRestorableState` does (UIKit #124); paths must be unique (UIKit #130).
    func preserve() -> (Archive, [Event]) {
        var entries: [ArchivedViewController] = []
        var events: [Event] = []
        var skipped: [String] = []
        var seen: Set<String> = []

        // Depth first with an explicit stack (Docs/Limits.md), in the order of a recursion:
        // children in order, then the presented one.
        func visit(_ root: VCID) {
            var pending: [(VCID, parent: Int?, parentPath: [String], relation: ArchivedViewController.Relation)] = [(root, nil, [], .root)]
            while let (id, parent, parentPath, relation) = pending.popLast() {
                guard let (path, children, presented) = encode(id, parent: parent, parentPath: parentPath, relation: relation) else { continue }
                let index = entries.count - 1
                if let (p, style) = presented { pending.append((p, index, path, .presented(style))) }
                for (i, c) in children.enumerated().reversed() { pending.append((c, index, path, .child(i))) }
            }
        }

        /// Appends `id`'s entry and its events; nil when it is not preserved. Returns its path,
        /// the children it encodes and the view controller it presents, to visit next.
        func encode(_ id: VCID, parent: Int?, parentPath: [String], relation: ArchivedViewController.Relation)
            -> (path: [String], children: [VCID], presented: (VCID, ModalPresentationStyle)?)? {
            let vc = self[id]
            guard let rid = vc.restorationIdentifier else { skipped.append(vc.name); return nil }
            let path = parentPath + [rid]
            var key = path.joined(separator: "/")
            // A navigation controller tells its stack apart by position (UIKit #130).
            if let p = parent, case .child(let i) = relation, entries[p].kind == .navigation { key += "@\(i)" }
            guard seen.insert(key).inserted else {
                events.append(.note("\(vc.name) is not preserved: the restoration path \(path.joined(separator: "/")) is already taken; paths must be unique (UIKit #130)"))
                return nil
            }
            let encodesChildren = vc.encodes.contains("children")
            var state: [String: String] = [:]
            for key in vc.encodes where key != "children" { if let v = vc.properties[key] { state[key] = v } }
            var viewState: [String: String] = [:]
            if vc.viewRestorationIdentifier != nil {
                for (k, v) in vc.properties where State.viewStateKeys.contains(k) { viewState[k] = v }
            }
            entries.append(ArchivedViewController(
                path: path, relation: relation, parent: parent, className: vc.className, kind: vc.kind,
                restorationClass: vc.restorationClass, storyboard: vc.storyboard,
                selectedIndex: vc.kind == .tabBar ? vc.selectedIndex : nil,
                encodesChildren: encodesChildren, state: state, viewState: viewState))
            events.append(.vc("encodeRestorableState", vc.name))
            var children: [VCID] = []
            if vc.kind.isUIKitContainer || encodesChildren {
                children = vc.children
            } else if !vc.children.isEmpty {
                let names = Abridged.list(vc.children.map { self[$0].name })
                events.append(.note("\(vc.name)'s encodeRestorableState does not encode its children (\(names)), so they are not preserved (UIKit #124): `encode \(vc.className) children`"))
            }
            var presented: (VCID, ModalPresentationStyle)?
            if let p = vc.presentedChild, let style = self[p].presentation?.style { presented = (p, style) }
            return (path, children, presented)
        }
        if let root = window.rootViewController { visit(root) }
        if !skipped.isEmpty {
            events.append(.note("not preserved, with everything under them, for want of a restorationIdentifier (UIKit #120): \(Abridged.list(skipped))"))
        }
        return (Archive(systemVersion: "\(device.iOS).0", idiom: device.idiom.rawValue, entries: entries), events)
    }
}
