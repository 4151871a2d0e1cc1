import CCairo
import Foundation

/// Pixels moved within the frame: `destination`'s pixels are copied from the rectangle of the
/// same size `rowsUp` rows below it (the panel's lines scrolled up by a new line).
public struct PixelMove: Equatable, Sendable {
  public var destination: DamageRect
  public var rowsUp: Int

  public init(destination: DamageRect, rowsUp: Int) {
    self.destination = destination
    self.rowsUp = rowsUp
  }

  /// Where the pixels come from.
  public var source: DamageRect {
    DamageRect(x: destination.x, y: destination.y + rowsUp, width: destination.width, height: destination.height)
  }
}

extension FrameDamageTracker {
  /// The damage of the frame noted when its panel's only change, but for what is new or
  /// restyled, is that its lines moved up by whole rows: the rectangle of the panel the moved
  /// lines fill is moved (`scroll`) instead of drawn again, and the rest of what changed is
  /// returned. Nil (and no move) unless the move gives exactly a whole drawing's pixels:
  /// every item that reaches into the moved rectangle is, in order, the same as an item of
  /// the frame drawn that reached `rowsUp` rows lower (its `shiftKey`, its rectangle moved,
  /// and inside the rectangle; or the same rectangle fill, covering both rectangles' rows),
  /// and no part-drawn rectangle is under the source.
  public func scrolledDamage(panelBounds: DamageRect?, frame: DamageRect) -> [DamageRect]? {
    guard let oldPanel = panel, let newPanel = notedPanel, let panelBounds, oldPanel.upperBound <= items.count,
      newPanel.upperBound <= noted.count
    else { return nil }
    var oldRects: [Int: [DamageRect]] = [:]
    for item in items[oldPanel] where item.shiftKey != 0 { oldRects[item.shiftKey, default: []].append(item.rect) }
    // How far each new item moved up, when an item of the frame before is it moved.
    var distances: [[Int]] = []
    var votes: [Int: Int] = [:]
    for item in noted[newPanel] {
      let found = (oldRects[item.shiftKey] ?? []).compactMap { old -> Int? in
        let rows = old.y - item.rect.y
        return rows > 0 && old.x == item.rect.x && old.width == item.rect.width && old.height == item.rect.height
          ? rows : nil
      }
      distances.append(found)
      for rows in Set(found) { votes[rows, default: 0] += 1 }
    }
    guard let rowsUp = votes.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else { return nil }
    // The longest run of items, in drawing order, that moved that far.
    var best: Range<Int> = 0..<0
    var start: Int?
    for index in 0...distances.count {
      if index < distances.count, distances[index].contains(rowsUp) {
        if start == nil { start = index }
      } else if let first = start {
        if index - first > best.count { best = first..<index }
        start = nil
      }
    }
    guard !best.isEmpty else { return nil }
    let run = best.map { noted[newPanel.lowerBound + $0].rect }
    let top = run.map(\.y).min() ?? 0
    let bottom = run.map(\.maxY).max() ?? 0
    let destination = DamageRect(x: panelBounds.x, y: top, width: panelBounds.width, height: bottom - top)
      .intersection(frame)
    let move = PixelMove(destination: destination, rowsUp: rowsUp)
    let source = move.source
    guard !destination.isEmpty, frame.contains(source),
      !pending.contains(where: { !$0.intersection(source).isEmpty }),
      isMove(move)
    else { return nil }
    // What else changed, without the moved rectangle.
    let changed = DrawingItem.changedRects(from: items, to: noted) + pending + keptViewsNeeded
    let rest = changed.flatMap { $0.subtracting(destination) }
    let rects = DrawingItem.closed(
      rest, over: noted, excluding: notedViews, maximumRects: Self.maximumRects)
    guard !rects.contains(where: { !$0.intersection(destination).isEmpty }) else { return nil }
    scroll = move
    return rects
  }

  /// Whether moving `move.source` to `move.destination` gives a whole drawing's pixels there:
  /// the items that reach into the destination, in order, and those that reached into the
  /// source are pairwise the same moved.
  private func isMove(_ move: PixelMove) -> Bool {
    let destination = move.destination
    let source = move.source
    let new = noted.filter { !$0.rect.intersection(destination).isEmpty }
    let old = items.filter { !$0.rect.intersection(source).isEmpty }
    guard new.count == old.count else { return false }
    for (drawn, before) in zip(new, old) {
      if drawn.isBox, drawn.key == before.key {
        // A rectangle fill (the background, the panel's edge) the same over both.
        guard drawn.rect.y <= destination.y, drawn.rect.maxY >= source.maxY else { return false }
        continue
      }
      guard drawn.shiftKey != 0, drawn.shiftKey == before.shiftKey, destination.contains(drawn.rect),
        before.rect
          == DamageRect(
            x: drawn.rect.x, y: drawn.rect.y + move.rowsUp, width: drawn.rect.width, height: drawn.rect.height)
      else { return false }
    }
    return true
  }
}

extension DamageRect {
  /// The parts of this rectangle outside `other`: at most four.
  func subtracting(_ other: DamageRect) -> [DamageRect] {
    let cut = intersection(other)
    guard !cut.isEmpty else { return isEmpty ? [] : [self] }
    return [
      DamageRect(x: x, y: y, width: width, height: cut.y - y),
      DamageRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
      DamageRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
      DamageRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height),
    ].filter { !$0.isEmpty }
  }
}

extension CairoCanvas {
  /// Copies `other`'s pixels in `rect` to the same place on this canvas, rows copied in
  /// memory: where this canvas holds only some of the frame's pixels (a strip, its memory
  /// offset by `firstColumn` and `firstRow`), only those, and `other` (whose memory starts at
  /// its pixel 0, 0) gives what it has.
  public func copyPixels(of other: CairoCanvas, in rect: DamageRect) {
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
    // The frame's pixels this canvas's memory holds.
    let memory = DamageRect(
      x: -Int(offsetX), y: -Int(offsetY), width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)))
    let rect = rect.intersection(memory).intersection(other.pixelBounds)
    guard !rect.isEmpty else { return }
    cairo_surface_flush(surface)
    cairo_surface_flush(other.surface)
    guard let target = cairo_image_surface_get_data(surface), let source = cairo_image_surface_get_data(other.surface)
    else { return }
    let targetStride = Int(cairo_image_surface_get_stride(surface))
    let sourceStride = Int(cairo_image_surface_get_stride(other.surface))
    for row in rect.y..<rect.maxY {
      memcpy(
        target + (row - memory.y) * targetStride + (rect.x - memory.x) * 4, source + row * sourceStride + rect.x * 4,
        rect.width * 4)
    }
    cairo_surface_mark_dirty(surface)
  }

  /// Moves the pixels of `move.source` to `move.destination` (an image canvas's memory; the
  /// window moves its own with `X11Window.copyArea`).
  public func movePixels(_ move: PixelMove) {
    let destination = move.destination.intersection(pixelBounds)
    guard !destination.isEmpty, pixelBounds.contains(move.source) else { return }
    cairo_surface_flush(surface)
    guard let base = cairo_image_surface_get_data(surface) else { return }
    let stride = Int(cairo_image_surface_get_stride(surface))
    for row in destination.y..<destination.maxY {
      memmove(
        base + row * stride + destination.x * 4, base + (row + move.rowsUp) * stride + destination.x * 4,
        destination.width * 4)
    }
    cairo_surface_mark_dirty(surface)
  }
}
