/// The whole simulated app at one moment: a value. Applying a command returns the next one.
public struct State: Hashable, Sendable {
    public var device = Device.default
    /// The app's module name: Swift classes print as `App.Register` in UIKit's output (UIKit #160).
    public var appName = "App"
    public var classes: [String: ClassDecl] = [:]
    public var restorationIdentifiersFromClassNames = false
    /// The storyboard's initial view controller, made at every launch.
    public var initial: Spec?

    public var application = Application()
    public var window = Window()
    /// Every allocated view controller, in the window or not.
    public var viewControllers: [VCID: ViewController] = [:]
    /// Live names → instances.
    public var names: [String: VCID] = [:]
    /// How many instances of each class this process has made (names are never reused).
    public var nameCounters: [String: Int] = [:]
    public var nextID = 1
    public var holds: [Hold] = []
    /// The stored data of the other apps this session used (`app NAME`).
    public var otherApps: [String: AppData] = [:]
    /// Set while `;`-separated commands run in one run-loop turn.
    public var turn: RunLoopTurn?

    public init() {}

    public subscript(id: VCID) -> ViewController {
        get { viewControllers[id]! }
        // In place: a navigation stack of 100,000 must not be copied to push one more.
        _modify { yield &viewControllers[id]! }
    }

    public func vc(named name: String) -> ViewController? {
        names[name].flatMap { viewControllers[$0] }
    }

    public func name(_ id: VCID?) -> String? { id.flatMap { viewControllers[$0]?.name } }

    /// True when an instance of that name was made in this process (it may be gone now).
    public func nameWasUsed(_ name: String) -> Bool {
        if names[name] != nil { return true }
        let (cls, n) = State.splitName(name)
        guard let count = nameCounters[cls] else { return false }
        return n <= count
    }

    /// `Detail#3` → ("Detail", 3); `Detail` → ("Detail", 1).
    static func splitName(_ name: String) -> (String, Int) {
        if let hash = name.lastIndex(of: "#"), let n = Int(name[name.index(after: hash)...]), n >= 2 {
            return (String(name[..<hash]), n)
        }
        return (name, 1)
    }

    public var isRunning: Bool { application.state != .notRunning }

    /// Allocated view controllers in allocation order.
    public var allocatedIDs: [VCID] { viewControllers.keys.sorted() }
}
