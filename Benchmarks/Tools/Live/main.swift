import CXBench
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Figures 5 and 6 of docs/PERFORMANCE.md: the live window under Xvfb, driven by XTest.
//
//   touchlab-live --touchlab PATH --layout FILE [--tile X,Y] [--view X,Y] [--timer-line TEXT]
//                 [--presses "X,Y,HOLD,REST;…"] [--trials N] [--moves N] [--scale N] [--label NAME]
//                 [--user NAME] [--floor PATH] [--xvfb-fifo PRIORITY]
//
// It starts its own Xvfb, runs `touchlab open FILE --scale N --transcript T.jsonl`, and watches
// two things from outside: the window's damage (XDamage: a frame reached the X server) and the
// transcript file (inotify: a record was written). Figures (named LABEL.…, LABEL "live"):
//   live.startup.first-frame  from starting the process to the first frame's pixels on the window
//   live.startup.step.*     when each step of the start-up ended, by the window's own note
//                           (TOUCHLAB_STARTUP_LOG): command-line, layout, theme, monitor,
//                           session, window, first-frame (sent)
//   live.rss.startup        VmRSS once the first frame is up and the window is idle
//   live.idle.cpu.startup   CPU time (all threads, /proc/PID/task/*/schedstat) over 5 s idle
//   live.input.latency.*    XTest motion sent (finger down on --view) → the next frame's damage
//   live.drag.latency.*     a continuous drag (a motion every 8 ms, not waiting for frames):
//                           each motion to the frame that shows it (the window's
//                           TOUCHLAB_FRAME_LOG); .next-frame.*: to the first frame after it
//   live.drag.frame-cpu.*   the CPU time of each frame of that drag that shows a new motion: the
//                           window's loop thread's, since the frame before (TOUCHLAB_FRAME_LOG)
//   live.timer.error.*      a press on --tile: when the line the scroll view's 0.15 s timer
//                           prints reached the file, against when it was due (seen from outside)
//   live.timer.lateness.*   the same timers as the window's own .jsonl records have them:
//                           `time - deadline`, to the microsecond
//   live.idle.cpu.after     CPU time over 5 s idle after all that input, once the last card has faded
//   live.timers.PURPOSE.*   every engine timer that fired in the run, by purpose (the window's
//                           own .jsonl `fired` records): count, and lateness `time - due`
//   live.startup.floor      with --floor PATH (Benchmarks/Tools/Floor/floor.c): the same start
//                           to first frame for a bare Xlib + Cairo program opening a window of
//                           TouchLab's size with one frame of text, started as touchlab was,
//                           once touchlab has ended; .floor-ratio: first-frame over floor
// Prints `NAME NA UNIT` lines, with the reason on standard error, when `touchlab open` is
// missing or no X server can be started.

// MARK: Arguments

var options: [String: String] = [:]
do {
  var arguments = CommandLine.arguments.dropFirst()
  while let flag = arguments.popFirst() {
    guard flag.hasPrefix("--"), let value = arguments.popFirst() else {
      FileHandle.standardError.write(Data("touchlab-live: bad argument \(flag)\n".utf8))
      exit(2)
    }
    options[String(flag.dropFirst(2))] = value
  }
}

func point(_ text: String?, _ fallback: (Double, Double)) -> (Double, Double) {
  guard let parts = text?.split(separator: ","), parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1])
  else { return fallback }
  return (x, y)
}

// Absolute: touchlab runs in a folder of its own (where a screenshot key would save).
let touchlabPath = URL(fileURLWithPath: options["touchlab"] ?? "touchlab").standardizedFileURL.path
let layoutPath = URL(fileURLWithPath: options["layout"] ?? "Layouts/playground.yaml").standardizedFileURL.path
// Defaults: the playground's tile1 (in the scroll view) and yellow view, in scene points.
let tilePoint = point(options["tile"], (195, 638))
let viewPoint = point(options["view"], (101, 156))
let timerLine = options["timer-line"] ?? "-[Tile touchesBegan:withEvent:]"
/// One press of the timer phase: where (scene points), how long the finger stays down, and
/// how long the harness waits after the lift.
struct Press {
  var point: (Double, Double)
  var hold: Double
  var rest: Double
}
/// `--presses "X,Y,HOLD,REST;…"`: the presses of each trial, in turn (every kind of timer:
/// Benchmarks/Layouts/timer-kinds.yaml); by default one press of 0.25 s on --tile.
let presses: [Press] = {
  guard let text = options["presses"] else { return [Press(point: tilePoint, hold: 0.25, rest: 0.3)] }
  return text.split(separator: ";").map { spec in
    let numbers = spec.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else {
      FileHandle.standardError.write(Data("touchlab-live: bad press \(spec) (X,Y,HOLD,REST)\n".utf8))
      exit(2)
    }
    return Press(point: (numbers[0], numbers[1]), hold: numbers[2], rest: numbers[3])
  }
}()
let trials = Int(options["trials"] ?? "") ?? 100
let moves = Int(options["moves"] ?? "") ?? 200
let scale = Double(options["scale"] ?? "") ?? 1
let label = options["label"] ?? "live"

