import CCairo
import Foundation
import TouchLabEngine

/// How heavy the strokes of a font are.
public enum TextWeight: String, Codable, Sendable {
  case regular, medium, semibold, bold

  var pangoWeight: PangoWeight {
    switch self {
    case .regular: return PANGO_WEIGHT_NORMAL
    case .medium: return PANGO_WEIGHT_MEDIUM
    case .semibold: return PANGO_WEIGHT_SEMIBOLD
    case .bold: return PANGO_WEIGHT_BOLD
    }
  }
}

/// Where lines sit across the width of the text rectangle.
public enum TextAlignment: String, Codable, Sendable {
  case leading, center, trailing
}

/// Where the block of lines sits down the height of the text rectangle.
public enum TextVerticalAlignment: String, Codable, Sendable {
  case top, center, bottom
}

/// What happens to text wider than its rectangle.
public enum TextTruncation: String, Codable, Sendable {
  /// Cut off at the rectangle's edge, as `lineBreakMode = .byClipping`.
  case clip
  /// "…end", "mid…dle", "start…" as UILabel's truncation modes.
  case head, middle, tail
}

/// Everything about a run of text but the text itself.
public struct TextStyle: Equatable, Hashable, Sendable {
  public var fontFamily: String
  /// Font size in scene points.
  public var fontSize: Double
  public var weight: TextWeight
  public var color: CanvasColor
  public var alignment: TextAlignment
  public var verticalAlignment: TextVerticalAlignment
  public var truncation: TextTruncation
  /// Lines before truncating; 0 wraps without limit, as UILabel's numberOfLines.
  public var maximumLines: Int
  /// Wraps code as code (the transcript panel's lines): a selector or class name is broken
  /// only after a `:` or where words part (a space, a bracket), never inside an
  /// identifier, and no hyphen is added where a line breaks. Labels wrap as UIKit's do.
  public var keepsIdentifiersWhole = false

  public init(
    fontFamily: String = TextFonts.defaultFamily, fontSize: Double = 17,
    weight: TextWeight = .regular, color: CanvasColor = .black,
    alignment: TextAlignment = .leading, verticalAlignment: TextVerticalAlignment = .center,
    truncation: TextTruncation = .tail, maximumLines: Int = 1
  ) {
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.weight = weight
    self.color = color
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.truncation = truncation
    self.maximumLines = maximumLines
  }
}

/// The process-wide text setup: TouchLab's fontconfig file and one Pango
/// font map with fixed rendering options, made on first use.
public enum TextFonts {
  /// The family that fonts.conf pins for Latin text.
  public static let defaultFamily = "DejaVu Sans"

  /// The fontconfig file TouchLab set up, or nil when no Assets folder was
  /// found and the system's fonts are used (text still renders, but may not
  /// match the reference images).
  public static var configurationPath: String? {
    _ = fontMap
    return configuredPath
  }

  private static var configuredPath: String?

  // Made once, lazily and thread-safely (Swift runs global initialisers
  // once), so TouchLab's configuration is fontconfig's before fontconfig first starts.
  static let fontMap: UnsafeMutablePointer<PangoFontMap> = {
    if let assets = AssetLocator.assetsFolder() {
      let file = assets.appendingPathComponent("fonts.conf").path
      if FileManager.default.fileExists(atPath: file) {
        setenv("FONTCONFIG_FILE", file, 1)
        configuredPath = file
        makeCurrentConfiguration(from: file)
      }
    }
    guard let map = pango_cairo_font_map_new() else {
      fatalError("Pango could not create a font map")
    }
    // The contexts' resolution (`makeContext`) made the map's too. Pango measures each new
    // font's metrics (a line's height, which every layout's extents ask for) by laying out a
    // sample text in a context of its own, made with the map's resolution: at Pango's default
    // of 96 dpi the same pixel size is another point size, so fontconfig matched and sorted
    // every font a second time — 31 sorts before the playground's first frame, 19 now, and
    // 10 M fewer instructions (docs/PERFORMANCE.md).
    pango_cairo_font_map_set_resolution(OpaquePointer(map), resolution)
    return map
  }()

