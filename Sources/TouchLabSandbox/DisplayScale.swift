import Foundation
import TouchLabX11

/// The scale factor for a screen's dots per inch: the X resource `Xft.dpi` (what desktops
/// set for text scaling) divided by 96, rounded, from 1 to 3 (`--scale` overrides it).
public enum DisplayScale {
  public static let range = 1...3

  public static func scale(forDPI dpi: Double?) -> Int {
    guard let dpi, dpi.isFinite, dpi > 0 else { return 1 }
    let rounded = (dpi / 96).rounded()
    return Int(min(Double(range.upperBound), max(Double(range.lowerBound), rounded)))
  }

  /// The scale for RESOURCE_MANAGER text; 1 when there is none or it has no `Xft.dpi`.
  public static func scale(resources: String?) -> Int {
    scale(forDPI: resources.flatMap { X11Resources.value(of: "Xft.dpi", in: $0) }.flatMap { Double($0) })
  }
}
