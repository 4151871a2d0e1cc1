import CX11
import Foundation
import TouchLabEncoding
import TouchLabRender
import TouchLabTestSupport
import XCTest

/// `touchlab open` as a user runs it, under Xvfb, driven by xdotool (XTest: real XI2
/// pointer events and key presses), checked through its transcript file, its screenshots,
/// its output and its exit status.
final class SandboxEndToEndTests: XCTestCase {
  var server: XvfbServer!
  var xdotool: XDoTool!
  var folder: URL!

  /// The live test scene's window at scale 1: the 400 × 500 scene and the 380-point panel,
  /// and the strip's 68 points under the scene (kept while live).
  let windowSize = (width: 780, height: 568)

  override func setUpWithError() throws {
    server = try XvfbServer.shared(width: 1600, height: 1200)
    xdotool = try XDoTool(display: server.displayName)
    folder = try TestLayouts.copies(["live", "second"])
  }

  override func tearDown() {
    server?.stop()  // a private server; the shared one stays
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  /// Starts `touchlab open live.yaml --transcript transcript.txt ARGUMENTS` and waits for its window.
  func openLiveScene(_ extra: [String] = []) throws -> (TouchLabProcess, window: String) {
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--transcript", transcriptURL.path] + extra,
      display: server.displayName, folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab),
      "no window appeared; stderr: \(touchlab.errors)")
    return (touchlab, window)
  }

  var transcriptURL: URL { folder.appendingPathComponent("transcript.txt") }

  /// Waits until the transcript file has a line ending in `text`; returns that line.
  func waitForLine(endingWith text: String, in process: TouchLabProcess) -> String? {
    var found: String?
    _ = eventually {
      found = lines(of: transcriptURL).last { $0.hasSuffix("] " + text) }
      return found != nil
    }
    if found == nil {
      XCTFail("no line '\(text)' in \(lines(of: transcriptURL)); stderr: \(process.errors)")
    }
    return found
  }

  /// The `[seconds]` prefix of a transcript line.
  func time(of line: String) -> Double? {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
    return Double(line[line.index(after: line.startIndex)..<close])
  }

  func testClicksAndAPressDriveTheEngineOnTheRealClock() throws {
    let (touchlab, window) = try openLiveScene(["--scale", "1"])
    XCTAssertEqual(try xdotool.run(["getwindowname", window]), "TouchLab — Live test scene\n")
    try xdotool.click(105, 45)  // button A
    XCTAssertNotNil(waitForLine(endingWith: "button A tapped", in: touchlab))
    try xdotool.click(200, 125)  // the view with a tap recognizer
    XCTAssertNotNil(waitForLine(endingWith: "tap view tapped", in: touchlab))

    // A press on the long-press view: the recognizer begins 0.5 s later with no input in
    // between (the poll loop's deadline), so the line is there while the button is held.
    try xdotool.run(["mousemove", "--sync", "200", "450", "mousedown", "1"])
    let began = try XCTUnwrap(waitForLine(endingWith: "long press", in: touchlab))
    try xdotool.run(["mouseup", "1"])
    XCTAssertTrue(eventually { lines(of: self.transcriptURL).filter { $0.hasSuffix("long press") }.count == 2 })

    let all = lines(of: transcriptURL)
    XCTAssertEqual(all.count, 4, "\(all)")
    for line in all {
      XCTAssertNotNil(line.range(of: #"^\[\d+\.\d{3}\] "#, options: .regularExpression), line)
    }
    let times = all.compactMap(time(of:))
    XCTAssertEqual(times, times.sorted(), "engine time never runs backwards")
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(time(of: began)), 0.5)
    XCTAssertEqual(touchlab.errors, "")
    // What the window got for its timers, said once (as root here: SCHED_FIFO, its timers
    // fired by their own thread as well; as a user, RealtimeKit's grant or none and why:
    // RealtimeKitEndToEndTests).
    XCTAssertEqual(touchlab.realTimeLines.count, 1, touchlab.allErrors)
    if getuid() == 0 {
      XCTAssertEqual(
        touchlab.realTimeLines,
        ["touchlab: real time for timers: SCHED_FIFO, the engine's timers fired on a thread of their own"])
    }
  }

  func testAltDragIsATwoFingerPinch() throws {
    let (touchlab, _) = try openLiveScene()
    // The mirrored finger lands at (250, 250), the mouse at (150, 250): both in the pinch
    // view, whose centre is the scene's. Dragging outwards spreads them apart.
    try xdotool.run(["mousemove", "--sync", "150", "250", "keydown", "alt", "mousedown", "1"])
    for x in stride(from: 145, through: 100, by: -5) {
      try xdotool.run(["mousemove", "--sync", "\(x)", "250"])
    }
    try xdotool.run(["mouseup", "1", "keyup", "alt"])
    XCTAssertNotNil(waitForLine(endingWith: "-[LiveController pinched:]", in: touchlab))
    XCTAssertFalse(lines(of: transcriptURL).contains { $0.hasSuffix("tap view tapped") })
  }

  func testTheScreenshotKeySavesTheWindowAndQuitEndsIt() throws {
    let (touchlab, window) = try openLiveScene(["--scale", "1"])
    try xdotool.key("s", window: window)
    XCTAssertTrue(eventually { touchlab.output.contains("saved screenshot") }, "stdout: \(touchlab.output)")
    let line = touchlab.output.split(separator: "\n").first { $0.contains("saved screenshot") }!
    let path = try XCTUnwrap(
      line.split(separator: " ").first { $0.hasSuffix(".png") }.map(String.init), String(line))
    XCTAssertTrue(path.hasPrefix(touchlab.folder.path + "/touchlab-live-"), "saved in the current folder: \(path)")
    let image = try PNGImage(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(image.width, windowSize.width)
    XCTAssertEqual(image.height, windowSize.height)
    // What the window shows on the screen is that frame.
    let shown = try screenImage(width: image.width, height: image.height)
    let comparison = PNGComparison(actual: withoutSubtitle(shown), expected: withoutSubtitle(image))
    XCTAssertTrue(comparison.matches, comparison.summary)

    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "q quits cleanly; stderr: \(touchlab.errors)")
  }

  func testTheScaleComesFromXftDpi() throws {
    // 168 dpi: scale 1.75 (the 780 × 568 frame is 1365 × 994 pixels, and fits the 1200-pixel
    // monitor's 90%).
    try setResources("Xft.dpi:\t168\n")
    let (touchlab, window) = try openLiveScene()
    try xdotool.key("s", window: window)
    XCTAssertTrue(eventually { touchlab.output.contains("saved screenshot") }, "stdout: \(touchlab.output)")
    XCTAssertTrue(touchlab.output.contains("(1365×994 pixels)"), touchlab.output)
    // At scale 1.75, window pixel (184, 79) is scene point (105, 45): button A.
    try xdotool.click(184, 79)
    XCTAssertNotNil(waitForLine(endingWith: "button A tapped", in: touchlab))
    try xdotool.key("Escape", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0)
  }

  func testASavedErrorKeepsTheSceneAndAFixReloadsIt() throws {
    let (touchlab, window) = try openLiveScene()
    let layout = folder.appendingPathComponent("live.yaml")
    let good = try String(contentsOf: layout, encoding: .utf8)
    try good.replacingOccurrences(of: "color: yellow", with: "colour: yellow").write(
      to: layout, atomically: true, encoding: .utf8)
    XCTAssertTrue(
      eventually {
        touchlab.errors.contains("\(layout.path):") && touchlab.errors.contains(": error: unknown key 'colour'")
      },
      "stderr: \(touchlab.errors)")
    let error = try XCTUnwrap(touchlab.errors.split(separator: "\n").first)
    XCTAssertNotNil(error.range(of: #"^.*live\.yaml:\d+:\d+: error: "#, options: .regularExpression), String(error))

    // Still running, still the old scene.
    try xdotool.click(105, 45)
    XCTAssertNotNil(waitForLine(endingWith: "button A tapped", in: touchlab))

    // Saving the fix reloads on its own; the next layout key shows the folder's next file.
    try good.replacingOccurrences(of: "title: A\n", with: "title: A2\n").write(
      to: layout, atomically: true, encoding: .utf8)
    try xdotool.key("n", window: window)
    XCTAssertNotNil(xdotool.waitForWindow(titled: "Second scene", of: touchlab))
    try xdotool.click(100, 70)
    XCTAssertNotNil(waitForLine(endingWith: "second scene button", in: touchlab))
    XCTAssertTrue(touchlab.process.isRunning)
  }

  /// `open views.txt recognizers.txt` (issue 48.4): the window takes the dump's several files,
  /// and saving the recognizer list — not only the view dump — reads them all again.
  func testTheWindowOpensSeveralDumpFilesAndReloadsWhenAnyIsSaved() throws {
    let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("TouchLabImportTests/Dumps")
    let viewText = try String(
      contentsOf: dumps.appendingPathComponent("cocoadelica-ios7-lldb.txt"), encoding: .utf8)
    let views = folder.appendingPathComponent("views.txt")
    let list = folder.appendingPathComponent("list.txt")
    try viewText.write(to: views, atomically: true, encoding: .utf8)
    try """
    <UITapGestureRecognizer: 0x7a1b0010; state = Possible; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleTap:, target=<Blinc_NotesView 0x78e6a050>)>>
    """.write(to: list, atomically: true, encoding: .utf8)
    let touchlab = try TouchLabProcess(
      ["open", views.path, list.path], display: server.displayName, folder: folder.appendingPathComponent("run"))
    XCTAssertNotNil(
      xdotool.waitForWindow(titled: "Imported from views.txt", of: touchlab),
      "no window appeared; stderr: \(touchlab.errors)")
    XCTAssertTrue(touchlab.errors.contains("imported 10 views, 1 recognizer, 0 view controllers"), touchlab.errors)
    // The list saved as a second view dump: the import of both files is refused, naming the list.
    try viewText.write(to: list, atomically: true, encoding: .utf8)
    XCTAssertTrue(
      eventually { touchlab.errors.contains("\(list.path):1:1: error: a second view dump") },
      "stderr: \(touchlab.errors)")
    XCTAssertTrue(touchlab.process.isRunning)
  }

  /// `touchlab` alone opens Layouts/playground.yaml (found above the executable). A row of
  /// its table is held: the scroll view's 0.15 s delay fires while the button is down, with
  /// no input to wake the loop; held past the background tap's 0.75 s, the row is selected.
  func testNoArgumentsOpensThePlaygroundWhereTheTableDelayFiresOnTime() throws {
    let touchlab = try TouchLabProcess(
      ["--transcript", transcriptURL.path], display: server.displayName, folder: folder.appendingPathComponent("run"))
    XCTAssertNotNil(xdotool.waitForWindow(titled: "TouchLab playground", of: touchlab), "stderr: \(touchlab.errors)")
    try xdotool.run(["mousemove", "--sync", "100", "314", "mousedown", "1"])  // row 0
    XCTAssertNotNil(waitForLine(endingWith: "-[GLTableView touchesBegan:withEvent:]", in: touchlab))
    XCTAssertEqual(lines(of: transcriptURL).count, 1, "nothing else while the finger is down")
    usleep(1_000_000)  // keep holding: past the background tap's 0.75 s
    try xdotool.run(["mouseup", "1"])
    XCTAssertNotNil(waitForLine(endingWith: "cell selected!", in: touchlab))
    let transcript = lines(of: transcriptURL)
    XCTAssertTrue(transcript.contains { $0.hasSuffix("-[GLTableView touchesEnded:withEvent:]") }, "\(transcript)")
    XCTAssertFalse(transcript.contains { $0.hasSuffix("background tapped") }, "\(transcript)")
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(time(of: transcript[0])), 0.15)
  }

  /// The focus going to another window while a finger is down cancels the touch.
  func testLosingTheFocusCancelsTheTouches() throws {
    let (touchlab, window) = try openLiveScene()
    let display = try XCTUnwrap(XOpenDisplay(server.displayName))
    defer { XCloseDisplay(display) }
    // Give our window the focus, as a window manager does when it is clicked.
    let ours = Window(try XCTUnwrap(UInt(window.trimmingCharacters(in: .whitespaces))))
    XCTAssertTrue(eventually { self.focus(display, on: ours) })
    try xdotool.run(["mousemove", "--sync", "200", "375", "mousedown", "1"])  // the two-finger view
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesBegan:withEvent:]", in: touchlab))
    // Another window takes the focus while the button is held.
    let other = XCreateSimpleWindow(display, XDefaultRootWindow(display), 1000, 800, 50, 50, 0, 0, 0)
    XMapWindow(display, other)
    XCTAssertTrue(eventually { self.focus(display, on: other) })
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesCancelled:withEvent:]", in: touchlab))
    try xdotool.run(["mouseup", "1"])
    try xdotool.click(295, 45)  // button B, handled after the lift
    XCTAssertNotNil(waitForLine(endingWith: "button B tapped", in: touchlab))
    XCTAssertFalse(
      lines(of: transcriptURL).contains { $0.hasSuffix("touchesEnded:withEvent:]") }, "\(lines(of: transcriptURL))")
  }

  /// Asks for the focus on `window` (it must be viewable first); false until it has it.
  func focus(_ display: OpaquePointer, on window: Window) -> Bool {
    XSetInputFocus(display, window, RevertToParent, UInt(CurrentTime))
    XSync(display, 0)
    var focus: Window = 0
    var revert: Int32 = 0
    XGetInputFocus(display, &focus, &revert)
    return focus == window
  }

  /// The S key where no screenshot can be written: the window says why, in the box over the
  /// scene and on standard error, and carries on.
  func testAScreenshotThatCannotBeWrittenIsShownAndTheWindowCarriesOn() throws {
    // Root may write into a folder without write permission, but not into sysfs.
    let unwritable: URL
    if getuid() == 0 {
      unwritable = URL(fileURLWithPath: "/sys")
      guard FileManager.default.fileExists(atPath: "/sys/kernel") else { throw XCTSkip("no sysfs to fail on") }
    } else {
      unwritable = folder.appendingPathComponent("locked")
      try FileManager.default.createDirectory(at: unwritable, withIntermediateDirectories: false)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: unwritable.path)
    }
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--transcript", transcriptURL.path],
      display: server.displayName, folder: folder.appendingPathComponent("run"), workingDirectory: unwritable)
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "stderr: \(touchlab.errors)")
    try xdotool.key("s", window: window)
    let expected = "touchlab: error: screenshot not saved: cannot write '\(unwritable.path)/touchlab-live-"
    XCTAssertTrue(eventually { touchlab.errors.hasPrefix(expected) }, "stderr: \(touchlab.errors)")
    try xdotool.click(105, 45)  // button A
    XCTAssertNotNil(waitForLine(endingWith: "button A tapped", in: touchlab))
    XCTAssertEqual(touchlab.output, "")
    XCTAssertTrue(touchlab.process.isRunning)
  }

  /// The X server killed outright while a finger is down: the program says so and exits 1,
  /// and the transcript file keeps every line up to that moment.
  func testTheXServerKilledMidTouchEndsTheProgramKeepingTheTranscript() throws {
    // A server of its own, to kill.
    server = try XvfbServer(width: 1600, height: 1200)
    xdotool = try XDoTool(display: server.displayName)
    let (touchlab, _) = try openLiveScene()
    try xdotool.click(105, 45)  // button A
    XCTAssertNotNil(waitForLine(endingWith: "button A tapped", in: touchlab))
    try xdotool.run(["mousemove", "--sync", "200", "375", "mousedown", "1"])  // the two-finger view
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesBegan:withEvent:]", in: touchlab))
    server.kill()
    XCTAssertEqual(touchlab.waitForExit(), 1)
    XCTAssertEqual(touchlab.process.terminationReason, .exit, "an exit, not a crash")
    XCTAssertTrue(touchlab.errors.contains("lost the connection to the X server"), touchlab.errors)
    XCTAssertEqual(
      lines(of: transcriptURL).map(withoutTime), ["button A tapped", "-[TwoFingerView touchesBegan:withEvent:]"])
  }

  /// Hundreds of resizes in a row, down to 1 × 1 pixel and up past the frame, while a finger is
  /// down: the window survives them, its touch ends as usual, a tap afterwards works, its
  /// memory is what it was (within 4 MB), and it still shows its frame.
  func testAResizeStormWhileAFingerIsDownLeavesTheWindowWorking() throws {
    let (touchlab, window) = try openLiveScene(["--scale", "1"])
    try xdotool.run(["mousemove", "--sync", "200", "375", "mousedown", "1"])  // the two-finger view
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesBegan:withEvent:]", in: touchlab))
    var random = SeededRandom(seed: 6)
    // A first storm before measuring, as long as the one measured and of the same sizes: a
    // window smaller than its frame draws it at a smaller scale (one of a few), each scale
    // drawn at keeps its fonts' glyphs cached, and the heap grows to what frames of those
    // sizes need whichever of them the window drew (it skips sizes it had no time for): the
    // storm measured then finds them, and only memory it keeps is counted.
    for round in 0..<6 {
      var warmUp: [String] = []
      for _ in 0..<50 {
        warmUp += [
          "windowsize", window, "\(Int.random(in: 1...1500, using: &random))",
          "\(Int.random(in: 1...1100, using: &random))",
        ]
      }
      if round == 5 { warmUp += ["windowsize", "--sync", window, "\(windowSize.width)", "\(windowSize.height)"] }
      try xdotool.run(warmUp)
    }
    try xdotool.key("s", window: window)  // the window has caught up when its screenshot is saved
    XCTAssertTrue(eventually { touchlab.output.contains("saved screenshot") }, "stdout: \(touchlab.output)")
    let memoryBefore = try XCTUnwrap(touchlab.residentKilobytes)
    for _ in 0..<6 {
      var storm: [String] = []
      for _ in 0..<50 {
        let width = Int.random(in: 1...1500, using: &random)
        let height = Int.random(in: 1...1100, using: &random)
        storm += ["windowsize", window, "\(width)", "\(height)"]
      }
      try xdotool.run(storm)
    }
    try xdotool.run(["windowsize", "--sync", window, "\(windowSize.width)", "\(windowSize.height)", "mouseup", "1"])
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesEnded:withEvent:]", in: touchlab))
    try xdotool.click(105, 45)  // button A
    XCTAssertNotNil(waitForLine(endingWith: "button A tapped", in: touchlab))
    XCTAssertEqual(
      lines(of: transcriptURL).map(withoutTime),
      ["-[TwoFingerView touchesBegan:withEvent:]", "-[TwoFingerView touchesEnded:withEvent:]", "button A tapped"])

    let memoryAfter = try XCTUnwrap(touchlab.residentKilobytes)
    XCTAssertLessThan(memoryAfter - memoryBefore, 4_096, "resident memory \(memoryBefore) kB → \(memoryAfter) kB")

    // It still draws: what the screen shows is the frame a screenshot saves.
    try xdotool.key("s", window: window)
    XCTAssertTrue(
      eventually { touchlab.output.split(separator: "\n").filter { $0.contains("saved screenshot") }.count == 2 },
      "stdout: \(touchlab.output)")
    let line = try XCTUnwrap(touchlab.output.split(separator: "\n").last { $0.contains("saved screenshot") })
    let path = try XCTUnwrap(line.split(separator: " ").first { $0.hasSuffix(".png") }.map(String.init))
    let saved = try PNGImage(contentsOf: URL(fileURLWithPath: path))
    let comparison = PNGComparison(
      actual: withoutSubtitle(try screenImage(width: saved.width, height: saved.height)),
      expected: withoutSubtitle(saved))
    XCTAssertTrue(comparison.matches, comparison.summary)

    XCTAssertTrue(touchlab.process.isRunning)
    XCTAssertEqual(touchlab.errors, "")
  }

  /// The button released while the window could not see it (unmapped mid-press, as
  /// minimizing does): its release never arrives, and the next motion over the window, with
  /// the button up, cancels the touch. The next click works.
  func testAReleaseThatNeverArrivesCancelsTheTouch() throws {
    let (touchlab, window) = try openLiveScene()
    try xdotool.run(["mousemove", "--sync", "200", "375", "mousedown", "1"])  // the two-finger view
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesBegan:withEvent:]", in: touchlab))
    try xdotool.run(["windowunmap", "--sync", window, "mouseup", "1", "windowmap", "--sync", window])
    try xdotool.run(["mousemove", "--sync", "210", "380"])
    XCTAssertNotNil(waitForLine(endingWith: "-[TwoFingerView touchesCancelled:withEvent:]", in: touchlab))
    try xdotool.click(295, 45)  // button B
    XCTAssertNotNil(waitForLine(endingWith: "button B tapped", in: touchlab))
    XCTAssertEqual(
      lines(of: transcriptURL).map(withoutTime),
      ["-[TwoFingerView touchesBegan:withEvent:]", "-[TwoFingerView touchesCancelled:withEvent:]", "button B tapped"])
  }

  /// A transcript line without its `[time] ` prefix.
  func withoutTime(_ line: String) -> String {
    line.firstIndex(of: "]").map { String(line[line.index($0, offsetBy: 2)...]) } ?? line
  }

  /// The screen's top-left pixels, read back from the X server (the window sits there).
  /// `image` with the panel's subtitle line blanked: after S it says "Saved FILE" on the
  /// screen, where the saved frame (drawn just before) names the layout file.
  func withoutSubtitle(_ image: PNGImage) -> PNGImage {
    var masked = image
    for y in 28..<56 where y < image.height {
      for x in 400..<image.width { masked[x, y] = PNGPixel(red: 0, green: 0, blue: 0) }
    }
    return masked
  }

  func screenImage(width: Int, height: Int) throws -> PNGImage {
    let display = try XCTUnwrap(XOpenDisplay(server.displayName))
    defer { XCloseDisplay(display) }
    let image = try XCTUnwrap(
      XGetImage(display, XDefaultRootWindow(display), 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap))
    defer { touchlab_destroy_image(image) }
    var result = PNGImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let value = touchlab_get_pixel(image, Int32(x), Int32(y))
        result[x, y] = PNGPixel(
          red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
          blue: UInt8(truncatingIfNeeded: value))
      }
    }
    return result
  }

  /// Publishes X resources on the root window, as `xrdb` does.
  func setResources(_ text: String) throws {
    let display = try XCTUnwrap(XOpenDisplay(server.displayName))
    defer { XCloseDisplay(display) }
    let root = XDefaultRootWindow(display)
    let bytes = Array(text.utf8)
    XChangeProperty(
      display, root, XInternAtom(display, "RESOURCE_MANAGER", 0), XInternAtom(display, "STRING", 0), 8,
      PropModeReplace, bytes, Int32(bytes.count))
    XSync(display, 0)
  }
}

