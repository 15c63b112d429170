#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a terminal's mouse reports on and off: button-event tracking (mode 1002: presses,
/// releases, and motion while a button is held) in SGR form (mode 1006). While it is on the
/// terminal's own selection by mouse is off (most terminals still select with Shift held), so
/// ``disable()`` runs on every exit path of a ``TerminalSession``.
///
/// Thread-safe (its state in a `LockedBox`); idempotent in both directions.
final class MouseReporting: Sendable {
    private struct State {
        var enabled = false
        var rescueSlot: Int?
    }

    private let state = LockedBox(State())
    private let device: TerminalDevice

    /// The bytes that turn reports on: `CSI ? 1002 h`, `CSI ? 1006 h`.
    static let enableBytes = EscapeSequence.enableMouseButtonTracking.bytes + EscapeSequence.enableSGRMouseReports.bytes
    /// The bytes that turn them off, in the reverse order: `CSI ? 1006 l`, `CSI ? 1002 l`.
    static let disableBytes =
        EscapeSequence.disableSGRMouseReports.bytes + EscapeSequence.disableMouseButtonTracking.bytes

    /// Reports on `device` (the terminal the session draws on).
    init(device: TerminalDevice) {
        self.device = device
    }

    /// Whether reports are on.
    var isEnabled: Bool { state.withLock { $0.enabled } }

    /// Turns reports on (when the device is a terminal).
    func enable() {
        state.withLock { state in
            guard !state.enabled, device.isTerminal else { return }
            // A terminal that cannot be written is going away; the next restore finds it off.
            guard (try? device.write(Self.enableBytes)) != nil else { return }
            state.enabled = true
            // A crash or a stuck termination signal turns them off too.
            state.rescueSlot = TerminalRescue.shared.makeByteSlot()
            if let rescueSlot = state.rescueSlot {
                TerminalRescue.shared.setBytes(Self.disableBytes, descriptor: device.fileDescriptor, slot: rescueSlot)
            }
        }
    }

    /// Turns reports off, if on.
    func disable() {
        state.withLock { state in
            guard state.enabled else { return }
            state.enabled = false
            if let rescueSlot = state.rescueSlot { TerminalRescue.shared.releaseByteSlot(rescueSlot) }
            state.rescueSlot = nil
            try? device.write(Self.disableBytes)
        }
    }
}
