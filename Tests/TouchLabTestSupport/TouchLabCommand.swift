import Foundation

/// The built `touchlab` run as a user runs it: what the command-line tests of the layout,
/// import and sandbox targets share.
public enum TouchLabCommand {
  /// The built `touchlab`, beside the test bundle in the build folder; nil when it is not built.
  public static var builtExecutable: URL? {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !folder.path.isEmpty && folder.path != "/" {
      let candidate = folder.appendingPathComponent("touchlab")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// Runs `touchlab ARGUMENTS` in `folder`, behind `wrapper` when one is given (such as
  /// `/usr/bin/time -f …`), and returns its exit status, standard output and standard error.
  /// Standard error is read on its own thread while standard output is read here, so neither
  /// pipe can fill and stall the process; `input`, when given, is its standard input (written
  /// on a thread of its own, then closed). Not built: the test is skipped.
  public static func run(
    _ arguments: [String], in folder: URL, through wrapper: [String] = [], input: Data? = nil
  ) throws -> (
    status: Int32, out: String, err: String
  ) {
    guard let executable = builtExecutable else {
      throw TestServerUnavailable("touchlab is not built beside the tests (run `swift build --build-tests`)")
    }
    let process = Process()
    if let first = wrapper.first {
      process.executableURL = URL(fileURLWithPath: first)
      process.arguments = Array(wrapper.dropFirst()) + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.currentDirectoryURL = folder
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = input.map { _ in Pipe() }
    if let inputPipe { process.standardInput = inputPipe }
    try process.run()
    if let inputPipe, let input {
      DispatchQueue.global().async {
        try? inputPipe.fileHandleForWriting.write(contentsOf: input)
        try? inputPipe.fileHandleForWriting.close()
      }
    }
    final class Box: @unchecked Sendable { var data = Data() }
    let errors = Box()
    let errorsRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      errors.data = err.fileHandleForReading.readDataToEndOfFile()
      errorsRead.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errorsRead.wait()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errors.data, as: UTF8.self)
    )
  }
}
