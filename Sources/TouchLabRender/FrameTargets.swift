import TouchLabCanvas

/// What the pointer can act on in a frame, laid out as that frame was drawn: its touch cards,
/// the inspector's clickable rows, and how its transcript fitted the panel. The noting of a
/// frame returns it (`FrameDamage.targets`), and the window answers clicks, hovers and the
/// wheel from the frame the user sees — not from a renderer kept from the last frame, nor from
/// a layout made again of what may have changed since.
public struct FrameTargets: Sendable {
  /// One card as drawn, and its frame in scene points.
  public struct Card: Equatable, Sendable {
    public var hit: CardHit
    public var frame: CanvasRect
  }

  /// A clickable row of the inspector, and its rectangle in frame points.
  public struct InspectorRow: Equatable, Sendable {
    public var rect: CanvasRect
    public var target: InspectorTarget
  }

  /// The cards in the order they were drawn (the last on top).
  public internal(set) var cards: [Card] = []
  /// The inspector's clickable rows, in the order they were laid out.
  public internal(set) var inspectorRows: [InspectorRow] = []
  /// How the transcript fitted its panel (nil: no panel drawn): the window does not scroll
  /// back a panel whose lines all fit, nor further back than a panel's worth.
  public internal(set) var transcriptFit: SceneRenderer.TranscriptFit?

  /// No frame drawn yet: nothing to act on.
  public init() {}

  /// The card at `point` (scene points), if any: the one drawn last is on top.
  public func card(at point: CanvasPoint) -> CardHit? {
    cards.last { $0.frame.holds(point) }?.hit
  }

  /// What a click at `point` (frame points) in the inspector does, if anything.
  public func inspectorTarget(at point: CanvasPoint) -> InspectorTarget? {
    inspectorRows.last { $0.rect.holds(point) }?.target
  }
}

extension CanvasRect {
  /// Whether `point` is inside, its left and top edges included and its right and bottom ones
  /// not (so two rectangles side by side never both hold a point).
  fileprivate func holds(_ point: CanvasPoint) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
