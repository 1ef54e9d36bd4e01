/// One `UITab` (or `UITabGroup`) of a tab bar controller set up with iOS 18's `tabs`
/// (UIKit #195, #196).
public struct UITabElement: Hashable, Sendable {
    /// `identifier`: unique across the tab bar controller; NavLab uses the class name.
    public var identifier: String
    /// A `UITabGroup`'s `children`; empty for a tab.
    public var children: [UITabElement]
    public var isGroup: Bool
    /// The group has a `managingNavigationController`.
    public var managing: Bool
    /// `viewController`, once its provider has run (root tabs at once).
    public var viewController: VCID?

    public init(identifier: String, children: [UITabElement] = [], isGroup: Bool = false, managing: Bool = false, viewController: VCID? = nil) {
        self.identifier = identifier
        self.children = children
        self.isGroup = isGroup
        self.managing = managing
        self.viewController = viewController
    }

    /// Every identifier in this element's tree, this one first.
    var identifiers: [String] { [identifier] + children.flatMap { $0.identifiers } }

    /// The elements from this one down to the one with `id`, if it is in this tree.
    func path(to id: String) -> [UITabElement]? {
        if identifier == id { return [self] }
        for c in children { if let p = c.path(to: id) { return [self] + p } }
        return nil
    }

    /// Sets the view controller of the element with `id`.
    mutating func setViewController(_ vc: VCID, of id: String) {
        if identifier == id { viewController = vc; return }
        for i in children.indices { children[i].setViewController(vc, of: id) }
    }
}
