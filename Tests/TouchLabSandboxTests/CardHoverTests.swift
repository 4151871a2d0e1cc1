import Foundation
import TouchLabCanvas
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabX11
import XCTest

/// Cards collapsed for want of room (issue 30): the pointer on one shows it whole, over the
/// others, while it is there; a left click pins it whole and a second click collapses it
/// again. The click is the card's, never a finger.
final class CardHoverTests: XCTestCase {
  var time = ManualTime(50)
  let renderer = SceneRenderer(theme: .standard)

  /// cards.yaml's four fingers held, played to their end (1.0 s): four collapsed cards.
  private func heldFingers() throws -> SandboxSession {
    let session = SandboxSession(
      scene: try TestLayouts.scene("cards"), scale: 1, timeSource: time.read, report: { _ in })
    try session.play(scenario: "four", speed: 1, loops: false)
    time.seconds = 52
    session.handle(PollWakeup(events: [], deadlineReached: true))
    return session
  }

  private func hover(_ x: Double, _ y: Double) -> InputEvent {
    .pointer(PointerInput(phase: .moved, button: 0, pressedButtons: [], location: InputPoint(x: x, y: y)))
  }

  /// `touch`'s card as the frame draws it.
  private func card(_ touch: Int, in session: SandboxSession) throws -> FrameTargets.Card {
    try XCTUnwrap(renderer.cards(in: session.frameContent).last { $0.hit.touch == touch }, "no card for touch \(touch)")
  }

  func testHoveringACollapsedCardShowsItWholeOnTopAndAClickPinsItUntilASecondClick() throws {
    let session = try heldFingers()
    let cards = renderer.cards(in: session.frameContent)
    XCTAssertEqual(cards.count, 4)
    XCTAssertTrue(cards.allSatisfy { $0.hit.isCollapsed && !$0.hit.isExpanded }, "collapsed for want of room")
    let collapsed = try card(1, in: session).frame
    let on = (x: collapsed.midX, y: collapsed.minY + 10)
    let elsewhere = (x: 385.0, y: 515.0)
    XCTAssertNil(renderer.cardHit(at: elsewhere.x, elsewhere.y, in: session.frameContent))

    // Hover: whole, drawn last (over the others), holding the collapsed card's place.
    session.handleOnShownFrame(PollWakeup(events: [hover(on.x, on.y)]))
    XCTAssertEqual(session.hoveredCard, 1)
    XCTAssertEqual(session.frameContent.expandedCards, [1])
    let shown = renderer.cards(in: session.frameContent)
    XCTAssertEqual(shown.last?.hit.touch, 1)
    let whole = try XCTUnwrap(shown.last)
    XCTAssertTrue(whole.hit.isExpanded && !whole.hit.isCollapsed)
    XCTAssertGreaterThan(whole.frame.height, collapsed.height + 40)
    XCTAssertTrue(whole.frame.minY <= collapsed.minY && whole.frame.maxY >= collapsed.maxY)
    let covered = try XCTUnwrap(
      cards.first { $0.hit.touch != 1 && $0.frame.minY < whole.frame.maxY && $0.frame.maxY > whole.frame.minY },
      "it covers another card")
    let inside = (x: whole.frame.midX, y: max(covered.frame.minY, whole.frame.minY) + 5)
    XCTAssertEqual(renderer.cardHit(at: inside.x, inside.y, in: session.frameContent)?.touch, 1, "on top")
    // Moving on it keeps it whole; off it, it collapses again.
    session.handleOnShownFrame(PollWakeup(events: [hover(inside.x, inside.y)]))
    XCTAssertEqual(session.hoveredCard, 1)
    session.handleOnShownFrame(PollWakeup(events: [hover(elsewhere.x, elsewhere.y)]))
    XCTAssertNil(session.hoveredCard)
    XCTAssertEqual(try card(1, in: session).frame, collapsed)
    // Out of the window straight from the card: collapsed too.
    session.handleOnShownFrame(PollWakeup(events: [hover(on.x, on.y)]))
    XCTAssertEqual(session.hoveredCard, 1)
    session.handleOnShownFrame(PollWakeup(events: [.pointerLeft]))
    XCTAssertNil(session.hoveredCard)

    // Hover and click: pinned whole where it is shown, and it stays so with the pointer gone
    // (and past the fingers' lift and the fade); the click is no finger.
    let touchesBefore = session.frameContent.overlay?.touches.count
    session.handleOnShownFrame(PollWakeup(events: [hover(on.x, on.y)] + TestEvents.click(on.x, on.y)))
    XCTAssertEqual(session.pinnedCards, [1])
    session.handleOnShownFrame(PollWakeup(events: [hover(elsewhere.x, elsewhere.y)]))
    let pinned = try card(1, in: session)
    XCTAssertTrue(pinned.hit.isPinned && pinned.hit.isExpanded)
    XCTAssertEqual(pinned.frame, whole.frame)
    XCTAssertEqual(session.clickPinnedCards, [1])
    XCTAssertEqual(session.frameContent.overlay?.touches.count, touchesBefore, "the click was no touch")

    // A second click: unpinned and collapsed, even with the pointer still on it, until the
    // pointer leaves it and comes back.
    session.handleOnShownFrame(PollWakeup(events: [hover(on.x, on.y)] + TestEvents.click(on.x, on.y)))
    XCTAssertEqual(session.pinnedCards, [])
    XCTAssertEqual(session.clickPinnedCards, [])
    let again = try card(1, in: session)
    XCTAssertTrue(again.hit.isCollapsed && !again.hit.isExpanded)
    XCTAssertEqual(again.frame, collapsed)
    session.handleOnShownFrame(PollWakeup(events: [hover(on.x + 1, on.y)]))
    XCTAssertNil(session.hoveredCard, "just collapsed by the click")
    session.handleOnShownFrame(PollWakeup(events: [hover(elsewhere.x, elsewhere.y), hover(on.x, on.y)]))
    XCTAssertEqual(session.hoveredCard, 1)
  }

