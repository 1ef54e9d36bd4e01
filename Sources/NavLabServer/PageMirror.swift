import NavLabCommands
import NavLabHub
import NavLabCore

/// The page's document as every client of /api/events has it (PageTracker), advanced by the
/// hub after every line, under the hub's lock (HubObserver), so the patches go out in the
/// order of the steps and each one applies to the document the previous one left.
///
/// Everything here runs under the hub's lock: in `hubRan`, and in `travel` through `hub.read`.
final class PageMirror: HubObserver, @unchecked Sendable {
    private var tracker: PageTracker

    init(_ session: Session) { tracker = PageTracker(session) }

    func hubRan(_ session: Session, move: StepMove) -> String? { tracker.advance(session, move: move) }

    func travel(_ session: Session, from: Int, to: Int) -> (toBefore: [JSON], step: [JSON]?) {
        tracker.travel(session, from: from, to: to)
    }
}
