import Foundation

/// A plain decimal number as the command line takes it — digits with at most one point, such
/// as `2`, `1.5` or `.25` — or nil. Swift's `Double(_:)` would also read `0x3` as hexadecimal,
/// `1e3`, `inf` and `nan`; flags take none of them (`--scale`, `--speed`, `--at`, `--fps`…).
public func parseDecimal(_ text: String) -> Double? {
  guard text.range(of: #"^([0-9]+(\.[0-9]*)?|\.[0-9]+)$"#, options: .regularExpression) != nil else { return nil }
  return Double(text)
}
