import CCairo

/// A rectangle of whole pixels on a canvas: what a damage drawing redraws and the window sends.
public struct DamageRect: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }
  public var area: Int { isEmpty ? 0 : width * height }
  public var description: String { "\(width)×\(height) at (\(x), \(y))" }

  /// The smallest rectangle holding both.
  public func union(_ other: DamageRect) -> DamageRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let minX = min(x, other.x)
    let minY = min(y, other.y)
    return DamageRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
  }

  /// The smallest rectangle holding all of `rects` (empty when there are none).
  public static func bounds(of rects: [DamageRect]) -> DamageRect {
    rects.reduce(DamageRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
  }

  /// The part of both; empty (zero size) when they do not meet.
  public func intersection(_ other: DamageRect) -> DamageRect {
    let minX = max(x, other.x)
    let minY = max(y, other.y)
    return DamageRect(
      x: minX, y: minY, width: max(0, min(maxX, other.maxX) - minX), height: max(0, min(maxY, other.maxY) - minY))
  }

  /// `rects` with those that meet merged, then cut to at most `maximumRects` by merging the
  /// pairs that add the least area.
  public static func merged(_ rects: [DamageRect], maximumRects: Int = 12) -> [DamageRect] {
    DrawingItem.merge(rects, maximumRects: maximumRects)
  }

  /// Whether `other` lies inside this one.
  func contains(_ other: DamageRect) -> Bool {
    other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
  }

  /// Whether they overlap or touch (merging them then adds nothing between them).
  func meets(_ other: DamageRect) -> Bool {
    x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
  }
}

/// One drawing call as the recorder saw it: a key for everything that decides its pixels
/// (the call and its arguments, the transform, the clip, the open layers' alphas) and the
/// pixels it may touch.
public struct DrawingItem: Equatable {
  var key: Int
  var rect: DamageRect
  /// A rectangle filled (or the canvas cleared): its pixels inside any clip are those of the
  /// unclipped call. Cairo may composite the edge pixels of a stroke, a circle or a fill in a
  /// fading layer a level apart when a clip cuts through it (text: `cutsExactly`).
  var isBox = false
  /// A clip of one pixel rectangle cuts it exactly: its pixels inside are those of the
  /// unclipped call (`ClipExactnessTests`). Rectangle fills (`isBox`) and upright text
  /// outside a layer; a damage rectangle may then cut it instead of taking it whole
  /// (`closed`), so a thin change across a line of text draws the text's pixels it covers.
  var cutsExactly = false
  /// A key for everything that decides its pixels but where it is vertically (0: none): two
  /// items with the same one whose rectangles are whole rows apart draw the same pixels that
  /// many rows apart (a panel line scrolled up, `FrameDamageTracker.scroll`).
  var shiftKey = 0
}

extension DrawingItem {
  /// The pixels that differ between a frame drawn as `old` and one drawn as `new`: the items
  /// of either that are not in their longest common subsequence (same key and place, same
  /// order). A moved item damages where it was and where it is; items that swapped places
  /// damage one of them, which covers where they overlap. Merged into at most
  /// `maximumRects` rectangles.
  static func damage(from old: [DrawingItem], to new: [DrawingItem], maximumRects: Int = 12) -> [DamageRect] {
    closed(changedRects(from: old, to: new), over: new, maximumRects: maximumRects)
  }