/// The command's failures that need no window: they must be one clear message and exit 1.
final class OpenCommandErrorTests: XCTestCase {
  func testNoDisplaySaysHowToRunHeadlessAndExitsOne() throws {
    let layout = try TestLayouts.url("live").path
    for display in [nil, ":987"] {
      let touchlab = try TouchLabProcess(["open", layout], display: display)
      XCTAssertEqual(touchlab.waitForExit(), 1)
      let errors = touchlab.errors
      XCTAssertEqual(errors.split(separator: "\n").count, 1, "one message: \(errors)")
      XCTAssertTrue(errors.hasPrefix("touchlab: error: Cannot open the X display"), errors)
      for hint in ["touchlab replay", "touchlab shot", "xvfb-run -a touchlab"] {
        XCTAssertTrue(errors.contains(hint), "mentions \(hint): \(errors)")
      }
      XCTAssertEqual(touchlab.output, "")
    }
  }

  func testALayoutErrorOnOpenIsFileLineColumnAndExitOne() throws {
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).yaml")
    try "controller:\n  view:\n    subviews:\n      - {id: a, frame: [0, 0, 1, 1], colour: red}\n".write(
      to: broken, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: broken) }
    let touchlab = try TouchLabProcess(["open", broken.path], display: ":987")
    XCTAssertEqual(touchlab.waitForExit(), 1)
    XCTAssertEqual(
      touchlab.errors, "\(broken.path):4:38: error: unknown key 'colour' for UIView (did you mean 'color'?)\n")
    XCTAssertEqual(touchlab.output, "")
  }

  func testBadOptionsAreRefused() throws {
    let layout = try TestLayouts.url("live").path
    let scale = try TouchLabProcess(["open", layout, "--scale", "4"], display: ":987")
    XCTAssertEqual(scale.waitForExit(), 1)
    XCTAssertEqual(scale.errors, "touchlab: error: --scale must be a number from 0.5 to 3, such as 1.5, not '4'\n")
    let hexadecimal = try TouchLabProcess(["open", layout, "--scale", "0x3"], display: ":987")
    XCTAssertEqual(hexadecimal.waitForExit(), 1)
    XCTAssertTrue(hexadecimal.errors.contains("not '0x3'"), hexadecimal.errors)
    let transcript = try TouchLabProcess(["open", layout, "--transcript", "/no/such/folder/t.txt"], display: ":987")
    XCTAssertEqual(transcript.waitForExit(), 1)
    XCTAssertEqual(
      transcript.errors,
      "touchlab: error: cannot write '/no/such/folder/t.txt': the folder /no/such/folder does not exist\n")
  }
}
