import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UITabBarButton: its image's place and its title, tinted when its item is selected.
  static var uiTabBarButton: ClassDrawing {
    ClassDrawing(
      UITabBarButton.self, draw: { $0.drawTabBarButton($1, in: $2, on: $3) },
      inspectorRows: { button, make in InspectorRows(trailing: [make.flag("isSelected", button.isSelected)]) })
  }
}

extension ViewPainter {
  /// A tab as iOS draws it under a stacked layout: a 25 pt image (a rounded square here:
  /// a layout names no images) over a 10 pt medium title, both the tint colour
  /// (`systemBlue`) when selected and grey (`tabBarUnselectedTint`) when not; pressed, a little
  /// dimmer. A button with no title (an imported one, whose label is a subview) draws
  /// nothing of its own.
  fileprivate func drawTabBarButton(_ button: UITabBarButton, in rect: CanvasRect, on canvas: Canvas) {
    guard let title = button.title, !title.isEmpty else { return }
    let tint =
      button.isSelected ? CanvasColor(UIColor.systemBlue) : CanvasColor(UIKitConstants.tabBarUnselectedTint)
    canvas.withAlpha(button.isHighlighted ? 0.6 : (button.isEnabled ? 1 : UIKitLook.disabledAlpha)) {
      let side: Double = 25
      let image = CanvasRect(x: rect.midX - side / 2, y: rect.minY + 5, width: side, height: side)
      canvas.fillRoundedRect(image, cornerRadius: 6, color: tint)
      let style = TextStyle(
        fontFamily: theme.metrics.fontFamily, fontSize: Double(UIKitConstants.tabBarTitleFontSize), weight: .medium,
        color: tint, alignment: .center, verticalAlignment: .center, truncation: .tail)
      canvas.draw(
        title, in: CanvasRect(x: rect.minX + 2, y: image.maxY + 2, width: rect.width - 4, height: 13), style: style)
    }
  }
}
