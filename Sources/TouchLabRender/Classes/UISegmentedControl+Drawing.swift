import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UISegmentedControl: its segments and the selected one's thumb.
  static var uiSegmentedControl: ClassDrawing {
    ClassDrawing(
      UISegmentedControl.self, draw: { $0.drawSegmentedControl($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UISegmentedControl as iOS 13 and later draw it: a grey rounded rectangle, the selected
  /// segment a white rounded "thumb" with a soft shadow, hairlines between the others, the
  /// titles centred (the selected one semibold); the segment under a finger darkens.
  fileprivate func drawSegmentedControl(_ control: UISegmentedControl, in rect: CanvasRect, on canvas: Canvas) {
    canvas.withAlpha(control.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      let radius = min(9, rect.height / 2)
      canvas.fillRoundedRect(rect, cornerRadius: radius, color: UIKitControlLook.controlBackground)
      let count = control.numberOfSegments
      guard count > 0 else { return }
      let selected = control.selectedSegmentIndex
      for index in 0..<count {
        let segment = CanvasRect(control.rectForSegment(at: index))
        if index == control.highlightedSegmentIndex && index != selected {
          canvas.fillRoundedRect(
            segment.insetBy(dx: 2, dy: 2), cornerRadius: radius - 2, color: UIKitControlLook.controlPressed)
        }
        if index == selected {
          let thumb = segment.insetBy(dx: 2, dy: 2)
          let shadow = CanvasRect(x: thumb.minX, y: thumb.minY + 1, width: thumb.width, height: thumb.height)
          canvas.fillRoundedRect(
            shadow, cornerRadius: radius - 2, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.1))
          canvas.fillRoundedRect(thumb, cornerRadius: radius - 2, color: .white)
        }
        // A hairline before this segment, unless it or its neighbour is selected.
        if index > 0 && index != selected && index - 1 != selected {
          canvas.fill(
            CanvasRect(x: segment.minX - 0.5, y: segment.minY + 8, width: 1, height: max(0, segment.height - 16)),
            color: UIKitControlLook.divider)
        }
        guard let title = control.titleForSegment(at: index), !title.isEmpty else { continue }
        let style = TextStyle(
          fontFamily: theme.metrics.fontFamily, fontSize: 13, weight: index == selected ? .semibold : .regular,
          color: .black, alignment: .center, verticalAlignment: .center, truncation: .tail)
        canvas.draw(title, in: segment.insetBy(dx: 6, dy: 0), style: style)
      }
    }
  }
}
