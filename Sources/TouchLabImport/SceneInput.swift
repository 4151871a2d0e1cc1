import Foundation
import TouchLabEngine
import TouchLabLayout

/// What every command that takes a scene reads (docs/import.md): one layout file, or the
/// dumps `import` takes (a view dump, with any recognizer lists and `_printHierarchy`). Each
/// file is read exactly once, into memory — a pipe (`<(cat x.yaml)`) and `-` (standard input)
/// work — and told a layout from a dump by its bytes; dumps are imported in memory, never
/// through a file. A command that needs a fresh scene several times (`record`, `compare`)
/// builds each from the text read once (`scene()`).
public final class SceneInput {
  /// One input as read.
  public struct File {
    /// As given on the command line (`-` for standard input).
    public let path: String
    /// As named in messages: the path, or `<stdin>`.
    public let name: String
    public let text: String
    public let kind: DumpKind
  }

  /// The inputs, in the order given.
  public let files: [File]
  /// The import, when the inputs are dumps (its diagnostics for the caller to show).
  public let importResult: ImportResult?
  /// The layout's text: the file's, or the one the import wrote.
  public let layoutText: String
  /// The name the scene's messages give: the layout file's, or the view dump's with
  /// ` (imported)`.
  public let layoutName: String

  /// Reads `paths` (once each) and imports them when they are dumps. A file that cannot be
  /// read is a `LayoutError` naming it; standard input named twice too; an import that fails
  /// is a `DumpImportError`.
  public convenience init(paths: [String], windowSize: CGSize? = nil) throws {
    guard !paths.isEmpty else {
      throw LayoutError(file: "-", line: 1, column: 1, message: "no file given: a layout, or a dump")
    }
    try self.init(files: try Self.read(paths), windowSize: windowSize)
  }

  /// The inputs already read (`read(_:)`), imported when they are dumps.
  public init(files: [File], windowSize: CGSize? = nil) throws {
    self.files = files
    if files.count == 1, files[0].kind == .layout {
      importResult = nil
      layoutText = files[0].text
      layoutName = files[0].name
    } else {
      let result = try DumpImporter.importTexts(files.map { ($0.name, $0.text) }, windowSize: windowSize)
      importResult = result
      layoutText = result.yaml
      layoutName = (files.first { $0.kind == .views } ?? files[0]).name + " (imported)"
    }
  }

  /// Reads each of `paths` once, in order, and tells what it holds from its bytes (a name
  /// ending in `.yaml` or `.yml` is a layout whatever it holds). Standard input named twice
  /// is refused before anything is read.
  public static func read(_ paths: [String]) throws -> [File] {
    if paths.filter({ $0 == LayoutLoader.standardInputPath }).count > 1 {
      throw LayoutError(
        file: LayoutLoader.standardInputName, line: 1, column: 1,
        message: "standard input ('-') is named more than once; it can be read only once")
    }
    var files: [File] = []
    for path in paths {
      let text = try LayoutLoader.readText(path)
      let kind: DumpKind = isLayoutName(path) ? .layout : DumpKind.detect(text)
      files.append(File(path: path, name: LayoutLoader.displayName(path), text: text, kind: kind))
    }
    return files
  }

  /// Whether the inputs were dumps, imported.
  public var isImported: Bool { importResult != nil }

  /// A scene fresh from the text read (each call a new one). A layout's mistake is its
  /// `LayoutError` (`FILE:LINE:COLUMN`); an imported layout that does not load is one too,
  /// saying so (a bug in import).
  public func scene() throws -> Scene {
    do {
      return try LayoutLoader.load(yaml: layoutText, file: layoutName)
    } catch let error as LayoutError where isImported {
      throw LayoutError(
        file: error.file, line: error.line, column: error.column,
        message: "the imported layout does not load (a bug in import): \(error.message)")
    }
  }

  /// A name ending in `.yaml` or `.yml` is a layout whatever it holds.
  static func isLayoutName(_ path: String) -> Bool { path.hasSuffix(".yaml") || path.hasSuffix(".yml") }
}
