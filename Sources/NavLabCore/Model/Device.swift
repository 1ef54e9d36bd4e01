/// The idiom decides the horizontal size class (iPhone portrait: compact; iPad: regular);
/// the iOS version decides which of UIKit's rules apply (e.g. what `.automatic` means).
/// The SDK the app is built with is an axis of its own (UIKit #198): UIKit keys some rules
/// to it rather than to the device's iOS. NavLab's default is the device's own version.
public struct Device: Hashable, Sendable {
    public enum Idiom: String, Sendable, CaseIterable { case iPhone, iPad }
    public var idiom: Idiom
    public var iOS: Int
    /// The point release (`iOS=18.4`); 0 when only the major version is given.
    public var minor: Int
    /// The SDK the app is built (linked) with; nil: the device's iOS major version.
    public var sdk: Int?

    public static let supportedVersions = 8...27
    /// Point releases NavLab accepts (`iOS=18.4`).
    public static let supportedMinors = 0...9
    public static let `default` = Device(idiom: .iPhone, iOS: 18)

    public init(idiom: Idiom, iOS: Int, minor: Int = 0, sdk: Int? = nil) {
        self.idiom = idiom
        self.iOS = iOS
        self.minor = minor
        self.sdk = sdk
    }

    public var isCompact: Bool { idiom == .iPhone }
    /// `viewIsAppearing(_:)` is documented back to iOS 13 (UIKit #62).
    public var hasViewIsAppearing: Bool { iOS >= 13 }
    /// iOS 14+ console lines carry the `[Presentation]` tag and the "(from <W>)" form (UIKit #90, #93).
    public var usesModernPresentationWarnings: Bool { iOS >= 14 }
    /// iOS 17+ `_printHierarchy` puts a colon in the view description (UIKit #161).
    public var printsColonInViewDescription: Bool { iOS >= 17 }

    /// The SDK the app is linked with: the one given, else the device's iOS (UIKit #198).
    public var sdkVersion: Int { sdk ?? iOS }
    /// `18.4`, `26` (the point release only when given).
    public var version: String { minor == 0 ? "\(iOS)" : "\(iOS).\(minor)" }
    /// At least iOS `major`.`minor` on the device.
    public func runs(atLeast major: Int, _ minor: Int = 0) -> Bool {
        iOS > major || (iOS == major && self.minor >= minor)
    }
    /// iOS 27 with the iOS 27 SDK or later: an app that has not adopted scenes does not launch (UIKit #199).
    public var requiresScenes: Bool { iOS >= 27 && sdkVersion >= 27 }

    /// What the prompt adds after the app's state: `, iOS 27, sdk 26` when an SDK was given
    /// apart from the device's iOS (UIKit #198); nothing otherwise, so the usual prompt is unchanged.
    public var promptSuffix: String { sdk == nil ? "" : ", iOS \(version), sdk \(sdkVersion)" }

    public var description: String { "\(idiom.rawValue) iOS=\(version)" + (sdk.map { " sdk=\($0)" } ?? "") }
}
