/// `archive`: the saved archive, the way restorationArchiveTool dumps it (UIKit #113):
/// each preserved object's restoration path, class, how UIKit will find it, and its keys.
extension State {
    public func renderArchive() -> String {
        guard let file = application.data.archive else {
            return "\(appName) has no restoration archive" + (application.optIn.implemented ? "" : " (the app delegate does not opt in: `optIn save=yes restore=yes`)")
        }
        guard case .valid(let archive) = file else {
            if case .damaged(let reason) = file { return "\(appName)'s restoration archive is damaged: \(reason); the next launch discards it" }
            return ""
        }
        var lines = ["restoration archive of \(appName): \(archive.entries.count) view controller\(archive.entries.count == 1 ? "" : "s")",
                     "  UIApplicationStateRestorationSystemVersion = \(archive.systemVersion)",
                     "  UIApplicationStateRestorationUserInterfaceIdiom = \(archive.idiom)"]
        for e in archive.entries {
            var parts = ["\(e.className)", e.foundBy, e.relationText]
            if let s = e.selectedIndex { parts.append("selectedIndex=\(s)") }
            if e.encodesChildren { parts.append("encodes children") }
            var merged = e.state
            for (k, v) in e.viewState where merged[k] == nil { merged[k] = v }
            let keys = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.append("  \(e.pathText)  " + parts.joined(separator: " · ") + (keys.isEmpty ? "" : "  {" + keys.joined(separator: ", ") + "}"))
        }
        if !archive.appState.isEmpty { lines.append("  app delegate (willEncodeRestorableStateWith)  " + State.describeValues(archive.appState)) }
        return lines.joined(separator: "\n")
    }

    public func renderDefaults() -> String {
        let d = application.data.defaults
        guard !d.isEmpty else { return "\(appName) has no defaults" }
        return d.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: "\n")
    }
}
