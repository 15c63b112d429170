/// The slowest direction's median compose + encode time over the fastest's, worst over encoders and
/// the given depths: the markdown summary's spread column (a figure, no longer a target: a
/// horizontal change costs more than a vertical one by nature, docs/PERFORMANCE.md#targets).
struct DirectionSpread {
    /// The slowest median over the fastest (≥ 1).
    let ratio: Double
    /// The case of the slowest direction.
    let slow: FrameResult
    /// The case of the fastest direction, with the same encoder and depth.
    let fast: FrameResult

    /// The worst spread among `cases` (one transition's) over every encoder and each of `depths`
    /// (colour-depth names); nil when no encoder and depth has two directions measured.
    static func worst(in cases: [FrameResult], depths: [String]) -> DirectionSpread? {
        var worst: DirectionSpread?
        for encoder in EncoderKind.allCases {
            for depth in depths {
                let measured = cases.filter { $0.encoder == encoder && $0.depth == depth }
                guard measured.count > 1,
                    let slow = measured.max(by: { $0.composeEncodeMicros.median < $1.composeEncodeMicros.median }),
                    let fast = measured.min(by: { $0.composeEncodeMicros.median < $1.composeEncodeMicros.median }),
                    fast.composeEncodeMicros.median > 0
                else { continue }
                let ratio = slow.composeEncodeMicros.median / fast.composeEncodeMicros.median
                if ratio > worst?.ratio ?? 0 { worst = DirectionSpread(ratio: ratio, slow: slow, fast: fast) }
            }
        }
        return worst
    }
}
