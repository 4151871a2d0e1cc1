import Foundation
import TouchLabTestSupport
import XCTest

/// Tools/lldb/touchlab.py (issue 45.6): its tests, with a stub of lldb's SB API answering with
/// the importer's fixtures, and the built `touchlab` importing what it writes.
final class LLDBCaptureTests: XCTestCase {
  func testTheLLDBCommandsCaptureImports() throws {
    guard let executable = TouchLabCommand.builtExecutable else { throw XCTSkip("touchlab is not built") }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("no python3") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      SceneInputTests.repository.appendingPathComponent("Tools/lldb/test_touchlab.py").path, "-v",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["TOUCHLAB": executable.path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, text)
    XCTAssertTrue(text.contains("Ran 3 tests") && text.hasSuffix("OK\n") && !text.contains("skipped"), text)
  }
}