let figureNames: [(String, String)] = [
  ("startup.first-frame", "ms"), ("rss.startup", "MB"), ("idle.cpu.startup", "ms"), ("input.latency.p50", "ms"),
  ("input.latency.p99", "ms"), ("drag.latency.p50", "ms"), ("drag.latency.p99", "ms"), ("drag.frame-cpu.p50", "ms"),
  ("drag.frame-cpu.p99", "ms"), ("timer.error.p50", "ms"),
  ("timer.error.p99", "ms"), ("timer.lateness.p50", "ms"), ("timer.lateness.p99", "ms"), ("timer.lateness.max", "ms"),
  ("idle.cpu.after", "ms"),
].map { ("\(label).\($0.0)", $0.1) }

func notAvailable(_ reason: String) -> Never {
  FileHandle.standardError.write(Data("touchlab-live: NA: \(reason)\n".utf8))
  for (name, unit) in figureNames { print("\(name) NA \(unit)") }
  exit(0)
}

func fail(_ reason: String) -> Never {
  FileHandle.standardError.write(Data("touchlab-live: error: \(reason)\n".utf8))
  exit(1)
}

// MARK: Time and processes

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// What a command prints on standard output (nil when it cannot run).
func output(of path: String, _ arguments: [String]) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

/// CPU time of every thread of `pid`, in seconds (the scheduler's nanosecond count).
func cpuSeconds(_ pid: Int32) -> Double? {
  guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
  var total = 0.0
  for task in tasks {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
      let first = text.split(separator: " ").first, let nanoseconds = Double(first)
    else { return nil }
    total += nanoseconds / 1e9
  }
  return total
}

/// The window's finer scheduler tick (`SchedulerTick`, made the first time its loop finds
/// the machine busy): how many of its threads (named `touchlab-tick`) there are, their CPU
/// time in seconds and how many times they ran (schedstat's first and third numbers); nil
/// when /proc cannot say.
func schedulerTick(_ pid: Int32) -> (threads: Int, cpu: Double, wakeUps: Int)? {
  guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
  var tick = (threads: 0, cpu: 0.0, wakeUps: 0)
  for task in tasks {
    guard let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8),
      name == "touchlab-tick\n",
      let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)
    else { continue }
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count >= 3, let nanoseconds = Double(fields[0]), let slices = Int(fields[2]) else { return nil }
    tick.threads += 1
    tick.cpu += nanoseconds / 1e9
    tick.wakeUps += slices
  }
  return tick
}

func residentMegabytes(_ pid: Int32) -> Double? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    if fields.count >= 2, let kilobytes = Double(fields[1]) { return kilobytes / 1024 }
  }
  return nil
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
  return sorted[min(max(rank, 0), sorted.count - 1)]
}

func figure(_ name: String, _ value: Double?, _ unit: String, digits: Int = 2) {
  guard let value, value.isFinite else {
    print("\(name) NA \(unit)")
    return
  }
  print("\(name) \(String(format: "%.\(digits)f", value)) \(unit)")
}

// MARK: Is there a window to measure?

guard FileManager.default.isExecutableFile(atPath: touchlabPath) else { notAvailable("no touchlab at \(touchlabPath)") }
// `touchlab --help` lists the subcommands under SUBCOMMANDS, one a line: "  open  …".
let help = output(of: touchlabPath, ["--help"]) ?? ""
let subcommands = help.components(separatedBy: "SUBCOMMANDS").dropFirst().joined()
if !subcommands.split(separator: "\n").contains(where: { $0.hasPrefix("  open ") || $0 == "  open" }) {
  notAvailable("`touchlab open` does not exist in this build (the live sandbox has not landed)")
}
guard let xvfbPath = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
else { notAvailable("no Xvfb (apt-get install xvfb)") }

// MARK: Xvfb

// --xvfb-fifo N: the X server at SCHED_FIFO N, as a desktop's compositor gets real time from
// RealtimeKit — a diagnostic (docs/PERFORMANCE.md, "Where a loaded drag's lateness comes
// from"): how much of a loaded drag's lateness is the server's own waiting. Needs root.
let xvfbPriority: Int32? = options["xvfb-fifo"].map { text in
  guard let priority = Int32(text), (1...99).contains(priority) else {
    fail("--xvfb-fifo wants a priority from 1 to 99, not \(text)")
  }
  return priority
}
let xvfb = Process()
xvfb.executableURL = URL(fileURLWithPath: xvfbPath)
// Room for the window at scale 3 (2,310 pixels wide with the panel): on a smaller screen the
// window scales itself down to fit (issue 30) and the presses would miss their views.
xvfb.arguments = ["-displayfd", "1", "-screen", "0", "4096x4096x24", "-nolisten", "tcp", "-noreset"]
let displayPipe = Pipe()
xvfb.standardOutput = displayPipe
xvfb.standardError = FileHandle.nullDevice
do { try xvfb.run() } catch { notAvailable("cannot start Xvfb: \(error)") }
if let xvfbPriority {
  var parameters = sched_param(sched_priority: xvfbPriority)
  if sched_setscheduler(xvfb.processIdentifier, SCHED_FIFO, &parameters) != 0 {
    let reason = String(cString: strerror(errno))
    xvfb.terminate()
    fail("--xvfb-fifo: cannot give Xvfb SCHED_FIFO \(xvfbPriority): \(reason)")
  }
}
var displayNumber = ""
while !displayNumber.hasSuffix("\n") {
  let data = displayPipe.fileHandleForReading.availableData
  if data.isEmpty { notAvailable("Xvfb exited before it opened a display") }
  displayNumber += String(decoding: data, as: UTF8.self)
}
let displayName = ":" + displayNumber.trimmingCharacters(in: .whitespacesAndNewlines)
var children: [Process] = [xvfb]
func stopChildren() {
  for child in children.reversed() where child.isRunning {
    child.terminate()
    child.waitUntilExit()
  }
}
atexit { stopChildren() }

