import CX11
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private Xvfb server for one test, on a display number of its own.
///
/// Xvfb picks a free display number itself (-displayfd) and writes it once
/// it accepts connections, so there is no guessing at free numbers and no
/// race with other test runs; the test then confirms with XOpenDisplay.
/// When Xvfb is not installed or cannot start, the test is skipped.
public final class XvfbServer {
  public let displayName: String
  private let process: Process
  private let logURL: URL
  /// The server's process (a test stops it with SIGSTOP to play a server that has not run yet).
  public var processIdentifier: Int32 { process.processIdentifier }

  public static let installHint = "install it with `apt-get install xvfb` to run the X11 integration tests"

  public init(width: Int = 640, height: Int = 480) throws {
    guard let executable = XvfbServer.findExecutable("Xvfb") else {
      throw TestServerUnavailable("Xvfb is not installed; \(XvfbServer.installHint)")
    }
    logURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "touchlab-xvfb-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
    let readyPipe = Pipe()
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [
      "-displayfd", "1", "-nolisten", "tcp", "-noreset",
      "-screen", "0", "\(width)x\(height)x24",
    ]
    process.standardOutput = readyPipe
    process.standardError = try FileHandle(forWritingTo: logURL)
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw TestServerUnavailable("Xvfb could not be started (\(error))")
    }

    // Wait for the display number, at most 10 s: this waits for the server,
    // it does not pause the test's logic.
    let reader = readyPipe.fileHandleForReading.fileDescriptor
    var number = ""
    let deadline = Date().addingTimeInterval(10)
    while !number.hasSuffix("\n"), Date() < deadline {
      var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) >= 0 else { break }
      if descriptor.revents == 0 { continue }
      var byte: UInt8 = 0
      guard read(reader, &byte, 1) == 1 else { break }
      number.append(Character(UnicodeScalar(byte)))
    }
    let trimmed = number.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, Int(trimmed) != nil else {
      process.terminate()
      process.waitUntilExit()
      let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
      throw TestServerUnavailable("Xvfb did not start: \(log.suffix(400))")
    }
    displayName = ":\(trimmed)"

    // Bounded retries in case the socket lags the announcement.
    for attempt in 0..<20 {
      if let display = XOpenDisplay(displayName) {
        XCloseDisplay(display)
        return
      }
      var none = pollfd(fd: -1, events: 0, revents: 0)
      _ = poll(&none, 0, Int32(10 * (attempt + 1)))
    }
    stop()
    throw TestServerUnavailable("Xvfb announced \(displayName) but XOpenDisplay failed")
  }

  deinit {
    shutDown()
  }

  /// Whether the server process is still running.
  public var isRunning: Bool { process.isRunning }

  /// Whether this is one of the servers `shared(width:height:)` hands out, which outlive a
  /// test: `stop()` leaves it running and `kill()` refuses it.
  public private(set) var isShared = false

  /// Stops the server (idempotent); does nothing to a shared server, which stops when the test
  /// process exits.
  public func stop() {
    guard !isShared else { return }
    shutDown()
  }

  private func shutDown() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: logURL)
  }

  /// Kills the server outright (SIGKILL: no goodbye to its clients, as when it crashes),
  /// then removes the lock file and socket it had no chance to remove.
  public func kill() {
    precondition(!isShared, "a shared Xvfb server must not be killed: start a private one")
    if process.isRunning {
      Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    let number = displayName.dropFirst()
    try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    stop()
  }

  /// The servers `shared(width:height:)` started, one per screen size.
  private static var sharedServers: [String: XvfbServer] = [:]
  private static let sharedLock = NSLock()

  /// A server of this screen size shared by every test of this process that asks for one:
  /// started on the first request, started again if it died, stopped when the process exits.
  /// Starting Xvfb costs a good part of a window test's time; a test that needs a server of
  /// its own (one it stops, kills or loses the connection to) calls `init` instead.
  ///
  /// Each request leaves the server as a fresh one starts (`reset`). Tests share the screen one after another (XCTest runs them in turn), so a test
  /// must find its own window by its process (`_NET_WM_PID`), never as the only window.
  public static func shared(width: Int = 640, height: Int = 480) throws -> XvfbServer {
    // TOUCHLAB_TEST_PRIVATE_XVFB=1: a server of its own for every test, as before servers
    // were shared (to compare the time, or to rule the sharing out when a test fails).
    if ProcessInfo.processInfo.environment["TOUCHLAB_TEST_PRIVATE_XVFB"] == "1" {
      return try XvfbServer(width: width, height: height)
    }
    sharedLock.lock()
    defer { sharedLock.unlock() }
    let key = "\(width)x\(height)"
    if let server = sharedServers[key], server.isRunning {
      server.reset(width: width, height: height)
      return server
    }
    let server = try XvfbServer(width: width, height: height)
    if sharedServers.isEmpty {
      atexit { XvfbServer.stopSharedServers() }
    }
    server.isShared = true
    sharedServers[key] = server
    return server
  }

  /// Stops every shared server (at process exit).
  private static func stopSharedServers() {
    sharedLock.lock()
    let servers = sharedServers.values
    sharedServers = [:]
    sharedLock.unlock()
    for server in servers { server.shutDown() }
  }

  /// Puts back what a test may have changed and a fresh server has otherwise: the pointer at
  /// the centre of the screen, the focus following it (PointerRoot), no X resources on the
  /// root window (`xrdb`'s RESOURCE_MANAGER, which sets the window's scale).
  private func reset(width: Int, height: Int) {
    guard let display = XOpenDisplay(displayName) else { return }
    let root = XDefaultRootWindow(display)
    XWarpPointer(display, 0, root, 0, 0, 0, 0, Int32(width / 2), Int32(height / 2))
    XSetInputFocus(display, Window(PointerRoot), Int32(PointerRoot), UInt(CurrentTime))
    XDeleteProperty(display, root, XInternAtom(display, "RESOURCE_MANAGER", 0))
    XSync(display, 0)
    XCloseDisplay(display)
  }

  public static func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// Runs a program to completion and returns its exit status and output.
@discardableResult
public func runProgram(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
  throws -> (
    status: Int32, output: String
  )
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
