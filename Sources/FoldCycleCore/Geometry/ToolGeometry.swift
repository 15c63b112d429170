// The tool's own `CGPoint`, `CGSize` and `CGRect`, compiled only when the `foldcycle` binary is
// built for shipping (`scripts/stage` passes `-DFOLDCYCLE_TOOL_GEOMETRY`). On Linux these three
// types live in Foundation's NSGeometry, whose object file links NSKeyedArchiver, NSString,
// CharacterSet and so CoreFoundation and ICU's data: 46 MB of a 60 MB binary, for six
// numbers. The library keeps Foundation's types in its API (an embedder links Foundation
// anyway); the binary, which has no API, has these: the same fields, initializers and
// `minX`…`maxY` as Foundation's (the only members the package uses), over Foundation's
// `CGFloat`, whose own object file links nothing more. DECISIONS.md, "FoundationEssentials".
#if FOLDCYCLE_TOOL_GEOMETRY
    import struct Foundation.CGFloat

    /// A point, as Foundation's `CGPoint`.
    public struct CGPoint: Hashable, Sendable {
        public var x: CGFloat
        public var y: CGFloat

        public init(x: CGFloat, y: CGFloat) {
            self.x = x
            self.y = y
        }

        public init(x: Double, y: Double) {
            self.init(x: CGFloat(x), y: CGFloat(y))
        }

        public init(x: Int, y: Int) {
            self.init(x: CGFloat(x), y: CGFloat(y))
        }

        public static let zero = CGPoint(x: 0, y: 0)
    }

    /// A size, as Foundation's `CGSize`.
    public struct CGSize: Hashable, Sendable {
        public var width: CGFloat
        public var height: CGFloat

        public init(width: CGFloat, height: CGFloat) {
            self.width = width
            self.height = height
        }

        public init(width: Double, height: Double) {
            self.init(width: CGFloat(width), height: CGFloat(height))
        }

        public init(width: Int, height: Int) {
            self.init(width: CGFloat(width), height: CGFloat(height))
        }

        public static let zero = CGSize(width: 0, height: 0)
    }

    /// A rectangle, as Foundation's `CGRect` (its edges with negative sizes standardized).
    public struct CGRect: Hashable, Sendable {
        public var origin: CGPoint
        public var size: CGSize

        public init(origin: CGPoint, size: CGSize) {
            self.origin = origin
            self.size = size
        }

        public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
            self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
        }

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
        }

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
        }

        public static let zero = CGRect(origin: .zero, size: .zero)

        public var minX: CGFloat { origin.x + min(size.width, 0) }
        public var maxX: CGFloat { origin.x + max(size.width, 0) }
        public var minY: CGFloat { origin.y + min(size.height, 0) }
        public var maxY: CGFloat { origin.y + max(size.height, 0) }
    }
#endif
