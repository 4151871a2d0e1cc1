import Foundation
import TouchLabRender

/// How far the panel's transcript is scrolled back (the wheel): to an entry, or not at all
/// (the panel follows the newest).
struct TranscriptScroll {
  /// The sequence number of the last entry shown when scrolled back, or nil: the newest.
  var anchor: Int?

  /// How many entries a notch of the wheel scrolls.
  static let wheelLines = 3

  /// Where the shown entries end (exclusive), of `count` entries the first of which has
  /// sequence number `firstSequence`.
  private func shownEnd(count: Int, firstSequence: Int) -> Int {
    guard let anchor else { return count }
    return min(count, max(1, anchor - firstSequence + 1))
  }

  /// The entries shown of `entries` (the first with sequence number `firstSequence`), and
  /// how many transcript lines are newer than the last shown.
  func shown(_ entries: [TranscriptEntry], firstSequence: Int) -> ([TranscriptEntry], Int) {
    let end = shownEnd(count: entries.count, firstSequence: firstSequence)
    guard end < entries.count else { return (entries, 0) }
    return (Array(entries[..<end]), entries[end...].count { if case .line = $0 { true } else { false } })
  }

  /// The wheel: `steps` notches back (negative) or forward, with the panel as last drawn
  /// (`fit`). Scrolled to the end, the panel follows the newest again. Returns whether the
  /// anchor moved.
  mutating func scroll(by steps: Int, count: Int, firstSequence: Int, fit: SceneRenderer.TranscriptFit?) -> Bool {
    let end = shownEnd(count: count, firstSequence: firstSequence)
    var newEnd = end + steps * Self.wheelLines
    // As the panel was last drawn: lines that all fit do not scroll, and scrolling back stops
    // with the panel still full (its oldest lines at the top), never nearly empty.
    switch fit {
    case .allFit? where end == count: return false
    case .overflowed(let shown)?: newEnd = max(newEnd, min(count, shown))
    default: break
    }
    let newAnchor: Int? = newEnd >= count ? nil : firstSequence + max(1, newEnd) - 1
    guard newAnchor != anchor else { return false }
    anchor = newAnchor
    return true
  }
}
