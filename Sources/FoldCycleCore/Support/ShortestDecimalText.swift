import Foundation

/// The shortest text that reads back as the same Double, with integral values printed without a
/// fraction (`2`, not `2.0`) and −0 as `0`: for seconds in messages and numbers in JSON.
package func shortestDecimalText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
