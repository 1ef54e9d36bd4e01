extension State {
    /// The instance a name stands for: a live instance name, `root` or `top`.
    public func resolve(_ ref: NameRef) throws(NavLabError) -> VCID {
        switch ref.text {
        case "root":
            guard let r = window.rootViewController else {
                throw NavLabError(.invalid, "the window has no rootViewController", at: ref.location,
                                  suggestion: isRunning ? "try `swapRoot SPEC`" : "the app is not running; try `launch`")
            }
            return r
        case "top":
            guard let t = top() else {
                throw NavLabError(.invalid, "there is no `top`: nothing is on screen", at: ref.location,
                                  suggestion: isRunning ? "try `swapRoot SPEC`" : "the app is not running; try `launch`")
            }
            return t
        case "window":
            throw NavLabError(.invalid, "`window` is the UIWindow, not a view controller", at: ref.location,
                              suggestion: "use `root` for window.rootViewController")
        default:
            if let id = names[ref.text] { return id }
            throw unknownName(ref)
        }
    }

    public func resolve(_ ref: NameRef?, default fallback: String) throws(NavLabError) -> VCID {
        try resolve(ref ?? NameRef(fallback, at: SourceLocation(column: 0)))
    }

    func unknownName(_ ref: NameRef) -> NavLabError {
        if nameWasUsed(ref.text) {
            return NavLabError(.unknown, "\(ref.text) has been deallocated", at: ref.location,
                               suggestion: "`log` shows its deinit; `hold` keeps an instance alive")
        }
        let candidates = Array(names.keys) + ["root", "top"]
        if let near = Suggest.nearest(to: ref.text, in: candidates) {
            return NavLabError(.unknown, "no view controller named \(ref.text)", at: ref.location, suggestion: "did you mean \(near)?")
        }
        let live = names.keys.sorted().prefix(8).joined(separator: ", ")
        return NavLabError(.unknown, "no view controller named \(ref.text)", at: ref.location,
                           suggestion: live.isEmpty ? "nothing is allocated yet" : "live: \(live)")
    }

    /// How UIKit prints an object in its messages: `<App.Done: 0x7f9a00003000>`.
    public func objectDescription(_ id: VCID) -> String {
        "<\(qualifiedClassName(id)): \(address(of: id))>"
    }

    /// Swift classes print module-qualified (UIKit #160); UIKit's own do not.
    public func qualifiedClassName(_ id: VCID) -> String {
        let vc = self[id]
        if let printed = vc.imported?.printedClass { return printed }
        if let role = vc.swiftUI { return role.printedClass(rootView: vc.className, module: appName) }
        return vc.isAppClass ? "\(appName).\(vc.className)" : vc.className
    }

    /// The class of the view `id` loads (UIKit #162, #190): as imported, SwiftUI's, or its kind's.
    public func viewClassName(_ id: VCID) -> String {
        let vc = self[id]
        if let printed = vc.imported?.viewClass { return printed }
        if let role = vc.swiftUI { return role.viewClass(rootView: vc.className, module: appName) }
        return vc.kind.viewClass
    }

    /// Deterministic, counted addresses (a real run's are random); an imported view
    /// controller keeps the ones its app printed.
    public func address(of id: VCID) -> String {
        viewControllers[id]?.imported?.address ?? hex(0x7f9a_0000_0000 + Int64(id.raw) * 0x1000)
    }
    public func viewAddress(of id: VCID) -> String {
        viewControllers[id]?.imported?.viewAddress ?? hex(0x7f9b_0000_0000 + Int64(id.raw) * 0x1000)
    }
    /// A navigation controller's `UINavigationBar` (UIKit #169).
    public func navigationBarAddress(of id: VCID) -> String {
        hex(0x7f9c_0000_0000 + Int64(id.raw) * 0x1000)
    }
    public func presentationControllerAddress(of id: VCID) -> String {
        viewControllers[id]?.imported?.presentationControllerAddress ?? hex(0x6000_0300_0000 + Int64(id.raw) * 0x100)
    }

    /// 64-bit, as on a device, also where `Int` has 32 bits (the browser build).
    func hex(_ n: Int64) -> String { "0x" + String(n, radix: 16) }
}

/// "Did you mean": the closest candidate by edit distance, if it is close enough.
public enum Suggest {
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for c in candidates.sorted() {
            let d = distance(lower, c.lowercased())
            let limit = max(1, min(3, word.count / 3 + 1))
            let prefix = c.lowercased().hasPrefix(lower) && lower.count >= 2
            let score = prefix ? min(d, 1) : d
            if score <= limit, best == nil || score < best!.1 { best = (c, score) }
        }
        return best?.0
    }

    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}
