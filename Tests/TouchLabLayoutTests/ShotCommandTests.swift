import Foundation
import XCTest

/// `touchlab shot` as a user runs it: the PNG it writes, and its errors.
extension CommandLineTests {
  /// A fresh folder for one test's files, removed afterwards.
  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  /// Width and height from a PNG's IHDR chunk.
  private func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](data)
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
    guard bytes.count > 24, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else {
      throw XCTSkip("no IHDR chunk")
    }
    func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
  }

  func testShotWritesTheFrameAtTheScaleAndTheSameBytesTwice() throws {
    let folder = try scratchFolder()
    let first = folder.appendingPathComponent("first.png")
    let second = folder.appendingPathComponent("second.png")
    for out in [first, second] {
      let result = try run([
        "shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--at", "0.02", "--scale", "2", "--out",
        out.path,
      ])
      XCTAssertEqual(result.status, 0, result.err)
      XCTAssertEqual(result.out, "")
      XCTAssertEqual(result.err, "")
    }
    let data = try Data(contentsOf: first)
    // The 375 × 812 scene and the 380-point panel, two pixels a point.
    let size = try pngSize(data)
    XCTAssertEqual(size.width, (375 + 380) * 2)
    XCTAssertEqual(size.height, 812 * 2)
    XCTAssertEqual(try Data(contentsOf: second), data)
    // No temporary file is left beside it.
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["first.png", "second.png"])
  }

  func testShotAtAMomentDiffersFromTheEnd() throws {
    let folder = try scratchFolder()
    var images: [Data] = []
    for (name, extra) in [("held.png", ["--at", "0.10"]), ("end.png", [])] {
      let out = folder.appendingPathComponent(name)
      let result = try run(
        ["shot", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--out", out.path] + extra)
      XCTAssertEqual(result.status, 0, result.err)
      images.append(try Data(contentsOf: out))
      XCTAssertEqual(try pngSize(images.last!).width, 390 + 380)
    }
    XCTAssertNotEqual(images[0], images[1])
  }

  func testShotOfAFileWithoutScenariosShowsTheScene() throws {
    let folder = try scratchFolder()
    let layout = folder.appendingPathComponent("still.yaml")
    try "window: {size: [100, 60]}\ncontroller: {view: {color: white}}\n".write(
      to: layout, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("still.png")
    let result = try run(["shot", layout.path, "--out", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    let size = try pngSize(try Data(contentsOf: out))
    XCTAssertEqual(size.width, 100 + 380)
    XCTAssertEqual(size.height, 60)
  }

  func testShotNoScenarioDrawsTheUntouchedSceneOfAFileWithScenarios() throws {
    let folder = try scratchFolder()
    let untouched = folder.appendingPathComponent("untouched.png")
    let played = folder.appendingPathComponent("played.png")
    let file = "Layouts/table-cell-conflict.yaml"
    let result = try run(["shot", file, "--no-scenario", "--out", untouched.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(try run(["shot", file, "--scenario", "long-press", "--out", played.path]).status, 0)
    XCTAssertNotEqual(try Data(contentsOf: untouched), try Data(contentsOf: played), "no touch, no selection")
    let both = try run(["shot", file, "--no-scenario", "--scenario", "quick-tap", "--out", untouched.path])
    XCTAssertEqual(both.status, 1)
    XCTAssertEqual(both.err, "touchlab: error: --no-scenario and --scenario exclude each other\n")
  }

  func testShotRejectsABadScaleOrTime() throws {
    let folder = try scratchFolder()
    let out = folder.appendingPathComponent("x.png")
    for scale in ["0", "4", "two", "nan", "0x3", "1e0", "inf", "+2"] {
      let result = try run([
        "shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--scale", scale, "--out", out.path,
      ])
      XCTAssertEqual(result.status, 1, scale)
      XCTAssertEqual(
        result.err, "touchlab: error: --scale must be a decimal number from 1 to 3, such as 1.5, not '\(scale)'\n")
    }
    for time in ["-1", "soon", "0x10", "1e1", "inf"] {
      // `--at=-1`: a separate "-1" would read as an option.
      let result = try run([
        "shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--at=\(time)", "--out", out.path,
      ])
      XCTAssertEqual(result.status, 1, time)
      XCTAssertEqual(
        result.err,
        "touchlab: error: --at must be a time in seconds, a decimal number 0 or more, such as 0.15, not '\(time)'\n")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
  }

  func testShotReportsAMissingFolderOrAFolderAsTheDestination() throws {
    let folder = try scratchFolder()
    let missing = folder.appendingPathComponent("no-such-folder/x.png")
    var result = try run(["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--out", missing.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "touchlab: error: cannot write '\(missing.path)': the folder \(folder.path)/no-such-folder does not exist\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))

    result = try run(["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--out", folder.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.err.hasPrefix("touchlab: error: cannot write '\(folder.path)': it is a folder"), result.err)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testShotReportsAFolderItCannotWriteInto() throws {
    // Root may write into a folder without write permission, but not into sysfs.
    let folder: URL
    if getuid() == 0 {
      folder = URL(fileURLWithPath: "/sys")
      guard FileManager.default.fileExists(atPath: "/sys/kernel") else { throw XCTSkip("no sysfs to fail on") }
    } else {
      folder = try scratchFolder()
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
      addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
    }
    let out = folder.appendingPathComponent("x.png")
    let result = try run(["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--out", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.err.hasPrefix("touchlab: error: cannot write '\(out.path)': cannot make a file in \(folder.path): "),
      result.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
  }

  /// A write that fails part-way (here at the file-size limit, as on a full disk) leaves no
  /// partial file: the image already there stays whole, and no temporary file is left.
  func testShotFailingPartWayLeavesTheOldFileWhole() throws {
    let folder = try scratchFolder()
    let out = folder.appendingPathComponent("x.png")
    try Data("an older image".utf8).write(to: out)
    let result = try runWithFileSizeLimit(
      ["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--out", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err, "touchlab: error: cannot write '\(out.path)': File too large; the file was left unchanged\n")
    XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "an older image")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["x.png"])
  }

  /// Runs `touchlab ARGUMENTS` with files limited to a few kilobytes (`ulimit -f`), SIGXFSZ
  /// ignored so that a write past the limit fails with EFBIG instead of killing the process.
  private func runWithFileSizeLimit(_ arguments: [String]) throws -> (status: Int32, err: String) {
    let result = try run(arguments, through: ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\""])
    return (result.status, result.err)
  }

  func testShotReportsLayoutMistakesAndScenarioChoices() throws {
    let folder = try scratchFolder()
    let broken = folder.appendingPathComponent("broken.yaml")
    try "controller:\n  view:\n    subviews:\n      - {id: a, frame: [0, 0, 1, 1], colour: red}\n".write(
      to: broken, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("x.png")
    var result = try run(["shot", broken.path, "--out", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.err, "\(broken.path):4:38: error: unknown key 'colour' for UIView (did you mean 'color'?)\n")

    result = try run(["shot", "Layouts/seed003-gestures.yaml", "--out", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "touchlab: error: Layouts/seed003-gestures.yaml has several scenarios; choose one with --scenario: "
        + "tap-red, tap-button, tap-blue-in-button\n")

    result = try run(["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-green", "--out", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.err.hasPrefix("touchlab: error: Layouts/seed003-gestures.yaml has no scenario 'tap-green'"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
  }
}
