import FoldCycle
import FoldCycleByteFloor
import Foundation

/// Which encoder turns a composed frame into bytes.
enum EncoderKind: String, CaseIterable, Codable, Sendable {
    /// ``ANSIEncoder/encodeDiff(previous:current:into:)``: only the cells that changed.
    case diff
    /// ``ANSIEncoder/encodeFull(_:into:)``: every cell.
    case full
}

/// The figures of one (size, transition, direction, colour depth, encoder) case.
struct FrameResult: Codable, Sendable {
    /// `COLUMNSxROWS`.
    var size: String
    /// Cells per frame (columns × rows).
    var cells: Int
    /// The transition's command-line name: `fold`, `cube`, `flip`, ….
    var transition: String
    /// `down`, `up`, `left` or `right` (`down` for the fade, which has no direction).
    var direction: String
    /// The output's colour depth: `truecolor`, `ansi256` or `ansi16` (``ColorDepth``'s raw value).
    var depth: String
    /// `diff` or `full`.
    var encoder: EncoderKind
    /// Frames measured.
    var frames: Int
    /// Transitions those frames span.
    var transitions: Int
    /// Compose + encode, µs per frame.
    var composeEncodeMicros: Summary
    /// Compose alone (`CardScene.render(_:outgoing:incoming:into:)`), µs per frame.
    var composeMicros: Summary
    /// Encode alone, µs per frame.
    var encodeMicros: Summary
    /// Encoded bytes per frame.
    var bytes: Summary
    /// Lower bound per frame: the floor no cell-diff encoder can go below in the output's colour
    /// space (``OutputLowerBound/Bound/floor``: changed glyphs, blanks, cursor entries, SGRs).
    var lowerBound: Summary
    /// Total encoded bytes over total lower-bound bytes (nil when nothing changed).
    var ratioToLowerBound: Double?
    /// Per frame: the floor over cell writes and the line and character moves the encoder weighs
    /// (``OutputLowerBound/moveAwareFloor(previous:current:cellFloor:)``), at most ``lowerBound``.
    var moveLowerBound: Summary
    /// Per frame: the floor when the diff encoder may also send REP
    /// (``OutputLowerBound/repeatAwareMoveFloor(previous:current:cellFloor:)``, or without moves
    /// ``OutputLowerBound/repeatAwareFloor(previous:current:cellFloor:)``), at most
    /// ``moveLowerBound``; the floor the diff is checked against under `--rep`.
    var repeatLowerBound: Summary
    /// Per frame: the UTF-8 bytes of the changed glyphs alone (``OutputLowerBound/Bound/glyphs``,
    /// the bound of issue 12's first rounds).
    var glyphBound: Summary
    /// Total encoded bytes over total glyph bytes (nil when nothing changed).
    var ratioToGlyphBound: Double?
    /// Frames whose floor was above the diff encoder's bytes (0 unless the floor is wrong: no
    /// encoder can send less than it); counted for the diff encoder's result only.
    var framesBelowFloor: Int

    /// ``depth`` as a ``ColorDepth``.
    var colorDepth: ColorDepth { ColorDepth(rawValue: depth) ?? .truecolor }

    /// Median compose + encode per cell, in nanoseconds.
    var nanosecondsPerCell: Double { composeEncodeMicros.median * 1_000 / Double(max(cells, 1)) }
}

/// Deterministic card text: mixed CJK (2-cell) and ASCII words filling every row of a slot.
enum BenchText {
    static let words = [
        "fold", "折叠", "card", "카드", "切换", "cycle", "カード", "terminal", "めくり", "swift",
        "전환", "text", "動画", "frame", "漢字", "cell", "한글", "glyph", "表示", "row",
    ]

