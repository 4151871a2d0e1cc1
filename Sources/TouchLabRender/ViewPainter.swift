import Foundation
import TouchLabCanvas
import TouchLabEngine

/// Paints one view's own content as its UIKit class looks (under its subviews): a button's
/// fill and title, a switch's track and knob. `SceneRenderer` composes the frame — the view
/// tree, the overlay, the panels — and asks the painter for each view through the view's
/// `ClassDrawing` (`Classes/NAME+Drawing.swift` extend it with their class's painting). It
/// keeps nothing between views: the same view painted twice gives the same pixels.
struct ViewPainter {
  /// The colours and metrics the views are painted in.
  let theme: Theme
}
