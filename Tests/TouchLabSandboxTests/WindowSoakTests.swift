import Foundation
import TouchLabTestSupport
import XCTest

/// `touchlab` on the playground under Xvfb, fed random input through XTest (xdotool) for a
/// while: taps, drags, flicks, holds that let the timers fire, Alt-drags (two fingers),
/// resize storms, and the overlay, clear and reload keys. At the end the process must be
/// alive and answering, with nothing on standard error, and its resident memory must not
/// have grown past a small margin since the warm-up.
///
/// 48 xdotool runs of input in the suite (about 20 s on an idle machine): a count, not a
/// time, so a busy machine sends the same input, and the warm-up is the first half of it.
/// `TOUCHLAB_SOAK_SECONDS=600` runs for ten minutes instead, its warm-up a time too
/// (docs/HARDENING.md has its figures); `TOUCHLAB_SOAK_SEED` picks other random input;
/// `TOUCHLAB_EXECUTABLE=PATH` storms another build (the release build users install:
/// docs/PERFORMANCE.md).
final class WindowSoakTests: XCTestCase {
  static let defaultBatches = 48
  /// How much resident memory may grow from the end of the warm-up to the last input.
  static let memoryMarginKilobytes = 4_096

  var server: XvfbServer!
  var xdotool: XDoTool!
  var touchlab: TouchLabProcess!
  var transcriptURL: URL { touchlab.folder.appendingPathComponent("transcript.txt") }

  override func tearDown() {
    touchlab?.stop()
    touchlab = nil
    server?.stop()
  }

  func testTheWindowSurvivesRandomInputWithItsMemoryBounded() throws {
    let environment = ProcessInfo.processInfo.environment
    let seconds = environment["TOUCHLAB_SOAK_SECONDS"].flatMap(Double.init)
    let seed = environment["TOUCHLAB_SOAK_SEED"].flatMap(UInt64.init) ?? 2024
    // The warm-up lets the bounded caches fill (two generations of 1,024 text layouts, the
    // damage recordings, the malloc arenas): half the suite's runs, the first minute of a
    // long storm. A quarter of the suite's (5 s) left them filling, 2.0–5.0 MB after it.
    let warmUp = min(60, max(5, (seconds ?? 0) / 2))
    let warmUpRuns = Self.defaultBatches / 2

    server = try XvfbServer.shared(width: 1600, height: 1200)
    xdotool = try XDoTool(display: server.displayName)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-soak-\(UUID().uuidString)")
    touchlab = try TouchLabProcess(
      ["--transcript", folder.appendingPathComponent("transcript.txt").path], display: server.displayName,
      folder: folder)
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "TouchLab playground", of: touchlab), "no window; stderr: \(touchlab.errors)")
    let size = try windowSize(window)
    // One screenshot first, so that what encoding a PNG costs is in the baseline: the
    // screenshot key is how the end finds out that the window has caught up.
    var screenshots = 0
    try screenshot(window, count: &screenshots)
    let startMemory = try XCTUnwrap(touchlab.residentKilobytes)

    var input = RandomInput(window: window, size: size, seed: seed)
    let start = Date()
    var warmMemory: Int?
    var lastMemory = startMemory
    var peakMemory = startMemory
    var runs = 0
    while seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (runs < Self.defaultBatches) {
      try xdotool.run(input.nextBatch())
      runs += 1
      guard let memory = touchlab.residentKilobytes else {
        return XCTFail("touchlab ended after \(input.eventCount) events; stderr: \(touchlab.errors)")
      }
      peakMemory = max(peakMemory, memory)
      lastMemory = memory
      let warm = seconds == nil ? runs >= warmUpRuns : Date().timeIntervalSince(start) >= warmUp
      if warmMemory == nil, warm { warmMemory = memory }
    }
    let duration = Date().timeIntervalSince(start)

    // Every button and modifier up, the window at its size; once the screenshot after
    // them is saved, the window has handled everything sent before.
    try xdotool.run(["mouseup", "1", "keyup", "alt", "windowsize", "--sync", window, "\(size.width)", "\(size.height)"])
    try screenshot(window, count: &screenshots)
    let endMemory = try XCTUnwrap(touchlab.residentKilobytes)
    let warm = try XCTUnwrap(warmMemory)

    // Still answering: after a reload, a tap on the blue view is in the transcript.
    let blueTaps = { lines(of: self.transcriptURL).filter { $0.hasSuffix("] blue tapped") }.count }
    let before = blueTaps()
    try xdotool.key("r", window: window)
    try xdotool.click(290, 150)
    XCTAssertTrue(eventually { blueTaps() == before + 1 }, "stderr: \(touchlab.errors)")

    let warmUpText = seconds == nil ? "\(warmUpRuns) runs" : String(format: "%.0f s", warmUp)
    let report =
      String(
        format: "touchlab soak: %.1f s, %d input events in %d xdotool runs (seed %llu); resident memory %d kB "
          + "at the start, %d kB after the warm-up", duration, input.eventCount, runs, seed, startMemory, warm)
      + " (\(warmUpText)), "
      + String(
        format: "%d kB after the last input (peak %d kB), %d kB after the closing screenshot", lastMemory,
        peakMemory, endMemory)
    print(report)
    // Growth is measured between two samples taken the same way, in the storm: the closing
    // screenshot (a whole frame drawn and encoded) is not part of the warm sample.
    XCTAssertLessThanOrEqual(lastMemory - warm, Self.memoryMarginKilobytes, report)
    XCTAssertTrue(touchlab.process.isRunning)
    XCTAssertEqual(touchlab.errors, "")
    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0)
  }

  /// Presses S and waits for the window to say where it saved the screenshot.
  func screenshot(_ window: String, count: inout Int) throws {
    try xdotool.key("s", window: window)
    count += 1
    let saved = count
    XCTAssertTrue(
      eventually { self.touchlab.output.components(separatedBy: "saved screenshot").count - 1 == saved },
      "stdout: \(touchlab.output); stderr: \(touchlab.errors)")
  }

  func windowSize(_ window: String) throws -> (width: Int, height: Int) {
    let shell = try xdotool.run(["getwindowgeometry", "--shell", window])
    var values: [String: Int] = [:]
    for line in shell.split(separator: "\n") {
      let parts = line.split(separator: "=")
      if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
    }
    return (try XCTUnwrap(values["WIDTH"], shell), try XCTUnwrap(values["HEIGHT"], shell))
  }
}