    /// Item `index`'s text for a `columns` × `rows` slot: `rows − 2` lines, each filled with
    /// words up to `columns − 4` cells, starting at a word that depends on the index and line.
    static func item(_ index: Int, columns: Int, rows: Int) -> String {
        let widths = words.map { TextLayout.measure($0).width }
        let limit = max(columns - 4, 1)
        var lines: [String] = []
        for line in 0..<max(rows - 2, 1) {
            var text = line == 0 ? "#\(index)" : ""
            var used = TextLayout.measure(text).width
            var word = (index * 7 + line * 3) % words.count
            while true {
                let extra = (text.isEmpty ? 0 : 1) + widths[word]
                guard used + extra <= limit else { break }
                text += (text.isEmpty ? "" : " ") + words[word]
                used += extra
                word = (word + 1) % words.count
            }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }
}

/// Compose + encode time and bytes per frame, as the live player produces frames: one
/// ``CardScene`` (slot layouts cached across frames), one caller-owned destination buffer and
/// one previous-frame buffer swapped each frame, one ``ANSIEncoder`` per encoder and one byte
/// array reused.
///
/// Each frame is composed once and encoded by both encoders (each keeps its own cursor and pen
/// state, as if it alone drove the terminal), so both see exactly the same frames; which encoder
/// runs first alternates from frame to frame, so neither always gets the warmer cache. A frame's
/// compose + encode time for an encoder is its compose time plus that encoder's time.
enum FrameBench {
    /// Measures one (size, transition, direction, depth) case for both encoders.
    ///
    /// Frames: transitions of `kind` from item k to item k + 1 (k = 1, 2, …), each sampled at
    /// t = j / (framesPerTransition − 1), until at least `minimumFrames` frames are measured; one
    /// transition (item 0 → 1) runs first, untimed, as a warm-up. The first frame of each
    /// transition lays out the incoming item's text (the renderer's two-entry cache), as live.
    /// Both encoders write at `depth`, and the scene composes for it (``Compositor/colorDepth``).
    ///
    /// `measuresBounds`: whether each frame's byte bounds are computed (``OutputLowerBound``;
    /// the runner asks at the first size only, where the byte targets are; elsewhere the bounds
    /// are empty and the ratios nil).
    ///
    /// `content`: the items' content by index (default ``BenchText``'s text; the picture cases
    /// give pictures, ``PictureBench``).
    ///
    /// - Returns: the diff encoder's result, then the full-frame encoder's.
    static func run(
        size: TerminalSize, kind: TransitionKind = .fold, direction: TransitionDirection,
        depth: ColorDepth = .truecolor, minimumFrames: Int, framesPerTransition: Int, measuresBounds: Bool = true,
        usesMoves: Bool = true, repeats: Bool = false, content: ((Int) -> StyledString)? = nil
    ) -> [FrameResult] {
        let transitions = (minimumFrames + framesPerTransition - 1) / framesPerTransition
        let items = (0...transitions + 1).map {
            content?($0) ?? StyledString(BenchText.item($0, columns: size.columns, rows: size.rows))
        }
        let transition = TransitionStyle(kind: kind, direction: direction)
            .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
        let states = (0..<framesPerTransition).map {
            transition.frame(atFractionComplete: Double($0) / Double(framesPerTransition - 1))
        }

        // The scene composes for the output's depth, as the player sets it up (FrameSource.setColorDepth).
        var renderer = CardScene(cardSize: size, compositor: Compositor(colorDepth: depth))
        var diffEncoder = ANSIEncoder(mode: .inline, depth: depth)
        diffEncoder.usesMoves = usesMoves
        diffEncoder.repeats = repeats
        var fullEncoder = ANSIEncoder(mode: .inline, depth: depth)
        var previous = CellBuffer(width: 0, height: 0)
        var current = CellBuffer(width: 0, height: 0)
        var bytes: [UInt8] = []
        // What the terminal shows before the first frame: item 0 settled, drawn in full.
        renderer.render(index: 0, content: items[0], into: &previous)
        diffEncoder.encodeFull(previous, into: &bytes)
        fullEncoder.encodeFull(previous, into: &bytes)

        let frameCount = transitions * framesPerTransition
        var compose = Samples(capacity: frameCount)
        var diff = Samples(capacity: frameCount)
        var full = Samples(capacity: frameCount)
        var frame = 0

        for k in 0...transitions {
            let timed = k > 0
            let from = (index: k, content: items[k])
            let to = (index: k + 1, content: items[k + 1])
            for state in states {
                let start = Probe.nanoseconds()
                measuredCompose(&renderer, state, outgoing: from, incoming: to, into: &current)
                let composed = Probe.nanoseconds()
                for encoder in frame % 2 == 0 ? [EncoderKind.diff, .full] : [.full, .diff] {
                    bytes.removeAll(keepingCapacity: true)
                    let before = Probe.nanoseconds()
                    switch encoder {
                    case .diff: measuredDiff(&diffEncoder, previous: previous, current: current, into: &bytes)
                    case .full: measuredFull(&fullEncoder, current, into: &bytes)
                    }
                    let after = Probe.nanoseconds()
                    if timed {
                        let sample = (micros: Double(after - before) / 1_000, bytes: bytes.count)
                        if encoder == .diff { diff.append(sample) } else { full.append(sample) }
                    }
                }
                if timed {
                    compose.append((Double(composed - start) / 1_000, 0))
                    frame += 1
                }
                swap(&previous, &current)
            }
        }
        let bounds =
            measuresBounds
            ? Self.bounds(
                items: items, states: states, size: size, depth: depth, transitions: transitions, diffBytes: diff.bytes,
                usesMoves: usesMoves, repeats: repeats)
            : (floors: [], moveFloors: [], repeatFloors: [], glyphs: [], framesBelowFloor: 0)
        let totalBound = bounds.floors.reduce(0, +)
        let totalGlyphs = bounds.glyphs.reduce(0, +)
        let framesBelowFloor = bounds.framesBelowFloor
        return [(EncoderKind.diff, diff), (.full, full)].map { encoder, samples in
            let totals = zip(compose.micros, samples.micros).map { $0 + $1 }
            let totalBytes = samples.bytes.reduce(0, +)
            return FrameResult(
                size: size.description, cells: size.columns * size.rows, transition: kind.rawValue,
                direction: direction.description, depth: depth.rawValue, encoder: encoder,
                frames: totals.count, transitions: transitions,
                composeEncodeMicros: Summary(totals), composeMicros: Summary(compose.micros),
                encodeMicros: Summary(samples.micros), bytes: Summary(samples.bytes),
                lowerBound: Summary(bounds.floors),
                ratioToLowerBound: totalBound > 0 ? totalBytes / totalBound : nil,
                moveLowerBound: Summary(bounds.moveFloors), repeatLowerBound: Summary(bounds.repeatFloors),
                glyphBound: Summary(bounds.glyphs),
                ratioToGlyphBound: totalGlyphs > 0 ? totalBytes / totalGlyphs : nil,
                framesBelowFloor: encoder == .diff ? framesBelowFloor : 0)
        }
    }

