import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords

/// Writes a parsed dump as an ordinary layout file (docs/layouts.md), following docs/import.md
/// "The mapping": frames in the superview's coordinates, a scroll view's `contentOffset` as its
/// bounds origin, transforms taken out of the printed frame, `userInteractionEnabled = NO`
/// only where printed, a `UIWindow` root as the window, classes mapped to the built-in ones.
struct LayoutWriter {
  let dump: ViewDump
  let attachments: Attachments
  let windowSize: CGSize
  var log: DiagnosticLog

  /// Recognizers and controllers found in the other files, by the address of their view.
  struct Attachments {
    var recognizers: [String: [DumpedRecognizer]] = [:]
    /// Controllers by the address of their view.
    var controllers: [String: DumpedController] = [:]
    /// Addresses of every controller in the hierarchies (a recognizer's target may be one).
    var controllerClasses: [String: String] = [:]
    /// Printed recognizers the layout leaves out, each "Class 0x… (line N)".
    var leftOut: [String] = []
  }

  private var out: [String] = []
  private var usedIds: Set<String> = ["systemGestureGate", "controller"]
  /// The declared classes: printed name → (legal name, base, why, first line).
  private var declared: [(printed: String, legal: String, base: String, why: String, line: Int)] = []
  private var declaredIndex: [String: Int] = [:]
  /// The legal names declared, to look up (3,000 printed names that became one legal name
  /// were each searched for in the list, with a `_` more each time: cubic).
  private var declaredLegal: Set<String> = []
  /// The next suffix's number to try for a legal name taken.
  private var nextSuffix: [String: Int] = [:]
  /// The ids of the controllers attached, by address.
  private var controllerIds: [String: String] = [:]
  private(set) var viewCount = 0
  private(set) var recognizerCount = 0
  private(set) var controllerCount = 0
  private var controlCount = 0
  private var unlistedRecognizerViews: [DumpedView] = []
  /// The id given to each view, by index.
  private var ids: [String] = []
  private var idsByAddress: [String: String] = [:]

  init(dump: ViewDump, attachments: Attachments, windowSize: CGSize, log: DiagnosticLog) {
    self.dump = dump
    self.attachments = attachments
    self.windowSize = windowSize
    self.log = log
  }

