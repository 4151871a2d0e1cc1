import Foundation
import XCTest

@testable import TouchLabEncoding
@testable import TouchLabRender

/// Issue 16: `shot --out` and every other output never replaces what is not a regular file,
/// writes a symlink through to its target, keeps a file's mode, and names the real cause.
final class OutputFileTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    XCTAssertEqual(lstat(path, &info), 0)
    return info.st_mode
  }

  func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "written"
    } catch {
      return "\(error)"
    }
  }

  func testAnExistingFileKeepsItsMode() throws {
    let file = path("secret.png")
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(chmod(file, 0o600), 0)
    try OutputFile.write(Data("new".utf8), to: file)
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")
    XCTAssertEqual(mode(file) & 0o7777, 0o600)
    XCTAssertEqual(mode(file) & S_IFMT, S_IFREG)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["secret.png"])
  }

  func testASymlinkIsWrittenThroughToItsTargetInTheTargetsFolder() throws {
    let targets = folder.appendingPathComponent("targets")
    try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: false)
    let target = targets.appendingPathComponent("real.png").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(symlink("targets/real.png", path("link.png")), 0)
    XCTAssertEqual(symlink("link.png", path("link2.png")), 0)  // a chain of two
    try OutputFile.write(Data("new".utf8), to: path("link2.png"))
    XCTAssertEqual(mode(path("link.png")) & S_IFMT, S_IFLNK, "the links stay links")
    XCTAssertEqual(mode(path("link2.png")) & S_IFMT, S_IFLNK)
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: targets.path), ["real.png"])
    // A dangling link: its target is made.
    XCTAssertEqual(symlink("targets/made.png", path("dangling.png")), 0)
    try OutputFile.write(Data("made".utf8), to: path("dangling.png"))
    XCTAssertEqual(try String(contentsOfFile: targets.appendingPathComponent("made.png").path, encoding: .utf8), "made")
    XCTAssertEqual(mode(path("dangling.png")) & S_IFMT, S_IFLNK)
  }

  func testASymlinkLoopIsNamed() throws {
    XCTAssertEqual(symlink(path("b.png"), path("a.png")), 0)
    XCTAssertEqual(symlink(path("a.png"), path("b.png")), 0)
    XCTAssertEqual(
      message { try OutputFile.write(Data("x".utf8), to: path("a.png")) },
      "cannot write '\(path("a.png"))': Too many levels of symbolic links")
  }

  func testACharacterDeviceIsWrittenNeverReplaced() throws {
    try OutputFile.write(Data(repeating: 7, count: 100_000), to: "/dev/null")
    XCTAssertEqual(mode("/dev/null") & S_IFMT, S_IFCHR)
    // Nothing was left beside it either.
    XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: "/dev").contains { $0.hasPrefix(".null.") })
  }

  func testAFIFOIsWrittenInPlaceWhenItHasAReaderAndIsAnErrorWithout() throws {
    let fifo = path("pipe.png")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(
      message { try OutputFile.write(Data("x".utf8), to: fifo) }, "cannot write '\(fifo)': it is a FIFO with no reader")
    // With a reader: the bytes arrive, and the FIFO is still a FIFO.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    XCTAssertGreaterThanOrEqual(reader, 0)
    defer { close(reader) }
    try OutputFile.write(Data("picture".utf8), to: fifo)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(reader, &buffer, buffer.count)
    XCTAssertEqual(String(decoding: buffer[0..<max(0, count)], as: UTF8.self), "picture")
    XCTAssertEqual(mode(fifo) & S_IFMT, S_IFIFO)
  }

  func testAFolderIsNamed() throws {
    XCTAssertEqual(
      message { try OutputFile.write(Data("x".utf8), to: folder.path) },
      "cannot write '\(folder.path)': it is a folder; give a file name such as \(folder.path)/shot.png")
  }

  func testAppendingOpensAFIFOWithoutWaitingForAReader() throws {
    let fifo = path("transcript")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(
      message { _ = try OutputFile.openForAppending(fifo) }, "cannot write '\(fifo)': it is a FIFO with no reader")
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let descriptor = try OutputFile.openForAppending(fifo)
    defer { close(descriptor) }
    XCTAssertEqual(OutputFile.writeAll(Data("line\n".utf8), to: descriptor), nil)
    var buffer = [UInt8](repeating: 0, count: 16)
    XCTAssertEqual(read(reader, &buffer, buffer.count), 5)
    // A missing folder, a folder.
    XCTAssertEqual(
      message { _ = try OutputFile.openForAppending(path("no/t.txt")) },
      "cannot write '\(path("no/t.txt"))': the folder \(path("no")) does not exist")
    XCTAssertTrue(message { _ = try OutputFile.openForAppending(folder.path) }.contains("it is a folder"))
  }

  func testPermissionDeniedIsNamed() throws {
    guard geteuid() != 0 else { throw XCTSkip("root ignores permission bits") }
    let file = path("locked.png")
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(chmod(folder.path, 0o555), 0)
    defer { chmod(folder.path, 0o755) }
    XCTAssertEqual(
      message { try OutputFile.write(Data("x".utf8), to: file) },
      "cannot write '\(file)': cannot make a file in \(folder.path): Permission denied")
  }

  /// A read-only file in a writable folder was replaced by the rename (issue 43): now an
  /// error, the file unchanged — for root too, when the file has no write bit at all.
  func testAReadOnlyFileIsAnErrorAndStaysUnchanged() throws {
    let file = path("read-only.yaml")
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(chmod(file, 0o444), 0)
    XCTAssertEqual(
      message { try OutputFile.write(Data("new".utf8), to: file) }, "cannot write '\(file)': Permission denied")
    XCTAssertEqual(
      message { _ = try OutputFile.openForAppending(file) }, "cannot write '\(file)': Permission denied")
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "old")
    var info = stat()
    XCTAssertEqual(stat(file, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o444)
  }
}
