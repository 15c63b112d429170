import Foundation

/// Rotated or sheared affine layers: nearest sample per destination cell, no block eighths.
extension DrawContext {
    // MARK: General transforms: nearest sample only

    func drawSampled(source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) {
        let corners = [
            CGPoint(x: -halfWidth, y: -halfHeight), CGPoint(x: halfWidth, y: -halfHeight),
            CGPoint(x: halfWidth, y: halfHeight), CGPoint(x: -halfWidth, y: halfHeight),
        ].map { transform.apply(to: $0) }
        let xs = corners.map { Double($0.x) + centreX }
        let ys = corners.map { Double($0.y) + centreY }
        let firstColumn = max(Int((xs.min() ?? 0).rounded(.down)), 0)
        let endColumn = min(Int((xs.max() ?? 0).rounded(.up)), width)
        let firstRow = max(Int((ys.min() ?? 0).rounded(.down)), 0)
        let endRow = min(Int((ys.max() ?? 0).rounded(.up)), height)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        for y in firstRow..<endRow {
            let rowBase = y * width
            var x = firstColumn
            while x < endColumn {
                if sample(x, y) < 0 {
                    x += 1
                    continue
                }
                x += drawContent(
                    x, y, rowBase: rowBase, nextIsFull: x + 1 < endColumn,
                    source: source, target: target)
            }
        }
    }

    // MARK: Content cells

    /// Draws the layer cell that destination (x, y) samples; returns how many destination cells
    /// it filled (2 for a whole wide cluster, else 1).
    @inline(__always)
    func drawContent(
        _ x: Int, _ y: Int, rowBase: Int, nextIsFull: Bool,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) -> Int {
        let index = sample(x, y)
        let cell = source[index]
        let destination = rowBase + x
        switch cell.width {
        case 1:
            target[destination] = blended(cell, below: target[destination])
            return 1
        case 2:
            let next = nextIsFull ? sample(x + 1, y) : -1
            if next == index + 1 && (index + 1) % sourceWidth != 0 {
                let lead = blended(cell, below: target[destination])
                target[destination] = lead
                target[destination + 1] = .continuation(of: lead)
                return 2
            }
            target[destination] = blended(.space(background: cell.background), below: target[destination])
            return 1
        default:
            // The trailing half of a wide cluster whose lead did not land to its left: blank.
            target[destination] = blended(.space(background: cell.background), below: target[destination])
            return 1
        }
    }
}
