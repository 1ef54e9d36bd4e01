import NavLabCore

/// The facts `expect` knows.
enum ExpectParser {
    static let facts: [(String, String)] = [
        ("root is NAME", "window.rootViewController"),
        ("top is NAME", "the content view controller on top"),
        ("allocated NAME", "NAME is alive"),
        ("leaked NAME", "alive, but held only by UIKit's leftovers"),
        ("visible NAME", "NAME's content is on screen"),
        ("inWindow NAME", "NAME's view is in the window (viewIfLoaded?.window != nil)"),
        ("loaded NAME", "isViewLoaded"),
        ("held NAME", "the app's own code holds NAME"),
        ("restored NAME", "NAME came from the restoration archive"),
        ("transitionViews N", "UITransitionViews in the window"),
        ("allocatedCount N", "how many view controllers are alive"),
        ("leakedCount N", "how many are leaked"),
        ("presented NAME is X|nil", "NAME.presentedViewController (a name or a class)"),
        ("presenting NAME is X|nil", "NAME.presentingViewController"),
        ("parent NAME is X|nil", "NAME.parent"),
        ("style NAME is S|nil", "the presentation style in effect"),
        ("stack NAME is A, B…", "a navigation controller's viewControllers"),
        ("children NAME is A, B…", "NAME.children"),
        ("viewControllers NAME is A, B…", "a container's viewControllers as UIKit reports them (a collapsed split view: its primary only)"),
        ("screen is A, B…", "what the user sees, bottom to top"),
        ("state NAME appeared|disappeared", "NAME's appearance state"),
        ("selectedIndex NAME is N|NSNotFound", "a tab bar controller's selectedIndex (NSNotFound while the More tab is selected)"),
        ("app is STATE", "UIApplication.applicationState (active, background, notRunning, …)"),
        ("log contains \"TEXT\"", "a line of the lifecycle log contains TEXT"),
        ("log order \"A\", \"B\"…", "the last command's log has a line containing A, a later one containing B, …"),
        ("archive exists", "the app has a restoration archive"),
        ("archived PATH", "the archive holds the restoration path (Tab/Nav/Countries)"),
        ("defaults KEY is VALUE", "a UserDefaults value"),
        ("launches N", "launches since the app was installed"),
        ("activity KEY is VALUE", "the saved scene restoration activity's userInfo (scenes on); nil when absent"),
        ("property NAME KEY is VALUE", "one of the app's own properties (capital); nil when unset"),
    ]
}

extension Expectation {
    /// Every fact `expect` knows: its syntax and what it checks (for help, completion, the page).
    public static var facts: [(syntax: String, meaning: String)] { ExpectParser.facts.map { (syntax: $0.0, meaning: $0.1) } }

    /// The words that start each fact (`root is`, `presented`, `log contains`), plus `not`.
    public static var factKeywords: [String] {
        facts.map { fact in
            fact.syntax.split(separator: " ").prefix { $0.first.map { $0.isLowercase } ?? false }.joined(separator: " ")
        } + ["not"]
    }
}
