import Foundation

/// A plain decimal number as the command line takes it — digits with at most one point, such
/// as `2`, `1.5` or `.25` — or nil. Swift's `Double(_:)` would also read `0x3` as hexadecimal,
/// `1e3`, `inf` and `nan`; flags take none of them (`--scale`, `--speed`, `--at`, `--fps`…).
/// (Checked byte by byte: a regular expression here cost a start-up of the window about 5 ms,
/// ICU setting its regular expressions up.)
public func parseDecimal(_ text: String) -> Double? {
  var digits = 0
  var points = 0
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
    case UInt8(ascii: "."): points += 1
    default: return nil
    }
  }
  guard digits > 0, points <= 1 else { return nil }
  return Double(text)
}
