import Foundation
import TouchLabEngine
import TouchLabLayout

/// What a pasted file holds, recognised by its content.
public enum DumpKind: Equatable, Sendable {
  /// `recursiveDescription`.
  case views
  /// `po view.gestureRecognizers`.
  case recognizers
  /// `_printHierarchy`.
  case controllers
  /// `_autolayoutTrace`: no frames.
  case autolayoutTrace
  /// A layout file (YAML), not a dump.
  case layout

  public static func detect(_ text: String) -> DumpKind {
    if text.contains("frame = (") || text.contains("frame = {") { return .views }
    if text.contains("GestureRecognizer: 0x") || text.contains("Recognizer: 0x") && text.contains("state =") {
      return .recognizers
    }
    if text.contains(", state: ") || text.contains("(view not loaded)") { return .controllers }
    if text.contains("AMBIGUOUS LAYOUT") || text.contains("•") || text.contains("*<")
      || text.range(of: #"[|\s][*•]?<?[A-Za-z_][\w.]*:0x[0-9a-fA-F]+"#, options: .regularExpression) != nil
      || text.contains("_autolayoutTrace")
    {
      return .autolayoutTrace
    }
    if text.contains("controller:") || text.hasPrefix("window:") || text.contains("\nwindow:")
      || text.hasPrefix("title:") || text.hasPrefix("#")
    {
      return .layout
    }
    return .views
  }
}

/// A recognizer attached to a view, by their addresses.
private struct AttachedRecognizer: Hashable {
  var view: String
  var recognizer: String?
}

/// The result of an import: the layout's text, what was said, and the counts.
public struct ImportResult {
  public var yaml: String
  public var diagnostics: [DumpDiagnostic]
  public var viewCount: Int
  public var recognizerCount: Int
  public var controllerCount: Int
  /// The scene the import loaded to check the layout it wrote (named `sceneName`): a
  /// command's first scene, so that a dump is loaded once (`SceneInput.scene()`).
  public var scene: Scene?

  /// The line `touchlab import` ends with on standard error.
  public var summary: String {
    "imported \(counted(viewCount, "view")), \(counted(recognizerCount, "recognizer")), "
      + counted(controllerCount, "view controller")
  }
}

/// "1 view", "2 views": a count and its noun, singular for one.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Imports debugger dumps as a layout (docs/import.md): one view dump, and any recognizer
/// lists and controller hierarchies, attached to its views by address.
public enum DumpImporter {
  /// The window's size when the dump's root is no window: the layouts' default phone.
  public static let defaultWindowSize = CGSize(width: 390, height: 844)

  /// Imports the files at `paths`.
  public static func importFiles(_ paths: [String], windowSize: CGSize? = nil) throws -> ImportResult {
    var texts: [(file: String, text: String)] = []
    for path in paths {
      do {
        texts.append((path, try LayoutLoader.readText(path)))
      } catch let error as LayoutError {
        throw DumpImportError([
          DumpDiagnostic(file: path, line: 1, column: 1, severity: .error, message: error.message)
        ])
      }
    }
    return try importTexts(texts, windowSize: windowSize)
  }

