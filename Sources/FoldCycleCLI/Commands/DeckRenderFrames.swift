import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `render --deck` renders: a script of actions on a swipe deck and the deck's settings
/// (docs/DESIGN.md#deck-pictures).
struct DeckRenderSettings: Equatable, Sendable {
    /// The actions (`--deck`).
    let script: DeckScript
    /// Seconds the deck stays at rest before each action (`--pause`).
    let pause: TimeInterval
    /// The deck's width in cells, which its footer spans too (`--deck-width`).
    let width: Int
    /// Cards on screen (`--visible`).
    let visibleCount: Int
    /// What a released drag does (`--drag`).
    let behavior: DeckBehavior
    /// Whether the deck starts over after its last card (`--loop`).
    let loops: Bool
    /// Frames per second (`--fps`, default 30).
    let framesPerSecond: Int

    /// The default `--deck-width` for a card `cardColumns` wide: 80 columns (a terminal's usual
    /// width), or one and a half cards when that is wider, so cards can fly a way off.
    static func defaultWidth(cardColumns: Int) -> Int {
        min(max(80, (cardColumns * 3 + 1) / 2), SharedOptions.widthRange.upperBound)
    }
}

/// A scripted deck's frames for `render --deck`: a ``DeckScriptRunner`` on a ``SwipeDeck`` of
/// the items, drawn by a ``DeckScene`` as `foldcycle deck` draws it inline, with the live deck's
/// footer (status and keys) under it, every `1/fps` second of the run's own manual clock.
///
/// The run is made twice: once when created, to count the frames and to find an action that
/// would do nothing before anything is written, and once as the frames are made.
final class DeckRenderFrames: RenderSource {
    let command: RenderCommand
    let settings: DeckRenderSettings
    let count: Int
    private(set) var cells: CellBuffer
    /// The deck's top card's picture when it rests at the frame made last (the scene's
    /// ``RestingPictureSource/restingPicture(at:)``, placed as ``cells`` holds the scene).
    private(set) var restingPicture: RestingPicture?
    private let runner: DeckScriptRunner<ArrayDataSource<StyledString>>
    private var scene: DeckScene<ArrayDataSource<StyledString>>
    private var sceneCells: CellBuffer
    private var tally = DeckTally()
    /// The frame made last, and the decisions made at it.
    private var current: (frame: DeckScriptFrame, decisions: [JSONValue])?

    /// Checks the script against the items by running it once.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` naming the action that would do nothing when its turn
    ///   comes, or a run beyond ``DeckScriptRunner/maximumFrameCount`` frames.
    init(command: RenderCommand, settings: DeckRenderSettings) throws(CLIError) {
        self.command = command
        self.settings = settings
        let check = Self.makeRun(command: command, settings: settings)
        do {
            while try check.runner.advance() != nil {}
        } catch {
            throw .usage("--deck: \(error)", .render)
        }
        count = check.runner.frameIndex + 1
        (runner, scene) = Self.makeRun(command: command, settings: settings)
        sceneCells = CellBuffer(width: scene.frameSize.columns, height: scene.frameSize.rows)
        cells = CellBuffer(width: scene.frameSize.columns, height: scene.frameSize.rows + DeckSession.footerRows)
    }

    /// A new run of the script and the scene that draws its deck (which gives the deck its
    /// bounds, so that flights end beyond the drawn area).
    private static func makeRun(command: RenderCommand, settings: DeckRenderSettings) -> (
        runner: DeckScriptRunner<ArrayDataSource<StyledString>>, scene: DeckScene<ArrayDataSource<StyledString>>
    ) {
        let card = command.cardSize
        let metrics = CardMetrics(columns: card.columns, rows: card.rows, cellAspect: command.cellAspect)
        let runner = DeckScriptRunner(
            script: settings.script, dataSource: ArrayDataSource(command.contents),
            configuration: DeckConfiguration(
                behavior: settings.behavior, layout: StackLayout(metrics: metrics, visibleCount: settings.visibleCount),
                loops: settings.loops),
            framesPerSecond: settings.framesPerSecond, pause: settings.pause)
        let frameSize = DeckSession.frameSize(
            screen: TerminalSize(columns: settings.width, rows: 0), cardRows: card.rows,
            visibleCount: settings.visibleCount, fullscreen: false)
        var scene = DeckScene(
            deck: runner.deck, cardSize: card, frameSize: frameSize, style: command.style,
            cellAspect: command.cellAspect)
        let compositor = Compositor(
            backgroundColor: command.background, foregroundColor: CardStyle.contrastingText(on: command.background),
            colorDepth: command.compositionDepth)
        scene.setCompositor(compositor)
        return (runner, scene)
    }

