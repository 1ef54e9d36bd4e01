// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// The logging base classes: each logs every callback as NavLab does.
extension ProgramGenerator {
    static let uikitBase: [Kind: String] = [.navigation: "UINavigationController", .tabBar: "UITabBarController",
                                            .split: "UISplitViewController", .page: "UIPageViewController"]

    /// The logging base class for a kind: `LoggedViewController`, `LoggedNavigationController`, …
    static func loggedBase(_ kind: Kind) -> String {
        "Logged" + ((uikitBase[kind] ?? "UIViewController").dropFirst(2))
    }

    /// The base classes the session's classes need: each logs every callback as NavLab does.
    func baseClasses() -> [String] {
        var kinds: [Kind] = []
        for cls in classOrder {
            var k = classKinds[cls] ?? .plain
            if k == .container { k = .plain }
            if !kinds.contains(k) { kinds.append(k) }
        }
        var o: [String] = []
        for kind in [Kind.plain, .navigation, .tabBar, .split, .page] where kinds.contains(kind) {
            let base = ProgramGenerator.uikitBase[kind] ?? "UIViewController"
            let name = ProgramGenerator.loggedBase(kind)
            o.append(lines: """
                /// \(base), logging each callback as NavLab's log does (`viewDidAppear Main`).
                class \(name): \(base), NavLabNamed {
                    let navLabName: String
                    /// The app's own properties (`class NAME key=value`, `set NAME key=value`).
                    var properties: [String: String] = [:]
                    class var encodes: [String] { [] }

                """)
            switch kind {
            case .plain:
                o.append(lines: """
                        init(navLabClass: String) {
                            navLabName = Names.next(navLabClass)
                            super.init(nibName: nil, bundle: nil)
                        }
                    """)
            case .navigation, .tabBar, .split:
                // Made with its children: a navigation controller's stack, a tab bar's tabs, a split's columns.
                let (children, set) = kind == .navigation ? ("stack", "setViewControllers(stack, animated: false)")
                    : kind == .tabBar ? ("tabs", "setViewControllers(tabs, animated: false)") : ("columns", "viewControllers = columns")
                o.append(lines: """
                        init(navLabClass: String = "\(base)", _ \(children): [UIViewController]) {
                            navLabName = Names.next(navLabClass)
                            super.init(nibName: nil, bundle: nil)
                            \(set)
                        }
                    """)
            case .page:
                o.append(lines: """
                        init(navLabClass: String = "UIPageViewController", transitionStyle: UIPageViewController.TransitionStyle = .pageCurl, _ pages: [UIViewController]) {
                            navLabName = Names.next(navLabClass)
                            super.init(transitionStyle: transitionStyle, navigationOrientation: .horizontal, options: nil)
                            setViewControllers(pages, direction: .forward, animated: false)
                        }
                    """)
            case .container: break
            }
            o.append(lines: """
                    required init?(coder: NSCoder) { fatalError("made in code only") }
                    deinit { logLine("deinit \\(navLabName)") }

                    override func loadView() { logLine("loadView \\(navLabName)"); super.loadView() }
                    override func viewDidLoad() {
                        logLine("viewDidLoad \\(navLabName)")
                        super.viewDidLoad()
                """)
            if kind == .plain {
                o.append(lines: """
                            view.backgroundColor = .white
                            let label = UILabel()
                            label.text = navLabName
                            label.translatesAutoresizingMaskIntoConstraints = false
                            view.addSubview(label)
                            NSLayoutConstraint.activate([label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                                                         label.centerYAnchor.constraint(equalTo: view.centerYAnchor)])
                    """)
            }
            o.append("    }")
            for cb in ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
                let available = cb == "viewIsAppearing" ? "@available(iOS 13.0, *) " : ""
                o.append("    \(available)override func \(cb)(_ animated: Bool) { logLine(\"\(cb) \\(navLabName)\"); super.\(cb)(animated) }")
            }
            if usesLayout {
                for cb in ["viewWillLayoutSubviews", "viewDidLayoutSubviews"] {
                    o.append("    override func \(cb)() { if navLabLogsLayout { logLine(\"\(cb) \\(navLabName)\") }; super.\(cb)() }")
                }
            }
            o.append(lines: """
                    override func willMove(toParent parent: UIViewController?) {
                        logLine("willMove(toParent: \\(nameOf(parent))) \\(navLabName)"); super.willMove(toParent: parent)
                    }
                    override func didMove(toParent parent: UIViewController?) {
                        logLine("didMove(toParent: \\(nameOf(parent))) \\(navLabName)"); super.didMove(toParent: parent)
                    }
                """)
            if usesRestoration {
                o.append(lines: """
                        override func encodeRestorableState(with coder: NSCoder) {
                            logLine("encodeRestorableState \\(navLabName)"); super.encodeRestorableState(with: coder)
                        }
                        override func decodeRestorableState(with coder: NSCoder) {
                            logLine("decodeRestorableState \\(navLabName)"); super.decodeRestorableState(with: coder)
                        }
                        override func applicationFinishedRestoringState() {
                            logLine("applicationFinishedRestoringState \\(navLabName)"); super.applicationFinishedRestoringState()
                        }
                    """)
            }
            o.append("}")
            o.append("")
        }
        return o
    }
}
