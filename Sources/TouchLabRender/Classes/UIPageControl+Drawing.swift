import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UIPageControl: its row of dots.
  static var uiPageControl: ClassDrawing {
    ClassDrawing(UIPageControl.self, draw: { $0.drawPageControl($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UIPageControl: a centred row of dots, the current page's dark, the others light grey.
  fileprivate func drawPageControl(_ pages: UIPageControl, in rect: CanvasRect, on canvas: Canvas) {
    guard !pages.showsNoIndicators else { return }
    canvas.withAlpha(pages.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      for page in 0..<pages.numberOfPages {
        let dot = CanvasRect(pages.indicatorRect(forPage: page))
        let color =
          page == pages.currentPage ? UIKitControlLook.currentPageIndicator : UIKitControlLook.pageIndicator
        canvas.fillCircle(center: CanvasPoint(x: dot.midX, y: dot.midY), radius: dot.width / 2, color: color)
      }
    }
  }
}
