import Foundation
import TouchLabCanvas
import TouchLabEngine

/// iOS's look for what the theme does not cover: switch, table and scroll indicator colours
/// (iOS 17, light appearance).
enum UIKitLook {
  /// A switch's track when off (`systemFill` over white).
  static let switchOffTrack = CanvasColor(red8: 233, green8: 233, blue8: 235)
  static let switchKnob = CanvasColor.white
  /// A selected or highlighted cell (`systemGray4`).
  static let cellSelection = CanvasColor(red8: 209, green8: 209, blue8: 214)
  /// A table's default separator (`separator` over white).
  static let separator = CanvasColor(red8: 198, green8: 198, blue8: 200)
  /// A cell separator's inset from the cell's left edge.
  static let separatorInset = Double(UIKitConstants.tableSeparatorInset)
  static let scrollIndicator = CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.45)
  /// How a button with its own background colour shows it is highlighted.
  static let highlightDarkening = CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.22)
  /// A disabled control's opacity.
  static let disabledAlpha = 0.45
}

extension SceneRenderer {
  /// Draws `window` and everything in it, in window (scene) points.
  public func drawViewTree(_ window: UIWindow, on canvas: Canvas) {
    drawView(window, isRoot: true, on: canvas)
  }

  /// Draws one view and its subtree. The canvas enters the view's own coordinate space:
  /// its centre and transform place it in the superview, then the bounds origin (a scroll
  /// view's content offset) moves its subviews.
  private func drawView(_ view: UIView, isRoot: Bool, on canvas: Canvas) {
    // A hidden view, or one too transparent to see (UIKit's own cut-off), hides its subtree.
    guard !view.isHidden, view.alpha >= 0.01 else { return }
    // A timer fell due: the drawing stops here (`viewStop`) and is drawn again later.
    if let viewStop, stoppedInViewTree || viewStop() {
      stoppedInViewTree = true
      return
    }
    let size = CanvasSize(width: Double(view.bounds.width), height: Double(view.bounds.height))
    let rect = CanvasRect(origin: .zero, size: size)
    canvas.save()
    defer { canvas.restore() }
    if !isRoot {
      // The window's coordinates are the screen's; any other view sits at its centre.
      canvas.translate(x: Double(view.center.x), y: Double(view.center.y))
      if !view.transform.isIdentity {
        let t = view.transform
        canvas.concatenate(
          CanvasTransform(
            a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty)))
      }
      canvas.translate(x: -size.width / 2, y: -size.height / 2)
    }
    // A view whose corners land past what a picture can hold (a transform of 1e30, a chain of
    // far frames) draws nothing of its own: Cairo's fixed-point rasteriser took minutes over
    // one such rounded rectangle. Its subviews are judged each on their own.
    let drawsItself = Self.isDrawable(rect, under: canvas.currentTransform)
    canvas.withAlpha(Double(view.alpha)) {
      if drawsItself {
        drawContent(of: view, in: rect, on: canvas)
        drawCaption(of: view, in: rect, on: canvas)
      }
      let scrolls = view.scrollViewTraits != nil
      if view.clipsToBounds || scrolls { canvas.clip(to: rect) }
      canvas.withSavedState {
        canvas.translate(x: -Double(view.bounds.minX), y: -Double(view.bounds.minY))
        for subview in view.subviews { drawView(subview, isRoot: false, on: canvas) }
        if drawsItself, let scrollView = view.scrollViewTraits { drawScrollIndicators(of: scrollView, on: canvas) }
      }
      if drawsItself, let cell = view.tableViewCellTraits { drawSeparator(below: cell, in: rect, on: canvas) }
    }
  }

  /// The most a view's corner may be from the picture's origin, in device units, for the
  /// view to be drawn: far beyond the largest picture (7,800 points at scale 3), well within
  /// Cairo's fixed-point range (±8,388,608).
  static let drawableExtent = 1_000_000.0

  /// Whether `rect` under `transform` has finite corners within `drawableExtent`.
  static func isDrawable(_ rect: CanvasRect, under t: CanvasTransform) -> Bool {
    for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
      let deviceX = t.a * x + t.c * y + t.tx
      let deviceY = t.b * x + t.d * y + t.ty
      guard abs(deviceX) <= drawableExtent, abs(deviceY) <= drawableExtent else { return false }
    }
    return true
  }

  /// What a view draws itself, under its subviews: its class's look (`ClassDrawing`).
  private func drawContent(of view: UIView, in rect: CanvasRect, on canvas: Canvas) {
    let drawing = ClassDrawing.drawing(for: view)
    if drawing?.drawsBackground ?? true { drawBackground(of: view, in: rect, on: canvas) }
    drawing?.draw?(painter, view, rect, canvas)
  }

  /// A view's background colour; a view without one draws nothing of its own.
  private func drawBackground(of view: UIView, in rect: CanvasRect, on canvas: Canvas) {
    guard let color = view.backgroundColor, color.alpha > 0 else { return }
    canvas.fill(rect, color: CanvasColor(color))
  }

  // MARK: Scrolling views

  /// Thin rounded dark-grey bars, in the scroll view's bounds coordinates (over the content).
  private func drawScrollIndicators(of scrollView: ScrollViewDrawingTraits, on canvas: Canvas) {
    for frame in [scrollView.verticalScrollIndicatorFrame, scrollView.horizontalScrollIndicatorFrame] {
      guard let frame, frame.width > 0, frame.height > 0 else { continue }
      let bar = CanvasRect(frame)
      canvas.fillRoundedRect(bar, cornerRadius: min(bar.width, bar.height) / 2, color: UIKitLook.scrollIndicator)
    }
  }

  /// A hairline at the foot of a cell, inset from the left as UIKit's separators are, in the
  /// table's separator colour.
  private func drawSeparator(below cell: UIView, in rect: CanvasRect, on canvas: Canvas) {
    var ancestor = cell.superview
    while let view = ancestor, view.tableViewTraits == nil { ancestor = view.superview }
    let color = ancestor?.tableViewTraits.map { CanvasColor($0.separatorColor) } ?? UIKitLook.separator
    let hairline = 1 / canvas.scale
    let inset = min(UIKitLook.separatorInset, rect.width)
    canvas.fill(
      CanvasRect(x: rect.minX + inset, y: rect.maxY - hairline, width: rect.width - inset, height: hairline),
      color: color)
  }
}