  /// The rectangles of the items of `old` and of `new` not in their longest common
  /// subsequence, unmerged.
  public static func changedRects(from old: [DrawingItem], to new: [DrawingItem]) -> [DamageRect] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    var changed: [DamageRect] = []
    if a.isEmpty || b.isEmpty || a.count * b.count > 250_000 {
      changed = (a + b).map(\.rect)
    } else {
      let (keptA, keptB) = commonSubsequence(a, b)
      changed = a.indices.filter { !keptA[$0] }.map { a[$0].rect } + b.indices.filter { !keptB[$0] }.map { b[$0].rect }
    }
    return changed
  }

  /// `rects` with every item of `items` that one of them cuts added, until none is cut (an
  /// item is cut when it meets a rectangle but lies inside none; rectangle fills and upright
  /// text never count as cut, `cutsExactly`): a clip then never cuts through what it
  /// redraws but what it cuts exactly, and the pixels are exactly those of the whole drawing. Each item cut is added as a rectangle of its own: a
  /// rectangle grown over it would cut more, and grow on over the frame. At most
  /// `maximumRects` (`coalesced`); should that not settle in 8 rounds, the rectangles are
  /// grown over what they cut instead, which always settles (at worst, the whole frame).
  ///
  /// The items in `excluded` are left out: their pixels are not drawn but copied
  /// (`KeptViews`), which any rectangle cuts exactly.
  public static func closed(
    _ rects: [DamageRect], over items: [DrawingItem], excluding excluded: Range<Int>? = nil, maximumRects: Int
  ) -> [DamageRect] {
    var result = coalesced(rects, maximumRects: maximumRects)
    for _ in 0..<8 {
      var added: [DamageRect] = []
      for (index, item) in items.enumerated() where !item.cutsExactly && excluded?.contains(index) != true {
        var meets = false
        var held = false
        for rect in result where !item.rect.intersection(rect).isEmpty {
          meets = true
          if rect.contains(item.rect) {
            held = true
            break
          }
        }
        if meets, !held { added.append(item.rect) }
      }
      if added.isEmpty { return result }
      result = coalesced(result + added, maximumRects: maximumRects)
    }
    return grown(result, over: items, excluding: excluded, maximumRects: maximumRects)
  }

  /// `rects` grown until no item of `items` (but those `excluded`) but one a clip cuts exactly
  /// has an edge inside one: each rectangle holds whole every item it meets, so each may be
  /// drawn under a clip of its own (`KeptViews`, drawn one rectangle at a time), where
  /// `closed` lets an item held by one rectangle be cut by another. Merged as it grows
  /// (`merge`), to at most `maximumRects`.
  static func grown(
    _ rects: [DamageRect], over items: [DrawingItem], excluding excluded: Range<Int>?, maximumRects: Int
  ) -> [DamageRect] {
    var result = rects
    while true {
      var grown = false
      result = result.map { rect in
        var rect = rect
        for (index, item) in items.enumerated()
        where !item.cutsExactly && excluded?.contains(index) != true && !item.rect.intersection(rect).isEmpty
          && !rect.contains(item.rect)
        {
          rect = rect.union(item.rect)
          grown = true
        }
        return rect
      }
      result = merge(result, maximumRects: maximumRects)
      if !grown { return result }
    }
  }

  /// `rects` without the empty ones and those inside another; two whose union is no bigger
  /// than they are together (side by side, or one over the other) joined; then, while there
  /// are more than `maximumRects`, the two whose union adds the least area joined. Unlike
  /// `merge`, rectangles that only touch or overlap stay apart: a thin line's pieces and what
  /// they cut stay small.
  static func coalesced(_ rects: [DamageRect], maximumRects: Int) -> [DamageRect] {
    var result: [DamageRect] = []
    for rect in rects.sorted(by: { $0.area > $1.area })
    where !rect.isEmpty && !result.contains(where: { $0.contains(rect) }) {
      result.append(rect)
    }
    func cost(_ a: DamageRect, _ b: DamageRect) -> Int {
      a.union(b).area - a.area - b.area + a.intersection(b).area
    }
    // The first pair (in row-then-column order) whose union adds nothing is joined, again and
    // again. Every pair of rows before the one last joined into, but those with it, is known
    // to add something, so only those are looked at again there (the same pairs joined, in
    // the same order, as searching from the first row each time; without that, O(n³)).
    var joinedInto: Int?
    while true {
      var pair: (Int, Int)?
      if let changed = joinedInto {
        for k in 0..<changed where cost(result[k], result[changed]) <= 0 {
          pair = (k, changed)
          break
        }
      }
      if pair == nil {
        search: for i in (joinedInto ?? 0)..<result.count {
          for j in (i + 1)..<result.count where cost(result[i], result[j]) <= 0 {
            pair = (i, j)
            break search
          }
        }
      }
      guard let (i, j) = pair else { break }
      result[i] = result[i].union(result[j])
      result.remove(at: j)
      joinedInto = i
    }
    guard result.count > max(1, maximumRects) else { return result }
    // The pair whose union adds the least area (the first such) is joined while there are too
    // many; each pair's cost is kept, and only the joined rectangle's worked out again.
    var costs = result.indices.map { i in result.indices.map { j in j > i ? cost(result[i], result[j]) : 0 } }
    func remove(at index: Int) {
      result.remove(at: index)
      costs.remove(at: index)
      for row in costs.indices { costs[row].remove(at: index) }
    }
    while result.count > max(1, maximumRects) {
      var best = (0, 1, Int.max)
      for i in result.indices {
        for j in (i + 1)..<result.count where costs[i][j] < best.2 { best = (i, j, costs[i][j]) }
      }
      let union = result[best.0].union(result[best.1])
      remove(at: best.1)
      result[best.0] = union
      var joined = best.0
      for index in result.indices.reversed() where result[index] != union && union.contains(result[index]) {
        remove(at: index)
        if index < joined { joined -= 1 }
      }
      for other in result.indices where other != joined {
        let added = cost(result[min(other, joined)], result[max(other, joined)])
        costs[min(other, joined)][max(other, joined)] = added
      }
    }
    return result
  }

  /// Which items of `a` and of `b` are in a longest common subsequence of the two.
  private static func commonSubsequence(_ a: [DrawingItem], _ b: [DrawingItem]) -> ([Bool], [Bool]) {
    let n = a.count
    let m = b.count
    var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i * (m + 1) + j] =
          a[i] == b[j]
          ? lengths[(i + 1) * (m + 1) + j + 1] + 1
          : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
      }
    }
    var keptA = [Bool](repeating: false, count: n)
    var keptB = [Bool](repeating: false, count: m)
    var i = 0
    var j = 0
    while i < n, j < m {
      if a[i] == b[j] {
        keptA[i] = true
        keptB[j] = true
        i += 1
        j += 1
      } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return (keptA, keptB)
  }

  /// Rectangles that meet are merged; then, while there are more than `maximumRects`, the
  /// pair whose union adds the least area.
  static func merge(_ rects: [DamageRect], maximumRects: Int) -> [DamageRect] {
    var result: [DamageRect] = []
    for rect in rects where !rect.isEmpty {
      var merged = rect
      var index = 0
      while index < result.count {
        if result[index].meets(merged) {
          merged = merged.union(result.remove(at: index))
          index = 0
        } else {
          index += 1
        }
      }
      result.append(merged)
    }
    while result.count > max(1, maximumRects) {
      var best = (0, 1, Int.max)
      for i in result.indices {
        for j in result.indices where j > i {
          let u = result[i].union(result[j])
          let cost = u.area - result[i].area - result[j].area
          if cost < best.2 { best = (i, j, cost) }
        }
      }
      let joined = result[best.0].union(result[best.1])
      result.remove(at: best.1)
      result[best.0] = joined
      result = merge(result, maximumRects: Int.max)
    }
    return result
  }
}