  /// Loads the fontconfig file `file` into a configuration of its own and makes it the one
  /// every fontconfig user gets. Left to itself, fontconfig's start-up (`FcInit`, which Pango
  /// calls) reads the same file from FONTCONFIG_FILE but then also parses every file of the
  /// system's template folder (/usr/share/fontconfig/conf.avail, 40-odd, for the descriptions
  /// `fc-conflist` prints): 5 ms before the first text (docs/PERFORMANCE.md). `FcInit` finds
  /// this configuration and loads nothing. On failure nothing changes: fontconfig then starts
  /// by itself, from FONTCONFIG_FILE.
  private static func makeCurrentConfiguration(from file: String) {
    guard let configuration = FcConfigCreate() else { return }
    defer { FcConfigDestroy(configuration) }  // the current configuration keeps a reference
    guard FcConfigParseAndLoad(configuration, file, FcBool(FcTrue)) != 0,
      FcConfigBuildFonts(configuration) != 0
    else { return }
    _ = FcConfigSetCurrent(configuration)
  }

  /// A Pango context with the options that make text reproducible: grey
  /// antialiasing, no hinting, unhinted metrics, unrounded glyph positions
  /// (so sizes do not depend on the pixel scale) and a fixed language (so
  /// $LANG cannot change which CJK glyph variants are chosen).
  static func makeContext() -> OpaquePointer {
    guard let context = pango_font_map_create_context(fontMap) else {
      fatalError("Pango could not create a context")
    }
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_cairo_context_set_resolution(context, resolution)
    pango_context_set_round_glyph_positions(context, 0)
    pango_context_set_language(context, pango_language_from_string("en"))
    return context
  }

  /// Points per inch for Pango: 72, so that a size in points is a size in pixels at scale 1.
  static let resolution = 72.0

