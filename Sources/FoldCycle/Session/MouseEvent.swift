/// A mouse report decoded from a terminal's input: a button pressed or released, or the pointer
/// moved with a button held, at a cell.
///
/// Source: xterm's mouse tracking (ctlseqs, "Mouse Tracking"): button-event tracking (mode 1002)
/// reports presses, releases and motion while a button is held; SGR reports (mode 1006) are
/// `CSI < Cb ; Cx ; Cy M` for a press or motion and `… m` for a release, where `Cb`'s low two
/// bits and bits 6–7 name the button, 4 / 8 / 16 are Shift / Meta / Control and 32 marks motion.
/// The older X10 form `CSI M Cb Cx Cy` (each byte the value plus 32) is decoded too.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// A button went down.
        case press
        /// A button went up.
        case release
        /// The pointer entered another cell (with a button held, under mode 1002).
        case motion
    }

    /// Which button.
    public enum Button: Hashable, Sendable {
        /// The primary button (code 0).
        case left
        /// The middle button (code 1).
        case middle
        /// The secondary button (code 2).
        case right
        /// No button (code 3: motion with none held, or an X10 release).
        case none
        /// The wheel turned up (code 64) or down (65), left (66) or right (67): one press per notch.
        case wheelUp, wheelDown, wheelLeft, wheelRight
        /// Buttons 8 … 11 (codes 128 … 131), by code.
        case other(Int)

        /// The button of a report's button code (its low two bits and bits 6–7).
        init(code: Int) {
            switch code & 0b1100_0011 {
            case 0: self = .left
            case 1: self = .middle
            case 2: self = .right
            case 3: self = .none
            case 64: self = .wheelUp
            case 65: self = .wheelDown
            case 66: self = .wheelLeft
            case 67: self = .wheelRight
            case let other: self = .other(other)
            }
        }
    }

    /// Keys held with the button.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// The raw bits, as in the report (4, 8, 16).
        public let rawValue: Int
        /// Creates modifiers from the report's bits.
        public init(rawValue: Int) { self.rawValue = rawValue & 0b1_1100 }
        /// Shift (4).
        public static let shift = Modifiers(rawValue: 4)
        /// Meta or Alt (8).
        public static let meta = Modifiers(rawValue: 8)
        /// Control (16).
        public static let control = Modifiers(rawValue: 16)
    }

    /// Press, release or motion.
    public var action: Action
    /// The button.
    public var button: Button
    /// The cell's column, 0-based from the screen's left edge.
    public var column: Int
    /// The cell's row, 0-based from the screen's top edge.
    public var row: Int
    /// Shift, Meta, Control.
    public var modifiers: Modifiers

    /// Creates an event.
    public init(action: Action, button: Button, column: Int, row: Int, modifiers: Modifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// The event of a report with button code `code`, 1-based `x` and `y`, and a release
    /// marker (SGR's `m`); nil when a coordinate is below 1.
    init?(code: Int, x: Int, y: Int, isRelease: Bool) {
        guard x >= 1, y >= 1, code >= 0 else { return nil }
        action = isRelease ? .release : code & 32 != 0 ? .motion : .press
        button = Button(code: code)
        column = x - 1
        row = y - 1
        modifiers = Modifiers(rawValue: code)
    }
}
