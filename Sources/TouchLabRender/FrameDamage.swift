import TouchLabCanvas

/// What `SceneRenderer.damage(for:…)` found of one frame: where it differs from the frame
/// drawn last, and what drawing those rectangles needs of the noting — handed to
/// `SceneRenderer.draw(_:on:within:of:shouldStop:)` rather than kept in the renderer, so a
/// drawing reads only what it is given.
public struct FrameDamage {
  /// Where the frame differs, in pixels: drawn at once or pass by pass
  /// (`FrameDamageTracker.passes`).
  public let rects: [DamageRect]
  /// Where each part of the frame draws, in pixels (nil: not known, every part is drawn): a
  /// part none of whose drawing reaches a rectangle is not run for it.
  let partBounds: [FramePart: DamageRect]?
  /// The views kept drawn, brought up to date and then copied by the drawing (nil: the views
  /// are drawn).
  let keptViews: KeptViews?
  /// What the pointer can act on in the frame noted, as it will be drawn (empty when the
  /// frame could not be noted: nothing to act on until one is).
  public let targets: FrameTargets
}
