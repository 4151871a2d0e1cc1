import CX11
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real Xorg server with a virtual touch screen, for end-to-end XI2
/// multi-touch tests.
///
/// Xorg runs with the `dummy` video driver (no hardware) and one input
/// device driven by `inputtest`, an input driver shipped in Debian's
/// xserver-xorg-core that reads events from a Unix socket. The socket
/// protocol is xf86-input-inputtest-protocol.h from the X server's source:
/// native-endian C structs, each starting with a (length, type) header.
/// The client sends a ClientVersion and reads a ServerVersion; afterwards
/// it sends events, and WaitForSync, answered by SyncFinished once the
/// server has fully processed every event sent before it.
///
/// Xorg needs root here (it opens the console's input and output); the
/// tests are skipped when not root, or when Xorg, the dummy video driver
/// or the inputtest driver are missing.
public final class InputTestServer {
  /// Screen size in pixels (the dummy driver's virtual screen).
  public let width: Int
  public let height: Int
  public let displayName: String
  /// The touch screen's XI2 device name (its xorg.conf identifier).
  public static let deviceName = "touchlab touchscreen"
  private let process: Process
  private let folder: URL
  private let socketPath: String
  private var socket: Int32 = -1

  public static let xorgModules = "/usr/lib/xorg/modules"
  public static let packagesHint = "apt-get install xserver-xorg-core xserver-xorg-video-dummy"

