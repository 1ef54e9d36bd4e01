/// What the app's code and storyboard say about a class: it holds for every instance made
/// from then on, the Initial UI of later launches included.
public struct ClassDecl: Hashable, Sendable {
    public var restorationIdentifier: String?
    public var restorationClass: RestorationClass?
    public var viewRestorationIdentifier: String?
    public var storyboard: Bool?
    public var modalPresentationStyle: ModalPresentationStyle?
    public var definesPresentationContext: Bool?
    public var transitionStyle: PageTransitionStyle?
    public var encodes: [String]?
    public var properties: [String: String] = [:]
    public init() {}
}

/// A `key=value` setting as parsed, for `class` and `set`.
public struct Setting: Hashable, Sendable {
    public var key: String
    public var value: String
    public var location: SourceLocation
    public init(key: String, value: String, at location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}