guard let display = XOpenDisplay(displayName) else { fail("cannot connect to Xvfb at \(displayName)") }
let root = XDefaultRootWindow(display)
var damageEventBase: Int32 = 0
var damageErrorBase: Int32 = 0
guard XDamageQueryExtension(display, &damageEventBase, &damageErrorBase) != 0 else {
  notAvailable("the X server has no DAMAGE extension")
}
var xtestEvent: Int32 = 0
var xtestError: Int32 = 0
var xtestMajor: Int32 = 0
var xtestMinor: Int32 = 0
guard XTestQueryExtension(display, &xtestEvent, &xtestError, &xtestMajor, &xtestMinor) != 0 else {
  notAvailable("the X server has no XTEST extension")
}

// MARK: touchlab open

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-live-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
atexit { try? FileManager.default.removeItem(at: folder) }  // exit() skips top-level defers
let transcriptPath = folder.appendingPathComponent("transcript.jsonl").path
_ = FileManager.default.createFile(atPath: transcriptPath, contents: nil)
// The window's own note of each frame sent and the latest input it shows (TOUCHLAB_FRAME_LOG):
// the drag's motions are paired with the frames that show them.
let frameLogPath = folder.appendingPathComponent("frames.log").path
_ = FileManager.default.createFile(atPath: frameLogPath, contents: nil)
// The window's own note of each step of its start-up (TOUCHLAB_STARTUP_LOG): LABEL.startup.step.*.
let startUpLogPath = folder.appendingPathComponent("startup.log").path
_ = FileManager.default.createFile(atPath: startUpLogPath, contents: nil)
let logPath = folder.appendingPathComponent("touchlab.log").path
_ = FileManager.default.createFile(atPath: logPath, contents: nil)

// Told when a window is mapped (the window is waited for, not polled for).
XSelectInput(display, root, SubstructureNotifyMask)
XSync(display, 0)
let app = Process()
var environment = ProcessInfo.processInfo.environment
environment["DISPLAY"] = displayName
environment["TOUCHLAB_FRAME_LOG"] = frameLogPath
environment["TOUCHLAB_STARTUP_LOG"] = startUpLogPath
let touchlabArguments = ["open", layoutPath, "--scale", String(scale), "--transcript", transcriptPath]
if let user = options["user"] {
  // As an unprivileged user (`--user NAME`, run as root): `setpriv` takes the user's ids and
  // groups and executes touchlab in its own place, as a shell the user typed into would start
  // it (fork, exec) — not `runuser`, whose PAM session costs 6–8 ms before touchlab even starts
  // and is no part of a user's start-up. The transcript and the folder are the user's to write.
  guard let entry = getpwnam(user) else { fail("no user named \(user)") }
  let setpriv = "/usr/bin/setpriv"
  guard FileManager.default.isExecutableFile(atPath: setpriv) else { notAvailable("no \(setpriv) (util-linux)") }
  // No PAM session applies the user's limits: touchlab gets the harness's. Its real-time
  // priority limit made none, as a desktop user's by default, whatever root's is (the user
  // has no capabilities after the switch), so that the user's runs get no SCHED_FIFO.
  var noRealTime = rlimit(rlim_cur: 0, rlim_max: 0)
  guard setrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &noRealTime) == 0 else {
    fail("cannot lower RLIMIT_RTPRIO: \(String(cString: strerror(errno)))")
  }
  chmod(folder.path, 0o777)
  chmod(transcriptPath, 0o666)
  chmod(frameLogPath, 0o666)
  chmod(startUpLogPath, 0o666)
  environment["HOME"] = String(cString: entry.pointee.pw_dir)
  environment["SHELL"] = String(cString: entry.pointee.pw_shell)
  environment["USER"] = user
  environment["LOGNAME"] = user
  app.executableURL = URL(fileURLWithPath: setpriv)
  app.arguments =
    ["--reuid=\(entry.pointee.pw_uid)", "--regid=\(entry.pointee.pw_gid)", "--init-groups", "--", touchlabPath]
    + touchlabArguments
} else {
  app.executableURL = URL(fileURLWithPath: touchlabPath)
  app.arguments = touchlabArguments
}
app.environment = environment
app.currentDirectoryURL = folder
app.standardOutput = FileHandle(forWritingAtPath: logPath)
app.standardError = FileHandle(forWritingAtPath: logPath)
let spawned = now()
do { try app.run() } catch { fail("cannot start touchlab: \(error)") }
children.append(app)
/// The window's process (`setpriv` becomes touchlab: the same process).
let pid = app.processIdentifier

