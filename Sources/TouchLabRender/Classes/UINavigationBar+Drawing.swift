import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UINavigationBar: its bar (its own background), the top controller's title and, when
  /// there is one beneath, the back chevron with that controller's title; the inspector
  /// lists the title.
  static var uiNavigationBar: ClassDrawing {
    ClassDrawing(
      UINavigationBar.self, drawsBackground: false, draw: { $0.drawNavigationBar($1, in: $2, on: $3) },
      inspectorRows: { bar, make in
        InspectorRows(trailing: [make.text("title", bar.topItemTitle ?? "(none)")])
      })
  }
}

/// iOS's navigation bar look (iOS 15 and later, light appearance, scrolled content under it).
enum UINavigationBarLook {
  /// The bar's translucent material over white (`systemBackground` with the bar's blur: #F9F9F9).
  static let background = CanvasColor(red8: 249, green8: 249, blue8: 249)
  /// The shadow line under the bar (`separator` at 0.3 alpha over white).
  static let shadow = CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.3)
  /// A highlighted back button is drawn at this opacity.
  static let highlightedAlpha = 0.3
}

extension ViewPainter {
  /// The bar: its background (a colour of its own, else the bar material) and shadow line;
  /// the title centred in semibold 17 pt; the back button's chevron and title in the tint
  /// (system blue), faded while the finger is on it.
  fileprivate func drawNavigationBar(_ bar: UINavigationBar, in rect: CanvasRect, on canvas: Canvas) {
    let fill = bar.backgroundColor.map { CanvasColor($0) } ?? UINavigationBarLook.background
    canvas.fill(rect, color: fill)
    canvas.fill(
      CanvasRect(x: rect.minX, y: rect.maxY - 0.5, width: rect.width, height: 0.5), color: UINavigationBarLook.shadow)
    let back = bar.backButton
    let backWidth = back.isHidden ? 0 : Double(back.frame.width)
    if let title = bar.topItemTitle, !title.isEmpty {
      let side = max(backWidth, 60)
      let box = CanvasRect(x: rect.minX + side, y: rect.minY, width: max(0, rect.width - 2 * side), height: rect.height)
      canvas.draw(
        title, in: box,
        style: TextStyle(
          fontFamily: theme.metrics.fontFamily, fontSize: 17, weight: .semibold, color: .black, alignment: .center,
          verticalAlignment: .center, truncation: .tail))
    }
    guard !back.isHidden else { return }
    let tint = CanvasColor(UIColor.systemBlue)
      .withAlpha(back.isHighlighted ? UINavigationBarLook.highlightedAlpha : 1)
    let mid = rect.minY + rect.height / 2
    let x = rect.minX + 8
    canvas.strokePolyline(
      [CanvasPoint(x: x + 10, y: mid - 10), CanvasPoint(x: x, y: mid), CanvasPoint(x: x + 10, y: mid + 10)],
      color: tint, style: .rounded(3))
    canvas.draw(
      back.title,
      in: CanvasRect(x: x + 18, y: rect.minY, width: max(0, backWidth - 26), height: rect.height),
      style: TextStyle(
        fontFamily: theme.metrics.fontFamily, fontSize: 17, weight: .regular, color: tint, alignment: .leading,
        verticalAlignment: .center, truncation: .tail))
  }
}