    func time(ofFrame index: Int) -> TimeInterval { runner.time(ofFrame: index) }

    /// Runs the script to frame `index` and draws it: the deck, then the footer.
    func render(_ index: Int) {
        var decisions: [JSONValue] = []
        var made: DeckScriptFrame?
        while runner.frameIndex < index {
            // The first run found no error, and this one is the same run.
            guard let frame = try? runner.advance() else { break }
            for event in frame.events {
                tally.record(event)
                if let decision = DeckDecisionLine.value(for: event, items: command.items) {
                    decisions.append(decision)
                }
            }
            made = frame
        }
        guard let made else { return }
        current = (made, decisions)
        scene.render(at: made.time, into: &sceneCells)
        restingPicture = scene.restingPicture(at: made.time)
        cells.reset(width: cells.width, height: cells.height)
        cells.blit(sceneCells, at: CellPosition(column: 0, row: 0))
        let top = runner.deck.topIndex
        let footer = tally.footer(
            topIndex: top, count: command.items.count,
            topItem: top.flatMap { command.items.indices.contains($0) ? command.items[$0] : nil }, loops: settings.loops
        )
        for (offset, line) in footer.enumerated() { cells.drawText(line, row: sceneCells.height + offset) }
    }

    /// `foldcycle render: deck right,left,undo`.
    var title: String { "foldcycle render: deck \(settings.script)" }

    /// The action begun at frame `index`, as the script writes it.
    func markers(afterFrame index: Int) -> [String] {
        guard let action = current?.frame.action else { return [] }
        return [settings.script.actions[action].description]
    }

    /// Plain's fields: the frame's `time` and the action begun there, if any.
    func summary(ofFrame index: Int) -> [(name: String, value: String)] {
        guard let (frame, _) = current else { return [] }
        var fields = [(name: "time", value: shortestText(frame.time))]
        if let action = frame.action { fields.append(("action", settings.script.actions[action].description)) }
        return fields
    }

    /// Json: the frame, its time, the action begun, the decisions made (as `foldcycle deck`
    /// prints them), the top card and every card drawn, back to front.
    func record(ofFrame index: Int) -> JSONValue {
        guard let (frame, decisions) = current else { return .null }
        return jsonValue(
            frame, action: frame.action.map { settings.script.actions[$0].description }, decisions: decisions)
    }

    /// `{"frame":…,"time":…,"action":…,"decisions":[…],"top":…,"cards":[…]}`: each card with its
    /// item's index, its place in the stack (`null` while it flies off), the side shown, its pose
    /// (`offset` `[x, y]` in card widths from the top card's place, `rotation` in radians,
    /// `scale`, `alpha`) and a turn in progress (`{"t": …, "towardBack": …}`, or `null`).
    private func jsonValue(_ frame: DeckScriptFrame, action: String?, decisions: [JSONValue]) -> JSONValue {
        func number(_ value: Double) -> JSONValue { .number(shortestText(value + 0.0)) }
        func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
        let snapshot = runner.deck.snapshot(at: frame.time)
        let cards = snapshot.cards.map { card -> JSONValue in
            let pose = card.pose
            let flip = card.flip.map { JSONValue.object([("t", number($0.t)), ("towardBack", .bool($0.towardBack))]) }
            return .object([
                ("index", .int(card.index)), ("position", optional(card.position)),
                ("side", .string(card.showsBack ? "back" : "front")),
                ("offset", .array([number(pose.offset.x), number(pose.offset.y)])), ("rotation", number(pose.rotation)),
                ("scale", number(pose.scale)), ("alpha", number(pose.alpha)), ("flip", flip ?? .null),
            ])
        }
        return .object([
            ("frame", .int(frame.index)), ("time", number(frame.time)),
            ("action", action.map(JSONValue.string) ?? .null),
            ("decisions", .array(decisions)), ("top", optional(snapshot.topIndex)), ("cards", .array(cards)),
        ])
    }
}
