import Foundation

/// Numbers written as `String(format: "%.Nf")` writes them, without Foundation's formatting
/// where the result is sure to be the same (issue 49: every record of a drag written to a
/// `.jsonl` transcript formatted three numbers, 8 % of the frame that showed it).
public enum DecimalText {
  /// `value` with `places` decimals (0 to 9), exactly as `String(format: "%.<places>f")`
  /// writes it: rounded to nearest, a tie left to the C library.
  public static func fixed(_ value: Double, places: Int) -> String {
    guard (0...9).contains(places) else { return String(format: "%.\(places)f", value) }
    let unit = powersOfTen[places]
    let scaled = value.magnitude * Double(unit)
    let rounded = scaled.rounded(.toNearestOrEven)
    // Below 10^12 the product is within 10^-4 of the exact one, so a value that is not within
    // a thousandth of a tie rounds as the exact decimal does; a tie (or what may be one) and
    // anything larger is left to the C library.
    guard value.isFinite, scaled < 1e12, (scaled - rounded).magnitude < 0.499 else {
      return String(format: "%.\(places)f", value)
    }
    let whole = Int(rounded)
    var text = value.sign == .minus ? "-" : ""
    text += String(whole / unit)
    guard places > 0 else { return text }
    let fraction = String(whole % unit)
    text += "."
    text += String(repeating: "0", count: places - fraction.utf8.count)
    text += fraction
    return text
  }

  private static let powersOfTen = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
  ]
}
