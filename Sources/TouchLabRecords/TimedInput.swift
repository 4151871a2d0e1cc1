import Foundation
import TouchLabEngine

/// One live touch event, as its input record has it: the touches that changed, at `time`
/// (what a review of live touches plays again, `LiveTouchHistory.inputs`).
public struct TimedInput: Equatable, Sendable {
  public var time: TimeInterval
  public var samples: [TouchSample]

  public init(time: TimeInterval, samples: [TouchSample]) {
    self.time = time
    self.samples = samples
  }
}
