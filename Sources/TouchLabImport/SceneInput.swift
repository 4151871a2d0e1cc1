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
  /// How many times the layout text has been loaded into a scene, the import's check
  /// included: a dump's first scene is the one the import loaded (one load, not two).
  public private(set) var layoutLoads = 0
  /// The scene the import loaded to check its layout, until `scene()` hands it out.
  private var importedScene: Scene?

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
      let name = (files.first { $0.kind == .views } ?? files[0]).name + " (imported)"
      var result = try DumpImporter.importTexts(
        files.map { ($0.name, $0.text) }, windowSize: windowSize, sceneName: name)
      importedScene = result.scene
      result.scene = nil  // handed out once, by `scene()`
      layoutLoads = 1
      importResult = result
      layoutText = result.yaml
      layoutName = name
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
      let name = LayoutLoader.displayName(path)
      if !isLayoutName(path), let sections = captureSections(text) {
        files += sections.map { File(path: path, name: name, text: $0, kind: DumpKind.detect($0)) }
        continue
      }
      // An empty file is an empty layout ("the file is empty"), not a dump with no views.
      let isBlank = text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
      let kind: DumpKind = isLayoutName(path) || isBlank ? .layout : DumpKind.detect(text)
      files.append(File(path: path, name: name, text: text, kind: kind))
    }
    return files
  }

  /// What starts each section of a capture file (`Tools/lldb/touchlab.py`).
  public static let captureMarker = "# touchlab capture"

  /// A capture file's parts — the recursive description, the views' recognizer lists,
  /// `_printHierarchy` — each as the text `import` takes from a file of its own; nil for a
  /// file that is no capture. Each section starts with a `# touchlab capture: views`,
  /// `…: recognizers …` or `…: controllers` line; a part keeps every line where the file has
  /// it (the other parts' lines left blank), so a diagnostic names the file's own line, and
  /// the work is linear: three texts at most, whatever the number of sections.
  static func captureSections(_ text: String) -> [String]? {
    guard text.hasPrefix(captureMarker) else { return nil }
    let kinds = ["views", "recognizers", "controllers"]
    var parts = Array(repeating: [Substring](), count: kinds.count)
    var used = Array(repeating: false, count: kinds.count)
    var current: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(captureMarker) {
        let words = line.dropFirst(captureMarker.count).drop { $0 == ":" || $0 == " " }
        current = kinds.firstIndex { words.hasPrefix($0) }
        for index in kinds.indices { parts[index].append("") }
        continue
      }
      for index in kinds.indices {
        if index == current {
          parts[index].append(line)
          if !line.allSatisfy(\.isWhitespace) { used[index] = true }
        } else {
          parts[index].append("")
        }
      }
    }
    return kinds.indices.filter { used[$0] }.map { parts[$0].joined(separator: "\n") }
  }

  /// Whether the inputs were dumps, imported.
  public var isImported: Bool { importResult != nil }

  /// A scene fresh from the text read (each call a new one; a dump's first is the one its
  /// import loaded). A layout's mistake is its `LayoutError` (`FILE:LINE:COLUMN`); an
  /// imported layout that does not load is one too, saying so (a bug in import).
  public func scene() throws -> Scene {
    if let scene = importedScene {
      importedScene = nil
      return scene
    }
    layoutLoads += 1
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
