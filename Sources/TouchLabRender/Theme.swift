import Foundation
import TouchLabCanvas

/// Colours and sizes for drawing scenes and the touch overlay.
///
/// `Theme.standard` is built in; `Assets/theme.json` may override any part.
/// Colours are written `#RRGGBB` or `#RRGGBBAA`; a key left out of the file
/// keeps its built-in value, and an unknown key is an error (a misspelt key
/// would otherwise be ignored without a word).
public struct Theme: Equatable, Sendable {
  public var colors: ThemeColors
  public var metrics: ThemeMetrics
  public var overlay: ThemeOverlay

  public init(
    colors: ThemeColors = ThemeColors(), metrics: ThemeMetrics = ThemeMetrics(),
    overlay: ThemeOverlay = ThemeOverlay()
  ) {
    self.colors = colors
    self.metrics = metrics
    self.overlay = overlay
  }

  /// The built-in theme.
  public static let standard = Theme()

  /// Reads a theme file; missing keys keep their built-in values.
  public init(contentsOf url: URL) throws {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw ThemeError.unreadable(path: url.path, reason: error.localizedDescription)
    }
    do {
      self = try JSONDecoder().decode(Theme.self, from: data)
    } catch let error as ThemeError {
      throw error.located(in: url.path)
    } catch let DecodingError.dataCorrupted(context) {
      throw ThemeError.invalid(path: url.path, reason: Theme.describe(context))
    } catch let DecodingError.typeMismatch(_, context) {
      throw ThemeError.invalid(path: url.path, reason: Theme.describe(context))
    } catch {
      throw ThemeError.invalid(path: url.path, reason: "\(error)")
    }
  }

  /// `Assets/theme.json` when the Assets folder is found, else `standard`.
  /// A theme file that exists but is broken is an error, not a silent fallback.
  public static func loadDefault() throws -> Theme {
    guard let url = AssetLocator.url(forAsset: "theme.json"),
      FileManager.default.fileExists(atPath: url.path)
    else { return .standard }
    return try Theme(contentsOf: url)
  }

  private static func describe(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    return path.isEmpty
      ? context.debugDescription : "\(path.joined(separator: ".")): \(context.debugDescription)"
  }
}

/// Why a theme file was not loaded.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case invalid(path: String, reason: String)
  case unknownKey(path: String, key: String)

  func located(in path: String) -> ThemeError {
    switch self {
    case .unreadable(_, let reason): return .unreadable(path: path, reason: reason)
    case .invalid(_, let reason): return .invalid(path: path, reason: reason)
    case .unknownKey(_, let key): return .unknownKey(path: path, key: key)
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "Cannot read the theme file \(path): \(reason)"
    case .invalid(let path, let reason):
      return "The theme file \(path) is not valid: \(reason)"
    case .unknownKey(let path, let key):
      return "The theme file \(path) has an unknown key \"\(key)\""
    }
  }
}

/// Colours of the scene itself.
public struct ThemeColors: Equatable, Sendable {
  /// Behind everything, outside the window's root view.
  public var background = CanvasColor(hex: "#1C1C1E")!
  /// A view with no background colour of its own (drawn as an outline only).
  public var viewOutline = CanvasColor(hex: "#8E8E93")!
  /// The default fill of buttons and controls.
  public var controlFill = CanvasColor(hex: "#007AFF")!
  /// A control while it is highlighted (a finger is down on it).
  public var controlHighlighted = CanvasColor(hex: "#0051A8")!
  /// A control with `isEnabled = false`.
  public var controlDisabled = CanvasColor(hex: "#C7C7CC")!
  public var text = CanvasColor(hex: "#000000")!
  public var secondaryText = CanvasColor(hex: "#6C6C70")!
  /// Text on a control's fill.
  public var controlText = CanvasColor(hex: "#FFFFFF")!

  public init() {}
}

/// Sizes in scene points.
public struct ThemeMetrics: Equatable, Sendable {
  public var fontFamily = TextFonts.defaultFamily
  public var fontSize = 17.0
  public var smallFontSize = 12.0
  public var cornerRadius = 8.0
  public var outlineWidth = 1.0

  public init() {}
}

