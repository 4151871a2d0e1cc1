import Foundation
import TouchLabRender
import TouchLabX11

/// The touch cards under the mouse: a card collapsed for want of room is shown whole while
/// the pointer is on it, and a left click on it pins it whole (a second click unpins it, and
/// it collapses again); the click is the card's, not a finger.
extension SandboxSession {
  /// The card under a window pixel, when the overlay is shown.
  func cardHit(at location: InputPoint) -> CardHit? {
    // No card without a touch (the live window's common case, read without making a frame).
    guard showsOverlay, playback != nil || !overlay.state.touches.isEmpty, region(at: location) == .scene else {
      return nil
    }
    let point = framePoint(location)
    return renderer.cardHit(at: point.x, point.y, in: cardContent)
  }

  /// What the frame's cards are laid out from — its window, overlay, time, pinned and
  /// expanded cards — without the rest of `frameContent` (the panel's transcript), for the
  /// pointer's every move.
  var cardContent: FrameContent {
    var content: FrameContent
    if let playback {
      let time = playback.time(at: now)
      content = FrameContent(window: playback.scene(at: time)?.window ?? scene.window, overlay: shownOverlay, now: time)
    } else {
      content = FrameContent(window: scene.window, overlay: shownOverlay, now: clock.now)
    }
    content.pinnedCards = pinnedCards
    content.expandedCards = expandedCards
    return content
  }

  /// `FrameContent.expandedCards`: those a click pinned, then the one hovered (on top).
  var expandedCards: [Int] {
    clickPinnedCards.sorted().filter { $0 != hoveredCard } + (hoveredCard.map { [$0] } ?? [])
  }

  /// The pointer moved with no button down: the collapsed card it is on (or the one shown
  /// whole because it was) is shown whole; elsewhere, or out of the window (nil), none is. A card a click just collapsed
  /// stays collapsed until the pointer leaves it.
  func hoverCards(at location: InputPoint?) {
    let hit = location.flatMap(cardHit(at:))
    if hit?.touch != cardCollapsedByClick { cardCollapsedByClick = nil }
    var hovered: Int?
    if let hit, hit.touch != cardCollapsedByClick, hit.isCollapsed || hit.isExpanded { hovered = hit.touch }
    guard hovered != hoveredCard else { return }
    hoveredCard = hovered
    needsFrame = true
  }

  /// Follows the pointer over the cards, in order (`hoverCards(at:)`), and takes the left
  /// clicks on cards that do not fit whole — collapsed, shown whole while hovered, or
  /// pinned — out of `events`: each pins its card (whole, and it stays), or unpins a pinned
  /// one; its motions and release go with it. A left click anywhere else, an ordinary card's
  /// too, is a finger as before. Returns the events left, each with its index in `events`.
  func takingCardClicks(from events: [InputEvent]) -> [(event: InputEvent, index: Int)] {
    var kept: [(event: InputEvent, index: Int)] = []
    for (index, event) in events.enumerated() {
      if event == .pointerLeft { hoverCards(at: nil) }
      guard case .pointer(let pointer) = event else {
        kept.append((event, index))
        continue
      }
      if pointer.phase == .moved, pointer.pressedButtons.isEmpty { hoverCards(at: pointer.location) }
      if isClickingCard {
        if pointer.phase == .up, pointer.button == 1 { isClickingCard = false }
        if pointer.button == 1 || pointer.phase == .moved { continue }
      }
      guard pointer.phase == .down, pointer.button == 1, mapper.mouseFinger == nil,
        let hit = cardHit(at: pointer.location), hit.isCollapsed || hit.isExpanded || hit.isPinned
      else {
        kept.append((event, index))
        continue
      }
      isClickingCard = true
      togglePin(hit.touch)
      // Pinned, it stays whole where it is shown; unpinned, it collapses and stays so while
      // the pointer is on it.
      hoveredCard = nil
      if pinnedCards.contains(hit.touch) {
        if hit.isCollapsed || hit.isExpanded { clickPinnedCards.insert(hit.touch) }
        cardCollapsedByClick = nil
      } else {
        cardCollapsedByClick = hit.touch
      }
    }
    return kept
  }
}
