import Foundation
import TouchLabEngine
import TouchLabRecords
import Yams

/// Reads a layout file (LAYOUTS.md) into a `Scene`. Every mistake is a `LayoutError`
/// pointing at the place in the file: unknown keys, ids, classes and bases, wrong types,
/// duplicate ids, cycles in `base`, YAML syntax.
public enum LayoutLoader {
  /// Loads the layout at `path`.
  public static func load(path: String) throws -> Scene {
    try load(yaml: try readText(path), file: path)
  }

  /// Loads the layout at `path` when it is a regular file; anything else (a FIFO moved onto
  /// the path, a device) is an error at once, never a read that waits: the window's reloads.
  public static func loadRegularFile(path: String) throws -> Scene {
    try load(yaml: try readText(path, regularFileOnly: true), file: path)
  }

  /// Loads a layout from its text; `file` names it in error messages.
  public static func load(yaml: String, file: String) throws -> Scene {
    guard let (document, root) = try parseYAML(yaml, file: file) else {
      throw LayoutError(
        file: file, line: 1, column: 1, message: "the file is empty; a layout needs at least a controller")
    }
    var builder = SceneBuilder(file: file)
    return try builder.build(YAMLValue(document, root))
  }

  /// The YAML document in `text` and its root node, or nil when it has none.
  static func parseYAML(_ text: String, file: String) throws -> (document: YAMLDocument, root: Int)? {
    try YAMLDocument.parse(text, file: file)
  }

  static func layoutError(from error: YamlError, file: String) -> LayoutError {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { "\(problem) (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? problem
      return LayoutError(file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(detail)")
    case .reader(let problem, _, _, _):
      return LayoutError(file: file, line: 1, column: 1, message: "YAML: \(problem)")
    default:
      return LayoutError(file: file, line: 1, column: 1, message: "YAML: \(error)")
    }
  }

  /// The file's text, read with POSIX calls so that a failure names its real cause
  /// (`strerror`: permission denied, a symlink loop…). A FIFO is read as a pipe (`<(…)`
  /// works), but one that nobody writes to is an error, not a hang; a file bigger than
  /// `LayoutLimits.maximumFileBytes` (or endless, like `/dev/zero`) is an error too.
  /// With `regularFileOnly`, anything but a regular file is an error before any read.
  ///
  /// `-` is standard input (named `<stdin>` in errors), which can be read once in a process:
  /// a second read is an error, not an empty file.
  public static func readText(_ path: String, regularFileOnly: Bool = false) throws -> String {
    let isStandardInput = path == standardInputPath
    let name = isStandardInput ? standardInputName : path
    func failure(_ reason: String) -> LayoutError {
      LayoutError(file: name, line: 1, column: 1, message: "cannot read the file: \(reason)")
    }
    let descriptor: Int32
    if isStandardInput {
      guard takeStandardInput() else {
        throw failure("standard input ('-') is named more than once; it can be read only once")
      }
      descriptor = STDIN_FILENO
    } else {
      // O_NONBLOCK: opening a FIFO with no writer does not wait for one.
      descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
    guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
    defer { if !isStandardInput { close(descriptor) } }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw failure("it is a directory") }
    if regularFileOnly && type != S_IFREG {
      throw failure(
        "it is not a regular file (\(type == S_IFIFO ? "a FIFO" : type == S_IFSOCK ? "a socket" : "a device")); the "
          + "window reloads regular files only")
    }
    // Reads block again (a pipe's writer may be slow); with no writer, a read ends at once.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    if type == S_IFREG && info.st_size > LayoutLimits.maximumFileBytes { throw failure(tooLarge) }
    // A regular file whose size is known is read straight into the string's own storage: no
    // array of its bytes besides (a 2 MB layout's 512 pages, each a page fault).
    if type == S_IFREG && info.st_size > 0, !isStandardInput {
      if let text = try readWhole(descriptor, size: Int(info.st_size), failure: failure) { return text }
      // It grew while being read: from the start again, as any other file.
      guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure(String(cString: strerror(errno))) }
    }
    var bytes: [UInt8] = []
    let chunk = 1 << 16
    var buffer = [UInt8](repeating: 0, count: chunk)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunk) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += buffer[0..<count]
      guard bytes.count <= LayoutLimits.maximumFileBytes else { throw failure(tooLarge) }
    }
    if bytes.isEmpty && type == S_IFIFO && !isStandardInput { throw failure("it is a FIFO and nothing wrote to it") }
    guard let text = String(bytes: bytes, encoding: .utf8) else { throw failure(notUTF8) }
    return text
  }

  private static let tooLarge = "it is larger than \(LayoutLimits.maximumFileBytes >> 20) MB, the limit on layout files"
  private static let notUTF8 = "it is not UTF-8 text"

  /// A regular file of `size` bytes read into a string's storage and checked to be UTF-8 there
  /// (the string would mend what is not), or nil when there is more to read than `size` (a
  /// file written to meanwhile). Fewer bytes (a file cut short meanwhile) are what there is.
  /// The text is the one any other file's reading gives (`readText`'s `String(bytes:encoding:)`).
  static func readWhole(
    _ descriptor: Int32, size: Int, failure: (String) -> LayoutError
  ) throws -> String? {
    var grew = false
    let text = try String(unsafeUninitializedCapacity: size) { storage in
      var filled = 0
      while filled < size {
        let count = read(descriptor, storage.baseAddress! + filled, size - filled)
        if count < 0 {
          if errno == EINTR { continue }
          throw failure(String(cString: strerror(errno)))
        }
        if count == 0 { break }
        filled += count
      }
      if filled == size {
        var probe: UInt8 = 0
        grew = read(descriptor, &probe, 1) > 0
      }
      guard !grew else { return 0 }
      guard isUTF8(UnsafeBufferPointer(rebasing: storage[..<filled])) else { throw failure(notUTF8) }
      // A leading byte-order mark is not the text's, as `String(bytes:encoding:)` (the other
      // files' way) drops it.
      guard filled >= 3, storage[0] == 0xEF, storage[1] == 0xBB, storage[2] == 0xBF else { return filled }
      let base = storage.baseAddress!
      base.update(from: base + 3, count: filled - 3)
      return filled - 3
    }
    return grew ? nil : text
  }

  /// Whether `bytes` are well-formed UTF-8 (The Unicode Standard, table 3-7): no stray or
  /// missing continuation byte, no overlong form, no surrogate, nothing past U+10FFFF. ASCII
  /// is checked eight bytes at a time.
  static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      if index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = base[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length and the range its second byte must be in.
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return false
      }
      guard index + length <= count, second.contains(base[index + 1]) else { return false }
      for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}

