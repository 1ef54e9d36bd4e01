/// `NSNotFound` (`Int.max` on 64-bit), what `selectedIndex` reads while the More navigation
/// controller is selected (UIKit #55).
public let NSNotFound = Int.max

/// Container properties as UIKit reports them, where they differ from the stored structure.
extension State {
    /// `viewControllers` of a container: a collapsed split view controller (compact width)
    /// reports one, its primary (UIKit #59); the others report their children.
    public func viewControllersProperty(of id: VCID) -> [VCID] {
        let vc = self[id]
        if vc.kind == .split, device.isCompact { return Array(vc.children.prefix(1)) }
        return vc.children
    }
}
