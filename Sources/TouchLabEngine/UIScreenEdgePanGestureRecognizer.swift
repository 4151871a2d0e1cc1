import Foundation

/// A pan that starts near an edge of the screen (Apple's documentation): its first touch
/// must land within `screenEdgeRegion` of one of `edges` of the window — not of the view
/// it is attached to, so it only works on a view reaching that edge — and it begins when
/// the finger has moved the pan's 10 pt, more away from that edge than along it. It
/// ignores touches beyond the first. `edges` is empty by default: it recognizes nothing.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
  public var edges: UIRectEdge = []
  /// The edge the first touch landed at.
  public private(set) var startEdge: UIRectEdge = []
  private var firstTouch: UITouch?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible else { return }
    let ordered = touches.inOrder
    if firstTouch != nil {
      for touch in ordered { ignore(touch, for: event) }
      return
    }
    guard let first = ordered.first, let window = first.window else { return }
    firstTouch = first
    for extra in ordered.dropFirst() { ignore(extra, for: event) }
    startEdge = Self.edge(at: first.location(in: nil), in: window.bounds).intersection(edges)
    guard !startEdge.isEmpty else {
      fail(.outsideEdgeRegion)
      return
    }
    super.touchesBegan([first], with: event)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible {
      let t = translation(in: nil)
      if (t.x * t.x + t.y * t.y).squareRoot() >= hysteresis {
        if !Self.movesAway(t, from: startEdge) {
          fail(.wrongDirection)
          return
        }
      }
    }
    super.touchesMoved(touches, with: event)
  }

  open override func reset() {
    super.reset()
    startEdge = []
    firstTouch = nil
  }

  /// The edges of `bounds` within `screenEdgeRegion` of `point`.
  static func edge(at point: CGPoint, in bounds: CGRect) -> UIRectEdge {
    let d = UIKitConstants.screenEdgeRegion
    var edge: UIRectEdge = []
    if point.x - bounds.minX < d { edge.insert(.left) }
    if bounds.maxX - point.x < d { edge.insert(.right) }
    if point.y - bounds.minY < d { edge.insert(.top) }
    if bounds.maxY - point.y < d { edge.insert(.bottom) }
    return edge
  }

  /// Whether a movement `t` goes away from `edge` more than along it (a swipe from the edge,
  /// not a slide along it).
  static func movesAway(_ t: CGPoint, from edge: UIRectEdge) -> Bool {
    let along = edge.isDisjoint(with: [.left, .right]) ? abs(t.x) : abs(t.y)
    return inward(t, from: edge) > along
  }

  /// How far `t` moved away from `edge` (into the screen).
  static func inward(_ t: CGPoint, from edge: UIRectEdge) -> CGFloat {
    var best = -CGFloat.infinity
    if edge.contains(.left) { best = max(best, t.x) }
    if edge.contains(.right) { best = max(best, -t.x) }
    if edge.contains(.top) { best = max(best, t.y) }
    if edge.contains(.bottom) { best = max(best, -t.y) }
    return best
  }
}