extension LayoutLoader {
  /// The file name that stands for standard input on the command line.
  public static let standardInputPath = "-"
  /// What standard input is called in messages (`<stdin>:3:1: error: …`).
  public static let standardInputName = "<stdin>"
  /// How `path` is named in messages: itself, or `<stdin>` for `-`.
  public static func displayName(_ path: String) -> String {
    path == standardInputPath ? standardInputName : path
  }

  nonisolated(unsafe) private static var standardInputTaken = false
  private static let standardInputLock = NSLock()

  /// Marks standard input read; false when it already was.
  private static func takeStandardInput() -> Bool {
    standardInputLock.lock()
    defer { standardInputLock.unlock() }
    if standardInputTaken { return false }
    standardInputTaken = true
    return true
  }
}

extension LayoutLoader {
  /// The names of the built-in classes: a declared class may not take one.
  public static let builtinClassNames = Set(BuiltinClass.all.map(\.name))
}

extension LayoutLoader {
  /// What the importer needs of a built-in view class (the window's too), by name: what its
  /// description answers (`BuiltinClass`), not its name.
  public struct BuiltinViewClass: Sendable {
    /// A `UIScrollView`: it scrolls its content.
    public let isScrollView: Bool
    /// The name of the event a control of it sends when used (`valueChanged`,
    /// `touchUpInside`: `BuiltinClass.primaryControlEvent`); nil for a class that is no control.
    public let primaryControlEvent: String?
    /// The property a dump's printed text sets (`BuiltinClass.printedTextKey`).
    public let printedTextKey: String?
    /// Whether a view of it takes touches unless told otherwise (a label does not), as the
    /// engine makes one.
    public let isUserInteractionEnabledByDefault: Bool
    /// The delegate moment an imported view of it is given to edit: its key, what it
    /// prints, and the cell class whose printed cells it needs (`BuiltinClass.importedDelegateMoment`).
    public let importedDelegateMoment: (key: String, print: String, cellClass: String?)?
  }

  /// The built-in view classes, from `BuiltinClass.all`.
  public static let builtinViewClasses: [String: BuiltinViewClass] = Dictionary(
    uniqueKeysWithValues: BuiltinClass.all.filter { $0.family == .view || $0.family == .window }.map { builtin in
      let event = builtin.primaryControlEvent.flatMap { event in UIControl.Event.named.first { $0.1 == event }?.0 }
      let view = builtin.make() as? UIView
      return (
        builtin.name,
        BuiltinViewClass(
          isScrollView: builtin.type is UIScrollView.Type,
          primaryControlEvent: event, printedTextKey: builtin.printedTextKey,
          isUserInteractionEnabledByDefault: view?.isUserInteractionEnabled ?? true,
          importedDelegateMoment: builtin.importedDelegateMoment.map { ($0.key, $0.print, $0.cellClass) })
      )
    })
}
