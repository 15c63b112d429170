internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a terminal's mouse reports on and off: button-event tracking (mode 1002: presses,
/// releases, and motion while a button is held) in SGR form (mode 1006), with focus reports
/// (mode 1004). While it is on the
/// terminal's own selection by mouse is off (most terminals still select with Shift held), so
/// ``disable()`` runs on every exit path of a ``TerminalSession``.
///
/// Thread-safe (its state in a `LockedBox`); idempotent in both directions.
final class MouseReporting: Sendable {
    private struct State {
        var enabled = false
        var tracksAllMotion = false
        var rescueSlot: Int?
    }

    private let state = LockedBox(State())
    private let device: TerminalDevice

    /// The bytes that turn reports on: `CSI ? 1002 h`, `CSI ? 1006 h`, and focus reports,
    /// `CSI ? 1004 h` (a button that comes up outside the window is never reported; focus out
    /// tells a drag it is over).
    static let enableBytes =
        EscapeSequence.enableMouseButtonTracking.bytes + EscapeSequence.enableSGRMouseReports.bytes
        + EscapeSequence.enableFocusReports.bytes
    /// The bytes that turn them off: any-motion tracking (``setTracksAllMotion(_:)``) first,
    /// then in the reverse order: `CSI ? 1003 l`, `CSI ? 1004 l`, `CSI ? 1006 l`, `CSI ? 1002 l`.
    static let disableBytes =
        EscapeSequence.disableAnyMotionTracking.bytes + EscapeSequence.disableFocusReports.bytes
        + EscapeSequence.disableSGRMouseReports.bytes + EscapeSequence.disableMouseButtonTracking.bytes

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

    /// Reports all motion (mode 1003), with no button held too, or only motion with a button
    /// held (mode 1002 again), while reports are on; off again at ``disable()``.
    func setTracksAllMotion(_ on: Bool) {
        state.withLock { state in
            guard state.enabled, on != state.tracksAllMotion else { return }
            state.tracksAllMotion = on
            let bytes =
                on
                ? EscapeSequence.enableAnyMotionTracking.bytes
                : EscapeSequence.disableAnyMotionTracking.bytes + EscapeSequence.enableMouseButtonTracking.bytes
            try? device.write(bytes)
        }
    }

    /// Turns reports off, if on.
    func disable() {
        state.withLock { state in
            guard state.enabled else { return }
            state.enabled = false
            state.tracksAllMotion = false
            if let rescueSlot = state.rescueSlot { TerminalRescue.shared.releaseByteSlot(rescueSlot) }
            state.rescueSlot = nil
            try? device.write(Self.disableBytes)
        }
    }
}