  /// The context `measure` lays text out in: its font options merged with an image
  /// surface's, as the drawing context's are when it follows a canvas
  /// (`TextLayoutCache.follow`), so that the two ask the font map for the same fonts —
  /// one font object for a pattern, one set of metrics and glyph extents — rather than each
  /// a font of its own (3.5 M instructions of the first frame; the same pixels).
  static let measuringContext: OpaquePointer = {
    let context = makeContext()
    if let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) {
      if let cairo = cairo_create(surface) {
        pango_cairo_update_context(cairo, context)
        cairo_destroy(cairo)
      }
      cairo_surface_destroy(surface)
    }
    return context
  }()

  /// One user of Pango at a time: its font map, contexts and layouts are not thread-safe.
  static let lock = NSLock()

  /// Sets fonts up on a thread of their own (fontconfig reading its files, the Latin faces
  /// opened: milliseconds), so that a program can do other start-up work — load a layout,
  /// open a window — meanwhile. Text drawn or measured before it is done waits for it.
  /// Returns at once. The CJK face is left out: see `startWarmingUpFallbackFonts`.
  public static func startWarmingUp() {
    warmUp(with: startUpWarmUpText, threadName: "touchlab fonts")
  }

  /// What `startWarmingUp` measures: Latin only (DejaVu Sans and Sans Mono).
  static let startUpWarmUpText = "Tap 0.150"
  /// What `startWarmingUpFallbackFonts` measures: Chinese (Noto Sans CJK SC).
  static let fallbackWarmUpText = "按钮"
  /// The styles both measure their text in.
  static let warmUpStyles = [TextStyle(), TextStyle(fontFamily: "DejaVu Sans Mono", weight: .bold)]

  /// Opens the CJK face (Noto Sans CJK: 15–20 ms the first time a text needs it) on a thread
  /// of its own. For a window once its first frame is sent: warmed with the Latin faces at
  /// start-up it held the first frame of every scene back that long, behind the fonts' lock
  /// (docs/PERFORMANCE.md); warmed afterwards, a first Chinese line (a transcript's NSLog)
  /// does not wait for it. A scene that shows Chinese in its first frame opens it then.
  public static func startWarmingUpFallbackFonts() {
    warmUp(with: fallbackWarmUpText, threadName: "touchlab CJK font")
  }

  /// What `startWarmingUpFallbackFonts` does, on the calling thread (the window's: on a
  /// thread of background priority, `BackgroundQueue`).
  public static func warmUpFallbackFonts() {
    for style in warmUpStyles { _ = measure(fallbackWarmUpText, style: style) }
  }

  /// Measures `text` in each of `warmUpStyles` on a new thread.
  private static func warmUp(with text: String, threadName: String) {
    let thread = Thread {
      for style in warmUpStyles { _ = measure(text, style: style) }
    }
    thread.name = threadName
    thread.start()
  }
  static let drawingContext: OpaquePointer = makeContext()

  /// The logical size of `text` set in `style`, in scene points. With a
  /// `maximumWidth`, lines wrap (or truncate) at that width as they would
  /// when drawn into a rectangle that wide.
  public static func measure(_ text: String, style: TextStyle, maximumWidth: Double? = nil)
    -> CanvasSize
  {
    measuringLayouts.withLayout(text, style: style, width: maximumWidth, logicalSize(of:))
  }

  /// A layout's logical size, in scene points.
  static func logicalSize(of layout: OpaquePointer) -> CanvasSize {
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let unit = Double(touchlab_pango_scale())
    return CanvasSize(width: Double(logical.width) / unit, height: Double(logical.height) / unit)
  }

  /// The layouts `measure` made, kept for the next frame (the panel measures the same
  /// lines every frame).
  static let measuringLayouts = TextLayoutCache(context: measuringContext)
  /// The layouts `Canvas.draw(_:in:style:)` made. Their context follows the canvas's scale
  /// and surface (`TextLayoutCache.follow`); Pango lays a layout out again by itself when
  /// its context changed, so a kept layout is never stale.
  static let drawingLayouts = TextLayoutCache(context: drawingContext)

  /// How many characters of `text` no installed font can show (drawn as
  /// boxes); 0 means every character has a real glyph.
  static func unknownGlyphCount(in text: String, style: TextStyle) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let layout = makeLayout(text, style: style, width: nil, context: measuringContext)
    defer { touchlab_release_layout(layout) }
    return Int(pango_layout_get_unknown_glyphs_count(layout))
  }

  /// The font families Pango picked for the runs of `text`, in order, without repeats.
  static func fontFamilies(usedFor text: String, style: TextStyle) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    let layout = makeLayout(text, style: style, width: nil, context: measuringContext)
    defer { touchlab_release_layout(layout) }
    guard let iterator = pango_layout_get_iter(layout) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    var families: [String] = []
    repeat {
      if let run = pango_layout_iter_get_run_readonly(iterator),
        let font = run.pointee.item.pointee.analysis.font,
        let description = pango_font_describe(font)
      {
        defer { pango_font_description_free(description) }
        if let family = pango_font_description_get_family(description).map({ String(cString: $0) }),
          families.last != family
        {
          families.append(family)
        }
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return families
  }

  /// No break inside an identifier and its `:` (Pango may break there only if a single
  /// identifier is wider than the line), and no hyphen at a break.
  static func keepIdentifiersWhole(_ text: String, in layout: OpaquePointer) {
    guard let list = pango_attr_list_new() else { return }
    defer { pango_attr_list_unref(list) }
    pango_attr_list_insert(list, pango_attr_insert_hyphens_new(0))
    func isIdentifier(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      guard isIdentifier(bytes[index]) else {
        index += 1
        continue
      }
      let start = index
      while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
      guard index - start > 1, let attribute = pango_attr_allow_breaks_new(0) else { continue }
      attribute.pointee.start_index = UInt32(start)
      attribute.pointee.end_index = UInt32(index)
      pango_attr_list_insert(list, attribute)
    }
    pango_layout_set_attributes(layout, list)
  }

  /// The lines `text` wraps into at `width`, each with how many glyphs Pango drew beyond its
  /// characters (a hyphen it inserted at a break) — tests.
  static func wrappedLines(_ text: String, style: TextStyle, width: Double) -> [(text: String, addedGlyphs: Int)] {
    lock.lock()
    defer { lock.unlock() }
    let layout = makeLayout(text, style: style, width: width, context: measuringContext)
    defer { touchlab_release_layout(layout) }
    let bytes = Array(text.utf8)
    var lines: [(String, Int)] = []
    for index in 0..<pango_layout_get_line_count(layout) {
      guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
      let start = Int(line.pointee.start_index)
      let end = min(bytes.count, start + Int(line.pointee.length))
      var added = 0
      var runs = line.pointee.runs
      while let node = runs {
        if let run = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
          let item = run.pointee.item.pointee
          added += Int(run.pointee.glyphs.pointee.num_glyphs) - Int(item.num_chars)
        }
        runs = node.pointee.next
      }
      lines.append((String(decoding: bytes[start..<end], as: UTF8.self), added))
    }
    return lines
  }

  static func makeLayout(
    _ text: String, style: TextStyle, width: Double?, context: OpaquePointer
  ) -> OpaquePointer {
    guard let layout = pango_layout_new(context) else {
      fatalError("Pango could not create a layout")
    }
    let unit = Double(touchlab_pango_scale())
    let description = pango_font_description_new()
    pango_font_description_set_family(description, style.fontFamily)
    pango_font_description_set_absolute_size(description, style.fontSize * unit)
    pango_font_description_set_weight(description, style.weight.pangoWeight)
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_text(layout, text, -1)
    if style.keepsIdentifiersWhole, width != nil { keepIdentifiersWhole(text, in: layout) }

    let clipsOneLine = style.truncation == .clip && style.maximumLines == 1
    if let width, width > 0, !clipsOneLine {
      pango_layout_set_width(
        layout, Int32(Int(clamping: (width * unit).rounded(.down), within: 0...Int(Int32.max))))
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      switch style.truncation {
      // Unlimited lines must not ellipsize: Pango would then keep each
      // paragraph on one line instead of wrapping it.
      case _ where style.maximumLines == 0: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
      case .clip: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
      case .head: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
      case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
      case .tail: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
      }
      // A negative height is Pango's "at most this many lines" (it only
      // applies while ellipsizing); 0 lines means unlimited, as in UIKit.
      if style.maximumLines > 0 {
        pango_layout_set_height(layout, Int32(-style.maximumLines))
      }
      switch style.alignment {
      case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
      case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
      case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
      }
    }
    return layout
  }
}

