import Foundation
import TouchLabCanvas
import TouchLabEngine

/// iOS's look for the value controls (iOS 17, light appearance).
enum UIKitControlLook {
  /// A slider's track right of the thumb (`systemFill` over white).
  static let sliderMaximumTrack = CanvasColor(red8: 229, green8: 229, blue8: 234)
  static let thumb = CanvasColor.white
  /// A segmented control's or stepper's background (`tertiarySystemFill` over white).
  static let controlBackground = CanvasColor(red8: 238, green8: 238, blue8: 239)
  /// ...pressed (a segment or a stepper button under the finger).
  static let controlPressed = CanvasColor(red8: 218, green8: 218, blue8: 222)
  /// The hairline between segments and between a stepper's buttons (`separator`).
  static let divider = CanvasColor(red8: 198, green8: 198, blue8: 200)
  /// A page indicator that is not the current page (`tertiaryLabel`), and the current one.
  static let pageIndicator = CanvasColor(red8: 199, green8: 199, blue8: 204)
  static let currentPageIndicator = CanvasColor(red8: 60, green8: 60, blue8: 67)
  /// A disabled stepper button's glyph.
  static let disabledGlyph = CanvasColor(red8: 196, green8: 196, blue8: 198)
}
