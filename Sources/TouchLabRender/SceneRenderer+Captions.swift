import Foundation
import TouchLabCanvas
import TouchLabEngine

/// Captions on plain views: most demonstrations are coloured rectangles, and the transcript
/// names them by their declared class (`-[RedView touchesBegan:withEvent:]`) or id. A view
/// whose class's description takes a caption (`ClassDrawing.takesCaption`: a plain view, or a
/// layout class based on it; an untitled button) with such a name, no label of its own
/// (`ClassDrawing.showsText`) and room for one gets a small tag with the name at its
/// top-left corner, so the picture and the lines can be matched. Views as big as most of the
/// window (the root view) get none.
extension SceneRenderer {
  static let captionFontSize = 11.0
  static let captionPadding = 4.0

  /// The caption `view` shows, or nil.
  static func caption(of view: UIView) -> String? {
    // Its own class's description says (a plain view; an untitled button), not a superclass's.
    guard ClassDrawing.ownDrawing(for: view)?.takesCaption?(view) == true else { return nil }
    guard let name = view.overrideHooks?.className ?? view.identifier else { return nil }
    guard view.bounds.width >= 44, view.bounds.height >= 22 else { return nil }
    if view.subviews.contains(where: { ClassDrawing.drawing(for: $0)?.showsText == true }) { return nil }
    if let window = view.window {
      let area = window.bounds.width * window.bounds.height
      if area > 0 && view.bounds.width * view.bounds.height > area / 2 { return nil }
    }
    return name
  }

  /// Draws `view`'s caption at the top-left of `rect` (the view's bounds), if it has one.
  func drawCaption(of view: UIView, in rect: CanvasRect, on canvas: Canvas) {
    guard let caption = Self.caption(of: view) else { return }
    let style = TextStyle(
      fontSize: Self.captionFontSize, weight: .semibold, color: CanvasColor(red: 0.1, green: 0.1, blue: 0.12))
    let padding = Self.captionPadding
    let measured = TextFonts.measure(caption, style: style)
    let width = min(measured.width + 2 * padding, rect.width - 4)
    let height = Self.captionFontSize + 2 * padding - 2
    guard width > 2 * padding else { return }
    let tag = CanvasRect(x: rect.minX + 2, y: rect.minY + 2, width: width, height: height)
    canvas.fillRoundedRect(tag, cornerRadius: 4, color: CanvasColor(red: 1, green: 1, blue: 1, alpha: 0.78))
    canvas.draw(
      caption, in: CanvasRect(x: tag.minX + padding, y: tag.minY, width: tag.width - 2 * padding, height: tag.height),
      style: style)
  }
}