/// A text laid out for drawing (`TextFonts.placing`): its layout, where the layout's top left
/// goes, and where its ink reaches.
struct PlacedText {
  let layout: OpaquePointer
  let x: Double
  let y: Double
  let rect: CanvasRect
  let style: TextStyle

  /// Where its ink reaches (user space): what a recording canvas notes, and what a damage
  /// drawing checks.
  var inkBounds: CanvasRect {
    var ink = PangoRectangle()
    pango_layout_get_extents(layout, &ink, nil)
    let bounds = CanvasRect(
      x: x + Double(ink.x) / Double(PANGO_SCALE), y: y + Double(ink.y) / Double(PANGO_SCALE),
      width: Double(ink.width) / Double(PANGO_SCALE), height: Double(ink.height) / Double(PANGO_SCALE))
    return style.truncation == .clip ? bounds.clamped(to: rect) : bounds
  }
}

extension TextFonts {
  /// Lays `text` out in `rect` per `style` for the Cairo context `cairo` (its surface's font
  /// options followed: `TextLayoutCache.follow`; Cairo rasterises the glyphs at the real pixel
  /// size when they are drawn), and runs `body` with it placed; nothing for an empty text or
  /// rect.
  static func placing(
    _ text: String, in rect: CanvasRect, style: TextStyle, following cairo: OpaquePointer,
    _ body: (PlacedText) -> Void
  ) {
    guard !text.isEmpty, rect.width > 0 || style.truncation == .clip else { return }
    let cache = drawingLayouts
    let followTransform: (OpaquePointer) -> Void = { _ in cache.follow(cairo) }
    cache.withLayout(text, style: style, width: rect.width, beforehand: followTransform) { layout in
      let size = logicalSize(of: layout)
      var x = rect.minX
      if style.truncation == .clip && style.maximumLines == 1 {
        // No layout width was set, so align the single line ourselves.
        switch style.alignment {
        case .leading: break
        case .center: x += (rect.width - size.width) / 2
        case .trailing: x += rect.width - size.width
        }
      }
      var y = rect.minY
      switch style.verticalAlignment {
      case .top: break
      case .center: y += (rect.height - size.height) / 2
      case .bottom: y += rect.height - size.height
      }
      body(PlacedText(layout: layout, x: x, y: y, rect: rect, style: style))
    }
  }
}

