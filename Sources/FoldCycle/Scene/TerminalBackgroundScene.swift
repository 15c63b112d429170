/// A scene whose cards take the terminal's background (`--background auto`,
/// docs/decisions/0125-background-detection.md): fades and dims blend to it, the default text
/// colour contrasts with it, and the default palette takes its variant for it. The CLI changes
/// it through ``Player/updateScene(as:_:)``, on the player's queue, between frames.
package protocol TerminalBackgroundScene: FrameSource {
    /// Sets the scene's cards up for a terminal whose background is `background`.
    mutating func adapt(toBackground background: RGBColor)
}

extension CardScene {
    /// Sets the card up for a terminal whose background is `background`: the compositor's
    /// background and contrasting foreground, and the style's variant for it
    /// (``CardStyle/forBackground(_:)``).
    package mutating func adapt(toBackground background: RGBColor) {
        compositor.backgroundColor = background
        compositor.foregroundColor = CardStyle.contrastingText(on: background)
        style = style.forBackground(background)
    }
}
