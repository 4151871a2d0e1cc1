import Foundation
import TouchLabCanvas
import TouchLabRender
import TouchLabX11

/// The window's controls of a play: the playback keys, the mouse on the strip, and the
/// lines passed that go to the transcript file.
extension ScenarioPlayback {
  /// Carries out a playback key (Space, `.`, `,`, `[`, `]`) at `realTime`; false for another
  /// command.
  func perform(_ command: SandboxCommand, realTime: Double) -> Bool {
    switch command {
    case .playPause: togglePlaying(realTime: realTime)
    case .stepForward: step(forward: true, realTime: realTime)
    case .stepBackward: step(forward: false, realTime: realTime)
    case .slower: changeSpeed(by: 0.5, realTime: realTime)
    case .faster: changeSpeed(by: 2, realTime: realTime)
    default: return false
    }
    return true
  }

  /// Tab / Shift+Tab: the scenario `offset` places from `playing` in the file's order
  /// (`names`), live counting as the place before the first (nil: live).
  static func neighbour(of playing: String?, in names: [String], offset: Int) -> String? {
    guard !names.isEmpty else { return nil }
    // Places: 0 is live, 1...count the scenarios.
    let current = playing.flatMap { names.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    let place = ((current + offset) % (names.count + 1) + names.count + 1) % (names.count + 1)
    return place == 0 ? nil : names[place - 1]
  }

  /// The mouse at `point` (frame points) with the strip at `rect`: a left click on the strip
  /// starts scrubbing, moves with the button held scrub, the release ends it. Returns whether
  /// the time shown moved.
  func follow(_ pointer: PointerInput, at point: CanvasPoint, stripRect rect: CanvasRect, realTime: Double) -> Bool {
    switch pointer.phase {
    case .down:
      guard pointer.button == 1, point.x >= rect.minX, point.x < rect.maxX, point.y >= rect.minY, point.y < rect.maxY
      else { return false }
      isScrubbing = true
    case .moved:
      guard isScrubbing, pointer.pressedButtons.contains(1) else {
        isScrubbing = false
        return false
      }
    case .up:
      guard isScrubbing, pointer.button == 1 else { return false }
      isScrubbing = false
    }
    scrub(to: strip.time(atX: point.x - rect.minX, width: rect.width), realTime: realTime)
    return true
  }

  /// The transcript lines the play has passed for the first time by `time` (each is given
  /// once).
  func takeNewTranscriptLines(upTo time: TimeInterval) -> ArraySlice<String> {
    let count = lineCount(upTo: time)
    guard count > writtenLineCount else { return [] }
    defer { writtenLineCount = count }
    return transcript(lines: writtenLineCount..<count)[...]
  }
}