func appLog() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

/// Whether `candidate` is the window: its title starts with "TouchLab" and it is viewable.
func isTouchLabWindow(_ candidate: Window) -> Bool {
  // WM_NAME is STRING or COMPOUND_TEXT (XFetchName reads only the first); both begin
  // with "TouchLab" in ASCII.
  var name = XTextProperty()
  guard XGetWMName(display, candidate, &name) != 0, let value = name.value else { return false }
  defer { XFree(value) }
  let title = String(decoding: UnsafeBufferPointer(start: value, count: Int(name.nitems)), as: UTF8.self)
  var attributes = XWindowAttributes()
  XGetWindowAttributes(display, candidate, &attributes)
  return title.hasPrefix("TouchLab") && attributes.map_state == IsViewable
}

/// Reads every event the X connection holds, each handed to `handle`.
func drainX(_ handle: (XEvent) -> Void = { _ in }) {
  while XPending(display) > 0 {
    var event = XEvent()
    XNextEvent(display, &event)
    handle(event)
  }
}

/// Waits for the X connection to have something to read, at most `seconds`.
func waitForX(_ seconds: Double) {
  guard XPending(display) == 0 else { return }
  var fds = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)]
  _ = poll(&fds, 1, Int32(max(1, (seconds * 1000).rounded(.up))))
}

// The window and its first frame are waited for, not polled for: the server says when a
// window is mapped (SubstructureNotify on the root, selected before touchlab started) and
// when pixels reach it (DAMAGE). Round trips every millisecond would take CPU time and the X
// server's attention from the window being timed, on a machine of two cores.
var window: Window = 0
let startDeadline = now() + 60
while window == 0 {
  if !app.isRunning { fail("touchlab open exited with \(app.terminationStatus):\n\(appLog())") }
  if now() > startDeadline { fail("no TouchLab window appeared within 60 s:\n\(appLog())") }
  waitForX(0.1)
  drainX { event in
    if window == 0 && event.type == MapNotify && isTouchLabWindow(event.xmap.window) { window = event.xmap.window }
  }
}
XSelectInput(display, root, 0)
// The first frame: the window's background is black until touchlab puts a frame on it; the
// yellow view's pixel is not. Looked at when the window is found and after each damage.
func firstFramePixel() -> Bool {
  guard
    let image = XGetImage(
      display, window, Int32((viewPoint.0 * scale).rounded()), Int32((viewPoint.1 * scale).rounded()), 1, 1, UInt.max,
      ZPixmap)
  else { return false }
  defer { bench_destroy_image(image) }
  return bench_get_pixel(image, 0, 0) & 0xFFFFFF != 0
}
let firstDamage = XDamageCreate(display, window, Int32(XDamageReportRawRectangles))
XSync(display, 0)
var firstFrame: Double?
while firstFrame == nil && now() < startDeadline {
  if firstFramePixel() {
    firstFrame = now()
    break
  }
  if !app.isRunning { fail("touchlab open exited with \(app.terminationStatus):\n\(appLog())") }
  waitForX(0.1)
  drainX()
}
XDamageDestroy(display, firstDamage)
XSync(display, 0)
drainX()
/// TouchLab's window's size, in pixels: the floor program's window is made the same.
var windowAttributes = XWindowAttributes()
XGetWindowAttributes(display, window, &windowAttributes)
let damage = XDamageCreate(display, window, Int32(XDamageReportRawRectangles))
var originX: Int32 = 0
var originY: Int32 = 0
var childWindow: Window = 0
XTranslateCoordinates(display, window, root, 0, 0, &originX, &originY, &childWindow)
XSync(display, 0)

// MARK: Watching: damage events and transcript lines

let xFD = XConnectionNumber(display)
let inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
guard inotifyFD >= 0, inotify_add_watch(inotifyFD, transcriptPath, UInt32(IN_MODIFY)) >= 0 else {
  fail("cannot watch the transcript file")
}
let transcriptFD = open(transcriptPath, O_RDONLY | O_CLOEXEC)

struct Line {
  /// When the harness saw it.
  var wall: Double
  /// When the window wrote it (seconds since the scene loaded).
  var engine: Double
  /// When the timer that made it was due, for a timer's record.
  var deadline: Double?
  var text: String
}
var damageTimes: [Double] = []
var lines: [Line] = []
var pendingText = ""
/// Every engine timer that fired, by its purpose (the scroll view's delay, a tap's wait for
/// another, a long press, a failure time-out, a stepper's autorepeat…): how late it fired by
/// the window's own account, `time - due`, in ms.
var timerLatenessByPurpose: [String: [Double]] = [:]

