/// A command the engine applies. Verbs that only show or check things (`tree`, `expect`, …)
/// are queries on `State` and never reach `apply`.
public enum Command: Hashable, Sendable {
    case device(Device)
    case classDecl(className: String, settings: [Setting], at: SourceLocation)
    /// `class * restorationIdentifier=class`.
    case restorationIdentifiersFromClassNames
    case initial(Spec)
    case launch
    /// `launch locked`: a cold start while the device is locked (UIKit #205).
    case launchWhileLocked

    case present(Spec, on: NameRef?, style: ModalPresentationStyle?, animated: Bool)
    case dismiss(NameRef?, animated: Bool)
    case push(Spec, on: NameRef?, animated: Bool)
    case pop(NameRef?, animated: Bool)
    case popToRoot(NameRef?, animated: Bool)
    case setViewControllers([Spec], on: NameRef?, animated: Bool)
    case select(NameRef, index: Int, at: SourceLocation)
    /// `didMove: false`: the app's code never calls `didMove(toParent:)` (UIKit #209).
    case addChild(Spec, to: NameRef, didMove: Bool)
    case removeChild(NameRef)
    case switchChild(Spec, in: NameRef?, animated: Bool)
    case swapRoot(Spec)
    /// `window.rootViewController = nil` (UIKit #6).
    case swapRootToNil(at: SourceLocation)
    /// `show(_:sender:)`, or `showDetailViewController(_:sender:)` when `detail`.
    case show(Spec, on: NameRef?, detail: Bool, animated: Bool)
    case swipe(State.Swipe, on: NameRef?, cancel: Bool)
    /// The user taps the tab with this identifier (iOS 18 `UITab`, UIKit #195).
    case tapTab(String, in: NameRef?, at: SourceLocation)
    /// The user taps outside a presented view controller, on its dimming view (UIKit #225).
    case tapOutside(NameRef?, at: SourceLocation)

    // The app's lifecycle (UIKIT.md §8).
    case relaunch
    case background
    /// `background running`: the app enters the background and keeps running there (UIKit #218).
    case backgroundRunning
    /// The system suspends an app that was running in the background (UIKit #218).
    case suspend
    case foreground
    /// A temporary interruption — Notification Center, Control Center, a call, an alert: the app
    /// stays in the foreground, inactive (UIKit #173).
    case resignActive
    case becomeActive
    case kill
    case forceQuit
    case crash(State.CrashPoint)
    case uninstall
    /// `encode CLASS key…`: what the class's `encodeRestorableState` writes.
    case encode(className: String, keys: [String], at: SourceLocation)
    case setDefaults([Setting])
    case removeDefault(String)
    /// `optIn save=… restore=…`; nil: the app delegate does not implement the methods.
    case optIn(save: Bool, restore: Bool)
    case optOut
    /// `scenes on|off`: whether the app adopts UIScene (UIKIT.md §9).
    case scenes(Bool, multiple: Bool)
    /// `route SCREEN push A, B…`: the scene delegate's routing code (UIKit #206).
    case route(screen: String, select: Int?, push: [String], at: SourceLocation)
    /// `scene new | N | disconnect N | discard N`: several scenes on an iPad (UIKit #211–#214).
    case scene(State.SceneAction, at: SourceLocation)
    case app(String)
    /// `appDelegate encodes KEY… | none`: what the app delegate's willEncode/didDecode
    /// RestorableState write and read (UIKit #110).
    case appDelegateEncodes([String]?)
    /// `appDelegate set KEY=VALUE…`: the app delegate's own properties (process memory).
    case appDelegateSet([Setting])
    /// `appDelegate restores ID [as CLASS | nil]`.
    case appDelegateRestores(identifier: String, className: String?, returnsNil: Bool)

    /// `import uikit|screenstate`: the app runs with a hierarchy a real app printed.
    case importHierarchy(ImportedHierarchy)
    /// `import storyboard`: the app's storyboards, read and checked (UIKit.md §13).
    case importStoryboards([Storyboard], at: SourceLocation)
    /// `segue ID [from NAME] [user]`: `performSegue(withIdentifier:sender:)`, or the user's tap on
    /// the control the segue is wired to (`byUser`: `shouldPerformSegue` first).
    case segue(String, from: NameRef?, byUser: Bool, animated: Bool, at: SourceLocation)
    /// `instantiate ID`: `storyboard.instantiateViewController(withIdentifier:)`.
    case instantiate(String, at: SourceLocation)
    /// Reading `NAME.presentationController` (UIKit #83).
    case touchPresentationController(NameRef)

    /// `NAME.beginAppearanceTransition(isAppearing, animated:)` / `endAppearanceTransition()` (UIKit #73).
    case beginAppearanceTransition(NameRef, isAppearing: Bool, animated: Bool)
    case endAppearanceTransition(NameRef)
    /// `A.view.addSubview(B.view)` without containment (UIKit #46, #96, #102).
    case addSubview(Spec, to: NameRef)
    /// `B.view.removeFromSuperview()` for a view added with `addSubview` (UIKit #230).
    case removeFromSuperview(NameRef)
    /// `C.view = B.view` (UIKit #103).
    case reuseView(of: NameRef, for: NameRef)
    /// `log flags=on|off`: whether appearance calls show UIKit #72's four flags.
    case logFlags(Bool)
    /// `log layout=on|off`: whether the log shows viewWillLayoutSubviews / viewDidLayoutSubviews (UIKit #210).
    case logLayout(Bool)

    /// `on OWNER METHOD: COMMAND` — the app's code runs COMMAND when UIKit calls METHOD on an
    /// instance of OWNER (or on the app or scene delegate); `on OWNER METHOD none` (nil
    /// command) removes that method's code (UIKit #183–#189).
    indirect case hook(owner: String, method: String, body: String?, command: Command?, at: SourceLocation)

    case hold(NameRef, label: String?)
    case release(NameRef)
    case set(NameRef, settings: [Setting])
}
