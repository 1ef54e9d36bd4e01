// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// The app delegate and, with scenes, the scene delegate.
extension ProgramGenerator {
    func appDelegateSource() -> [String] {
        var o: [String] = []
        let optIn = final.application.optIn
        o.append(lines: """
            // MARK: - The app delegate

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?

                func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
            """)
        if usesScenes {
            o.append("        Script.shared.launch(in: nil)   // the steps before the launch; the scene makes the window")
        } else {
            o.append(lines: """
                        let window = UIWindow(frame: UIScreen.main.bounds)
                        self.window = window
                        Script.shared.launch(in: window)
                """)
        }
        o.append("        logLine(\"application(_:willFinishLaunchingWithOptions:)\")")
        o += hookCalls(owner: "AppDelegate", method: "willFinishLaunching", indent: "        ")
        o.append(lines: """
                    return true
                }

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                    logLine("application(_:didFinishLaunchingWithOptions:)")
            """)
        o += hookCalls(owner: "AppDelegate", method: "didFinishLaunching", indent: "        ")
        if !usesScenes {
            o.append(lines: """
                        window?.makeKeyAndVisible()
                        Script.shared.initialUI = nil
                        Script.shared.start()
                """)
        }
        o.append("        return true")
        o.append("    }")
        if usesScenes {
            o.append(lines: """

                    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
                        configuration.delegateClass = SceneDelegate.self
                        return configuration
                    }
                """)
        } else {
            o += delegateMethods(owner: "AppDelegate", ["applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground", "applicationWillEnterForeground"],
                                 parameter: "_ application: UIApplication")
        }
        if optIn.implemented {
            o.append(lines: """

                    // optIn save=\(optIn.save ? "yes" : "no") restore=\(optIn.restore ? "yes" : "no")
                    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { \(optIn.save) }
                    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { \(optIn.restore) }
                """)
        }
        let rules = final.application.appDelegateRules
        if !usesScenes, usesRestoration {
            o.append("")
            o.append("    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {")
            if !rules.isEmpty {
                o.append(lines: """
                            // appDelegate restores …
                            logLine("application(_:viewControllerWithRestorationIdentifierPath:coder:) — \\(identifierComponents.joined(separator: "/"))")
                            switch identifierComponents.last {
                    """)
                for rule in rules {
                    if let cls = rule.className {
                        let kind = classKinds[cls] ?? .plain
                        o.append("        case \(SwiftNames.literal(rule.identifier)): return \(swiftClass(cls))(\(kind == .plain ? "" : "[]"))   // appDelegate restores \(rule.identifier) as \(cls)")
                    } else {
                        o.append("        case \(SwiftNames.literal(rule.identifier)): break   // appDelegate restores \(rule.identifier): the archived class, below")
                    }
                }
                o.append("        default: break")
                o.append("        }")
            }
            o.append("        return Script.shared.storyboardStandIn(identifierComponents)")
            o.append("    }")
        }
        o.append("}")
        o.append("")
        return o
    }

    func sceneDelegateSource() -> [String] {
        var o: [String] = []
        o.append(lines: """
            // MARK: - The scene delegate (`scenes on`)

            /// `{capital: Paris, screen: Country}`, as NavLab prints an activity.
            func describe(_ info: [AnyHashable: Any]?) -> String {
                guard let info else { return "nil" }
                return "{" + info.map { ("\\($0.key)", "\\($0.value)") }.sorted { $0.0 < $1.0 }.map { "\\($0.0): \\($0.1)" }.joined(separator: ", ") + "}"
            }

            /// The view controller on top: the last presented, the top of a stack, the selected tab.
            @MainActor
            func topViewController(_ vc: UIViewController?) -> UIViewController? {
                guard let vc else { return nil }
                if let p = vc.presentedViewController { return topViewController(p) }
                if let n = vc as? UINavigationController { return topViewController(n.topViewController) ?? n }
                if let t = vc as? UITabBarController { return topViewController(t.selectedViewController) ?? t }
                return vc
            }

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    logLine("scene(_:willConnectTo:options:) — session.stateRestorationActivity = \\(describe(session.stateRestorationActivity?.userInfo))")
            """)
        o += hookCalls(owner: "SceneDelegate", method: "willConnect", indent: "        ")
        o.append(lines: """
                    guard let windowScene = scene as? UIWindowScene else { return }
                    let window = UIWindow(windowScene: windowScene)
                    self.window = window
                    Script.shared.window = window
                    // The launch step made the Initial UI before the window existed: it goes in now.
                    window.rootViewController = Script.shared.initialUI
                    Script.shared.initialUI = nil
                    window.makeKeyAndVisible()
                    Script.shared.start()
                }
                func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
                    logLine("scene(_:restoreInteractionStateWith:) — \\(describe(stateRestorationActivity.userInfo))")
                }
                func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
                    let top = topViewController(window?.rootViewController) as? NavLabNamed
                    let activity = NSUserActivity(activityType: "NavLab.restoration")
                    var info: [String: String] = [:]
                    if let top {
                        info["screen"] = String(top.navLabName.split(separator: "#").first ?? "")
                        for key in type(of: top).encodes { info[key] = top.properties[key] }
                    }
                    activity.addUserInfoEntries(from: info)
                    logLine("stateRestorationActivity(for:) — \\(describe(info))")
                    return activity
                }
            """)
        o += delegateMethods(owner: "SceneDelegate", ["sceneDidBecomeActive", "sceneWillResignActive", "sceneWillEnterForeground", "sceneDidEnterBackground"],
                             parameter: "_ scene: UIScene")
        o.append("}")
        o.append("")
        return o
    }
}
