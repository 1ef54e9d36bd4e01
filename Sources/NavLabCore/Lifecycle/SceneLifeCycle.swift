/// The UIScene life cycle becoming mandatory: iOS 18.4 and 26 log a warning for an app that
/// has not adopted it; an app built with the iOS 27 SDK does not launch on iOS 27 without it
/// (UIKit #198–#201). And what UIKit stops calling once it is adopted (UIKit #202, #203).
extension State {
    /// iOS 18.4–18.x, one console line (UIKit #200).
    public static let sceneWarning18 = "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
    /// iOS 26 (UIKit #200).
    public static let sceneWarning26 = "`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
    /// iOS 27 with the iOS 27 SDK: UIKit's assertion, then EXC_BREAKPOINT (UIKit #199).
    public static let sceneLaunchFailure = "failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK. See \"Transitioning to the UIKit scene-based life cycle\" in the UIKit documentation for more information on migration."

    /// The app-delegate callbacks UIKit does not call once scenes are adopted, and the scene
    /// delegate's that replace them (UIKit #202).
    public static let sceneReplacements: [(appDelegate: String, scene: String)] = [
        ("applicationDidBecomeActive", "sceneDidBecomeActive(_:)"),
        ("applicationWillResignActive", "sceneWillResignActive(_:)"),
        ("applicationDidEnterBackground", "sceneDidEnterBackground(_:)"),
        ("applicationWillEnterForeground", "sceneWillEnterForeground(_:)"),
    ]

    /// The app-delegate callbacks a text names that UIKit never calls in a scene app.
    public func uncalledAppDelegateCallbacks(in text: String) -> [(appDelegate: String, scene: String)] {
        guard application.usesScenes else { return [] }
        return State.sceneReplacements.filter { text.containsText($0.appDelegate) }
    }

    /// The note for them: what a script that waits for them should wait for instead.
    public func uncalledAppDelegateNote(in text: String) -> String? {
        let found = uncalledAppDelegateCallbacks(in: text)
        guard !found.isEmpty else { return nil }
        let old = found.map({ $0.appDelegate + "(_:)" }).joined(separator: ", ")
        let new = found.map({ $0.scene }).joined(separator: ", ")
        return "the app adopts scenes, so UIKit never calls \(old); the scene delegate's \(new) \(found.count == 1 ? "is" : "are") called instead (UIKit #202)"
    }

    /// Why UIKit will not call the view-controller-based restoration methods, or nil when it
    /// will: the app adopts scenes (UIKit #148), or it must, being built with the iOS 27 SDK
    /// for iOS 27 (UIKit #199, #203).
    public var legacyRestorationSilenced: String? {
        if application.usesScenes { return "the app adopts scenes, so UIKit never calls it (UIKit #148, #203)" }
        if device.requiresScenes { return "an app built with the iOS \(device.sdkVersion) SDK must adopt scenes to launch on iOS \(device.version), and then UIKit never calls it (UIKit #199, #203)" }
        return nil
    }

    /// What launch does about the scene life cycle before the app delegate hears anything:
    /// nil to go on (with `events` perhaps holding the warning), or the failed launch's events.
    mutating func sceneLifeCycleCheck(events: inout [Event]) -> [Event]? {
        guard !application.usesScenes else { return nil }
        if device.requiresScenes {
            return events + [
                .warning(State.sceneLaunchFailure),
                .note("the process stops at EXC_BREAKPOINT before application(_:willFinishLaunchingWithOptions:): \(appName) is not running (UIKit #199). "
                      + "Adopt scenes with `scenes on` (a scene delegate makes the window; what the app delegate did at foreground, background and activation moves to it, UIKit #202), "
                      + "or build with an older SDK: `device \(device.idiom.rawValue) iOS=\(device.version) sdk=26`"),
            ]
        }
        if device.iOS >= 27 {
            events.append(.note("built with the iOS \(device.sdkVersion) SDK, the app launches on iOS \(device.version) without scenes: the check follows the SDK (UIKit #199); no published log shows what iOS 27 prints for it. Built with the iOS 27 SDK it would not launch: `device \(device.idiom.rawValue) iOS=\(device.version) sdk=27`"))
        } else if device.iOS == 26 {
            events.append(.warning(State.sceneWarning26))
        } else if device.runs(atLeast: 18, 4) {
            events.append(.warning(State.sceneWarning18))
        }
        return nil
    }
}
