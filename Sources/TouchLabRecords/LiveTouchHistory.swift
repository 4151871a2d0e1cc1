import Foundation
import TouchLabEngine

/// What Space's review of the live scene plays (`SandboxSession.reviewLiveTouches`): the
/// scene's records from the latest gesture's first touch on, and every touch input since
/// the scene was loaded, at its time, so that a review can play a fresh copy of the scene to
/// any moment. One per scene, following its recorder's records as they are made.
public final class LiveTouchHistory {
  /// The most records kept for a review (a long drag's moves beyond are not kept).
  public static let recordLimit = 20_000
  /// The most touch inputs since a scene's load that a review plays again to show the scene
  /// at a scrubbed time (each scrub to another record plays them all on a fresh copy: about
  /// 10 µs each, so a few tenths of a second at most); past it, a review draws the live scene.
  public static let inputLimit = 20_000

  /// The latest gesture's records (at most `recordLimit`).
  public private(set) var records: [DeliveryRecord] = []
  /// Every touch input since the scene was loaded (nil past `inputLimit`:
  /// too long a session to play again, a review shows the live scene).
  public private(set) var inputs: [TimedInput]? = []
  /// The touches down now: a touch beginning while none is starts a new gesture.
  private var touchesDown: Set<Int> = []

  /// A history of the touches `recorder` (a scene's) records from now on.
  public init(following recorder: DeliveryRecorder) {
    recorder.addObserver { [weak self] record in self?.take(record) }
  }

  private func take(_ record: DeliveryRecord) {
    if case .input(let samples) = record.event {
      if inputs != nil {
        if inputs!.count < Self.inputLimit {
          inputs!.append(TimedInput(time: record.time, samples: samples))
        } else {
          inputs = nil
        }
      }
      for sample in samples {
        switch sample.phase {
        case .began:
          if touchesDown.isEmpty { records.removeAll(keepingCapacity: true) }
          touchesDown.insert(sample.touch)
        case .ended, .cancelled: touchesDown.remove(sample.touch)
        default: break
        }
      }
    }
    if records.count < Self.recordLimit { records.append(record) }
  }
}
