/// The inverse DCT of one 8×8 block of dequantized coefficients (natural order), to 8×8, 4×4,
/// 2×2 or 1×1 samples (DCT scaling: 1, 1/2, 1/4, 1/8).
///
/// The integer arithmetic is libjpeg's "islow" (Loeffler–Ligtenberg–Moschytz, 13-bit constants,
/// two extra bits between the passes) and its reduced-size 4×4, 2×2 and 1×1 transforms, so the
/// samples equal libjpeg-turbo's (and Pillow's) for the same coefficients
/// (docs/decisions/0152-jpeg-decoder.md).
enum JPEGIDCT {
    /// The block's samples into `output` at `offset`, rows `stride` apart: `size` × `size`, size
    /// 8, 4, 2 or 1. `coefficients` and `workspace` hold 64 values each.
    static func transform(
        size: Int, _ coefficients: UnsafeMutablePointer<Int>, _ workspace: UnsafeMutablePointer<Int>,
        into output: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        switch size {
        case 8: full(coefficients, workspace, output, stride)
        case 4: quarter(coefficients, workspace, output, stride)
        case 2: sixteenth(coefficients, workspace, output, stride)
        default: output[0] = rangeLimit(descale(coefficients[0], 3))
        }
    }

    /// Rounds `value` / 2^bits to the nearest integer (halves up), as libjpeg's DESCALE.
    @inline(__always) static func descale(_ value: Int, _ bits: Int) -> Int {
        (value + (1 << (bits - 1))) >> bits
    }

    /// A sample from an IDCT output (centred on 0): libjpeg's range limit, which reads the value
    /// modulo 1024 as a signed 10-bit number, adds 128 and clamps to 0...255.
    @inline(__always) static func rangeLimit(_ value: Int) -> UInt8 {
        let wrapped = ((value & 1023) ^ 512) - 512
        return UInt8(clamping: wrapped + 128)
    }

    // MARK: - 8×8

