import Foundation

/// A registered transition: a ``Transition`` type, named by its ``Transition/name``.
///
/// The name, summary and flags live on the type; ``allCases`` is the one list. A new transition
/// is its type's file (with its `TransitionKind` constant) plus one line in ``allCases``: help,
/// completions, the manual and every value list read from there.
public struct TransitionKind: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The registered transitions, in the order help lists them.
    ///
    /// Source: the source's pseudo fold; Core Animation's `CATransition` types (push, moveIn,
    /// reveal, fade); UIKit's flip transitions; CubeController's cube.
    public static let allCases: [TransitionKind] = types.map(TransitionKind.init)

    /// The types behind ``allCases``: one line per transition.
    private static let types: [any Transition.Type] = [
        FoldTransition.self,
        CubeTransition.self,
        FlipTransition.self,
        PushTransition.self,
        MoveInTransition.self,
        RevealTransition.self,
        FadeTransition.self,
    ]

    /// The type that implements the kind.
    public let transitionType: any Transition.Type

    /// The kind of a transition type (registered in ``allCases`` or not).
    public init(_ transitionType: any Transition.Type) {
        self.transitionType = transitionType
    }

    /// The registered kind named `rawValue` (`fold`, `move-in`, …); nil for any other text.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// The command-line name: `fold`, `cube`, `move-in`, … (``Transition/name``).
    public var rawValue: String { transitionType.name }

    /// Whether the transition moves content in a direction (a fade does not).
    public var hasDirection: Bool { transitionType.hasDirection }

    /// Whether the slots' geometry is a perspective ``LayerGeometry/projective(_:cellAspect:)``
    /// (the cube and the flip) rather than an affine ``LayerGeometry/affine(_:)``.
    public var isProjective: Bool { transitionType.isProjective }

    /// One line for help texts: what the transition looks like.
    public var summary: String { transitionType.summary }

    /// The command-line name: `fold`, `cube`, `move-in`, ….
    public var description: String { rawValue }

    /// Equal when both name the same type.
    public static func == (lhs: TransitionKind, rhs: TransitionKind) -> Bool {
        ObjectIdentifier(lhs.transitionType) == ObjectIdentifier(rhs.transitionType)
    }

    /// Hashes the type's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(transitionType))
    }
}
