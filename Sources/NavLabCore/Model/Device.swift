/// The idiom decides the horizontal size class (iPhone portrait: compact; iPad: regular);
/// the iOS version decides which of UIKit's rules apply (e.g. what `.automatic` means).
public struct Device: Hashable, Sendable {
    public enum Idiom: String, Sendable, CaseIterable { case iPhone, iPad }
    public var idiom: Idiom
    public var iOS: Int

    public static let supportedVersions = 8...26
    public static let `default` = Device(idiom: .iPhone, iOS: 18)

    public init(idiom: Idiom, iOS: Int) {
        self.idiom = idiom
        self.iOS = iOS
    }

    public var isCompact: Bool { idiom == .iPhone }
    /// `viewIsAppearing(_:)` is documented back to iOS 13 (UIKit #62).
    public var hasViewIsAppearing: Bool { iOS >= 13 }
    /// iOS 14+ console lines carry the `[Presentation]` tag and the "(from <W>)" form (UIKit #90, #93).
    public var usesModernPresentationWarnings: Bool { iOS >= 14 }
    /// iOS 17+ `_printHierarchy` puts a colon in the view description (UIKit #161).
    public var printsColonInViewDescription: Bool { iOS >= 17 }

    public var description: String { "\(idiom.rawValue) iOS=\(iOS)" }
}
