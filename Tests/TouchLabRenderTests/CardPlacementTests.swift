import Foundation
import TouchLabEngine
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabRecords
@testable import TouchLabRender

/// Issue 30: cards never cover one another — a pinned card keeps its place and new cards are
/// laid out around it, stacked, or collapsed to their header when no place is free.
final class CardPlacementTests: XCTestCase {
  static let receivers = [
    Participant(kind: .recognizer, className: "UITapGestureRecognizer", id: "backTap"),
    Participant(kind: .recognizer, className: "UIScrollViewDelayedTouchesBeganGestureRecognizer"),
    Participant(kind: .recognizer, className: "UIScrollViewPanGestureRecognizer"),
    Participant(kind: .view, className: "UITableViewCellContentView"),
    Participant(kind: .view, className: "UITableViewCell"),
  ]

  /// Touch `id` going down at (`x`, `y`) at `time` and reaching every receiver.
  static func touch(_ id: Int, at time: TimeInterval, _ x: Double, _ y: Double, lift: TimeInterval?) -> [DeliveryRecord]
  {
    var records = [
      DeliveryRecord(
        time: time, event: .input([TouchSample(touch: id, phase: .began, location: RecordPoint(x: x, y: y))]),
        touchIDs: [id])
    ]
    for receiver in receivers {
      records.append(DeliveryRecord(time: time, event: .touches(phase: .began, receiver: receiver), touchIDs: [id]))
    }
    if let lift {
      records.append(
        DeliveryRecord(
          time: lift, event: .input([TouchSample(touch: id, phase: .ended, location: RecordPoint(x: x, y: y))]),
          touchIDs: [id]))
    }
    return records
  }

  func assertNoTwoOverlap(
    _ cards: [OverlayCardLayout.Card], file: StaticString = #filePath, line: UInt = #line
  ) {
    for (i, a) in cards.enumerated() {
      for b in cards[(i + 1)...] {
        let width = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
        let height = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
        XCTAssertFalse(
          width > 0 && height > 0,
          "touch \(a.touch.identifier)'s card \(a.frame) covers touch \(b.touch.identifier)'s \(b.frame)",
          file: file, line: line)
      }
    }
  }

  func testAPinnedCardAndTheNewOnesNeverCoverEachOther() throws {
    let scene = try RenderSupport.bundledScene("table-cell-conflict.yaml")
    let renderer = SceneRenderer(theme: .standard)
    let size = CanvasSize(width: 390, height: 844)
    // Touch 1 on row 0, lifted and pinned; then three fingers at once on the same row.
    let records =
      Self.touch(1, at: 0, 195, 122, lift: 0.1) + Self.touch(2, at: 1, 190, 125, lift: nil)
      + Self.touch(3, at: 1, 200, 120, lift: nil) + Self.touch(4, at: 1, 210, 130, lift: nil)
    let state = OverlayState.fold(records)
    let cards = renderer.touchOverlay.layoutCards(
      of: state, window: scene.window, now: 1.05, sceneSize: size, pinned: [1])
    XCTAssertEqual(Set(cards.map(\.touch.identifier)), [1, 2, 3, 4])
    assertNoTwoOverlap(cards)
    // The pinned card is where it was before the new fingers came.
    let alone = renderer.touchOverlay.layoutCards(
      of: OverlayState.fold(Self.touch(1, at: 0, 195, 122, lift: 0.1)), window: scene.window, now: 0.5,
      sceneSize: size, pinned: [1])
    XCTAssertEqual(cards.first { $0.touch.identifier == 1 }?.frame, alone.first?.frame)
  }

  func testOnASmallSceneCardsAreCollapsedRatherThanStacked() throws {
    let scene = try RenderSupport.bundledScene("table-cell-conflict.yaml")
    let renderer = SceneRenderer(theme: .standard)
    let size = CanvasSize(width: 390, height: 500)  // room for about one whole card
    var records: [DeliveryRecord] = []
    for id in 1...4 { records += Self.touch(id, at: 0, 150 + Double(id) * 10, 122, lift: nil) }
    let cards = renderer.touchOverlay.layoutCards(
      of: OverlayState.fold(records), window: scene.window, now: 0.05, sceneSize: size)
    XCTAssertEqual(cards.count, 4)
    assertNoTwoOverlap(cards)
    XCTAssertTrue(cards.contains { $0.rows.isEmpty && $0.hiddenRows > 0 }, "some collapsed to their header")
  }

  func testACardDoesNotCoverItsTouchsOwnViewWhenThereIsRoom() throws {
    let renderer = SceneRenderer(theme: .standard)
    let size = CanvasSize(width: 390, height: 844)
    // A row near the top, one in the middle, the button at the right, the last row.
    for (x, y) in [(195.0, 122.0), (60.0, 300.0), (330.0, 166.0), (195.0, 518.0)] {
      let scene = try RenderSupport.bundledScene("table-cell-conflict.yaml")
      let overlay = TouchOverlay(application: scene.application)
      scene.application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: x, y: y))])
      scene.application.clock.advance(to: 0.05)
      let touch = try XCTUnwrap(overlay.state.touch(withIdentifier: 1))
      let own = try XCTUnwrap(renderer.touchOverlay.hitOutline(of: touch, in: scene.window)).visible
      let card = try XCTUnwrap(
        renderer.touchOverlay.layoutCards(of: overlay.state, window: scene.window, now: 0.05, sceneSize: size).first)
      let width = min(card.frame.maxX, own.maxX) - max(card.frame.minX, own.minX)
      let height = min(card.frame.maxY, own.maxY) - max(card.frame.minY, own.minY)
      XCTAssertFalse(width > 0 && height > 0, "at (\(x), \(y)) the card \(card.frame) covers the touched view \(own)")
    }
  }
}