  /// The layout's text.
  mutating func write() throws -> String {
    let views = dump.views
    let root = views[0]
    let rootMapping = ImportedClasses.mapping(of: root.className, baseClass: root.baseClass)
    let rootIsWindow = rootMapping.base == "UIWindow"
    ids = Array(repeating: "", count: views.count)
    for (index, view) in views.enumerated() {
      let id = uniqueId(ImportedClasses.idStem(view.className))
      ids[index] = id
      if let address = view.address, idsByAddress[address] == nil { idsByAddress[address] = id }
    }
    for recognizer in attachments.recognizers.values.flatMap({ $0 }).sorted(by: { $0.line < $1.line })
    where recognizer.kind != nil {
      if let address = recognizer.address, recognizerIds[address] == nil {
        recognizerIds[address] = uniqueId(ImportedClasses.idStem(recognizer.className))
      }
    }
    for controller in attachments.controllers.values.sorted(by: { $0.line < $1.line }) {
      controllerIds[controller.address] = uniqueId(ImportedClasses.idStem(controller.className))
    }
    var body: [String] = []
    var size = windowSize
    if rootIsWindow {
      size = root.frame.size
      guard size.width >= 1, size.height >= 1, size.width <= LayoutLimits.maximumWindowSide,
        size.height <= LayoutLimits.maximumWindowSide, size.width * size.height <= LayoutLimits.maximumWindowArea
      else {
        throw log.error(
          root.line, root.column,
          "the window's size \(format(size.width))×\(format(size.height)) is outside the limits on windows (1 to "
            + "\(Int(LayoutLimits.maximumWindowSide)) points a side)")
      }
      var windowFields = ["size: [\(format(size.width)), \(format(size.height))]"]
      if root.className != "UIWindow" { windowFields.append("class: \(quoted(declare(root, base: "UIWindow")))") }
      if let address = root.address { windowFields.append("address: \(quoted(address))") }
      windowFields.append("dumpLine: \(root.line)")
      if let array = root.recognizerArray {
        windowFields.append("unlistedGestures: \(quoted(array))")
        unlistedRecognizerViews.append(root)
      }
      if !root.isUserInteractionEnabled || root.isHidden || root.alpha <= 0.01 {
        log.warn(
          root.line, root.column,
          "the window ignores touches (\(ignoreReason(root))): nothing in the scene can be hit; the scene keeps it")
      }
      writeTop(root.children, size: size, windowFields: windowFields, into: &body)
    } else {
      if !root.isUserInteractionEnabled || root.isHidden || root.alpha <= 0.01 {
        log.warn(
          root.line, root.column,
          "the root ignores touches (\(ignoreReason(root))): nothing in the scene can be hit but the window")
      }
      writeTop([0], size: size, windowFields: ["size: [\(format(size.width)), \(format(size.height))]"], into: &body)
    }
    // A scenario to start from.
    let center = "[\(format(size.width / 2)), \(format(size.height / 2))]"
    body.append("scenarios:")
    body.append("  tap-center:  # EDIT: taps that show your bug (docs/layouts.md \"Steps\")")
    body.append("    - tap: \(center)")

    out.append(
      "# Imported by `touchlab import` from \(dump.file): \(counted(viewCount, "view")), "
        + "\(counted(recognizerCount, "recognizer")), \(counted(controllerCount, "view controller")).")
    out.append("# EDIT: what a dump cannot show is yours to fill in (docs/import.md \"After the import\"):")
    out.append("#   - the classes below are stubs: add each one's overrides (log, hitTest, pointInside, super…);")
    if controlCount > 0 {
      out.append(
        "#   - \(counted(controlCount, "control")) \(controlCount == 1 ? "has" : "have") a placeholder action "
          + "({print: \"EDIT: …\"}): give each its real one;")
    }
    out.append("#   - delegates (a recognizer's shouldReceiveTouch, a table's didSelectRow) are not in a dump.")
    if !attachments.leftOut.isEmpty {
      // Names and addresses only, with every character that is not one of theirs dropped: a
      // dump's text never becomes layout syntax.
      let names = attachments.leftOut.map { entry in
        String(
          entry.unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789_.$ ()".unicodeScalars.contains($0))
          })
      }
      out.append("# Left out (recognizers TouchLab does not model; docs/import.md \"Recognizers\"):")
      for name in names.prefix(50) { out.append("#   - \(name)") }
      if names.count > 50 { out.append("#   - and \(names.count - 50) more") }
    }
    if !unlistedRecognizerViews.isEmpty {
      let views = unlistedRecognizerViews.count
      out.append(
        "#   - \(counted(views, "view")) \(views == 1 ? "has" : "have") recognizers the dump does not list; in lldb:")
      for view in unlistedRecognizerViews.prefix(20) {
        out.append(
          "#       po [(UIView *)\(view.address ?? "0x0") gestureRecognizers]   # \(name(view.className)), line \(view.line)"
        )
      }
      if unlistedRecognizerViews.count > 20 { out.append("#       … (\(unlistedRecognizerViews.count - 20) more)") }
      out.append("#     and import each list with the dump: touchlab import DUMP LIST… --out FILE")
    }
    out.append("title: \(quoted("Imported from \((dump.file as NSString).lastPathComponent)"))")
    if !declared.isEmpty {
      out.append("classes:")
      for entry in declared {
        out.append("  \(name(entry.legal)):  # EDIT: \(entry.why) (line \(entry.line))")
        out.append("    base: \(entry.base)")
      }
    }
    out += body
    return out.joined(separator: "\n") + "\n"
  }

  /// The window and the views it holds: the first is its root controller's view when it
  /// fills the window (UIKit sizes a root controller's view to the window, Apple's UIWindow
  /// `rootViewController`); the others — all of them when the first does not fill it — are
  /// the window's own subviews (`window: {subviews: …}`) at their printed frames, above the
  /// controller's view. No view the dump does not print stands between the window and them.
  private mutating func writeTop(_ indices: [Int], size: CGSize, windowFields: [String], into body: inout [String]) {
    var others = indices[...]
    var controllerLines: [String] = []
    rootViewIndex = -1
    if let first = indices.first, dump.views[first].frame == CGRect(origin: .zero, size: size),
      dump.views[first].transform?.isIdentity ?? true
    {
      rootViewIndex = first
      controllerLines.append("controller:")
      writeTopController(into: &controllerLines)
      controllerLines.append("  view:")
      writeView(first, indent: 4, into: &controllerLines, listItem: false)
      others = others.dropFirst()
    }
    if controllerLines.isEmpty || !others.isEmpty {
      body.append("window:")
      for field in windowFields { body.append("  " + field) }
      if others.isEmpty {
        body.append("  subviews: []  # the window holds no view")
      } else {
        body.append(
          controllerLines.isEmpty
            ? "  subviews:  # the window's own views (none fills it: no root controller's view)"
            : "  subviews:  # the window's own views, above its root controller's view")
        for index in others { writeView(index, indent: 4, into: &body, listItem: true) }
      }
    } else {
      body.append("window: {\(windowFields.joined(separator: ", "))}")
    }
    body += controllerLines
  }

  private func ignoreReason(_ view: DumpedView) -> String {
    if view.isHidden { return "hidden = YES" }
    if view.alpha <= 0.01 { return "alpha = \(format(view.alpha))" }
    return "userInteractionEnabled = NO"
  }

  private mutating func uniqueId(_ stem: String) -> String {
    if usedIds.insert(stem).inserted { return stem }
    // The next number to try for each stem: no search from 2 again (2,000 labels stay linear).
    var n = nextNumber[stem] ?? 2
    while !usedIds.insert("\(stem)\(n)").inserted { n += 1 }
    nextNumber[stem] = n + 1
    return "\(stem)\(n)"
  }
  private var nextNumber: [String: Int] = [:]

  /// `wanted`, or `wanted_`, `wanted_2`, `wanted_3`… — the first that is no built-in class's
  /// name and no other declared class's (a name stays short however many collapse to it); the search for a name goes on from where the last one for `wanted`
  /// stopped (linear in the names, not quadratic).
  private mutating func unusedClassName(_ wanted: String) -> String {
    func taken(_ name: String) -> Bool {
      LayoutLoader.builtinClassNames.contains(name) || name == "UIViewController" || declaredLegal.contains(name)
    }
    func suffixed(_ n: Int) -> String { n == 1 ? wanted + "_" : wanted + "_\(n)" }
    if !taken(wanted) { return wanted }
    var n = nextSuffix[wanted] ?? 1
    while taken(suffixed(n)) { n += 1 }
    nextSuffix[wanted] = n + 1
    return suffixed(n)
  }

  /// Declares the printed class (once) and returns the name the layout uses.
  private mutating func declare(_ view: DumpedView, base: String) -> String {
    if let index = declaredIndex[view.className] { return declared[index].legal }
    var legal = ImportedClasses.legalClassName(view.className)
    if legal != view.className {
      log.warn(
        view.line, view.column,
        "the class name '\(view.className)' is written '\(legal)' (a layout's class names "
          + "are identifiers joined by '.')")
    }
    // Never the name of a built-in class or another declared one.
    let wanted = legal
    legal = unusedClassName(wanted)
    if legal != wanted && LayoutLoader.builtinClassNames.contains(wanted) {
      log.warn(
        view.line, view.column,
        "'\(wanted)' is TouchLab's own class, which this dump's view does not behave as here: it is declared as "
          + "'\(legal)'")
    }
    let mapping = ImportedClasses.mapping(of: view.className, baseClass: view.baseClass)
    let why: String
    switch mapping {
    case .builtin: why = "a built-in class"
    case .table(let b): why = "a UIKit class TouchLab plays as a \(b)"
    case .baseClass(let printed, let b):
      // The printed text is the dump's: written as data (bare only when plainly a name).
      why =
        printed == b
        ? "an app class, baseClass = \(name(printed))" : "an app class, baseClass = \(name(printed)) (a \(b))"
    case .plainView:
      why =
        view.className.hasPrefix("UI") || view.className.hasPrefix("_UI")
        ? "a UIKit class TouchLab does not know: a plain UIView"
        : "no baseClass printed: a direct UIView subclass, whatever its name says"
    }
    declaredIndex[view.className] = declared.count
    declaredLegal.insert(legal)
    declared.append((view.className, legal, base, why, view.line))
    return legal
  }

  private mutating func writeView(_ index: Int, indent: Int, into body: inout [String], listItem: Bool) {
    let view = dump.views[index]
    viewCount += 1
    let mapping = ImportedClasses.mapping(of: view.className, baseClass: view.baseClass)
    let base = mapping.base == "UIWindow" ? "UIView" : mapping.base
    let className: String
    if case .builtin(let name) = mapping, name != "UIWindow" {
      className = name
    } else {
      className = declare(view, base: base)
    }
    // A controller whose view this is wraps it.
    var pad = String(repeating: " ", count: indent)
    var first = listItem ? String(repeating: " ", count: indent - 2) + "- " : pad
    if index != rootViewIndex, let address = view.address, let controller = attachments.controllers[address] {
      controllerCount += 1
      body.append(first + "controller:")
      let inner = String(repeating: " ", count: indent + 2)
      body.append(inner + "id: \(controllerIds[controller.address]!)")
      body.append(
        inner + "class: \(quoted(controllerClassName(controller)))  # \(name(controller.className)) "
          + "\(controller.address) (line \(controller.line))")
      for line in Self.originLines(of: controller) { body.append(inner + line) }
      body.append(inner + "view:")
      pad = String(repeating: " ", count: indent + 4)
      first = pad
    }
    func line(_ text: String) {
      body.append(first + text)
      first = pad
    }
    line("id: \(ids[index])")
    if className != "UIView" { line("class: \(name(className))") }
    if let address = view.address { line("address: \(quoted(address))") }
    line("dumpLine: \(view.line)")
    // The printed frame has the transform in it: the untransformed frame, then the transform.
    var frame = view.frame
    if let t = view.transform, !t.isIdentity {
      frame = untransformedFrame(view.frame, t, view)
      line("frame: \(rect(frame))")
      line("transform: [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(format).joined(separator: ", "))]")
    } else {
      line("frame: \(rect(frame))")
    }
    if view.alpha < 1 { line("alpha: \(format(view.alpha))") }
    if view.isHidden { line("isHidden: true") }
    if !view.isUserInteractionEnabled {
      if !ImportedClasses.defaultsToNoInteraction(base) { line("isUserInteractionEnabled: false") }
    } else if ImportedClasses.defaultsToNoInteraction(base) {
      line("isUserInteractionEnabled: true  # no userInteractionEnabled = NO printed: turned on")
    }
    if view.clipsToBounds { line("clipsToBounds: true") }
    if let c = view.backgroundColor { line("color: \(quoted(hexColor(c)))") }
    if ImportedClasses.isScrollView(base) {
      if let size = view.contentSize { line("contentSize: [\(format(size.width)), \(format(size.height))]") }
      if let i = view.contentInset {
        line("contentInset: [\([i.top, i.left, i.bottom, i.right].map(format).joined(separator: ", "))]")
      }
      if let offset = view.contentOffset { line("contentOffset: [\(format(offset.x)), \(format(offset.y))]") }
    } else if let offset = view.contentOffset, offset != .zero {
      // A scroll view TouchLab plays as a plain view (a table's wrapper): its bounds origin.
      line(
        "bounds: \(rect(CGRect(origin: offset, size: frame.size)))  # contentOffset: {\(format(offset.x)), \(format(offset.y))}"
      )
    }
    if let text = view.text {
      // A printed button title over 200 characters stays a comment.
      if let key = ImportedClasses.printedTextKey(base), key != "title" || text.count <= 200 {
        line("\(key): \(quoted(text))")
      } else {
        line("# text = \(quoted(text))")
      }
    }
    if let tag = view.tag { line("# tag = \(tag)") }
    if let event = ImportedClasses.primaryControlEvent(base) {
      controlCount += 1
      let who = "\(view.className) \(view.address ?? "") line \(view.line)"
      line("targets: [{event: \(event), action: {print: \(quoted("EDIT: \(event) on \(who)"))}}]")
    }
    // What the app's delegate does is not in a dump: its class's moment to edit (a
    // table's selection when its printed cells are its rows, docs/import.md "Tables"; a tab
    // bar's selection, whose tabs are its printed buttons; a text view's editing).
    if let moment = ImportedClasses.importedDelegateMoment(base),
      moment.cellClass.map({ hasPrintedCells(index, of: $0) }) ?? true
    {
      line("\(moment.key): {print: \(quoted(moment.print))}")
    }
    writeRecognizers(view, line: line)
    if !view.children.isEmpty {
      line("subviews:")
      for child in view.children { writeView(child, indent: pad.count + 2, into: &body, listItem: true) }
    }
  }

  /// Whether a table's or collection view's views (its own, its wrapper's…) hold a printed
  /// cell of `cellBase` (the class, `baseClass =` it, or a private class played as it), not
  /// inside another cell, table or collection view.
  private func hasPrintedCells(_ listIndex: Int, of cellBase: String) -> Bool {
    let views = dump.views
    var stack = views[listIndex].children
    while let index = stack.popLast() {
      let view = views[index]
      let base = ImportedClasses.mapping(of: view.className, baseClass: view.baseClass).base
      if base == cellBase { return true }
      if !ImportedClasses.listBases.contains(base) {
        stack += view.children
      }
    }
    return false
  }

  /// A controller's `address:` and `dumpLine:` (its line in `_printHierarchy`), as a view's:
  /// it keeps its identity in `hit`, records, the inspector and explanations.
  static func originLines(of controller: DumpedController) -> [String] {
    let address = controller.address
    let isAddress =
      address.hasPrefix("0x") && address.count > 2 && address.count <= 34
      && address.dropFirst(2).allSatisfy(\.isHexDigit)
    return (isAddress ? ["address: \(quoted(address))"] : [])
      + (controller.line >= 1 ? ["dumpLine: \(controller.line)"] : [])
  }

  /// The top controller's class, when a hierarchy gives the root view's controller.
  private mutating func writeTopController(into body: inout [String]) {
    guard let address = dump.views[rootViewIndex].address, let controller = attachments.controllers[address] else {
      return
    }
    controllerCount += 1
    body.append("  id: \(controllerIds[controller.address]!)")
    body.append(
      "  class: \(quoted(controllerClassName(controller)))  # \(name(controller.className)) \(controller.address) "
        + "(line \(controller.line))")
    for line in Self.originLines(of: controller) { body.append("  " + line) }
  }

  private mutating func controllerClassName(_ controller: DumpedController) -> String {
    if controller.className == "UIViewController" { return "UIViewController" }
    if let index = declaredIndex[controller.className] { return declared[index].legal }
    let legal = unusedClassName(ImportedClasses.legalClassName(controller.className))
    declaredIndex[controller.className] = declared.count
    declaredLegal.insert(legal)
    declared.append(
      (
        controller.className, legal, "UIViewController", "a view controller (its overrides are not in a dump)",
        controller.line
      ))
    return legal
  }

  private mutating func writeRecognizers(_ view: DumpedView, line: (String) -> Void) {
    let listed = view.address.flatMap { attachments.recognizers[$0] } ?? []
    if listed.isEmpty {
      if let array = view.recognizerArray {
        unlistedRecognizerViews.append(view)
        line("unlistedGestures: \(quoted(array))  # gestureRecognizers = <NSArray: \(array)>, not listed")
      }
      return
    }
    var written: [String] = []
    for recognizer in listed {
      guard let entry = recognizerEntry(recognizer) else { continue }
      written.append(entry)
    }
    guard !written.isEmpty else { return }
    line("gestures:")
    for entry in written { line("  - " + entry) }
  }

  /// One recognizer as a flow mapping, or nil for UIKit's own (a scroll view's pair, the system gate).
  private mutating func recognizerEntry(_ r: DumpedRecognizer) -> String? {
    guard let kind = r.kind else { return nil }
    recognizerCount += 1
    var fields: [String] = []
    let id = r.address.flatMap { recognizerIds[$0] } ?? uniqueId(ImportedClasses.idStem(r.className))
    fields.append("id: \(id)")
    fields.append("class: \(kind)")
    if let address = r.address { fields.append("address: \(quoted(address))") }
    fields.append("dumpLine: \(r.line)")
    // Its line is of its own list, not of the view dump: the list's file says which.
    if !r.file.isEmpty { fields.append("dumpFile: \(quoted((r.file as NSString).lastPathComponent))") }
    for (key, value) in r.properties(for: kind) { fields.append("\(key): \(value)") }
    let required = r.mustFail.compactMap { recognizerIds[$0] }
    if !required.isEmpty { fields.append("requireToFail: [\(required.joined(separator: ", "))]") }
    var targets: [String] = []
    for target in r.targets {
      if let address = target.address, let viewId = idsByAddress[address] {
        targets.append("{target: \(viewId), action: \(quoted(target.action))}")
      } else if let address = target.address, let controllerId = controllerIds[address] {
        targets.append("{target: \(controllerId), action: \(quoted(target.action))}")
      } else {
        // An object the scene does not have: the line its action would print.
        targets.append("{action: {print: \(quoted("-[\(target.className ?? "?") \(target.action)]"))}}")
      }
    }
    if !targets.isEmpty { fields.append("targets: [\(targets.joined(separator: ", "))]") }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// The ids of the recognizers written, by address (given before any is written: a
  /// `must-fail` may name one written later).
  private var recognizerIds: [String: String] = [:]
  /// The view that is the layout's `controller: view:` (its controller is the top one).
  private var rootViewIndex = 0

  /// The frame with the transform taken out: the printed frame is the transformed bounds'
  /// bounding box about the centre, moved by the translation.
  private mutating func untransformedFrame(_ printed: CGRect, _ t: CGAffineTransform, _ view: DumpedView) -> CGRect {
    let center = CGPoint(x: printed.midX - t.tx, y: printed.midY - t.ty)
    let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
    let determinant = a * d - c * b
    var size: CGSize
    if abs(determinant) > 1e-6 {
      size = CGSize(
        width: (printed.width * d - c * printed.height) / determinant,
        height: (a * printed.height - b * printed.width) / determinant)
      if size.width < 0 || size.height < 0 { size = printed.size }
    } else {
      let w = (a + c) > 0 ? printed.width / (a + c) : printed.width
      let h = (b + d) > 0 ? printed.height / (b + d) : printed.height
      size = CGSize(width: w, height: h)
      log.warn(
        view.line, view.column,
        "transform = [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(format).joined(separator: ", "))] rotates or scales so "
          + "that the printed frame does not tell the view's own size; taken as \(format(w))×\(format(h)): check it")
    }
    return CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
  }

  private func rect(_ r: CGRect) -> String {
    "[\(format(r.origin.x)), \(format(r.origin.y)), \(format(r.size.width)), \(format(r.size.height))]"
  }

  private func hexColor(_ c: [Double]) -> String {
    "#" + c.map { String(format: "%02X", Int(clamping: ($0 * 255).rounded(), within: 0...255)) }.joined()
  }
}