extension CairoCanvas {
  /// Draws `text` inside `rect` (scene points, current transform applied),
  /// laid out and truncated per `style`. Any Unicode text works; characters
  /// DejaVu Sans lacks, such as Chinese, come from Noto Sans CJK.
  public func draw(_ text: String, in rect: CanvasRect, style: TextStyle) {
    TextFonts.placing(text, in: rect, style: style, following: context) { placed in
      if damageClip != nil, missesDamage(placed.inkBounds) { return }
      placed.show(on: context)
    }
  }
}

extension PlacedText {
  /// Draws the glyphs on `context` (the one the text was laid out for) in the style's colour,
  /// clipped to the rectangle when the style clips.
  func show(on context: OpaquePointer) {
    cairo_save(context)
    if style.truncation == .clip {
      cairo_new_path(context)
      cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
      cairo_clip(context)
    }
    cairo_set_source_rgba(context, style.color.red, style.color.green, style.color.blue, style.color.alpha)
    cairo_move_to(context, x, y)
    pango_cairo_show_layout(context, layout)
    cairo_new_path(context)
    cairo_restore(context)
  }
}

/// Pango layouts kept between frames: making one (itemising, shaping, wrapping) is most of
/// drawing a line of text, and a frame draws and measures the same lines as the one before.
/// A layout is found by everything it depends on — the text, the font, the width and the
/// wrapping — so a changed text or style makes a new one; the colour and the vertical
/// placement are applied when drawing. Bounded: two generations of at most `limit / 2`
/// layouts each; a layout not used for a whole generation is released.
final class TextLayoutCache: @unchecked Sendable {
  struct Key: Hashable {
    var text: String
    var fontFamily: String
    var fontSize: Double
    var weight: TextWeight
    var alignment: TextAlignment
    var truncation: TextTruncation
    var maximumLines: Int
    var width: Double?
  }

  let context: OpaquePointer
  let limit: Int
  private var current: [Key: OpaquePointer] = [:]
  private var previous: [Key: OpaquePointer] = [:]
  /// Pango layouts and their context are not thread-safe: one user at a time.
  private let lock: NSLock
  /// Layouts made, and layouts found already made (tests and benchmarks read them).
  private(set) var misses = 0
  private(set) var hits = 0

  /// The shared caches' limit: a frame measures and draws a few hundred texts (the
  /// playground's labels and the panel's visible lines), which the 512 layouts of a
  /// generation keep from one frame to the next; new transcript lines push the oldest out.
  /// Each layout is a few kilobytes: 4,096 (the limit before) let the two caches keep up to
  /// 8,192 of them, filling for minutes of use (docs/PERFORMANCE.md, "Memory").
  static let defaultLimit = 1024