/// The soak's random input, as xdotool command lines: gestures, keys and resize storms, each
/// ending with the buttons and modifiers it pressed released.
struct RandomInput {
  let window: String
  let size: (width: Int, height: Int)
  var random: SeededRandom
  /// Pointer moves, button presses and releases, key presses and resizes sent so far.
  private(set) var eventCount = 0

  init(window: String, size: (width: Int, height: Int), seed: UInt64) {
    self.window = window
    self.size = size
    random = SeededRandom(seed: seed)
  }

  /// A point in or a little beyond the window (the panel, the root window).
  mutating func point() -> [String] {
    let x = Int.random(in: 0..<(size.width + 40), using: &random)
    let y = Int.random(in: 0..<(size.height + 40), using: &random)
    return ["\(x)", "\(y)"]
  }

  /// A drag of `steps` moves from a random point, `stride` pixels at most per move.
  mutating func drag(steps: Int, stride: Int) -> [String] {
    let start = point()
    var x = Int(start[0])!
    var y = Int(start[1])!
    var arguments = ["mousemove"] + start + ["mousedown", "1"]
    for _ in 0..<steps {
      x = max(0, x + Int.random(in: -stride...stride, using: &random))
      y = max(0, y + Int.random(in: -stride...stride, using: &random))
      arguments += ["mousemove", "\(x)", "\(y)"]
    }
    eventCount += steps + 3
    return arguments + ["mouseup", "1"]
  }

  /// A few gestures for one xdotool run (starting a process costs more than the gestures).
  mutating func nextBatch() -> [String] {
    (0..<5).flatMap { _ in nextGesture() }
  }

  mutating func nextGesture() -> [String] {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<30:  // a tap
      eventCount += 3
      return ["mousemove"] + point() + ["click", "1"]
    case 30..<55:  // a drag
      return drag(steps: Int.random(in: 3...20, using: &random), stride: 15)
    case 55..<63:  // a flick: few, long moves
      return drag(steps: Int.random(in: 2...4, using: &random), stride: 120)
    case 63..<71:  // a hold: the scroll view's 0.15 s, the long press's 0.5 s, the tap's 0.75 s
      let seconds = Double(Int.random(in: 10...90, using: &random)) / 100
      eventCount += 3
      return ["mousemove"] + point() + ["mousedown", "1", "sleep", "\(seconds)", "mouseup", "1"]
    case 71..<79:  // two fingers: Alt and a drag
      eventCount += 2
      return ["keydown", "alt"] + drag(steps: Int.random(in: 3...12, using: &random), stride: 20) + ["keyup", "alt"]
    case 79..<87:  // a resize storm, then back to the frame's size
      var arguments: [String] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let width = Int.random(in: 1...1500, using: &random)
        let height = Int.random(in: 1...1100, using: &random)
        arguments += ["windowsize", window, "\(width)", "\(height)"]
        eventCount += 1
      }
      eventCount += 1
      return arguments + ["windowsize", window, "\(size.width)", "\(size.height)"]
    case 87..<93:
      eventCount += 1
      return ["key", "--window", window, "o"]  // the overlay off or on
    case 93..<98:
      eventCount += 1
      return ["key", "--window", window, "c"]  // clear the log
    default:
      eventCount += 1
      return ["key", "--window", window, "r"]  // reload
    }
  }
}