/// A number as a layout writes it: no `.0`, at most 4 decimals.
func format(_ value: CGFloat) -> String {
  let rounded = (Double(value) * 10_000).rounded() / 10_000
  if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
  return String(rounded)
}

/// A class name as a YAML key or value: bare when it is made of letters, digits, `_` and `.`.
func name(_ text: String) -> String {
  text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) && text.first != "."
    ? text : quoted(text)
}

/// A YAML double-quoted string: every character the YAML reader takes as a line end (`\n`,
/// `\r`, NEL, U+2028, U+2029) or refuses (C0 and C1 controls, U+FFFE, U+FFFF) and the
/// byte-order mark written as an escape, so that text from a dump stays one scalar on one
/// line wherever it is written (a value or a comment) and never becomes layout syntax.
func quoted(_ text: String) -> String {
  let escaped = text.doubleQuoted { String(format: "\\x%02X", $0) }
  guard escaped.unicodeScalars.contains(where: { $0.value >= 0x2028 && needsEscape($0) }) else { return escaped }
  var out = String.UnicodeScalarView()
  for scalar in escaped.unicodeScalars {
    if scalar.value >= 0x2028 && needsEscape(scalar) {
      out.append(contentsOf: String(format: "\\u%04X", scalar.value).unicodeScalars)
    } else {
      out.append(scalar)
    }
  }
  return String(out)
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
  default: return false
  }
}
