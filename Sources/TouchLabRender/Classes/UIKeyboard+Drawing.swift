import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// The keyboard TouchLab shows while a text field is editing (its own background).
  static var uiKeyboard: ClassDrawing {
    ClassDrawing(UIKeyboard.self, drawsBackground: false, draw: { $0.drawKeyboard($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// The keyboard, plainly: iOS's grey tray with three rows of white keys and a space bar.
  fileprivate func drawKeyboard(_ keyboard: UIKeyboard, in rect: CanvasRect, on canvas: Canvas) {
    canvas.fill(rect, color: CanvasColor(keyboard.backgroundColor ?? .white))
    let rows = [10, 9, 7]
    let keyHeight = 42.0
    let gap = 6.0
    let keyWidth = (rect.width - 6 - 9 * gap) / 10
    for (index, count) in rows.enumerated() {
      let y = rect.minY + 8 + Double(index) * (keyHeight + 12)
      let rowWidth = Double(count) * keyWidth + Double(count - 1) * gap
      var x = rect.midX - rowWidth / 2
      for _ in 0..<count {
        canvas.fillRoundedRect(
          CanvasRect(x: x, y: y + 1, width: keyWidth, height: keyHeight), cornerRadius: 5,
          color: CanvasColor(red8: 137, green8: 138, blue8: 141))
        canvas.fillRoundedRect(
          CanvasRect(x: x, y: y, width: keyWidth, height: keyHeight), cornerRadius: 5, color: .white)
        x += keyWidth + gap
      }
    }
    let spaceY = rect.minY + 8 + 3 * (keyHeight + 12)
    let space = CanvasRect(x: rect.midX - rect.width * 0.25, y: spaceY, width: rect.width * 0.5, height: keyHeight)
    canvas.fillRoundedRect(space, cornerRadius: 5, color: .white)
  }
}