func readTranscript(at wall: Double) {
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = read(transcriptFD, &buffer, buffer.count)
    guard count > 0 else { break }
    pendingText += String(decoding: buffer[0..<count], as: UTF8.self)
  }
  while let newline = pendingText.firstIndex(of: "\n") {
    let line = String(pendingText[..<newline])
    pendingText = String(pendingText[pendingText.index(after: newline)...])
    // {"time":0.150123,"due":0.150000,…,"line":"text"}; records with no line are skipped
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let time = object["time"] as? Double
    else { continue }
    if object["kind"] as? String == "timer", object["change"] as? String == "fired",
      let purpose = object["purpose"] as? String, let due = object["due"] as? Double
    {
      timerLatenessByPurpose[purpose, default: []].append((time - due) * 1000)
    }
    guard let text = object["line"] as? String else { continue }
    lines.append(Line(wall: wall, engine: time, deadline: object["due"] as? Double, text: text))
  }
}

/// Handles X events and transcript writes until `deadline` or until `stop` says so.
func pump(until deadline: Double, stop: () -> Bool = { false }) {
  var scratch = [UInt8](repeating: 0, count: 4096)
  while true {
    while XPending(display) > 0 {
      var event = XEvent()
      XNextEvent(display, &event)
      if event.type == damageEventBase + Int32(XDamageNotify) { damageTimes.append(now()) }
    }
    if stop() { return }
    let left = deadline - now()
    if left <= 0 { return }
    var fds = [
      pollfd(fd: xFD, events: Int16(POLLIN), revents: 0), pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, Int32(min((left * 1000).rounded(.up), 1000)))
    let wall = now()
    if ready > 0 && fds[1].revents != 0 {
      while read(inotifyFD, &scratch, scratch.count) > 0 {}
      readTranscript(at: wall)
    }
    if !app.isRunning { fail("touchlab open exited with \(app.terminationStatus) during the run:\n\(appLog())") }
  }
}

/// Waits until no frame has come for `quiet` seconds (at most `limit`); returns whether it did.
@discardableResult
func waitForQuiet(_ quiet: Double = 0.05, limit: Double = 2) -> Bool {
  let deadline = now() + limit
  while now() < deadline {
    let last = damageTimes.last ?? 0
    if now() - last >= quiet { return true }
    pump(until: min(deadline, last + quiet))
  }
  return false
}

func pixel(_ p: (Double, Double)) -> (Int32, Int32) {
  (originX + Int32((p.0 * scale).rounded()), originY + Int32((p.1 * scale).rounded()))
}

func moveMouse(_ p: (Int32, Int32)) {
  XTestFakeMotionEvent(display, 0, p.0, p.1, 0)
  XFlush(display)
}

func button(_ down: Bool) {
  XTestFakeButtonEvent(display, 1, down ? 1 : 0, 0)
  XFlush(display)
}

// MARK: Start-up: memory and idle CPU

pump(until: now() + 0.2)
if damageTimes.isEmpty { XClearArea(display, window, 0, 0, 1, 1, 1) }  // no frame yet seen: ask for one
pump(until: now() + 10, stop: { !damageTimes.isEmpty })
guard !damageTimes.isEmpty else { fail("the window drew no frame within 10 s:\n\(appLog())") }
waitForQuiet(0.5, limit: 5)
let rss = residentMegabytes(pid)

func idleCPU() -> Double? {
  guard let before = cpuSeconds(pid) else { return nil }
  let framesBefore = damageTimes.count
  pump(until: now() + 5)
  guard let after = cpuSeconds(pid) else { return nil }
  if damageTimes.count != framesBefore {
    FileHandle.standardError.write(
      Data("touchlab-live: note: \(damageTimes.count - framesBefore) frames while idle\n".utf8))
  }
  return (after - before) * 1000
}
let idleStartup = idleCPU()

// MARK: Input latency: finger down on the view, then moves, each measured to the next frame

