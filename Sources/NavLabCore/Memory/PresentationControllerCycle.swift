extension State {
    /// Reading `presentationController` on a view controller nothing presents: UIKit makes a
    /// presentation controller that holds the view controller, which holds it back — a retain
    /// cycle that keeps an old root alive after it is replaced (UIKit #83).
    mutating func touchPresentationController(_ ref: NameRef) throws(NavLabError) -> Outcome {
        try requireRunning(at: ref.location, verb: "read presentationController of")
        let id = try resolve(ref)
        let name = self[id].name
        if self[id].presenter != nil {
            return .ignored(reason: "\(name) is presented: its presentationController is the presentation's own, and goes when it is dismissed", events: [])
        }
        if self[id].presentationControllerCycle {
            return .ignored(reason: "\(name).presentationController was already read; it is the same object", events: [])
        }
        self[id].presentationControllerCycle = true
        return .done([.note("\(name).presentationController is made on first access; it holds \(name) (presentedViewController) and \(name) holds it: a retain cycle that keeps \(name) alive once nothing else does (UIKit #83)")])
    }
}
