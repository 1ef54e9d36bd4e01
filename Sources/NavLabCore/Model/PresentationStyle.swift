/// `UIModalPresentationStyle`, minus `.custom` (needs a transitioning delegate the model does
/// not have). `.none` is only for adaptive delegates to return: presenting with it crashes the
/// app (UIKit #75).
public enum ModalPresentationStyle: String, Sendable, CaseIterable, Hashable {
    case automatic, pageSheet, formSheet, fullScreen, overFullScreen
    case currentContext, overCurrentContext, popover
    case none

    /// Styles whose presenter is the context-defining ancestor (UIKit #20) rather than the
    /// nearest parentless ancestor (UIKit #164).
    public var isCurrentContext: Bool { self == .currentContext || self == .overCurrentContext }

    /// After the transition UIKit removes the presenter's views for these (UIKit #19);
    /// the "over" styles and sheets leave them in the window (UIKit #19, #68, #69).
    public var removesPresentersView: Bool { self == .fullScreen || self == .currentContext }

    /// Covers the whole screen with opaque content, hiding everything below it.
    public var coversScreen: Bool { self == .fullScreen }

    /// What `.automatic` resolves to, then the compact-width adaptation.
    /// - `.automatic`: `.fullScreen` before iOS 13, `.pageSheet` on 13–17, `.formSheet` from 18 (UIKit #18).
    /// - compact width: sheets stay cards from iOS 13 and become full screen before it (UIKit #165);
    ///   current-context styles keep their style and cover the view controller that defines the
    ///   context, as in regular width (UIKit #252, which corrects #22); popovers behave as
    ///   `.formSheet` from iOS 13 (Apple's `.popover` page, UIKit #171), before iOS 13 they adapt
    ///   to `.fullScreen` (UIKit #74).
    public func resolved(on device: Device) -> ModalPresentationStyle {
        var style = self
        if style == .automatic {
            style = device.iOS < 13 ? .fullScreen : (device.iOS >= 18 ? .formSheet : .pageSheet)
        }
        guard device.isCompact else { return style }
        switch style {
        case .pageSheet, .formSheet: return device.iOS < 13 ? .fullScreen : style
        case .popover: return device.iOS < 13 ? .fullScreen : .formSheet
        default: return style
        }
    }

    /// The private presentation-controller class `_printHierarchy` names (UIKit #157).
    public var presentationControllerClass: String {
        switch self {
        case .fullScreen, .overFullScreen, .automatic, .none: return "_UIFullscreenPresentationController"
        case .pageSheet, .formSheet: return "_UIPageSheetPresentationController"
        case .popover: return "UIPopoverPresentationController"
        case .currentContext, .overCurrentContext: return "_UICurrentContextPresentationController"
        }
    }
}

/// `UIPageViewController.TransitionStyle`; UIKit's initialiser default is `.pageCurl`.
public enum PageTransitionStyle: String, Sendable, CaseIterable, Hashable {
    case pageCurl, scroll
}