let view = pixel(viewPoint)
moveMouse(view)
button(true)
pump(until: now() + 0.3)
var latencies: [Double] = []
var unquiet = 0
for i in 0..<moves {
  if !waitForQuiet(0.03, limit: 0.5) { unquiet += 1 }
  let framesBefore = damageTimes.count
  let dx = Int32((Double(i % 20 < 10 ? i % 10 : 10 - i % 10) * 3 * scale).rounded())
  let sent = now()
  moveMouse((view.0 + dx + 1, view.1 + 1))
  pump(until: sent + 0.5, stop: { damageTimes.count > framesBefore })
  if damageTimes.count > framesBefore { latencies.append(damageTimes[framesBefore] - sent) }
}
// A continuous drag: a motion every 8 ms (a 125 Hz mouse), whatever the frames do; each
// motion's latency is to the first frame that reaches the server after it.
/// Sends the drag's `moves` motions, 8 ms apart, left and right of `view`, handling what comes
/// meanwhile with `wait(until:)`; returns when each was sent.
func drag(waiting wait: (Double) -> Void) -> [Double] {
  var sent: [Double] = []
  for i in 0..<moves {
    let dx = Int32((Double(i % 40 < 20 ? i % 20 : 20 - i % 20) * 2 * scale).rounded())
    sent.append(now())
    moveMouse((view.0 + dx + 1, view.1 + 2))
    wait(sent[i] + 0.008)
  }
  wait(now() + 0.1)
  return sent
}
let dragFramesBefore = damageTimes.count
let dragSent = drag { pump(until: $0) }
let dragFrames = damageTimes[dragFramesBefore...]
// The first frame after each motion (what this figure was before the window's frame log)…
let dragLatenciesToNextFrame = dragSent.compactMap { sent in dragFrames.first { $0 > sent }.map { $0 - sent } }
// …and the frame that shows it: the first whose latest input is this motion or a later one,
// by the window's frame log (`SENT SHOWS` a line: when the frame was on the server, when the
// latest input it shows happened, the server's millisecond time mapped to the monotonic
// clock — so up to 1 ms early; the motions are 8 ms apart).
// A third field, when the window gives it: the loop thread's CPU time since the frame before.
let sentFrames: [(sent: Double, shows: Double, cpu: Double?)] = {
  guard let text = try? String(contentsOfFile: frameLogPath, encoding: .utf8) else { return [] }
  return text.split(separator: "\n").compactMap { line in
    let fields = line.split(separator: " ")
    guard fields.count >= 2, let sent = Double(fields[0]), let shows = Double(fields[1]) else { return nil }
    return (sent, shows, fields.count >= 3 ? Double(fields[2]) : nil)
  }
}()
// The CPU time of each frame of the drag that shows a new motion (its input handled, noted,
// drawn and sent): the loop thread's, since the frame before — whatever the machine's load,
// as the scheduler counts only the time the thread ran.
let dragFrameCPU: [Double] = {
  guard let first = dragSent.first else { return [] }
  var previousShows: Double?
  var values: [Double] = []
  for frame in sentFrames where frame.shows >= first - 0.0015 {
    defer { previousShows = frame.shows }
    guard let cpu = frame.cpu, let before = previousShows, frame.shows > before else { continue }
    values.append(cpu)
  }
  return values
}()
let dragLatencies: [Double] =
  sentFrames.isEmpty
  ? dragLatenciesToNextFrame
  : dragSent.compactMap { sent in sentFrames.first { $0.shows >= sent - 0.0015 }.map { $0.sent - sent } }
if sentFrames.isEmpty {
  FileHandle.standardError.write(
    Data("touchlab-live: note: no frame log from the window: drag latency is to the next frame\n".utf8))
} else if dragLatencies.count < dragSent.count {
  FileHandle.standardError.write(
    Data("touchlab-live: note: \(dragSent.count - dragLatencies.count) drag motions shown by no frame\n".utf8))
}
button(false)
pump(until: now() + 0.3)
if unquiet > 0 {
  FileHandle.standardError.write(
    Data("touchlab-live: note: \(unquiet) of \(moves) moves were sent while frames were still coming\n".utf8))
}
if latencies.count < moves {
  FileHandle.standardError.write(Data("touchlab-live: note: \(moves - latencies.count) moves drew no frame\n".utf8))
}

// MARK: Timer accuracy: presses on the tile; the scroll view lets touchesBegan through at 0.15 s
// (and, with --presses, on a view for each other kind of timer: every one that fires is in
// timerLatenessByPurpose)

let linesBefore = lines.count
for _ in 0..<trials {
  for press in presses {
    waitForQuiet(0.05, limit: 1)
    moveMouse(pixel(press.point))
    button(true)
    pump(until: now() + press.hold)
    button(false)
    pump(until: now() + press.rest)
  }
}
waitForQuiet(0.2, limit: 3)
pump(until: now() + 0.2)
let trialLines = lines[linesBefore...]
let timerLines = trialLines.filter { $0.text == timerLine }
let immediateLines = trialLines.filter { $0.text != timerLine }
// Engine time is seconds since the scene started; a line written the moment its input was
// handled gives that start on the harness's clock (the median, as stamps are rounded to 1 ms).
let start = percentile(immediateLines.map { $0.wall - $0.engine }, 50)
let timerErrors = timerLines.map { ($0.wall - ($0.deadline ?? $0.engine) - start) * 1000 }
// The window's own account: written at `time`, due at `due`.
let timerLateness = timerLines.compactMap { line in line.deadline.map { (line.engine - $0) * 1000 } }
// Why a timer was late: a frame reached the server between when it was due and its line
// (the loop was drawing), or none did (waking late: poll()'s millisecond, the scheduler).
if !timerErrors.isEmpty && !immediateLines.isEmpty {
  var lateBehindFrame: [Double] = []
  var lateOtherwise: [Double] = []
  for line in timerLines {
    let due = start + (line.deadline ?? line.engine)
    let error = (line.wall - due) * 1000
    if damageTimes.contains(where: { $0 > due && $0 < line.wall }) {
      lateBehindFrame.append(error)
    } else {
      lateOtherwise.append(error)
    }
  }
  func summary(_ values: [Double]) -> String {
    values.isEmpty
      ? "none"
      : "\(values.count), p50 \(String(format: "%.2f", percentile(values, 50))) ms, max \(String(format: "%.2f", percentile(values, 100))) ms"
  }
  // The same measure for lines written the moment their input was handled: how late this
  // harness (and the scheduler) sees a line that was not late at all; its spread is the
  // measurement's floor.
  let floor = immediateLines.map { ($0.wall - $0.engine - start) * 1000 }
  FileHandle.standardError.write(
    Data(
      ("touchlab-live: note: timer lines with a frame drawn while overdue: \(summary(lateBehindFrame)); "
        + "without: \(summary(lateOtherwise)); lines not late at all seen at: p50 "
        + "\(String(format: "%.2f", percentile(floor, 50))) ms, p99 \(String(format: "%.2f", percentile(floor, 99))) ms"
        + "\n").utf8))
}
if !timerLateness.isEmpty {
  let worst = timerLateness.sorted().suffix(5).map { String(format: "%.2f", $0) }.joined(separator: ", ")
  FileHandle.standardError.write(Data("touchlab-live: note: the latest timers (ms): \(worst)\n".utf8))
}
if timerLines.count < trials {
  FileHandle.standardError.write(
    Data("touchlab-live: note: \(timerLines.count) of \(trials) presses printed '\(timerLine)'\n".utf8))
}