extension CairoCanvas {
  /// A canvas drawing straight into `pixels` (premultiplied ARGB32 words, `bytesPerRow`
  /// apart, as a 24-bit TrueColor XImage holds them), which must outlive it: the window's
  /// strip, drawn into and sent without a copy. The memory holds `pixelHeight` rows of
  /// `pixelWidth` pixels; with a `frameWidth` and `frameHeight`, the canvas is a whole frame
  /// of that size (its size, its clips) whose pixels from column `firstColumn` and row
  /// `firstRow` on are those in memory: what is drawn elsewhere goes nowhere.
  public convenience init(
    drawingInto pixels: UnsafeMutableRawPointer, pixelWidth: Int, pixelHeight: Int, bytesPerRow: Int, scale: Double,
    frameWidth: Int? = nil, frameHeight: Int? = nil, firstColumn: Int = 0, firstRow: Int = 0
  ) throws {
    guard pixelWidth > 0, pixelHeight > 0 else {
      throw CanvasError.invalidSize(width: pixelWidth, height: pixelHeight)
    }
    guard scale > 0, scale.isFinite else { throw CanvasError.invalidScale(scale) }
    guard bytesPerRow == Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: pixelWidth))) else {
      throw CanvasError.cairoFailure("rows of \(bytesPerRow) bytes do not suit \(pixelWidth) pixels")
    }
    let surface = try checkedSurface(
      cairo_image_surface_create_for_data(
        pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight),
        Int32(bytesPerRow)))
    // Frame pixel (x, y) is memory pixel (x − firstColumn, y − firstRow): whole pixels apart,
    // so every shape and glyph lands on the same pixels as on a canvas of the whole frame.
    cairo_surface_set_device_offset(surface, -Double(firstColumn), -Double(firstRow))
    try self.init(
      surface: surface, pixelWidth: frameWidth ?? pixelWidth, pixelHeight: frameHeight ?? pixelHeight, scale: scale,
      vectorOutput: nil)
  }

  /// Finishes what Cairo may still hold back, before the pixels are read from memory.
  public func finishDrawing() {
    cairo_surface_flush(surface)
  }

  /// The whole canvas in pixels.
  public var pixelBounds: DamageRect { DamageRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

  /// Draws `rects` (pixels) of the frame while `body` runs: a damage drawing. `clear(to:)` and
  /// `copyPixels` stay inside them; every other call is skipped when it reaches none of them,
  /// and drawn clipped to the rectangle that holds them all.
  ///
  /// One rectangle, not several: Cairo cuts a path along every edge of a clip of several
  /// rectangles (where they overlap, and across the rows where one begins or ends), and a cut
  /// path is drawn a level differently (`DrawingItem.closed`). Every call that reaches a
  /// rectangle lies inside one (then inside the one clip too) or is a rectangle fill, which a
  /// clip cuts exactly; what is drawn outside the rectangles is not theirs to keep: the window
  /// sends only them (`X11Window.drawAndSend(passes:…)`), and a canvas that keeps its pixels is
  /// drawn one rectangle at a time.
  public func withDamageClip<Result>(_ rects: [DamageRect], _ body: () throws -> Result) rethrows -> Result {
    damageClip = rects
    cairo_save(context)
    clip(toPixels: [DamageRect.bounds(of: rects)])
    defer {
      cairo_restore(context)
      damageClip = nil
    }
    return try body()
  }

  /// In a damage drawing, whether a call that touches `bounds` (user space) grown by `outset`
  /// reaches none of the rectangles drawn: it is skipped.
  func missesDamage(_ bounds: CanvasRect, outset: Double = 0) -> Bool {
    guard let damageClip else { return false }
    let rect = deviceSpace.pixels(of: bounds, outset: outset)
    return !damageClip.contains { !$0.intersection(rect).isEmpty }
  }

  public func skips(_ rect: CanvasRect) -> Bool { missesDamage(rect) }

  /// Clips to `damageClip`, in pixels, whatever the transform.
  func applyDamageClip() {
    guard let damageClip else { return }
    clip(toPixels: damageClip)
  }

  /// Narrows the clip to `rects`, in pixels, whatever the transform.
  func clip(toPixels rects: [DamageRect]) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    cairo_identity_matrix(context)
    cairo_new_path(context)
    for rect in rects {
      cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
    }
    cairo_clip(context)
    cairo_set_matrix(context, &matrix)
  }

  /// Where user space lands in this canvas's pixels, under the current transform.
  var deviceSpace: DeviceSpace { DeviceSpace(context: context, pixelBounds: pixelBounds) }
}

extension CanvasRect {
  /// The part of this rectangle inside `other` (zero size when they do not meet).
  func clamped(to other: CanvasRect) -> CanvasRect {
    let minX = max(self.minX, other.minX)
    let minY = max(self.minY, other.minY)
    return CanvasRect(
      x: minX, y: minY, width: max(0, min(maxX, other.maxX) - minX), height: max(0, min(maxY, other.maxY) - minY))
  }
}
