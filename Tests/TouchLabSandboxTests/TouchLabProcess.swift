import Foundation
import TouchLabEncoding
import TouchLabRender
import TouchLabTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The built `touchlab` run as a user runs it, its output going to files the test polls.
///
/// Waiting is always for a condition (a line in a file, a window to appear, the process to
/// end) with a generous overall limit, never a fixed sleep whose length the test relies on.
final class TouchLabProcess {
  /// How long any wait may take before the test gives up: generous, for a loaded CI machine.
  static let patience: Double = 30

  let process = Process()
  /// The process's working folder (screenshots land here); removed at the end.
  let folder: URL
  let outputURL: URL
  let errorURL: URL

  /// The built `touchlab`, beside the test bundle in the build folder; or the one
  /// `TOUCHLAB_EXECUTABLE` names (the window soak against an installed-style release build,
  /// docs/PERFORMANCE.md).
  static var executable: URL? {
    if let path = ProcessInfo.processInfo.environment["TOUCHLAB_EXECUTABLE"], !path.isEmpty {
      return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    return TouchLabCommand.builtExecutable
  }

  /// Starts `touchlab ARGUMENTS` with DISPLAY set to `display` (nil: unset), in `folder`
  /// (its output files go there too) or in `workingDirectory` when given; `standardOutput`
  /// replaces the output file when given; `environment` adds to (or replaces) the test's.
  init(
    _ arguments: [String], display: String?, folder: URL? = nil, workingDirectory: URL? = nil,
    standardOutput: FileHandle? = nil, environment extraEnvironment: [String: String] = [:]
  ) throws {
    guard let executable = Self.executable else {
      throw XCTSkip("touchlab is not built beside the tests (run `swift build --build-tests`)")
    }
    self.folder =
      folder
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    outputURL = self.folder.appendingPathComponent("stdout.txt")
    errorURL = self.folder.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = workingDirectory ?? self.folder
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    environment.merge(extraEnvironment) { $1 }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
  /// Standard error without the line the window says once about real time
  /// (`realTimeLines`), which depends on the user and the machine.
  var errors: String {
    allErrors.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !Self.isRealTimeLine($0) }.joined(separator: "\n")
  }
  var allErrors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }
  /// The lines saying what the window got for its timers (TimerWakePriority.Source).
  var realTimeLines: [String] {
    allErrors.split(separator: "\n").filter { Self.isRealTimeLine($0) }.map(String.init)
  }
  static func isRealTimeLine(_ line: Substring) -> Bool {
    line.hasPrefix("touchlab: real time for timers: ") || line.hasPrefix("touchlab: no real time for timers")
  }

  /// The process's resident memory (VmRSS in /proc/PID/status), in kilobytes; nil once it ended.
  var residentKilobytes: Int? {
    guard process.isRunning,
      let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
  }

  /// Ends the process if it still runs (SIGTERM, this process only).
  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The exit status once the process ends by itself, or nil if it is still running at the limit.
  func waitForExit(timeout: Double = TouchLabProcess.patience) -> Int32? {
    guard eventually(timeout: timeout, { !self.process.isRunning }) else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
func eventually(timeout: Double = TouchLabProcess.patience, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    if condition() { return true }
    if Date() >= deadline { return false }
    usleep(20_000)
  }
}

/// Runs xdotool against a display.
struct XDoTool {
  let executable: String
  let display: String

  init(display: String) throws {
    guard let executable = XvfbServer.findExecutable("xdotool") else {
      throw XCTSkip("xdotool is not installed (apt-get install xdotool)")
    }
    self.executable = executable
    self.display = display
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let result = try runProgram(executable, arguments, environment: ["DISPLAY": display])
    guard result.status == 0 else {
      throw XDoToolError(arguments: arguments, output: result.output)
    }
    return result.output
  }

  /// The id of `touchlab`'s window whose title contains `title`, once it is mapped (waits).
  func waitForWindow(titled title: String, of touchlab: TouchLabProcess) -> String? {
    waitForWindow(titled: title, pid: touchlab.process.processIdentifier)
  }

  /// The id of the window of process `pid` (its `_NET_WM_PID`) whose title contains `title`
  /// (a regular expression; ASCII, as xdotool matches in the C locale), once it is mapped
  /// (waits). By its process, never as the only window: the server is shared with the tests
  /// before, whose windows may still be closing.
  func waitForWindow(titled title: String, pid: Int32) -> String? {
    var found: String?
    _ = eventually {
      let result = try? runProgram(
        executable, ["search", "--all", "--onlyvisible", "--pid", "\(pid)", "--name", title],
        environment: ["DISPLAY": display])
      found = result.flatMap { $0.status == 0 ? $0.output.split(separator: "\n").first.map(String.init) : nil }
      return found != nil
    }
    return found
  }

  /// A click of button 1 at a screen pixel (the window sits at the top-left corner: no
  /// window manager runs).
  func click(_ x: Int, _ y: Int) throws {
    try run(["mousemove", "--sync", "\(x)", "\(y)", "click", "1"])
  }

  /// A key press sent to the window itself (XSendEvent), whatever has the focus. Only the
  /// press: the sandbox acts on it, and after Q the window is gone before a release could go.
  func key(_ name: String, window: String) throws {
    try run(["keydown", "--window", window, name])
  }
}

struct XDoToolError: Error, CustomStringConvertible {
  var arguments: [String]
  var output: String
  var description: String { "xdotool \(arguments.joined(separator: " ")) failed: \(output)" }
}

/// Reads a file's lines, or none when it does not exist yet.
func lines(of url: URL) -> [String] {
  ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
}

/// A small random number generator that repeats itself for a seed (SplitMix64), so a test's
/// random input is the same on every run.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension XDoTool {
  /// Presses S in `window` and reads the `number`th screenshot `touchlab` reports saving;
  /// with `TOUCHLAB_KEEP_SHOTS=FOLDER` a copy is kept there as `name`.
  func screenshot(
    of touchlab: TouchLabProcess, window: String, number: Int, keepingAs name: String? = nil
  ) throws -> PNGImage {
    try key("s", window: window)
    var saved: [Substring] = []
    XCTAssertTrue(
      eventually {
        saved = touchlab.output.split(separator: "\n").filter { $0.contains("saved screenshot") }
        return saved.count >= number
      }, "stdout: \(touchlab.output)")
    let path = try XCTUnwrap(saved.last?.split(separator: " ").first { $0.hasSuffix(".png") }.map(String.init))
    if let name, let keep = ProcessInfo.processInfo.environment["TOUCHLAB_KEEP_SHOTS"] {
      try? FileManager.default.copyItem(atPath: path, toPath: (keep as NSString).appendingPathComponent(name))
    }
    return try PNGImage(contentsOf: URL(fileURLWithPath: path))
  }
}

/// An end-to-end test case: an Xvfb server (shared with the other tests of the process that
/// ask for one of its size, `XvfbServer.shared`), xdotool on it, and a scratch folder of
/// layouts, gone after each test.
class WindowTestCase: XCTestCase {
  var server: XvfbServer!
  var xdotool: XDoTool!
  var folder: URL!

  /// Takes a `width` × `height` X server (the shared one) and `folder` as the test's scratch
  /// folder.
  func start(width: Int, height: Int, folder: URL) throws {
    server = try XvfbServer.shared(width: width, height: height)
    xdotool = try XDoTool(display: server.displayName)
    self.folder = folder
  }

  /// A new empty scratch folder named after `name`.
  func emptyFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  override func tearDown() {
    server?.stop()
    if let folder { try? FileManager.default.removeItem(at: folder) }
    super.tearDown()
  }
}
