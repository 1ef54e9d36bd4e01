// Left out of the browser's start module (Web/Wasm/StartModule.swift answers instead).

/// The user taps outside a presented view controller, on the dimming view around it: an iPad
/// popover, or (from iOS 13) an iPad sheet (UIKit #225, #226). Like the swipe down of a sheet
/// (UIKit #24) it is the user's dismissal, so the presentation controller's delegate hears it;
/// the code's `dismiss` tells it nothing (UIKit #25).
extension State {
    mutating func tapOutside(_ ref: NameRef?, at: SourceLocation) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref?.location ?? at, verb: "tap outside")
        let w = try resolve(ref, default: "top")
        let presented = parentlessAncestor(of: w)
        let place = ref?.location ?? at
        guard let p = self[presented].presentation, self[presented].presenter != nil else {
            throw NavLabError(.invalid, "\(self[w].name) is not in a presented view controller, so there is no outside to tap", at: place,
                              suggestion: "present X style=popover (on an iPad)")
        }
        let name = self[presented].name
        // The dimming view of the front-most presentation takes the tap.
        if let above = presentedViewController(of: presented) {
            throw NavLabError(.invalid, "\(self[above].name) is presented over \(name): a tap outside is a tap outside \(self[above].name)", at: place,
                              suggestion: "tapOutside \(self[above].name)")
        }
        // Nothing happens while a presentation or dismissal of this turn is animating: the
        // popover is not `presented` yet, or its tap's dismissal has begun (UIKit #225).
        if let turn, turn.presentationInFlight {
            return .ignored(reason: "a presentation or dismissal started in this run-loop turn is still animating: UIKit's tap handler dismisses only a presentation that has finished and is not already being dismissed (UIKit #225)", events: [])
        }
        let popover = p.style == .popover
        let sheet = p.style == .formSheet || p.style == .pageSheet
        guard !device.isCompact else {
            let adapted = p.requestedStyle == .popover || self[presented].modalPresentationStyle == .popover
            return .ignored(reason: "\(name) is presented .\(p.style.rawValue)\(adapted ? " (a popover adapted to compact width, UIKit #171)" : "") on an iPhone: no source shows a tap outside it dismissing it; NavLab models the tap outside an iPad popover or sheet\(sheet && device.iOS >= 13 ? "; `swipe down` dismisses a card" : "") (UIKit #225)", events: [])
        }
        guard popover || sheet else {
            return .ignored(reason: "\(name) is presented .\(p.style.rawValue): there is no dimming view around it to tap (UIKit #225)", events: [])
        }
        guard popover || device.iOS >= 13 else {
            return .ignored(reason: "before iOS 13 a tap outside a .\(p.style.rawValue) does not dismiss it: only the app's own button does (UIKit #225)", events: [])
        }
        let modern = device.iOS >= 13
        let shouldDismiss = modern ? "presentationControllerShouldDismiss(_:)" : "popoverPresentationControllerShouldDismissPopover(_:)"
        let didDismiss = modern ? "presentationControllerDidDismiss(_:)" : "popoverPresentationControllerDidDismissPopover(_:)"
        if self[presented].properties["isModalInPresentation"] == "true" {
            // A popover ignores taps outside it without asking the delegate; a sheet's refused
            // interactive dismissal is reported as an attempt (UIKit #226, #24).
            guard sheet else {
                return .ignored(reason: "\(name).\(modern ? "isModalInPresentation" : "isModalInPopover") is true: UIKit ignores taps outside the popover, and asks its delegate nothing (UIKit #226)", events: [])
            }
            return .done([.vc("presentationControllerDidAttemptToDismiss(_:)", name),
                          .note("\(name).isModalInPresentation is true: the sheet stays (UIKit #226, #24)")])
        }
        if self[presented].properties["shouldDismiss"] == "false" {
            var events: [Event] = [.vc(shouldDismiss, name)]
            if sheet { events.append(.vc("presentationControllerDidAttemptToDismiss(_:)", name)) }
            events.append(.note("the delegate's \(shouldDismiss) returned false: \(name) stays (UIKit #226)"))
            return .done(events)
        }
        var events: [Event] = [.vc(shouldDismiss, name)]
        if modern { events.append(.vc("presentationControllerWillDismiss(_:)", name)) }
        let outcome = try dismiss(NameRef(name, at: place), animated: true)
        // The delegate's last call comes when the dismissal's transition has completed, before
        // the presented view controller is released.
        let dismissal = outcome.events.filter { $0.kind != .note }
        let split = dismissal.firstIndex { $0.callback == "deinit" } ?? dismissal.count
        events += dismissal[..<split]
        events.append(.vc(didDismiss, name))
        events += dismissal[split...]
        return .done(events)
    }
}
