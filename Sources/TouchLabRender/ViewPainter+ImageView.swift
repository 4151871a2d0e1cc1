import Foundation
import TouchLabCanvas
import TouchLabEngine

/// How an image view looks. TouchLab has no image files, so an image view shows a stand-in
/// picture — the "photo" placeholder iOS shows for a missing image: a sun over two hills on
/// a pale fill — with the image's name along its foot.
extension ViewPainter {
  enum ImageViewLook {
    /// The placeholder's fill (`systemGray6`).
    static let fill = CanvasColor(red8: 242, green8: 242, blue8: 247)
    /// The sun (`systemYellow`).
    static let sun = CanvasColor(red8: 255, green8: 204, blue8: 0)
    /// The far and near hills (`systemTeal` and `systemGreen`, darkened).
    static let farHill = CanvasColor(red8: 90, green8: 170, blue8: 190)
    static let nearHill = CanvasColor(red8: 52, green8: 160, blue8: 82)
    static let caption = CanvasColor(red8: 60, green8: 60, blue8: 67, alpha8: 153)
  }

  /// An image view: its background, then the stand-in picture fitted to its bounds.
  func drawImageView(_ imageView: UIImageView, in rect: CanvasRect, on canvas: Canvas) {
    guard imageView.image != nil, rect.width > 0, rect.height > 0 else { return }
    canvas.withSavedState {
      canvas.clip(to: rect)
      canvas.fill(rect, color: ImageViewLook.fill)
      let side = min(rect.width, rect.height)
      canvas.fillCircle(
        center: CanvasPoint(x: rect.maxX - side * 0.3, y: rect.minY + side * 0.3), radius: side * 0.12,
        color: ImageViewLook.sun)
      let foot = rect.maxY
      canvas.fillPolygon(
        [
          CanvasPoint(x: rect.minX, y: foot), CanvasPoint(x: rect.minX + rect.width * 0.38, y: foot - side * 0.55),
          CanvasPoint(x: rect.minX + rect.width * 0.76, y: foot),
        ], color: ImageViewLook.farHill)
      canvas.fillPolygon(
        [
          CanvasPoint(x: rect.minX + rect.width * 0.35, y: foot),
          CanvasPoint(x: rect.minX + rect.width * 0.7, y: foot - side * 0.38), CanvasPoint(x: rect.maxX, y: foot),
        ], color: ImageViewLook.nearHill)
    }
    guard let name = imageView.image, !name.isEmpty, rect.height >= 30 else { return }
    let caption = CanvasRect(x: rect.minX + 4, y: rect.maxY - 18, width: rect.width - 8, height: 16)
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 11, color: .white, alignment: .center,
      verticalAlignment: .center, truncation: .middle)
    canvas.fill(
      CanvasRect(x: rect.minX, y: rect.maxY - 20, width: rect.width, height: 20), color: ImageViewLook.caption)
    canvas.draw(name, in: caption, style: style)
  }
}
