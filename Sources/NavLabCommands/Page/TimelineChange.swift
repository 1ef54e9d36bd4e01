import NavLabCore

/// What a line did to the timeline: a new step (a command that reached the model, `reset`),
/// a move along it (`undo`, `redo`), or nothing.
public enum TimelineChange: String, Sendable {
    case append, move, none

    public static func of(_ response: LineResult, _ move: StepMove) -> TimelineChange {
        guard response.status == .done || response.status == .ignored else { return .none }
        switch response.parsed?.action {
        case .meta(.undo)?, .meta(.redo)?: return response.status == .done ? .move : .none
        case .model?, .meta(.reset)?: return .append
        default: return move == .none ? .none : .append
        }
    }
}
