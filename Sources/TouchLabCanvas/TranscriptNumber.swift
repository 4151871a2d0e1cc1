import Foundation

/// Numbers as the transcript writes them: at most three decimals, no trailing zeros, never
/// "-0" (0.15, 0.75, 1) — for the diagram's labels and its SVG's coordinates alike.
public enum TranscriptNumber {
  public static func seconds(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}