/// The touch and hit-testing overlay drawn over the scene.
public struct ThemeOverlay: Equatable, Sendable {
  /// One colour per concurrent touch, reused in order: purple, magenta, indigo, teal,
  /// sienna and slate, none of them an outcome colour below (a touch must not read as
  /// "failed" or "recognized" by its colour).
  public var touchColors = [
    "#AF52DECC", "#C8168FCC", "#4B48C9CC", "#00838FCC", "#A0522DCC", "#455A64CC",
  ].map { CanvasColor(hex: $0)! }
  /// Radius of the circle under a finger.
  public var touchRadius = 22.0
  /// Width of the trail a moving finger leaves.
  public var trailWidth = 3.0
  /// How many recent positions a trail keeps.
  public var trailLength = 40
  /// Outline of the view a hit test chose.
  public var hitTestOutline = CanvasColor(hex: "#FF2D55")!
  /// Dashed outline of the views a hit test visited but passed over.
  public var hitTestVisited = CanvasColor(hex: "#FF2D5566")!
  public var hitTestDash = [4.0, 3.0]
  public var outlineWidth = 2.0
  /// Gesture recognizer states, as labels beside the view they watch.
  public var gesturePossible = CanvasColor(hex: "#8E8E93")!
  public var gestureBegan = CanvasColor(hex: "#0A84FF")!
  public var gestureChanged = CanvasColor(hex: "#64D2FF")!
  public var gestureRecognized = CanvasColor(hex: "#30D158")!
  public var gestureFailed = CanvasColor(hex: "#FF453A")!
  public var gestureCancelled = CanvasColor(hex: "#FF9F0A")!
  /// A touch held back from its view (`delaysTouchesBegan`, the scroll view's 0.15 s).
  public var gestureHeld = CanvasColor(hex: "#FFD60A")!
  /// The panel of text read-outs (event log, responder chain).
  public var panelBackground = CanvasColor(hex: "#000000B3")!
  public var panelText = CanvasColor(hex: "#FFFFFF")!

  public init() {}

  /// The colour for the `index`-th touch (0-based), cycling through the palette.
  public func touchColor(at index: Int) -> CanvasColor {
    guard !touchColors.isEmpty else { return CanvasColor(red: 1, green: 0, blue: 0, alpha: 0.8) }
    let count = touchColors.count
    return touchColors[((index % count) + count) % count]
  }
}

// MARK: - Decoding with defaults

extension CanvasColor: Codable {
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = CanvasColor(hex: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not a #RRGGBB or #RRGGBBAA colour")
    }
    self = color
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hexString)
  }
}

/// A coding key for any name, so decoders can spot keys they do not know.
struct ThemeKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Reads `key` when present, else keeps `value`; remembers the key as known.
struct ThemeReader {
  let container: KeyedDecodingContainer<ThemeKey>
  private(set) var known: Set<String> = []

  init(_ decoder: Decoder) throws {
    container = try decoder.container(keyedBy: ThemeKey.self)
  }

  mutating func read<Value: Decodable>(_ key: String, into value: inout Value) throws {
    known.insert(key)
    if let decoded = try container.decodeIfPresent(Value.self, forKey: ThemeKey(stringValue: key)) {
      value = decoded
    }
  }

  func rejectUnknownKeys() throws {
    let prefix = container.codingPath.map(\.stringValue)
    for key in container.allKeys where !known.contains(key.stringValue) {
      throw ThemeError.unknownKey(
        path: "", key: (prefix + [key.stringValue]).joined(separator: "."))
    }
  }
}

extension Theme: Codable {
  public init(from decoder: Decoder) throws {
    self.init()
    var reader = try ThemeReader(decoder)
    try reader.read("colors", into: &colors)
    try reader.read("metrics", into: &metrics)
    try reader.read("overlay", into: &overlay)
    try reader.rejectUnknownKeys()
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: ThemeKey.self)
    try container.encode(colors, forKey: ThemeKey(stringValue: "colors"))
    try container.encode(metrics, forKey: ThemeKey(stringValue: "metrics"))
    try container.encode(overlay, forKey: ThemeKey(stringValue: "overlay"))
  }
}