  init(context: OpaquePointer, limit: Int = TextLayoutCache.defaultLimit, lock: NSLock = TextFonts.lock) {
    self.context = context
    self.lock = lock
    self.limit = max(2, limit)
  }

  /// The surface's font options the context was last made to follow, and a scratch set of
  /// options to compare with.
  private var followedOptions: OpaquePointer?
  private let surfaceOptions = cairo_font_options_create()
  /// How many times the context was made to follow a canvas (tests read it).
  private(set) var contextUpdates = 0
  /// Pango's count of the context's changes: each one makes every layout stale.
  var contextSerial: UInt32 { pango_context_get_serial(context) }

  /// Makes the context follow `cairo`'s target surface (its font options); the caller holds
  /// the lock. The context keeps the identity transform, whatever the canvas's scale: with no
  /// hinting and unrounded glyph positions (`TextFonts.makeContext`) a layout is the same at
  /// every scale, and Cairo draws its glyphs through the canvas's transform, rasterised at
  /// the device's pixel size — the same pixels as a context following the transform gave
  /// (`touchlab shot --no-scenario` of every bundled layout at scales 1, 1.5 and 2, and SVGs
  /// at 1 and 2), but for the one thing it got wrong: an
  /// empty line, at a scale above 1, came out half a line high where the text was measured
  /// a whole line high. So a frame's fonts are the measuring context's too, chosen once for
  /// all scales — fontconfig's match for a font size is made once, not again for each scale
  /// (Pango 1.50 starts two threads for each: the first frame's start-up, docs/PERFORMANCE.md)
  /// — and a change of scale marks no layout stale (Pango marks every layout of a context
  /// stale on each update, to be itemised and shaped again when next used).
  func follow(_ cairo: OpaquePointer) {
    cairo_surface_get_font_options(cairo_get_target(cairo), surfaceOptions)
    if let followedOptions, cairo_font_options_equal(followedOptions, surfaceOptions) != 0 { return }
    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    pango_cairo_update_context(cairo, context)
    cairo_restore(cairo)
    if let followedOptions { cairo_font_options_destroy(followedOptions) }
    followedOptions = cairo_font_options_copy(surfaceOptions)
    contextUpdates += 1
  }

  /// Layouts kept now.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return current.count + previous.count
  }

  /// Calls `body` with the layout of `text` in `style` at `width` (made now if not kept),
  /// after `beforehand` (given the Pango context), holding the cache's lock throughout.
  func withLayout<Result>(
    _ text: String, style: TextStyle, width: Double?,
    beforehand: (OpaquePointer) -> Void = { _ in },
    _ body: (OpaquePointer) -> Result
  ) -> Result {
    lock.lock()
    defer { lock.unlock() }
    beforehand(context)
    let key = Key(
      text: text, fontFamily: style.fontFamily, fontSize: style.fontSize, weight: style.weight,
      alignment: style.alignment, truncation: style.truncation, maximumLines: style.maximumLines,
      width: width)
    let layout: OpaquePointer
    if let kept = current[key] {
      hits += 1
      layout = kept
    } else if let kept = previous.removeValue(forKey: key) {
      hits += 1
      layout = kept
      store(layout, for: key)
    } else {
      misses += 1
      layout = TextFonts.makeLayout(text, style: style, width: width, context: context)
      store(layout, for: key)
    }
    return body(layout)
  }

  private func store(_ layout: OpaquePointer, for key: Key) {
    if current.count >= limit / 2 {
      for old in previous.values { touchlab_release_layout(old) }
      previous = current
      current = [:]
    }
    current[key] = layout
  }

  /// Releases every kept layout.
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for layout in current.values { touchlab_release_layout(layout) }
    for layout in previous.values { touchlab_release_layout(layout) }
    current = [:]
    previous = [:]
  }
}
