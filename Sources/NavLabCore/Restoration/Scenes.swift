/// Scene-based restoration, as a mode (UIKIT.md §9): the app adopts UIScene; UIKit stops
/// calling the view-controller-based methods (UIKit #148) and instead keeps the activity the
/// scene delegate returns from `stateRestorationActivity(for:)` (UIKit #144, #145), handing it
/// back at the next connection (UIKit #146, #147). Rebuilding the UI from it is the app's job.
extension State {
    mutating func setScenes(_ on: Bool, multiple: Bool = true) throws(NavLabError) -> Outcome {
        guard !isRunning else {
            throw NavLabError(.invalid, "whether the app adopts scenes is part of its code; the app is running", at: SourceLocation(column: 1),
                              suggestion: "`kill` or `forceQuit` it first, or `reset`")
        }
        guard application.usesScenes != on || on && application.supportsMultipleScenes != multiple else {
            return .ignored(reason: "scenes are already \(on ? "on" : "off")", events: [])
        }
        let wasOn = application.usesScenes
        application.usesScenes = on
        application.supportsMultipleScenes = multiple || !on
        if wasOn, on {
            return .done([.note(multiple ? "the scene manifest allows several windows (UIApplicationSupportsMultipleScenes)" : "the scene manifest does not allow several windows (UIApplicationSupportsMultipleScenes is NO)")])
        }
        return .done([.note(on ? "the app adopts UIScene: state is saved per scene as an NSUserActivity; encode/decodeRestorableState are no longer called (UIKit #144, #148)"
                              : "the app uses view-controller-based state restoration (UIKIT.md §8)")])
    }

    /// What the scene delegate's `stateRestorationActivity(for:)` returns: the class of the
    /// screen on top and the keys that class encodes (an identifier-sized payload, UIKit #150).
    func sceneActivity() -> [String: String] {
        guard let top = top() else { return [:] }
        var info = ["screen": self[top].className]
        for key in self[top].encodes where key != "children" {
            if let v = self[top].properties[key] { info[key] = v }
        }
        return info
    }

    static func describe(_ activity: [String: String]) -> String {
        "{" + activity.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