  public init(width: Int = 1024, height: Int = 768, touchCount: Int = 10) throws {
    guard geteuid() == 0 else {
      throw TestServerUnavailable("Xorg with the inputtest driver needs root; skipping the real multi-touch test")
    }
    guard let xorg = XvfbServer.findExecutable("Xorg") else {
      throw TestServerUnavailable("Xorg is not installed (\(InputTestServer.packagesHint))")
    }
    for driver in ["input/inputtest_drv.so", "drivers/dummy_drv.so"] {
      guard FileManager.default.fileExists(atPath: "\(InputTestServer.xorgModules)/\(driver)")
      else {
        throw TestServerUnavailable("Xorg's \(driver) is missing (\(InputTestServer.packagesHint))")
      }
    }
    self.width = width
    self.height = height
    // A short folder name: Unix socket paths are limited to 107 bytes.
    folder = URL(
      fileURLWithPath: "/tmp/touchlab-xorg-\(getpid())-\(UInt16.random(in: 0...UInt16.max))")
    let emptyConfigFolder = folder.appendingPathComponent("conf.d")
    try FileManager.default.createDirectory(
      at: emptyConfigFolder, withIntermediateDirectories: true)
    socketPath = folder.appendingPathComponent("touch.sock").path
    let configURL = folder.appendingPathComponent("xorg.conf")
    try InputTestServer.configuration(
      width: width, height: height, socketPath: socketPath, touchCount: touchCount
    ).write(to: configURL, atomically: true, encoding: .utf8)

    let ready = Pipe()
    process = Process()
    process.executableURL = URL(fileURLWithPath: xorg)
    process.arguments = [
      "-displayfd", "1", "-config", configURL.path, "-configdir", emptyConfigFolder.path,
      "-logfile", folder.appendingPathComponent("Xorg.log").path,
      "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts",
    ]
    process.standardOutput = ready
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw TestServerUnavailable("Xorg could not be started: \(error)")
    }
    guard
      let number = InputTestServer.readLine(
        from: ready.fileHandleForReading.fileDescriptor, timeout: 20),
      Int(number) != nil
    else {
      let log = InputTestServer.errorLines(inLogAt: folder)
      process.terminate()
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: folder)
      throw TestServerUnavailable("Xorg did not start; errors from its log:\n\(log)")
    }
    displayName = ":\(number)"
    do {
      try connect(to: socketPath)
    } catch {
      stop()
      throw error
    }
  }

  deinit {
    stop()
  }

  /// The xorg.conf: a dummy screen and one inputtest touch screen. Core
  /// pointer and keyboard are left to Xorg's built-in placeholders.
  static func configuration(width: Int, height: Int, socketPath: String, touchCount: Int) -> String {
    """
    Section "ServerFlags"
      Option "AutoAddDevices" "false"
      Option "AutoAddGPU" "false"
      Option "DontVTSwitch" "true"
      Option "AllowMouseOpenFail" "true"
      Option "BlankTime" "0"
      Option "StandbyTime" "0"
      Option "SuspendTime" "0"
      Option "OffTime" "0"
    EndSection
    Section "Device"
      Identifier "dummy"
      Driver "dummy"
      VideoRam 65536
    EndSection
    Section "Monitor"
      Identifier "monitor"
      HorizSync 5.0-1000.0
      VertRefresh 5.0-200.0
    EndSection
    Section "Screen"
      Identifier "screen"
      Device "dummy"
      Monitor "monitor"
      DefaultDepth 24
      SubSection "Display"
        Depth 24
        Virtual \(width) \(height)
      EndSubSection
    EndSection
    Section "InputDevice"
      Identifier "\(deviceName)"
      Driver "inputtest"
      Option "DeviceType" "Touch"
      Option "SocketPath" "\(socketPath)"
      Option "TouchCount" "\(touchCount)"
    EndSection
    Section "ServerLayout"
      Identifier "layout"
      Screen "screen"
      InputDevice "touchlab touchscreen"
    EndSection

    """
  }

  // MARK: - The inputtest protocol

  private enum EventType: UInt32 {
    case clientVersion = 0
    case waitForSync = 1
    case touch = 6
  }

  private enum ResponseType: UInt32 {
    case serverVersion = 0
    case syncFinished = 1
  }

  /// sizeof(xf86ITEventTouch): header 8, touchid 4, touch_type 4, then
  /// xf86ITValuatorData (has_unaccelerated 4, mask[8], 4 bytes of padding,
  /// valuators[64] and unaccelerated[64] as doubles).
  static let touchEventSize = 1056
  static let valuatorMaskOffset = 20
  static let valuatorsOffset = 32
  /// The touch screen's X and Y axes run from 0 to 0xFFFF over the screen.
  static let axisMaximum = 65535.0

  private func connect(to path: String) throws {
    let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else {
      throw InputTestError.socket("socket(): \(String(cString: strerror(errno)))")
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(descriptor)
      throw InputTestError.socket("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw InputTestError.socket("connect(\(path)): \(reason)")
    }
    socket = descriptor

    var version = header(length: 12, type: .clientVersion)
    append(UInt16(1), to: &version)  // XF86IT_PROTOCOL_VERSION_MAJOR
    append(UInt16(1), to: &version)  // XF86IT_PROTOCOL_VERSION_MINOR
    try send(version)
    let reply = try receive(12)
    guard reply.type == ResponseType.serverVersion.rawValue else {
      throw InputTestError.protocolError("expected ServerVersion, got response type \(reply.type)")
    }
  }

  /// Puts finger `id` (the driver's slot, 0..<touchCount) down at screen pixel (x, y).
  public func touchDown(id: UInt32, x: Double, y: Double) throws {
    try sendTouch(id: id, type: UInt32(XI_TouchBegin), x: x, y: y)
  }

  public func touchMove(id: UInt32, x: Double, y: Double) throws {
    try sendTouch(id: id, type: UInt32(XI_TouchUpdate), x: x, y: y)
  }

  public func touchUp(id: UInt32) throws {
    try sendTouch(id: id, type: UInt32(XI_TouchEnd), x: nil, y: nil)
  }

  /// Returns once Xorg has processed every event sent so far, so the X
  /// events they cause are on their way to the clients.
  public func sync() throws {
    try send(header(length: 8, type: .waitForSync))
    let reply = try receive(8)
    guard reply.type == ResponseType.syncFinished.rawValue else {
      throw InputTestError.protocolError("expected SyncFinished, got response type \(reply.type)")
    }
  }

  /// The axis value that the server maps to screen pixel `pixel` of `extent`.
  public static func axisValue(pixel: Double, extent: Int) -> Double {
    pixel * axisMaximum / Double(extent - 1)
  }

  private func sendTouch(id: UInt32, type: UInt32, x: Double?, y: Double?) throws {
    var message = header(length: UInt32(InputTestServer.touchEventSize), type: .touch)
    append(id, to: &message)
    append(type, to: &message)
    message += [UInt8](repeating: 0, count: InputTestServer.touchEventSize - message.count)
    if let x, let y {
      // Valuators 0 and 1 (MT position X and Y) present; no unaccelerated values.
      message[InputTestServer.valuatorMaskOffset] = 0b11
      put(
        InputTestServer.axisValue(pixel: x, extent: width), at: InputTestServer.valuatorsOffset,
        in: &message)
      put(
        InputTestServer.axisValue(pixel: y, extent: height),
        at: InputTestServer.valuatorsOffset + 8, in: &message)
    }
    try send(message)
  }

  private func header(length: UInt32, type: EventType) -> [UInt8] {
    var bytes: [UInt8] = []
    append(length, to: &bytes)
    append(type.rawValue, to: &bytes)
    return bytes
  }

  private func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value) { bytes += $0 }
  }

  private func put(_ value: Double, at offset: Int, in bytes: inout [UInt8]) {
    withUnsafeBytes(of: value) { raw in
      for index in 0..<8 { bytes[offset + index] = raw[index] }
    }
  }

  private func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        // MSG_NOSIGNAL: a socket Xorg closed is an error here, not a SIGPIPE that kills the tests.
        Glibc.send(socket, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        throw InputTestError.socket("write: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// Reads one response of `size` bytes, waiting at most 10 s for Xorg.
  private func receive(_ size: Int) throws -> (length: UInt32, type: UInt32) {
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 10_000) > 0 else {
        throw InputTestError.protocolError("no response from Xorg")
      }
      let count = bytes.withUnsafeMutableBytes {
        read(socket, $0.baseAddress! + offset, size - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw InputTestError.protocolError("Xorg closed the inputtest socket")
      }
      offset += count
    }
    let length = bytes.withUnsafeBytes { $0.load(fromByteOffset: 0, as: UInt32.self) }
    let type = bytes.withUnsafeBytes { $0.load(fromByteOffset: 4, as: UInt32.self) }
    guard Int(length) == size else {
      throw InputTestError.protocolError("response of \(length) bytes, expected \(size)")
    }
    return (length, type)
  }

  // MARK: - Unplugging

  /// Disables or enables the touch screen, as `xinput disable`/`enable` does (its XI
  /// property "Device Enabled"): to the clients, what unplugging it and plugging it back
  /// looks like (an XI_HierarchyChanged event, XISlaveDisabled or XISlaveEnabled). The
  /// driver closes its socket when the device is disabled and opens it again when it is
  /// enabled; enabling reconnects.
  public func setDeviceEnabled(_ enabled: Bool) throws {
    guard let display = XOpenDisplay(displayName) else {
      throw InputTestError.protocolError("cannot open \(displayName) to change the device")
    }
    defer { XCloseDisplay(display) }
    var major: Int32 = 2
    var minor: Int32 = 2
    guard XIQueryVersion(display, &major, &minor) == Success else {
      throw InputTestError.protocolError("\(displayName) has no XInput 2")
    }
    var count: Int32 = 0
    guard let devices = XIQueryDevice(display, XIAllDevices, &count) else {
      throw InputTestError.protocolError("XIQueryDevice failed")
    }
    defer { XIFreeDeviceInfo(devices) }
    let touchScreen = (0..<Int(count)).map { devices[$0] }.first { info in
      info.name.map { String(cString: $0) } == InputTestServer.deviceName
    }
    guard let touchScreen else {
      throw InputTestError.protocolError("no device named \(InputTestServer.deviceName)")
    }
    var value: UInt8 = enabled ? 1 : 0
    XIChangeProperty(
      display, touchScreen.deviceid, XInternAtom(display, "Device Enabled", 0),
      XInternAtom(display, "INTEGER", 0), 8, PropModeReplace, &value, 1)
    XSync(display, 0)
    guard enabled else { return }
    if socket >= 0 {
      close(socket)
      socket = -1
    }
    // The driver listens again once the server has enabled the device; wait for it, at most 10 s.
    var lastError: Error?
    for attempt in 0..<100 {
      do {
        return try connect(to: socketPath)
      } catch {
        lastError = error
        var none = pollfd(fd: -1, events: 0, revents: 0)
        _ = poll(&none, 0, Int32(min(10 * (attempt + 1), 200)))
      }
    }
    throw lastError ?? InputTestError.socket("cannot reconnect to \(socketPath)")
  }

  // MARK: - Lifetime

  public func stop() {
    if socket >= 0 {
      close(socket)
      socket = -1
    }
    stopProcess()
    try? FileManager.default.removeItem(at: folder)
  }

  private func stopProcess() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The (EE) lines of Xorg's log, which say why it did not start.
  static func errorLines(inLogAt folder: URL) -> String {
    let log =
      (try? String(contentsOf: folder.appendingPathComponent("Xorg.log"), encoding: .utf8))
      ?? "(no log)"
    return log.split(separator: "\n").filter { $0.contains("(EE)") }.suffix(10).joined(
      separator: "\n")
  }

  /// Reads one line (the display number Xorg announces), waiting at most `timeout` s.
  static func readLine(from descriptor: Int32, timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var line = ""
    while Date() < deadline {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) >= 0 else { return nil }
      if entry.revents == 0 { continue }
      var byte: UInt8 = 0
      guard read(descriptor, &byte, 1) == 1 else { return nil }
      if byte == UInt8(ascii: "\n") { return line }
      line.append(Character(UnicodeScalar(byte)))
    }
    return nil
  }
}

public enum InputTestError: Error, CustomStringConvertible {
  case socket(String)
  case protocolError(String)

  public var description: String {
    switch self {
    case .socket(let detail): return "inputtest socket: \(detail)"
    case .protocolError(let detail): return "inputtest protocol: \(detail)"
    }
  }
}
