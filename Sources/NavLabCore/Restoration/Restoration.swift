// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// State restoration at launch, between `willFinishLaunching` and `didFinishLaunching` (UIKit #132).
extension State {
    /// Phase 1 finds or creates every archived view controller in UIKit's lookup order
    /// (UIKit #135); phase 2 calls `decodeRestorableState` and relinks containers and
    /// presentations (UIKit #140). Returns the restored instances. It never throws: the browser's
    /// start module, which leaves it out, throws in its place.
    mutating func restore(_ archive: Archive, events: inout [Event]) throws(NavLabError) -> [VCID] {
        var ids: [Int: VCID] = [:]
        let rules = application.appDelegateRules

        // Phase 1: find or create.
        for (i, e) in archive.entries.enumerated() {
            if let p = e.parent, ids[p] == nil { continue }   // its parent was left out (UIKit #143)
            var found: VCID?
            switch e.restorationClass {
            case .returnsNil:
                events.append(Event(kind: .callback, callback: "viewController(withRestorationIdentifierPath:coder:)", viewController: e.className, message: e.pathText))
                events.append(.note("\(e.className)'s restoration class returned nil: \(e.pathText) is left out with its subtree (UIKit #121, #143)"))
                continue
            case .instance:
                // A restoration class turns off the implicit search (UIKit #136).
                events.append(Event(kind: .callback, callback: "viewController(withRestorationIdentifierPath:coder:)", viewController: e.className, message: e.pathText))
                found = makeInstance(className: e.className, kind: e.kind)
            case .none:
                if !rules.isEmpty {
                    events.append(Event(kind: .appDelegate, callback: "application(_:viewControllerWithRestorationIdentifierPath:coder:)", message: e.pathText))
                    if let rule = rules.first(where: { $0.identifier == e.path.last }) {
                        let cls = rule.className ?? e.className
                        found = makeInstance(className: cls, kind: cls == e.className ? e.kind : .plain)
                    }
                }
                if found == nil { found = existingInstance(for: e, parent: e.parent.flatMap { ids[$0] }) }
                if found == nil, e.storyboard { found = makeInstance(className: e.className, kind: e.kind) }
                if found == nil {
                    events.append(.note("\(e.pathText): \(e.className) is made in code and has no restoration class, so UIKit can neither find nor create it; it is left out with its subtree (UIKit #135, #143)"))
                    continue
                }
            }
            // Re-assign the identifier so it is preserved again next cycle (UIKit #137).
            self[found!].restorationIdentifier = e.path.last
            self[found!].restorationClass = e.restorationClass
            ids[i] = found!
        }

        // Each restored view controller's view loads before it decodes, in order down the
        // chain (UIKit #172).
        for (i, e) in archive.entries.enumerated() {
            guard let id = ids[i], self[id].className == e.className else { continue }
            loadView(id, events: &events)
        }

        // Phase 2: decode, and let containers relink what was restored (UIKit #140, #141).
        var released: [VCID] = []
        for (i, e) in archive.entries.enumerated() {
            guard let id = ids[i] else { continue }
            guard self[id].className == e.className else {
                events.append(.note("\(e.pathText): \(self[id].name) is a \(self[id].className), not the archived \(e.className): UIKit does not call its decodeRestorableState and its state is lost (UIKit #139)"))
                continue
            }
            events.append(.vc("decodeRestorableState", self[id].name))
            for (k, v) in e.state { self[id].properties[k] = v }
            for (k, v) in e.viewState { self[id].properties[k] = v }
            if let s = e.selectedIndex, self[id].kind == .tabBar, self[id].children.indices.contains(s) { self[id].selectedIndex = s }

            let restoredChildren: [VCID] = archive.entries.indices.compactMap { j in
                guard archive.entries[j].parent == i, case .child = archive.entries[j].relation else { return nil }
                return ids[j]
            }
            let relinks = self[id].kind == .navigation || self[id].kind == .page || (e.encodesChildren && !self[id].kind.isUIKitContainer)
            if relinks, !restoredChildren.isEmpty {
                let name = self[id].name
                let old = self[id].children
                for c in old where !restoredChildren.contains(c) {
                    events.append(.move("willMove(toParent:)", self[c].name, parent: nil))
                    self[c].parent = nil
                    events.append(.move("didMove(toParent:)", self[c].name, parent: nil))
                    released.append(c)
                }
                for c in restoredChildren where self[c].parent != id {
                    var ignored: [Event] = []
                    detachFromParent(c, events: &ignored)
                    events.append(.move("willMove(toParent:)", self[c].name, parent: name))
                    self[c].parent = id
                    events.append(.move("didMove(toParent:)", self[c].name, parent: name))
                }
                setChildren(of: id, to: restoredChildren)
            }
            for j in archive.entries.indices where archive.entries[j].parent == i {
                guard case .presented(let style) = archive.entries[j].relation, let p = ids[j],
                      self[id].presentedChild == nil, self[p].presenter == nil, self[p].parent == nil, window.rootViewController != p else { continue }
                self[p].presenter = id
                self[p].presentation = Presentation(requestedStyle: self[p].modalPresentationStyle, style: style, calledOn: id, animated: false)
                self[id].presentedChild = p
                window.subviews.append(.transitionView(presented: p))
            }
        }
        for id in ids.values { self[id].restored = true }
        // What restoration made but nothing links into the window's hierarchy is released.
        let orphans = ids.values.sorted().filter { !hasStrongHolder($0) }
        for id in orphans where self[id].parent == nil && self[id].presenter == nil {
            events.append(.note("\(self[id].name) was restored, but nothing links it into the window, whose root is the Initial UI's \(name(window.rootViewController) ?? "nil"): it is released (UIKit #140)"))
        }
        events += collectGarbage(released + orphans)
        // In archive order — parents before children — for applicationFinishedRestoringState (UIKit #172).
        var ordered: [VCID] = []
        for i in archive.entries.indices { if let id = ids[i], viewControllers[id] != nil, !ordered.contains(id) { ordered.append(id) } }
        return ordered
    }

    /// Step 3 of the lookup: an instance that already has exactly this restoration path
    /// (the Initial UI made at launch, UIKit #134, #138).
    func existingInstance(for e: ArchivedViewController, parent: VCID?) -> VCID? {
        let last = e.path.last
        guard let parent else {
            guard let root = window.rootViewController, self[root].restorationIdentifier == last else { return nil }
            return root
        }
        switch e.relation {
        case .root: return nil
        case .child(let i):
            let children = self[parent].children
            if self[parent].kind == .navigation {
                return children.indices.contains(i) && self[children[i]].restorationIdentifier == last ? children[i] : nil
            }
            return children.first { self[$0].restorationIdentifier == last }
        case .presented:
            return self[parent].presentedChild.flatMap { self[$0].restorationIdentifier == last ? $0 : nil }
        }
    }
}
