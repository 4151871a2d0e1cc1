import Foundation
import TouchLabRender
import TouchLabX11

/// The touch cards' pins and the pointer over them: a card collapsed for want of room is
/// shown whole while the pointer is on it, and a left click on it pins it whole (a second
/// click unpins it, and it collapses again); the click is the card's, not a finger. A value:
/// the session routes the window's input through it, asking where the cards are of the frame
/// shown (`cardAt`).
struct CardPins: Equatable {
  /// Touches whose cards the user pinned (K, a right-click on the card, or a left click on
  /// a collapsed one).
  private(set) var pinned: Set<Int> = []
  /// The touch whose collapsed card the pointer is on: shown whole, over the others.
  private(set) var hovered: Int?
  /// Pinned cards a left click pinned: shown whole where they were collapsed (the others
  /// pinned are laid out whole).
  private(set) var clickPinned: Set<Int> = []
  /// A card a click just unpinned (collapsed): not shown whole again until the pointer
  /// leaves it.
  private var collapsedByClick: Int?
  /// A left click on a card is under way: its motions and release are not a finger's.
  private var isClicking = false

  /// `FrameContent.expandedCards`: those a click pinned, then the one hovered (on top).
  var expanded: [Int] {
    clickPinned.sorted().filter { $0 != hovered } + (hovered.map { [$0] } ?? [])
  }

  /// Pins a touch's card, or unpins it.
  mutating func toggle(_ touch: Int) {
    if pinned.remove(touch) == nil { pinned.insert(touch) } else { clickPinned.remove(touch) }
  }

  /// Every pin and the hover gone (C; a new scene).
  mutating func removeAll() {
    pinned.removeAll()
    clickPinned.removeAll()
    hovered = nil
  }

  /// The pointer moved with no button down onto `hit` (nil: no card, or out of the window):
  /// the collapsed card it is on (or the one shown whole because it was) is shown whole;
  /// elsewhere none is. A card a click just collapsed stays collapsed until the pointer
  /// leaves it. Returns whether the card shown whole changed.
  mutating func hover(_ hit: CardHit?) -> Bool {
    if hit?.touch != collapsedByClick { collapsedByClick = nil }
    var newHovered: Int?
    if let hit, hit.touch != collapsedByClick, hit.isCollapsed || hit.isExpanded { newHovered = hit.touch }
    guard newHovered != hovered else { return false }
    hovered = newHovered
    return true
  }

  /// Follows the pointer over the cards, in order (`hover(_:)`), and takes the left clicks
  /// on cards that do not fit whole — collapsed, shown whole while hovered, or pinned — out
  /// of `events`: each pins its card (whole, and it stays), or unpins a pinned one; its
  /// motions and release go with it. A left click anywhere else, an ordinary card's too, is
  /// a finger as before, and so is every click while the mouse is a finger already
  /// (`mouseIsFinger`). `cardAt` gives the card under a window pixel in the frame shown (the
  /// user acts on what is drawn: until the next frame, a card expanded or pinned by an earlier
  /// event of the same wake-up is where it was drawn). Returns the events
  /// left, each with its index in `events`, and whether the cards shown changed.
  mutating func takingClicks(
    from events: [InputEvent], mouseIsFinger: Bool, cardAt: (InputPoint) -> CardHit?
  ) -> (kept: [(event: InputEvent, index: Int)], changed: Bool) {
    var kept: [(event: InputEvent, index: Int)] = []
    var changed = false
    for (index, event) in events.enumerated() {
      if event == .pointerLeft, hover(nil) { changed = true }
      guard case .pointer(let pointer) = event else {
        kept.append((event, index))
        continue
      }
      if pointer.phase == .moved, pointer.pressedButtons.isEmpty, hover(cardAt(pointer.location)) {
        changed = true
      }
      if isClicking {
        if pointer.phase == .up, pointer.button == 1 { isClicking = false }
        if pointer.button == 1 || pointer.phase == .moved { continue }
      }
      guard pointer.phase == .down, pointer.button == 1, !mouseIsFinger,
        let hit = cardAt(pointer.location), hit.isCollapsed || hit.isExpanded || hit.isPinned
      else {
        kept.append((event, index))
        continue
      }
      isClicking = true
      toggle(hit.touch)
      changed = true
      // Pinned, it stays whole where it is shown; unpinned, it collapses and stays so while
      // the pointer is on it.
      hovered = nil
      if pinned.contains(hit.touch) {
        if hit.isCollapsed || hit.isExpanded { clickPinned.insert(hit.touch) }
        collapsedByClick = nil
      } else {
        collapsedByClick = hit.touch
      }
    }
    return (kept, changed)
  }
}
