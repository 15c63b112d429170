import Testing

@testable import FoldCycle

/// The edge cells' background blend through the draw's memo (`BlendMemo.edgeColours`): the
/// blend's own result for every call, repeated or not, at every colour depth.
@Suite("Edge blend memo")
struct BlendMemoTests {
    struct Blending: LayerBlending {
        var alpha256: UInt32
        var backgroundRGB: UInt32 = 0x00_0000
        var foregroundRGB: UInt32 = 0xFF_FFFF
        var colorDepth: ColorDepth
    }

    @Test("a memoized background blend equals the blend", arguments: ColorDepth.allCases)
    func memoizedEqualsBlend(depth: ColorDepth) {
        let face = TerminalColor.rgb(RGBColor(red: 30, green: 140, blue: 200)).packed
        let other = TerminalColor.rgb(RGBColor(red: 250, green: 200, blue: 10)).packed
        // Repeats (the memo's hits), alternations (its misses) and a default colour.
        let calls: [(UInt32, UInt32)] = [
            (face, other), (face, other), (face, TerminalColor.packedDefault), (face, other), (other, face),
            (other, face), (TerminalColor.packedDefault, face),
        ]
        for alpha256: UInt32 in [0, 77, 200, 256] {
            let blending = Blending(alpha256: alpha256, colorDepth: depth)
            var memo = BlendMemo()
            for (colour, below) in calls {
                #expect(
                    blending.blendedBackground(colour, below: below, memo: &memo)
                        == blending.blendedBackground(colour, below: below))
            }
        }
        // One exact value: 77/256 of the face over the other colour, in truecolor.
        var memo = BlendMemo()
        #expect(
            Blending(alpha256: 77, colorDepth: .truecolor).blendedBackground(face, below: other, memo: &memo)
                == TerminalColor.rgbTag
                | RGBColor.blend(packed: face & 0xFF_FFFF, over: other & 0xFF_FFFF, alpha256: 77))
    }
}
