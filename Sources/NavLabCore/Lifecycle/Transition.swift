/// The order in which one transition calls the appearance methods of what leaves the window
/// (`out`) and what enters it (`in`).
enum AppearanceOrder {
    /// Push, pop, custom `transition(from:to:)`: the outgoing `didDisappear`
    /// comes before the incoming `didAppear` (UIKit #63, #64).
    case push
    /// A tab switch: the incoming tab's `viewWillAppear` before the outgoing tab's
    /// `viewWillDisappear`, then the outgoing `didDisappear` and the incoming `didAppear`
    /// (UIKit #166). `viewIsAppearing` (iOS 13+) follows the outgoing `viewWillDisappear`,
    /// when the new tab's view is put in the window (Docs/Modelling.md).
    case tabSwitch
    /// Present and dismiss: the incoming `viewDidAppear` comes before the outgoing
    /// `viewDidDisappear` (UIKit #66; dismiss mirrors it, see Docs/Modelling.md).
    case modal
    /// Setting the window's root: the old views are removed before the new ones are
    /// installed (UIKit #1), so the old root disappears completely first.
    case sequential
    /// A push that runs at once while the covered view controller is still appearing (a push
    /// in the launch's turn before iOS 18, UIKit #215): the covered one's will- and
    /// did-disappear, with the pushed one's `viewWillAppear` between them, then the pushed
    /// one's `viewIsAppearing` and `viewDidAppear`.
    case pushWhileAppearing
    /// `UIPageViewController`, scroll style (UIKit #70).
    case pageScroll
    /// `UIPageViewController`, page-curl style (UIKit #70).
    case pageCurl
}

extension State {
    /// Applies a structural change and returns UIKit's calls around it: `pre` (e.g.
    /// `willMove(toParent:)`), lazy view loading (UIKit #61), the appearance methods of every
    /// view controller whose view enters or leaves the window, then `post`.
    /// `change` gets the state and the `pre` and `post` event lists to add to.
    mutating func transition(
        _ order: AppearanceOrder, animated: Bool,
        change: (inout State, _ pre: inout [Event], _ post: inout [Event]) -> Void
    ) -> [Event] {
        // Inside code that runs before the command's new view controllers appear, what it does
        // to them and below them appears with them, later (UIKit #185).
        let before = hookPending.isEmpty ? windowViewControllers() : windowViewControllers().filter { !isPendingAppearance($0) }
        let manualBefore = Set(before.filter { !receivesAutomaticAppearance($0) })
        var pre: [Event] = [], post: [Event] = []
        change(&self, &pre, &post)
        let after = hookPending.isEmpty ? windowViewControllers() : windowViewControllers().filter { !isPendingAppearance($0) }
        let beforeSet = Set(before), afterSet = Set(after)
        let outgoing = before.filter { !afterSet.contains($0) && viewControllers[$0] != nil }
        let incoming = after.filter { !beforeSet.contains($0) }

        // A navigation or tab bar controller shows a child for the first time from its own layout
        // pass, after its viewWillAppear (and viewIsAppearing): the child loads and begins to appear
        // then. A child it showed before is forwarded the calls inside its own (UIKit #220).
        let incomingSet = Set(incoming)
        var shownByContainer: Set<VCID> = []
        for id in incoming where !self[id].hasBeenLaidOut {
            guard let p = self[id].parent, incomingSet.contains(p),
                  self[p].kind == .navigation || self[p].kind == .tabBar || shownByContainer.contains(p) else { continue }
            shownByContainer.insert(id)
        }

        // Built in one array, in place: a command's events are copied once, not per part.
        var events = pre
        events.reserveCapacity(pre.count + 2 * incoming.count + 5 * (incoming.count + outgoing.count) + post.count)
        for id in incoming where !self[id].isViewLoaded && !shownByContainer.contains(id) {
            self[id].isViewLoaded = true
            events.append(.vc("loadView", self[id].name))
            events.append(.vc("viewDidLoad", self[id].name))
        }
        // Under a container that forwards by hand, UIKit calls nothing itself (UIKit #45).
        let outNames = outgoing.filter { !manualBefore.contains($0) }.map { self[$0].name }
        // (A closure, not the method itself: `filter(receivesAutomaticAppearance)` would copy
        // the whole state into the partial application.)
        let allInNames = incoming.filter { receivesAutomaticAppearance($0) }.map { self[$0].name }
        let inNames = shownByContainer.isEmpty ? allInNames : incoming.filter { receivesAutomaticAppearance($0) && !shownByContainer.contains($0) }.map { self[$0].name }
        let isAppearing = device.hasViewIsAppearing
        // A view laid out for the first time in the window: after the superview has placed it
        // (viewIsAppearing), before the transition's did-calls; parents first (UIKit #210).
        // Layout comes from the view, so it does not depend on appearance forwarding.
        let firstLayout = incoming.filter { !self[$0].hasBeenLaidOut }
        for id in incoming { self[id].hasBeenLaidOut = true }
        let layoutNames = emitsLayout ? firstLayout.map { self[$0].name } : []
        let flags = logsAppearanceFlags ? appearanceFlags(pre: pre, post: post) : [:]
        marks = TransitionMarks()
        func each(_ names: [String], _ cb: String) {
            for n in names {
                var e = Event.vc(cb, n, animated: animated)
                if let f = flags[n] { e.message = f }
                events.append(e)
            }
        }
        func willOut() { each(outNames, "viewWillDisappear") }
        func didOut() { each(outNames, "viewDidDisappear") }
        func willIn() {
            each(inNames, "viewWillAppear")
            if isAppearing { each(inNames, "viewIsAppearing") }
        }
        func didIn() { each(allInNames, "viewDidAppear") }
        func layout() {
            for n in layoutNames {
                events.append(.vc("viewWillLayoutSubviews", n))
                events.append(.vc("viewDidLayoutSubviews", n))
            }
        }
        switch order {
        case .push: willOut(); willIn(); layout(); didOut(); didIn()
        case .pushWhileAppearing:
            willOut(); each(inNames, "viewWillAppear"); didOut()
            if isAppearing { each(inNames, "viewIsAppearing") }
            layout(); didIn()
        case .tabSwitch:
            each(inNames, "viewWillAppear"); willOut()
            if isAppearing { each(inNames, "viewIsAppearing") }
            layout(); didOut(); didIn()
        case .modal: willOut(); willIn(); layout(); didIn(); didOut()
        case .sequential: willOut(); didOut(); willIn(); layout(); didIn()
        case .pageScroll: willIn(); willOut(); layout(); didIn(); didOut()
        case .pageCurl: willIn(); willOut(); layout(); didOut(); didIn()
        }
        if !shownByContainer.isEmpty {
            showFromContainerLayout(incoming.filter { shownByContainer.contains($0) }, in: &events, animated: animated, flags: flags)
        }
        events += post
        return events
    }