    private static func full(
        _ c: UnsafeMutablePointer<Int>, _ w: UnsafeMutablePointer<Int>, _ out: UnsafeMutablePointer<UInt8>,
        _ stride: Int
    ) {
        for column in 0..<8 {
            let p = c + column
            if p[8] == 0 && p[16] == 0 && p[24] == 0 && p[32] == 0 && p[40] == 0 && p[48] == 0 && p[56] == 0 {
                let dc = p[0] << 2
                for row in 0..<8 { w[row * 8 + column] = dc }
                continue
            }
            let r = butterfly(p[0], p[8], p[16], p[24], p[32], p[40], p[48], p[56])
            let q = w + column
            (q[0], q[8], q[16], q[24]) = (descale(r.0, 11), descale(r.1, 11), descale(r.2, 11), descale(r.3, 11))
            (q[32], q[40], q[48], q[56]) = (descale(r.4, 11), descale(r.5, 11), descale(r.6, 11), descale(r.7, 11))
        }
        for row in 0..<8 {
            let p = w + row * 8
            let line = out + row * stride
            if p[1] == 0 && p[2] == 0 && p[3] == 0 && p[4] == 0 && p[5] == 0 && p[6] == 0 && p[7] == 0 {
                let dc = rangeLimit(descale(p[0], 5))
                for x in 0..<8 { line[x] = dc }
                continue
            }
            let r = butterfly(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
            (line[0], line[1]) = (rangeLimit(descale(r.0, 18)), rangeLimit(descale(r.1, 18)))
            (line[2], line[3]) = (rangeLimit(descale(r.2, 18)), rangeLimit(descale(r.3, 18)))
            (line[4], line[5]) = (rangeLimit(descale(r.4, 18)), rangeLimit(descale(r.5, 18)))
            (line[6], line[7]) = (rangeLimit(descale(r.6, 18)), rangeLimit(descale(r.7, 18)))
        }
    }

    /// One 8-point pass, scaled by 2^13 (the caller descales).
    @inline(__always)
    private static func butterfly(
        _ s0: Int, _ s1: Int, _ s2: Int, _ s3: Int, _ s4: Int, _ s5: Int, _ s6: Int, _ s7: Int
    ) -> (Int, Int, Int, Int, Int, Int, Int, Int) {
        // Even part: the rotator is sqrt(2)·c(−6).
        let z1 = (s2 + s6) * 4433
        let even2 = z1 - s6 * 15137
        let even3 = z1 + s2 * 6270
        let even0 = (s0 + s4) << 13
        let even1 = (s0 - s4) << 13
        let t10 = even0 + even3
        let t13 = even0 - even3
        let t11 = even1 + even2
        let t12 = even1 - even2
        // Odd part.
        let z5 = (s7 + s3 + s5 + s1) * 9633
        let z4 = (s5 + s1) * -3196 + z5
        let z3 = (s7 + s3) * -16069 + z5
        let zA = (s7 + s1) * -7373
        let zB = (s5 + s3) * -20995
        let o3 = s1 * 12299 + zA + z4
        let o2 = s3 * 25172 + zB + z3
        let o1 = s5 * 16819 + zB + z4
        let o0 = s7 * 2446 + zA + z3
        return (t10 + o3, t11 + o2, t12 + o1, t13 + o0, t13 - o0, t12 - o1, t11 - o2, t10 - o3)
    }

    // MARK: - 4×4 and 2×2 (libjpeg's reduced-size transforms)

    private static func quarter(
        _ c: UnsafeMutablePointer<Int>, _ w: UnsafeMutablePointer<Int>, _ out: UnsafeMutablePointer<UInt8>,
        _ stride: Int
    ) {
        for column in 0..<8 where column != 4 {
            let p = c + column
            if p[8] == 0 && p[16] == 0 && p[24] == 0 && p[40] == 0 && p[48] == 0 && p[56] == 0 {
                let dc = p[0] << 2
                (w[column], w[8 + column], w[16 + column], w[24 + column]) = (dc, dc, dc, dc)
                continue
            }
            let r = butterfly4(p[0], p[8], p[16], p[24], p[40], p[48], p[56])
            (w[column], w[8 + column]) = (descale(r.0, 12), descale(r.1, 12))
            (w[16 + column], w[24 + column]) = (descale(r.2, 12), descale(r.3, 12))
        }
        for row in 0..<4 {
            let p = w + row * 8
            let line = out + row * stride
            if p[1] == 0 && p[2] == 0 && p[3] == 0 && p[5] == 0 && p[6] == 0 && p[7] == 0 {
                let dc = rangeLimit(descale(p[0], 5))
                (line[0], line[1], line[2], line[3]) = (dc, dc, dc, dc)
                continue
            }
            let r = butterfly4(p[0], p[1], p[2], p[3], p[5], p[6], p[7])
            (line[0], line[1]) = (rangeLimit(descale(r.0, 19)), rangeLimit(descale(r.1, 19)))
            (line[2], line[3]) = (rangeLimit(descale(r.2, 19)), rangeLimit(descale(r.3, 19)))
        }
    }

    /// libjpeg's 4-point pass from inputs 0, 1, 2, 3, 5, 6 and 7, scaled by 2^14.
    @inline(__always)
    private static func butterfly4(
        _ s0: Int, _ s1: Int, _ s2: Int, _ s3: Int, _ s5: Int, _ s6: Int, _ s7: Int
    ) -> (Int, Int, Int, Int) {
        let even0 = s0 << 14
        let even2 = s2 * 15137 - s6 * 6270
        let t10 = even0 + even2
        let t12 = even0 - even2
        let odd0 = s7 * -1730 + s5 * 11893 + s3 * -17799 + s1 * 8697
        let odd2 = s7 * -4176 + s5 * -4926 + s3 * 7373 + s1 * 20995
        return (t10 + odd2, t12 + odd0, t12 - odd0, t10 - odd2)
    }

    private static func sixteenth(
        _ c: UnsafeMutablePointer<Int>, _ w: UnsafeMutablePointer<Int>, _ out: UnsafeMutablePointer<UInt8>,
        _ stride: Int
    ) {
        for column in [0, 1, 3, 5, 7] {
            let p = c + column
            if p[8] == 0 && p[24] == 0 && p[40] == 0 && p[56] == 0 {
                (w[column], w[8 + column]) = (p[0] << 2, p[0] << 2)
                continue
            }
            let even = p[0] << 15
            let odd = p[56] * -5906 + p[40] * 6967 + p[24] * -10426 + p[8] * 29692
            (w[column], w[8 + column]) = (descale(even + odd, 13), descale(even - odd, 13))
        }
        for row in 0..<2 {
            let p = w + row * 8
            let line = out + row * stride
            if p[1] == 0 && p[3] == 0 && p[5] == 0 && p[7] == 0 {
                let dc = rangeLimit(descale(p[0], 5))
                (line[0], line[1]) = (dc, dc)
                continue
            }
            let even = p[0] << 15
            let odd = p[7] * -5906 + p[5] * 6967 + p[3] * -10426 + p[1] * 29692
            (line[0], line[1]) = (rangeLimit(descale(even + odd, 20)), rangeLimit(descale(even - odd, 20)))
        }
    }
}
