import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords

/// The live harness's drag on the playground's yellow view, the engine's side of it
/// (`touchlab-live`: a motion of 2 points every 8 ms, back and forth over 40 points): a finger
/// down, held 0.3 s, then one motion at each `next()`. The view logs no moves, so a frame that
/// shows a motion changes the finger's mark, its line and its card, not the panel.
public final class DragMotions {
  public let scene: Scene
  public let application: UIApplication
  /// The overlay following the scene's records, as the window's does.
  public let overlay: TouchOverlay
  private var motions = 0
  private let start = CGPoint(x: 101, y: 156)

  public init() {
    scene = BenchScenes.load("playground.yaml")
    application = scene.application
    overlay = TouchOverlay(application: application)
    application.clock.advance(to: application.clock.now + 0.5)
    application.sendTouches([TouchInput(finger: 1, phase: .began, location: start)])
    application.clock.advance(to: application.clock.now + 0.3)
  }

  /// The next motion, 8 ms after the one before.
  public func next() {
    let step = motions % 40 < 20 ? motions % 20 : 20 - motions % 20
    motions += 1
    application.clock.advance(to: application.clock.now + 0.008)
    application.sendTouches([
      TouchInput(finger: 1, phase: .moved, location: CGPoint(x: start.x + Double(step * 2), y: start.y + 1))
    ])
  }
}
