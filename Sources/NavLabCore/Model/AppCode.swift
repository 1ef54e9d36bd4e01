/// What the app's code and storyboard declare — the device it runs on, its classes, the Initial
/// UI, how the app delegate opts in to restoration — written back as the commands that declare
/// it. The shell keeps these lines with the app's archive and defaults, so that quitting
/// NavLab and starting it again keeps the app as well as its data.
extension State {
    public func codeScript() -> [String] {
        func yesNo(_ b: Bool) -> String { b ? "yes" : "no" }
        func value(_ v: String) -> String {
            v.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == ";" || $0 == "," || $0 == "=" })
                ? "\"" + v.replacingText("\\", with: "\\\\").replacingText("\"", with: "\\\"") + "\"" : v
        }
        var lines: [String] = []
        if device != Device.default { lines.append("device " + device.description) }
        if restorationIdentifiersFromClassNames { lines.append("class * restorationIdentifier=class") }
        for (name, d) in classes.sorted(by: { $0.key < $1.key }) {
            var kv: [String] = []
            if let r = d.restorationIdentifier { kv.append("restorationIdentifier=" + (r.isEmpty ? "nil" : value(r))) }
            if let rc = d.restorationClass {
                kv.append("restorationClass=" + (rc == .instance ? "yes" : rc == .returnsNil ? "nil" : "no"))
            }
            if let v = d.viewRestorationIdentifier { kv.append("viewRestorationIdentifier=" + (v.isEmpty ? "nil" : value(v))) }
            if let b = d.storyboard { kv.append("storyboard=" + yesNo(b)) }
            if let m = d.modalPresentationStyle { kv.append("modalPresentationStyle=" + m.rawValue) }
            if let b = d.definesPresentationContext { kv.append("definesPresentationContext=" + yesNo(b)) }
            if let t = d.transitionStyle { kv.append("transitionStyle=" + t.rawValue) }
            if let e = d.encodes, !e.isEmpty { kv.append("encodes=" + e.joined(separator: ",")) }
            for (k, v) in d.properties.sorted(by: { $0.key < $1.key }) {
                kv.append(k == "isModalInPresentation" ? "isModalInPresentation=" + yesNo(v == "true") : "\(k)=\(value(v))")
            }
            if !kv.isEmpty { lines.append("class \(name) " + kv.joined(separator: " ")) }
        }
        if application.optIn.implemented {
            lines.append("optIn save=\(yesNo(application.optIn.save)) restore=\(yesNo(application.optIn.restore))")
        }
        if let keys = application.appDelegateEncodes { lines.append("appDelegate encodes " + (keys.isEmpty ? "none" : keys.joined(separator: " "))) }
        for rule in application.appDelegateRules {
            lines.append("appDelegate restores \(rule.identifier)" + (rule.className.map { " as \($0)" } ?? ""))
        }
        if application.usesScenes { lines.append(application.supportsMultipleScenes ? "scenes on" : "scenes on multiple=no") }
        for hook in application.hooks { lines.append(hook.line) }
        for r in application.routes { lines.append(r.text) }
        if let initial { lines.append("initial " + initial.text) }
        return lines
    }
}
