import Foundation
import XCTest

/// Issue 16 through the `touchlab` binary (tests named testHostile…): bounded work and memory, outputs that never
/// replace what is not a file, flags read as decimals, one style for argument errors.
extension CommandLineTests {
  private func hostileFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  private static let hostileView = "controller:\n  view:\n    subviews:\n      - {id: v, frame: [10, 10, 300, 300]}\n"

  /// A scenario of `drags` drags of 9,998 steps: 10,000 events each.
  private static func drags(_ drags: Int) -> String {
    hostileView + "scenarios:\n  long:\n    - &d {drag: v, by: [100, 0], steps: 9998, duration: 1}\n"
      + String(repeating: "    - *d\n", count: drags - 1)
  }

  /// The peak resident memory of `touchlab ARGUMENTS`, in kilobytes, from GNU time.
  private func peakKilobytes(_ arguments: [String]) throws -> Int {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw XCTSkip("no /usr/bin/time") }
    let result = try run(arguments, through: ["/usr/bin/time", "-f", "peak %M"])
    XCTAssertEqual(result.status, 0, result.err)
    let line = try XCTUnwrap(result.err.split(separator: "\n").last { $0.hasPrefix("peak ") })
    return try XCTUnwrap(Int(line.dropFirst(5)))
  }

  // MARK: Total work

  /// `replay` streams its records: 100,000 events (the cap) take no more memory than 10,000.
  /// It used to keep every record: 230 MB more for the plain transcript, 420 MB with
  /// `--json --all-records`, and 6.4 GB for the issue's 400-alias file.
  func testHostileReplayMemoryDoesNotGrowWithTheScenario() throws {
    let folder = try hostileFolder()
    let short = try write(Self.drags(1), "short.yaml", in: folder)
    let long = try write(Self.drags(10), "long.yaml", in: folder)
    let small = try peakKilobytes(["replay", short])
    let large = try peakKilobytes(["replay", long])
    XCTAssertLessThan(large - small, 16_000, "10,000 events: \(small) kB, 100,000 events: \(large) kB")
  }

  func testHostileTheIssuesAliasFileIsRefusedAtOnceNamingTheLimit() throws {
    let folder = try hostileFolder()
    let bomb = try write(
      Self.hostileView + "scenarios:\n  bomb:\n    - &d {drag: v, by: [100, 0], steps: 10000, duration: 1}\n"
        + String(repeating: "    - *d\n", count: 399), "bomb.yaml", in: folder)
    XCTAssertLessThan(try String(contentsOfFile: bomb, encoding: .utf8).utf8.count, 4_000)
    for command in ["check", "replay"] {
      let result = try run([command, bomb])
      XCTAssertEqual(result.status, 1)
      XCTAssertEqual(
        result.err,
        "\(bomb):6:3: error: scenario 'bomb' sends more than 100000 events by its step 10, the limit on events per "
          + "scenario (a tap is 2, a drag its steps + 2, a move its steps)\n")
    }
  }

  func testHostilePicturesArePixelCappedAtTheScaleOrTheWindowLine() throws {
    let folder = try hostileFolder()
    let wide = try write("window: {size: [7800, 2000]}\ncontroller:\n  view: {color: white}\n", "wide.yaml", in: folder)
    let out = folder.appendingPathComponent("x.png").path
    let scaled = try run(["shot", wide, "--scale", "2", "--out", out])
    XCTAssertEqual(scaled.status, 1)
    XCTAssertEqual(
      scaled.err,
      "touchlab: error: the picture at --scale 2 would be 16360×4000 pixels, more than 40000000, the limit on a "
        + "picture's pixels; use a smaller --scale\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    // `check` refuses a window too big to draw at scale 1, at its `window:` line.
    let huge = try write(
      "window: {size: [10000, 10000]}\ncontroller:\n  view: {color: white}\n", "huge.yaml", in: folder)
    let refused = try run(["shot", huge, "--out", out])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.err.hasPrefix("\(huge):1:16: error: window size must be two sizes from 1 to 7800"))
    // A 20 MB title is a text past its cap, before anything is drawn.
    let title = try write(
      "title: " + String(repeating: "a", count: 20 << 20) + "\ncontroller:\n  view: {color: white}\n", "title.yaml",
      in: folder)
    let long = try run(["shot", title, "--out", out])
    XCTAssertEqual(long.status, 1)
    XCTAssertEqual(
      long.err, "\(title):1:8: error: a text of 20971520 characters; at most 10000, the limit on texts and names\n")
  }

  // MARK: shot --out

  private func shotTapRed(_ out: String) throws -> (status: Int32, out: String, err: String) {
    try run(["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--at", "0.02", "--out", out])
  }

  func testHostileShotOutDashWritesThePNGToStandardOutput() throws {
    let result = try shotTapRed("-")
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(Array(Data(result.out.utf8).prefix(4)), [0xEF, 0xBF, 0xBD, 0x50], "a PNG signature (lossy as text)")
  }

  func testHostileShotOutNeverReplacesADeviceAndWritesThroughASymlinkKeepingModes() throws {
    let nullResult = try shotTapRed("/dev/null")
    XCTAssertEqual(nullResult.status, 0, nullResult.err)
    var info = stat()
    XCTAssertEqual(lstat("/dev/null", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still the device")

    let folder = try hostileFolder()
    let target = folder.appendingPathComponent("real.png").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(chmod(target, 0o600), 0)
    let link = folder.appendingPathComponent("link.png").path
    XCTAssertEqual(symlink("real.png", link), 0)
    let result = try shotTapRed(link)
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(lstat(link, &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link stays a link")
    XCTAssertEqual(lstat(target, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o600, "the target keeps its mode")
    XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
  }

  func testHostileShotOutNamesTheRealCause() throws {
    let folder = try hostileFolder()
    let fifo = folder.appendingPathComponent("pipe.png").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let noReader = try shotTapRed(fifo)
    XCTAssertEqual(noReader.status, 1)
    XCTAssertEqual(noReader.err, "touchlab: error: cannot write '\(fifo)': it is a FIFO with no reader\n")
    let loop = folder.appendingPathComponent("loop.png").path
    XCTAssertEqual(symlink(loop, loop), 0)
    let looped = try shotTapRed(loop)
    XCTAssertEqual(looped.status, 1)
    XCTAssertEqual(looped.err, "touchlab: error: cannot write '\(loop)': Too many levels of symbolic links\n")
  }

  // MARK: Flags and messages

  func testHostileArgumentErrorsAreOneLineInTouchlabsStyleWithStatus64() throws {
    let unknown = try run(["replay", "Layouts/seed000-gestures.yaml", "--bogus"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertEqual(unknown.err, "touchlab: error: Unknown option '--bogus' (see touchlab --help)\n")
    let missing = try run(["replay"])
    XCTAssertEqual(missing.status, 64)
    XCTAssertEqual(missing.err, "touchlab: error: Missing expected argument '<files> ...' (see touchlab --help)\n")
    let help = try run(["replay", "--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.out.contains("USAGE"), help.out)
  }

  func testHostileTimesWithJSONIsAnError() throws {
    let result = try run(["replay", "Layouts/seed000-gestures.yaml", "--scenario", "tap", "--times", "--json"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.out, "")
    XCTAssertEqual(
      result.err,
      "touchlab: error: --times is for the plain transcript; --json gives every record its \"time\" already\n")
  }

  func testHostileControlCharactersInAnErrorKeepItOneLine() throws {
    let folder = try hostileFolder()
    let file = try write(Self.hostileView + "scenarios:\n  s:\n    - tap: \"a\\nb\\e[2J\"\n", "c.yaml", in: folder)
    let result = try run(["check", file])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.err, "\(file):7:12: error: unknown view id 'a\\nb\\u{1B}[2J'\n")
  }
}
