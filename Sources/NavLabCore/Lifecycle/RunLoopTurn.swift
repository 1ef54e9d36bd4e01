/// Commands written on one line with `;` run in the same turn of the main run loop: an
/// animated transition started by one is still in flight when the next one starts, which is
/// how UIKit's "in progress" warnings happen (UIKit #35, #54, #91, #94, #95, #97, #98).
public struct RunLoopTurn: Hashable, Sendable {
    public enum Transition: Hashable, Sendable {
        case presentation(VCID)
        /// The dismissed view controller and the one that dismisses it.
        case dismissal(VCID, presenter: VCID)
        case navigation(VCID)
    }
    public var inFlight: [Transition] = []
    /// Navigation transitions started while another was running on the same controller.
    public var nestedNavigation: Set<VCID> = []
    /// View controllers pushed, animated, in this turn: only a zoom push grabbed mid-flight
    /// follows UIKit #193 (a zoom view controller a pop uncovers was never pushed here).
    public var pushed: Set<VCID> = []
    /// A command of this turn completed the transitions in flight at once (an interrupted zoom
    /// push, UIKit #193): the `did…` calls held for the end of the turn come now.
    public var completedInFlight = false
    /// What a `launch` of this turn put in the window (empty if none did): on iOS 18+ a push
    /// in the same turn covers a root whose view UIKit never loaded (UIKit #215).
    public var launchShown: Set<VCID> = []
    /// View controllers whose calls, printed earlier in this turn, UIKit never made after
    /// all (UIKit #215): the turn takes their `loadView`, `viewDidLoad`, appearance and
    /// layout calls back out of what it prints.
    public var withdrawn: Set<String> = []
    /// Single calls printed earlier in this turn that UIKit never made after all, as
    /// "callback name" (UIKit #215: the root's viewDidAppear before iOS 18).
    public var withdrawnCalls: Set<String> = []
    /// The command just applied completed its transition before returning: its did-calls come
    /// at once, not when the turn ends (a tab switch before iOS 18, UIKit #238).
    public var completesAtOnce = false
    /// Tab bar controllers whose switch of this turn is cross-fading (iOS 18+, UIKit #238).
    public var tabSwitching: Set<VCID> = []
    /// View controllers whose animated dismissal started in this turn: the transition keeps them
    /// alive until it ends, with the turn; their views have left the window (UIKit #234).
    public var dismissing: [VCID] = []
    public init() {}

    /// The callbacks `withdrawn` takes back: those of a view being loaded and shown.
    public static let withdrawnCallbacks: Set<String> = [
        "loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews",
    ]

    public var presentationInFlight: Bool {
        inFlight.contains { if case .navigation = $0 { return false } else { return true } }
    }
    public func navigationInFlight(_ nav: VCID) -> Bool { inFlight.contains(.navigation(nav)) }
}

extension State {
    /// Starts a turn (`;`-separated commands on one line).
    public mutating func beginTurn() { turn = RunLoopTurn() }

    /// Ends the turn: the animations finish. Nested navigation transitions leave UIKit's
    /// "unexpected state" warning (UIKit #97); what an animated dismissal kept alive is
    /// released (UIKit #33, #234).
    public mutating func endTurn() -> [Event] {
        defer { turn = nil }
        guard let t = turn else { return [] }
        var events: [Event] = []
        if !t.nestedNavigation.isEmpty {
            events.append(.warning("Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."))
        }
        let dismissed = t.dismissing.filter { viewControllers[$0] != nil }
        if !dismissed.isEmpty {
            turn = nil
            events += release(candidates: dismissed)
        }
        return events
    }

    mutating func startTransition(_ t: RunLoopTurn.Transition, animated: Bool) {
        guard animated, turn != nil else { return }
        turn!.inFlight.append(t)
    }
}