// Idle means nothing left to show: the last touch's card stays 4 s after the lift, then
// fades for 1 s (OverlayState.cardHoldDuration, cardFadeDuration); measure after that.
pump(until: now() + 5.5)
waitForQuiet(1, limit: 5)
let idleAfter = idleCPU()
if let total = cpuSeconds(pid) {
  FileHandle.standardError.write(
    Data("touchlab-live: note: touchlab used \(String(format: "%.0f", total * 1000)) ms of CPU in all\n".utf8))
}
// Whether the window found the machine busy and ran its finer scheduler tick, and its cost.
if let tick = schedulerTick(pid) {
  let said =
    tick.threads == 0
    ? "the window's finer scheduler tick never started (its loop never found the machine busy)"
    : "the window's finer scheduler tick ran: \(tick.threads) threads, "
      + "\(String(format: "%.0f", tick.cpu * 1000)) ms of CPU over \(tick.wakeUps) wake-ups"
  FileHandle.standardError.write(Data("touchlab-live: note: \(said)\n".utf8))
}

// Which real time the window got (its one line on standard error): the figures are that
// priority's.
if let log = try? String(contentsOfFile: logPath, encoding: .utf8),
  let line = log.split(separator: "\n").first(where: { $0.contains("real time for timers") })
{
  FileHandle.standardError.write(Data("touchlab-live: note: the window said: \(line)\n".utf8))
}

func ms(_ values: [Double], _ p: Double) -> Double? { values.isEmpty ? nil : percentile(values, p) * 1000 }
let timersMeasured = !(timerErrors.isEmpty || immediateLines.isEmpty)
figure("\(label).startup.first-frame", firstFrame.map { ($0 - spawned) * 1000 }, "ms", digits: 1)
// Each step of the start-up as the window noted it, from the start: the command line parsed,
// the layout loaded, the theme, the monitor's size and scale, the session, the window open, the
// first frame sent (its pixels on the window: first-frame above).
if let text = try? String(contentsOfFile: startUpLogPath, encoding: .utf8) {
  for line in text.split(separator: "\n") {
    let fields = line.split(separator: " ")
    guard fields.count == 2, let time = Double(fields[1]) else { continue }
    figure("\(label).startup.step.\(fields[0])", (time - spawned) * 1000, "ms", digits: 1)
  }
}
figure("\(label).rss.startup", rss, "MB", digits: 1)
figure("\(label).idle.cpu.startup", idleStartup, "ms")
figure("\(label).input.latency.p50", ms(latencies, 50), "ms")
figure("\(label).input.latency.p99", ms(latencies, 99), "ms")
figure("\(label).drag.latency.p50", ms(dragLatencies, 50), "ms")
figure("\(label).drag.latency.p99", ms(dragLatencies, 99), "ms")
figure("\(label).drag.latency.next-frame.p50", ms(dragLatenciesToNextFrame, 50), "ms")
figure("\(label).drag.latency.next-frame.p99", ms(dragLatenciesToNextFrame, 99), "ms")
figure("\(label).drag.frame-cpu.p50", ms(dragFrameCPU, 50), "ms", digits: 3)
figure("\(label).drag.frame-cpu.p99", ms(dragFrameCPU, 99), "ms", digits: 3)
figure("\(label).timer.error.p50", timersMeasured ? percentile(timerErrors, 50) : nil, "ms")
figure("\(label).timer.error.p99", timersMeasured ? percentile(timerErrors, 99) : nil, "ms")
figure("\(label).timer.lateness.p50", timerLateness.isEmpty ? nil : percentile(timerLateness, 50), "ms", digits: 3)
figure("\(label).timer.lateness.p99", timerLateness.isEmpty ? nil : percentile(timerLateness, 99), "ms", digits: 3)
figure("\(label).timer.lateness.max", timerLateness.isEmpty ? nil : percentile(timerLateness, 100), "ms", digits: 3)
figure("\(label).idle.cpu.after", idleAfter, "ms")
// Every kind of engine timer that fired in the run, by its purpose.
for (purpose, values) in timerLatenessByPurpose.sorted(by: { $0.key < $1.key }) {
  figure("\(label).timers.\(purpose).count", Double(values.count), "timers", digits: 0)
  figure("\(label).timers.\(purpose).lateness.p50", percentile(values, 50), "ms", digits: 3)
  figure("\(label).timers.\(purpose).lateness.p99", percentile(values, 99), "ms", digits: 3)
  figure("\(label).timers.\(purpose).lateness.max", percentile(values, 100), "ms", digits: 3)
}

