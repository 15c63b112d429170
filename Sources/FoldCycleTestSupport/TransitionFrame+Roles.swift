import FoldCycle

extension TransitionFrame {
    /// The presentation of `role`'s slot; a test reading a slot the frame does not have gets a
    /// presentation with a NaN alpha, which fails every exact comparison.
    package func slot(_ role: SlotRole) -> SlotPresentation {
        presentation(of: role) ?? SlotPresentation(role: role, geometry: .identity, alpha: .nan, isVisible: false)
    }
}

extension SlotPresentation {
    /// A slot at rest: identity geometry, opaque, visible.
    package static func settled(_ role: SlotRole) -> SlotPresentation {
        SlotPresentation(role: role, geometry: .identity, alpha: 1)
    }
}

extension Compositor {
    /// Composites a two-slot transition frame: each slot shows `outgoing` or `incoming` by its
    /// role, into a buffer of `outgoing`'s size.
    package func composite(
        _ frame: TransitionFrame, outgoing: CellBuffer, incoming: CellBuffer,
        into destination: inout CellBuffer
    ) {
        let layers = frame.slots.filter(\.isVisible).map { slot in
            Layer(content: slot.role == .outgoing ? outgoing : incoming, geometry: slot.geometry, alpha: slot.alpha)
        }
        composite(layers, width: outgoing.width, height: outgoing.height, into: &destination)
    }
}

extension TransitionStyle {
    /// The source's fold in `direction`, ease-in-ease-out.
    package static func fold(_ direction: TransitionDirection) -> TransitionStyle {
        TransitionStyle(kind: .fold, direction: direction)
    }
}
