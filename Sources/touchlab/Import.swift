import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabRender

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

  @Option(help: "The layout file to write (- is standard output).")
  var out: String

  @Option(help: "The window's size when the dump's root is no UIWindow (default 390,844).")
  var window: String?

  @Flag(help: "Make every warning an error.")
  var strict = false

  func run() throws {
    if let problem = OptionLimits.filesProblem(files.count) { throw fail(problem) }
    let size = try parseWindowSize(window)
    let texts: [(file: String, text: String)]
    do {
      texts = try SceneInput.read(files).map { ($0.name, $0.text) }
    } catch let error as LayoutError {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      throw ExitCode(1)
    }
    let result: ImportResult
    do {
      result = try DumpImporter.importTexts(texts, windowSize: size)
    } catch let error as DumpImportError {
      FileHandle.standardError.write(Data(error.diagnostics.map { "\($0)\n" }.joined().utf8))
      throw ExitCode(1)
    }
    try show(result.diagnostics, strict: strict)
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

/// Prints an import's diagnostics on standard error; with `strict` a warning is an error,
/// and any ends the command with status 1.
func show(_ diagnostics: [DumpDiagnostic], strict: Bool) throws {
  for diagnostic in diagnostics {
    var shown = diagnostic
    if strict && diagnostic.severity == .warning { shown.severity = .error }
    FileHandle.standardError.write(Data("\(shown)\n".utf8))
  }
  if strict && diagnostics.contains(where: { $0.severity == .warning }) { throw ExitCode(1) }
}