    /// The timed frames' byte bounds (``OutputLowerBound``), from an untimed replay of the same
    /// frames (the bounds' own work would otherwise evict the timed code's data between frames),
    /// and how many of them fail the floor's check: the diff encoder sent fewer bytes than the
    /// floor, or the replay's bytes differ from the timed run's (`diffBytes`, per timed frame),
    /// which would make the floors those of other frames.
    static func bounds(
        items: [StyledString], states: [TransitionFrame], size: TerminalSize, depth: ColorDepth, transitions: Int,
        diffBytes: [Double], usesMoves: Bool, repeats: Bool = false
    ) -> (floors: [Double], moveFloors: [Double], repeatFloors: [Double], glyphs: [Double], framesBelowFloor: Int) {
        var renderer = CardScene(cardSize: size, compositor: Compositor(colorDepth: depth))
        var encoder = ANSIEncoder(mode: .inline, depth: depth)
        encoder.usesMoves = usesMoves
        encoder.repeats = repeats
        var bound = OutputLowerBound(depth: depth)
        var previous = CellBuffer(width: 0, height: 0)
        var current = CellBuffer(width: 0, height: 0)
        var bytes: [UInt8] = []
        renderer.render(index: 0, content: items[0], into: &previous)
        encoder.encodeFull(previous, into: &bytes)
        var floors: [Double] = []
        var moveFloors: [Double] = []
        var repeatFloors: [Double] = []
        var glyphs: [Double] = []
        var below = 0
        for k in 0...transitions {
            for state in states {
                renderer.render(state, outgoing: (k, items[k]), incoming: (k + 1, items[k + 1]), into: &current)
                bytes.removeAll(keepingCapacity: true)
                encoder.encodeDiff(previous: previous, current: current, into: &bytes)
                if k > 0 {
                    let frameBound = bound.bound(previous: previous, current: current)
                    // With moves, the floor over cell writes and moves.
                    let moveFloor = bound.moveAwareFloor(
                        previous: previous, current: current, cellFloor: frameBound.floor)
                    // With REP, the floor over cell writes, REP and (when sent) moves.
                    let repeatFloor =
                        usesMoves
                        ? bound.repeatAwareMoveFloor(previous: previous, current: current, cellFloor: frameBound.floor)
                        : bound.repeatAwareFloor(previous: previous, current: current, cellFloor: frameBound.floor)
                    let checked = repeats ? repeatFloor : usesMoves ? moveFloor : frameBound.floor
                    if checked > bytes.count { below += 1 }
                    moveFloors.append(Double(moveFloor))
                    repeatFloors.append(Double(repeatFloor))
                    // The replay is the timed run again, byte for byte; were it not, say so.
                    if floors.count < diffBytes.count, Double(bytes.count) != diffBytes[floors.count] { below += 1 }
                    floors.append(Double(frameBound.floor))
                    glyphs.append(Double(frameBound.glyphs))
                }
                swap(&previous, &current)
            }
        }
        return (floors, moveFloors, repeatFloors, glyphs, below)
    }

    // The measured calls, each in a function of its own, so that a profile of the bench
    // (`valgrind --tool=callgrind`) counts each part's instructions under one name whatever the
    // optimizer inlines into them.

    @inline(never)
    static func measuredCompose(
        _ scene: inout CardScene, _ frame: TransitionFrame, outgoing: (index: Int, content: StyledString),
        incoming: (index: Int, content: StyledString), into destination: inout CellBuffer
    ) {
        scene.render(frame, outgoing: outgoing, incoming: incoming, into: &destination)
    }

    @inline(never)
    static func measuredDiff(
        _ encoder: inout ANSIEncoder, previous: CellBuffer, current: CellBuffer, into bytes: inout [UInt8]
    ) {
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
    }

    @inline(never)
    static func measuredFull(_ encoder: inout ANSIEncoder, _ current: CellBuffer, into bytes: inout [UInt8]) {
        encoder.encodeFull(current, into: &bytes)
    }

    /// Per-frame times (µs) and byte counts, preallocated.
    private struct Samples {
        var micros: [Double] = []
        var bytes: [Double] = []

        init(capacity: Int) {
            micros.reserveCapacity(capacity)
            bytes.reserveCapacity(capacity)
        }

        mutating func append(_ sample: (micros: Double, bytes: Int)) {
            micros.append(sample.micros)
            bytes.append(Double(sample.bytes))
        }
    }
}
