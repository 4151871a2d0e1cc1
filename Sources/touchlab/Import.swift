import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout

struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import a debugger dump (recursiveDescription, recognizer lists, _printHierarchy) as a layout file.",
    discussion: """
      One FILE must be a view dump (po [[UIWindow keyWindow] recursiveDescription]); recognizer lists \
      (po view.gestureRecognizers) and controller hierarchies (po [UIViewController _printHierarchy]) attach \
      to its views by address. Problems are FILE:LINE:COLUMN: warning: (kept going) or error: (exit 1). \
      The last line on standard error is: imported N views, M recognizers, K view controllers. See docs/import.md.
      """)

  @Argument(help: "The dumps.")
  var files: [String]

  @Option(help: "The layout file to write (- for standard output).")
  var out: String

  @Option(help: "The window's size when the dump's root is no UIWindow (default 390,844).")
  var window: String?

  @Flag(help: "Make every warning an error.")
  var strict = false

  func run() throws {
    let result = try importDumps(files, window: window, strict: strict)
    // The one output writer (`OutputFile`): a symlink written through, a device or a FIFO
    // in place, a regular file's mode kept, never a rename over what is not a regular file.
    try writeOutput(Data(result.yaml.utf8), to: out)
    FileHandle.standardError.write(Data("\(result.summary)\n".utf8))
  }
}

/// `--window W,H`.
func parseWindowSize(_ text: String?) throws -> CGSize? {
  guard let text else { return nil }
  let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
  guard parts.count == 2, let w = parts[0], let h = parts[1], w >= 1, h >= 1,
    w <= LayoutLimits.maximumWindowSide, h <= LayoutLimits.maximumWindowSide,
    w * h <= LayoutLimits.maximumWindowArea
  else {
    throw fail(
      "--window must be WIDTH,HEIGHT in points, each from 1 to \(Int(LayoutLimits.maximumWindowSide)), such as "
        + "390,844, not '\(text)'")
  }
  return CGSize(width: w, height: h)
}

/// Imports dumps, printing every diagnostic on standard error; an error (or, with `strict`,
/// a warning) ends the command with status 1.
func importDumps(_ files: [String], window: String?, strict: Bool) throws -> ImportResult {
  let size = try parseWindowSize(window)
  let result: ImportResult
  do {
    result = try DumpImporter.importFiles(files, windowSize: size)
  } catch let error as DumpImportError {
    FileHandle.standardError.write(Data(error.diagnostics.map { "\($0)\n" }.joined().utf8))
    throw ExitCode(1)
  }
  for diagnostic in result.diagnostics {
    var shown = diagnostic
    if strict && diagnostic.severity == .warning { shown.severity = .error }
    FileHandle.standardError.write(Data("\(shown)\n".utf8))
  }
  if strict && result.diagnostics.contains(where: { $0.severity == .warning }) { throw ExitCode(1) }
  return result
}

/// A dump given where a layout is expected (`open`, `replay`, `shot`, `diagram`, `record`): imported
/// in memory, its warnings shown, written to a temporary layout file that the command then loads
/// (the window reloads it from there).
func importedLayoutPath(_ path: String) throws -> String {
  let result = try importDumps([path], window: nil, strict: false)
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "touchlab-import-\(getpid())", isDirectory: true)
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".yaml"
  let file = directory.appendingPathComponent(name).path
  do {
    try result.yaml.write(toFile: file, atomically: true, encoding: .utf8)
  } catch {
    throw fail("cannot write the imported layout \(file): \(error.localizedDescription)")
  }
  FileHandle.standardError.write(Data("\(result.summary) (the layout: \(file))\n".utf8))
  return file
}

/// Whether the file at `path` is a debugger dump rather than a layout.
func isDump(_ path: String) -> Bool {
  if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { return false }
  guard let text = try? LayoutLoader.readText(path) else { return false }
  return DumpKind.detect(text) != .layout
}