  /// Imports dumps given as text (`file` names each in diagnostics).
  public static func importTexts(
    _ texts: [(file: String, text: String)], windowSize: CGSize? = nil, sceneName: String? = nil
  ) throws -> ImportResult {
    var diagnostics: [DumpDiagnostic] = [] {
      // Within the cap as it grows (a hierarchy of a million controllers not in the dump).
      didSet {
        if diagnostics.count > 2 * DumpDiagnostic.maximumShown { diagnostics = DumpDiagnostic.limited(diagnostics) }
      }
    }
    var viewDump: ViewDump?
    var recognizerFiles: [(String, [DumpedRecognizer])] = []
    var controllerFiles: [(String, [DumpedController])] = []
    func failure(_ file: String, _ message: String, line: Int = 1) -> DumpImportError {
      DumpImportError(
        diagnostics + [DumpDiagnostic(file: file, line: line, column: 1, severity: .error, message: message)])
    }
    for (file, text) in texts {
      switch DumpKind.detect(text) {
      case .views:
        if let first = viewDump {
          throw failure(
            file,
            "a second view dump (the first is \(first.file)): import one recursiveDescription at a time; recognizer "
              + "lists and _printHierarchy go with it")
        }
        do {
          let dump = try ViewDumpParser.parse(text, file: file)
          diagnostics += dump.diagnostics
          viewDump = dump
        } catch let error as DumpImportError {
          throw DumpImportError(diagnostics + error.diagnostics)
        }
      case .recognizers:
        do {
          var (recognizers, log) = try RecognizerListParser.parse(text, file: file)
          for index in recognizers.indices { recognizers[index].file = file }
          diagnostics += log.diagnostics
          recognizerFiles.append((file, recognizers))
        } catch let error as DumpImportError {
          throw DumpImportError(diagnostics + error.diagnostics)
        }
      case .controllers:
        let (controllers, log) = ControllerHierarchyParser.parse(text, file: file)
        diagnostics += log.diagnostics
        controllerFiles.append((file, controllers))
      case .autolayoutTrace:
        throw failure(
          file,
          "this is _autolayoutTrace output, which has no frames: TouchLab cannot place its views. Paste "
            + "'po [[UIWindow keyWindow] recursiveDescription]' instead (Swift: 'po UIApplication.shared.keyWindow!"
            + ".value(forKey: \"recursiveDescription\")!')")
      case .layout:
        throw failure(file, "this is a layout file, not a debugger dump: give it to check, replay or open as it is")
      }
    }
    guard let dump = viewDump else {
      let (file, what) =
        recognizerFiles.first.map { ($0.0, "a recognizer list") } ?? controllerFiles.first.map {
          ($0.0, "a controller hierarchy")
        } ?? (texts.first?.file ?? "-", "nothing")
      throw failure(
        file,
        "\(what) but no view dump: add the output of 'po [[UIWindow keyWindow] recursiveDescription]' "
          + "(the recognizers and controllers attach to its views by address)")
    }
    // Attach by address.
    var attachments = LayoutWriter.Attachments()
    var attachedRecognizers: Set<AttachedRecognizer> = []
    let viewsByAddress = Dictionary(
      dump.views.enumerated().compactMap { index, view in view.address.map { ($0, index) } },
      uniquingKeysWith: { first, _ in first })
    for (file, recognizers) in recognizerFiles {
      var unmodelled: [String] = []
      var neverBeginning: [String] = []
      for recognizer in recognizers {
        let place = { (message: String) in
          diagnostics.append(
            DumpDiagnostic(
              file: file, line: recognizer.line, column: recognizer.column, severity: .warning, message: message))
        }
        guard let viewAddress = recognizer.viewAddress else {
          place("\(recognizer.className) \(recognizer.address ?? "") prints no view=<…>: it cannot be attached")
          continue
        }
        guard let viewIndex = viewsByAddress[viewAddress] else {
          place(
            "\(recognizer.className) \(recognizer.address ?? "") is on \(viewAddress), which is not in the view "
              + "dump: left out")
          continue
        }
        if recognizer.kind == nil {
          if DumpedRecognizer.madeByTouchLab.contains(recognizer.className) { continue }
          let named = "\(recognizer.className) \(recognizer.address ?? "") (line \(recognizer.line))"
          attachments.leftOut.append(named)
          if DumpedRecognizer.neverBeginning.contains(recognizer.className) {
            neverBeginning.append(named)
          } else {
            unmodelled.append(named)
          }
          continue
        }
        let address = dump.views[viewIndex].address!
        // A recognizer listed twice (in two lists) is attached once: a set, not a search of the view's list.
        guard attachedRecognizers.insert(AttachedRecognizer(view: address, recognizer: recognizer.address)).inserted
        else { continue }
        attachments.recognizers[address, default: []].append(recognizer)
      }
      if !neverBeginning.isEmpty {
        diagnostics.append(
          DumpDiagnostic(
            file: file, line: 1, column: 1, severity: .warning,
            message: "UIKit's private scroll-view recognizers, which never begin for a tap, a press or a one-finger "
              + "drag, left out: " + neverBeginning.joined(separator: ", ")))
      }
      if !unmodelled.isEmpty {
        diagnostics.append(
          DumpDiagnostic(
            file: file, line: 1, column: 1, severity: .warning,
            message: "recognizer kinds TouchLab does not model, left out: " + unmodelled.joined(separator: ", ")))
      }
    }
    for (file, controllers) in controllerFiles {
      for controller in controllers {
        attachments.controllerClasses[controller.address] = controller.className
        guard let viewAddress = controller.viewAddress else { continue }
        guard viewsByAddress[viewAddress] != nil else {
          diagnostics.append(
            DumpDiagnostic(
              file: file, line: controller.line, column: 1, severity: .warning,
              message: "the view of \(controller.className) \(controller.address) (\(viewAddress)) is not in the view "
                + "dump: the controller is left out"))
          continue
        }
        if attachments.controllers[viewAddress] == nil { attachments.controllers[viewAddress] = controller }
      }
    }
    var writer = LayoutWriter(
      dump: dump, attachments: attachments, windowSize: windowSize ?? defaultWindowSize,
      log: DiagnosticLog(file: dump.file))
    let yaml: String
    do {
      yaml = try writer.write()
    } catch let error as DumpImportError {
      throw DumpImportError(diagnostics + error.diagnostics)
    }
    diagnostics += writer.log.diagnostics
    // What succeeds loads: the layout written is loaded as `check` would, and a layout it
    // refuses (a class name grown past its limit when made legal, an address printed twice,
    // an inset or recognizers past the layouts' limits…) is the dump's error, at its line.
    let scene: Scene
    do {
      scene = try LayoutLoader.load(yaml: yaml, file: sceneName ?? dump.file)
    } catch let error as LayoutError {
      let line = dumpLine(atLayoutLine: error.line, in: yaml) ?? 1
      throw DumpImportError(
        diagnostics + [
          DumpDiagnostic(
            file: dump.file, line: line, column: 1, severity: .error,
            message: "this dump makes a layout TouchLab refuses (layout line \(error.line)): \(error.message)")
        ])
    }
    for view in dump.views where view.recognizerArray != nil && attachments.recognizers[view.address ?? ""] == nil {
      if recognizerFiles.isEmpty, let address = view.address {
        diagnostics.append(
          DumpDiagnostic(
            file: dump.file, line: view.line, column: view.column, severity: .note,
            message: "\(view.className) has gesture recognizers the dump does not list; in lldb: "
              + "po [(UIView *)\(address) gestureRecognizers]"))
      }
    }
    return ImportResult(
      yaml: yaml, diagnostics: DumpDiagnostic.limited(diagnostics), viewCount: writer.viewCount,
      recognizerCount: writer.recognizerCount, controllerCount: writer.controllerCount, scene: scene)
  }
}

/// The dump line a line of an imported layout came from: the `dumpLine:` of the entry that
/// holds it (the entry's own keys follow its first line), else the nearest one before it.
func dumpLine(atLayoutLine target: Int, in yaml: String) -> Int? {
  let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
  guard target >= 1, target <= lines.count else { return nil }
  func dumpLine(_ line: Substring) -> Int? {
    guard let range = line.range(of: "dumpLine: ") else { return nil }
    return Int(line[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
  }
  func indent(_ line: Substring) -> Int { line.prefix { $0 == " " || $0 == "-" }.count }
  // A class declared for a view says the view's line in its comment: `# EDIT: … (line N)`.
  if let range = lines[target - 1].range(of: "(line ", options: .backwards),
    let found = Int(lines[target - 1][range.upperBound...].prefix { $0.isASCII && $0.isNumber })
  {
    return found
  }
  let own = indent(lines[target - 1])
  // An entry of a `gestures:` list came from a recognizer list, another file: the line of the
  // view that holds the list (its keys are at the indent of `gestures:`).
  var parent = target - 2
  while parent >= 0, indent(lines[parent]) >= own { parent -= 1 }
  if parent >= 0, lines[parent].drop(while: { $0 == " " }).hasPrefix("gestures:") {
    let keys = indent(lines[parent])
    for back in stride(from: parent, through: 0, by: -1) where indent(lines[back]) <= keys {
      if let found = dumpLine(lines[back]) { return found }
      if indent(lines[back]) < keys { break }
    }
  }
  var index = target - 1
  while index < lines.count {
    if let found = dumpLine(lines[index]) { return found }
    index += 1
    if index < lines.count, indent(lines[index]) < own { break }
  }
  for back in stride(from: target - 2, through: 0, by: -1) {
    if let found = dumpLine(lines[back]) { return found }
  }
  return nil
}