    /// The view controllers a navigation or tab bar controller entering the window shows from
    /// its layout pass: each one's `loadView`/`viewDidLoad` (first time), `viewWillAppear` and
    /// `viewIsAppearing` come right after its container's will-calls (UIKit #220). `ids` parents first.
    mutating func showFromContainerLayout(_ ids: [VCID], in events: inout [Event], animated: Bool, flags: [String: String]) {
        for id in ids {
            let name = self[id].name
            let parentName = self[id].parent.map { self[$0].name } ?? ""
            let will: Set<String> = ["viewWillAppear", "viewIsAppearing", "viewDidLoad"]
            // After the container's last will-call (or its load when UIKit sends it none).
            let at = (events.lastIndex { $0.kind == .callback && $0.depth == 0 && $0.viewController == parentName && will.contains($0.callback) }).map { $0 + 1 }
                ?? (events.firstIndex { $0.kind == .callback && $0.depth == 0 && ($0.callback == "viewWillAppear" || $0.callback == "viewWillDisappear") } ?? events.count)
            var inserted: [Event] = []
            if !self[id].isViewLoaded {
                self[id].isViewLoaded = true
                inserted.append(.vc("loadView", name))
                inserted.append(.vc("viewDidLoad", name))
            }
            if receivesAutomaticAppearance(id) {
                var e = Event.vc("viewWillAppear", name, animated: animated)
                if let f = flags[name] { e.message = f }
                inserted.append(e)
                if device.hasViewIsAppearing {
                    var e = Event.vc("viewIsAppearing", name, animated: animated)
                    if let f = flags[name] { e.message = f }
                    inserted.append(e)
                }
            }
            events.insert(contentsOf: inserted, at: at)
        }
    }

    /// What `isBeingPresented`, `isBeingDismissed`, `isMovingToParent` and
    /// `isMovingFromParent` return inside this transition's appearance calls (UIKit #72), by
    /// name: the presentation or dismissal marks the operation set, and the moves that span
    /// the transition — `willMove(toParent:)` before it, `didMove(toParent:)` after (a push, a
    /// pop, `addChild`, `removeChild`). A container made with its children (`Nav(C)`) moved
    /// them before the transition, and a page view controller drops its old pages after it.
    func appearanceFlags(pre: [Event], post: [Event]) -> [String: String] {
        var out: [String: [String]] = [:]
        for id in marks.beingPresented { if let n = name(id) { out[n, default: []].append("isBeingPresented") } }
        for id in marks.beingDismissed { if let n = name(id) { out[n, default: []].append("isBeingDismissed") } }
        for id in marks.movingToParent { if let n = name(id) { out[n, default: []].append("isMovingToParent") } }
        var completedBefore: Set<String> = []
        for e in pre where e.callback == "didMove(toParent:)" { if let n = e.viewController { completedBefore.insert(n) } }
        var completedAfter: Set<String> = []
        for e in post where e.callback == "didMove(toParent:)" { if let n = e.viewController { completedAfter.insert(n) } }
        var seen: Set<String> = []
        for e in pre where e.callback == "willMove(toParent:)" {
            guard let n = e.viewController, !completedBefore.contains(n), completedAfter.contains(n), seen.insert(n).inserted else { continue }
            out[n, default: []].append(e.parent == nil ? "isMovingFromParent" : "isMovingToParent")
        }
        return out.mapValues { $0.joined(separator: ", ") }
    }
}