XDamageDestroy(display, damage)

// MARK: The floor

/// Start to first frame of the floor program (`--floor PATH`), in seconds, and its window:
/// started as touchlab was (the same user, environment and folder), its window waited for as
/// TouchLab's was, and its first frame seen when its background's pixel is not black. Touchlab
/// has ended first.
func floorStartup(_ path: String) -> (seconds: Double, window: Window)? {
  app.terminate()
  app.waitUntilExit()
  XSelectInput(display, root, SubstructureNotifyMask)
  XSync(display, 0)
  drainX()
  let floor = Process()
  let size = [String(windowAttributes.width), String(windowAttributes.height)]
  if let user = options["user"], let entry = getpwnam(user) {
    floor.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    floor.arguments =
      ["--reuid=\(entry.pointee.pw_uid)", "--regid=\(entry.pointee.pw_gid)", "--init-groups", "--", path] + size
  } else {
    floor.executableURL = URL(fileURLWithPath: path)
    floor.arguments = size
  }
  floor.environment = environment
  floor.currentDirectoryURL = folder
  floor.standardOutput = FileHandle(forWritingAtPath: logPath)
  floor.standardError = FileHandle(forWritingAtPath: logPath)
  let started = now()
  do { try floor.run() } catch {
    FileHandle.standardError.write(Data("touchlab-live: note: cannot start the floor program: \(error)\n".utf8))
    return nil
  }
  children.append(floor)
  let deadline = now() + 60
  var floorWindow: Window = 0
  while floorWindow == 0 {
    guard floor.isRunning, now() < deadline else { return nil }
    waitForX(0.1)
    drainX { event in
      if floorWindow == 0 && event.type == MapNotify && isTouchLabWindow(event.xmap.window) {
        floorWindow = event.xmap.window
      }
    }
  }
  XSelectInput(display, root, 0)
  // Wakes the wait below when pixels reach the window; freed with the connection.
  _ = XDamageCreate(display, floorWindow, Int32(XDamageReportRawRectangles))
  XSync(display, 0)
  while floor.isRunning && now() < deadline {
    if let image = XGetImage(display, floorWindow, 4, 4, 1, 1, UInt.max, ZPixmap) {
      let drawn = bench_get_pixel(image, 0, 0) & 0xFFFFFF != 0
      bench_destroy_image(image)
      if drawn { return (now() - started, floorWindow) }
    }
    waitForX(0.1)
    drainX()
  }
  return nil
}
/// The latency of each motion of a continuous drag (`moves` motions 8 ms apart, as TouchLab's)
/// on the floor's `floorWindow`: from the motion sent to the first damage after it.
func floorDragLatencies(on floorWindow: Window) -> [Double] {
  var damages: [Double] = []
  func collect(until deadline: Double) {
    while true {
      drainX { event in
        if event.type == damageEventBase + Int32(XDamageNotify) { damages.append(now()) }
      }
      let left = deadline - now()
      if left <= 0 { return }
      waitForX(left)
    }
  }
  moveMouse(view)
  button(true)
  collect(until: now() + 0.3)
  let sent = drag { collect(until: $0) }
  button(false)
  return sent.compactMap { time in damages.first { $0 > time }.map { $0 - time } }
}

if let floorPath = options["floor"] {
  // The window's damage was destroyed above and touchlab ends now: an X error about either
  // (BadDamage, seen on Xvfb 21.1) is no fault of the floor's measurement, and is not fatal.
  XSetErrorHandler { _, _ in 0 }
  let floor = floorStartup(URL(fileURLWithPath: floorPath).standardizedFileURL.path)
  figure("\(label).startup.floor", floor.map { $0.seconds * 1000 }, "ms", digits: 1)
  let ratio = floor.flatMap { floor in firstFrame.map { ($0 - spawned) / floor.seconds } }
  figure("\(label).startup.floor-ratio", ratio, "x", digits: 2)
  // The same continuous drag on the floor's window, under the same load: each motion to the
  // first pixels after it (the floor draws each motion at once). What the machine gives any
  // client that follows a finger; TouchLab's `drag.latency.*` against it.
  let floorDrag = floor.map { floorDragLatencies(on: $0.window) } ?? []
  figure("\(label).drag.floor.p50", ms(floorDrag, 50), "ms")
  figure("\(label).drag.floor.p99", ms(floorDrag, 99), "ms")
  let dragRatio = ms(dragLatencies, 99).flatMap { ours in ms(floorDrag, 99).map { ours / $0 } }
  figure("\(label).drag.floor-ratio.p99", dragRatio, "x", digits: 2)
}

XCloseDisplay(display)
stopChildren()
exit(0)
