import Foundation
import TouchLabX11

/// The window's scale (pixels per scene point): the X resource `Xft.dpi` (what desktops set
/// for text scaling) divided by 96, to the nearest quarter, from 1 to 3 — then made smaller,
/// if need be, so the whole window fits on the monitor it opens on. `--scale` overrides both.
public enum DisplayScale {
  /// What `--scale` accepts.
  public static let range: ClosedRange<Double> = 0.5...3
  /// What `Xft.dpi` alone can ask for.
  public static let dpiRange: ClosedRange<Double> = 1...3
  /// The part of a monitor's height the window may take: the rest is for the window
  /// manager's title bar and the desktop's panels.
  public static let usableHeight = 0.9
  /// The part of a monitor's width the window may take (its whole width: side panels are rare).
  public static let usableWidth = 1.0

  /// `Xft.dpi` / 96 to the nearest quarter, from 1 to 3; 1 when there is no usable figure.
  public static func scale(forDPI dpi: Double?) -> Double {
    guard let dpi, dpi.isFinite, dpi > 0 else { return 1 }
    let quarters = (dpi / 96 * 4).rounded() / 4
    return min(dpiRange.upperBound, max(dpiRange.lowerBound, quarters))
  }

  /// The scale for RESOURCE_MANAGER text; 1 when there is none or it has no `Xft.dpi`.
  public static func scale(resources: String?) -> Double {
    scale(forDPI: resources.flatMap { X11Resources.value(of: "Xft.dpi", in: $0) }.flatMap { Double($0) })
  }

  /// `preferred`, or the largest smaller scale (in steps of 0.05, at least the lower bound
  /// of `range`) at which a frame of `frame` points fits in `usableWidth` × `usableHeight`
  /// of `monitor` pixels. With no monitor size known, `preferred`.
  public static func fitting(
    _ preferred: Double, frame: (width: Double, height: Double), monitor: (width: Int, height: Int)?
  ) -> Double {
    guard let monitor, monitor.width > 0, monitor.height > 0, frame.width > 0, frame.height > 0 else {
      return preferred
    }
    let limit = min(
      Double(monitor.width) * usableWidth / frame.width, Double(monitor.height) * usableHeight / frame.height)
    guard limit < preferred else { return preferred }
    let stepped = (limit * 20).rounded(.down) / 20
    return max(range.lowerBound, stepped)
  }

  /// What the window says on standard error when `--scale asked` was made `fitted` to fit on
  /// `monitor` (nil when it was not made smaller).
  public static func scaledDownNote(
    asked: Double, fitted: Double, frame: (width: Double, height: Double), monitor: (width: Int, height: Int)
  ) -> String? {
    guard fitted < asked else { return nil }
    let width = Int((frame.width * asked).rounded(.up))
    let height = Int((frame.height * asked).rounded(.up))
    return "touchlab: note: --scale \(describe(asked)) would make a \(width)×\(height)-pixel window, more than "
      + "fits on the \(monitor.width)×\(monitor.height) monitor; the window opens at scale \(describe(fitted)) "
      + "(made smaller again, the window draws smaller still)"
  }

  /// A `--scale` value: a plain decimal number (no hexadecimal, no exponent) within `range`.
  public static func parse(_ text: String) -> Double? {
    guard let value = parseDecimal(text), range.contains(value) else { return nil }
    return value
  }

  /// How a scale is written in messages: "2", "1.5", "1.25".
  public static func describe(_ scale: Double) -> String {
    scale == scale.rounded() ? String(Int(scale)) : String(format: "%g", scale)
  }
}