extension ThemeColors: Codable {
  public init(from decoder: Decoder) throws {
    self.init()
    var reader = try ThemeReader(decoder)
    try reader.read("background", into: &background)
    try reader.read("viewOutline", into: &viewOutline)
    try reader.read("controlFill", into: &controlFill)
    try reader.read("controlHighlighted", into: &controlHighlighted)
    try reader.read("controlDisabled", into: &controlDisabled)
    try reader.read("text", into: &text)
    try reader.read("secondaryText", into: &secondaryText)
    try reader.read("controlText", into: &controlText)
    try reader.rejectUnknownKeys()
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: ThemeKey.self)
    let pairs: [(String, CanvasColor)] = [
      ("background", background), ("viewOutline", viewOutline), ("controlFill", controlFill),
      ("controlHighlighted", controlHighlighted), ("controlDisabled", controlDisabled),
      ("text", text), ("secondaryText", secondaryText), ("controlText", controlText),
    ]
    for (key, value) in pairs { try container.encode(value, forKey: ThemeKey(stringValue: key)) }
  }
}

extension ThemeMetrics: Codable {
  public init(from decoder: Decoder) throws {
    self.init()
    var reader = try ThemeReader(decoder)
    try reader.read("fontFamily", into: &fontFamily)
    try reader.read("fontSize", into: &fontSize)
    try reader.read("smallFontSize", into: &smallFontSize)
    try reader.read("cornerRadius", into: &cornerRadius)
    try reader.read("outlineWidth", into: &outlineWidth)
    try reader.rejectUnknownKeys()
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: ThemeKey.self)
    try container.encode(fontFamily, forKey: ThemeKey(stringValue: "fontFamily"))
    try container.encode(fontSize, forKey: ThemeKey(stringValue: "fontSize"))
    try container.encode(smallFontSize, forKey: ThemeKey(stringValue: "smallFontSize"))
    try container.encode(cornerRadius, forKey: ThemeKey(stringValue: "cornerRadius"))
    try container.encode(outlineWidth, forKey: ThemeKey(stringValue: "outlineWidth"))
  }
}

extension ThemeOverlay: Codable {
  public init(from decoder: Decoder) throws {
    self.init()
    var reader = try ThemeReader(decoder)
    try reader.read("touchColors", into: &touchColors)
    try reader.read("touchRadius", into: &touchRadius)
    try reader.read("trailWidth", into: &trailWidth)
    try reader.read("trailLength", into: &trailLength)
    try reader.read("hitTestOutline", into: &hitTestOutline)
    try reader.read("hitTestVisited", into: &hitTestVisited)
    try reader.read("hitTestDash", into: &hitTestDash)
    try reader.read("outlineWidth", into: &outlineWidth)
    try reader.read("gesturePossible", into: &gesturePossible)
    try reader.read("gestureBegan", into: &gestureBegan)
    try reader.read("gestureChanged", into: &gestureChanged)
    try reader.read("gestureRecognized", into: &gestureRecognized)
    try reader.read("gestureFailed", into: &gestureFailed)
    try reader.read("gestureCancelled", into: &gestureCancelled)
    try reader.read("gestureHeld", into: &gestureHeld)
    try reader.read("panelBackground", into: &panelBackground)
    try reader.read("panelText", into: &panelText)
    try reader.rejectUnknownKeys()
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: ThemeKey.self)
    func put<Value: Encodable>(_ key: String, _ value: Value) throws {
      try container.encode(value, forKey: ThemeKey(stringValue: key))
    }
    try put("touchColors", touchColors)
    try put("touchRadius", touchRadius)
    try put("trailWidth", trailWidth)
    try put("trailLength", trailLength)
    try put("hitTestOutline", hitTestOutline)
    try put("hitTestVisited", hitTestVisited)
    try put("hitTestDash", hitTestDash)
    try put("outlineWidth", outlineWidth)
    try put("gesturePossible", gesturePossible)
    try put("gestureBegan", gestureBegan)
    try put("gestureChanged", gestureChanged)
    try put("gestureRecognized", gestureRecognized)
    try put("gestureFailed", gestureFailed)
    try put("gestureCancelled", gestureCancelled)
    try put("gestureHeld", gestureHeld)
    try put("panelBackground", panelBackground)
    try put("panelText", panelText)
  }
}