  func testInTheLiveWindowAClickOnAPinnedCardUnpinsItAndIsNoTouch() throws {
    let session = SandboxSession(
      scene: try LayoutLoader.load(path: InspectorSessionTests.tableDemo), scale: 1, timeSource: time.read,
      report: { _ in })
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(100, 250)))
    time.seconds += 0.2
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("k")]))
    XCTAssertEqual(session.pinnedCards, [1])
    let pinned = try XCTUnwrap(renderer.cards(in: session.frameContent).first)
    XCTAssertTrue(pinned.hit.isPinned)
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(pinned.frame.midX, pinned.frame.midY)))
    XCTAssertEqual(session.pinnedCards, [])
    XCTAssertEqual(session.overlay.state.touches.map(\.identifier), [1], "no touch 2: the click was the card's")
    // A card that fits whole and is not pinned takes no click: that is a touch, as before.
    time.seconds += 0.1
    let ordinary = try XCTUnwrap(renderer.cards(in: session.frameContent).first)
    XCTAssertFalse(ordinary.hit.isPinned || ordinary.hit.isCollapsed)
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(ordinary.frame.midX, ordinary.frame.midY)))
    XCTAssertEqual(session.overlay.state.touches.map(\.identifier).last, 2)
  }

  /// Issue 46: the session keeps no renderer; the pointer acts on the frame shown, as that
  /// frame was drawn (`SandboxSession.frameShown(_:)`). Before any frame, no card is under
  /// it; after one, the cards drawn are; a card shown whole since is under it only once a
  /// frame has drawn it whole.
  func testThePointerActsOnTheCardsOfTheFrameShownNotOnALayoutMadeSince() throws {
    let session = try heldFingers()
    let collapsed = renderer.cards(in: session.frameContent)
    let first = try card(1, in: session).frame
    let on = hover(first.midX, first.minY + 10)
    session.handle(PollWakeup(events: [on]))
    XCTAssertNil(session.hoveredCard, "no frame shown: no card to hover")

    session.showFrame(renderer: renderer)
    session.handle(PollWakeup(events: [on]))
    XCTAssertEqual(session.hoveredCard, 1, "the frame shown has touch 1's collapsed card there")
    // A point the whole card will cover that no collapsed card does.
    let whole = try card(1, in: session).frame
    var points: [(Double, Double)] = []
    for y in stride(from: whole.minY + 1, to: whole.maxY, by: 4) {
      for x in stride(from: whole.minX + 1, to: whole.maxX, by: 4) {
        if !collapsed.contains(where: {
          x >= $0.frame.minX && x < $0.frame.maxX && y >= $0.frame.minY && y < $0.frame.maxY
        }) {
          points.append((x, y))
        }
      }
    }
    let (x, y) = try XCTUnwrap(points.first, "the whole card covers more than the collapsed ones")
    session.handle(PollWakeup(events: [hover(x, y)]))
    XCTAssertNil(session.hoveredCard, "the frame shown has no card there yet: the user sees none")

    session.handle(PollWakeup(events: [on]))
    session.showFrame(renderer: renderer)  // touch 1's card drawn whole
    session.handle(PollWakeup(events: [hover(x, y)]))
    XCTAssertEqual(session.hoveredCard, 1, "drawn whole, the card is under the pointer there")
  }
}
