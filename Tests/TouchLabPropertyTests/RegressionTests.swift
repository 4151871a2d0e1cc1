import Foundation
import Testing
import TouchLabLayout

@testable import TouchLabEngine

/// Failing cases the property tests found, shrunk by the library and kept as they printed
/// them. Each names the engine fix it guards; the same bug also has a hand-written test
/// in the engine's own tests.
@Suite struct RegressionTests {
  /// A pan on the root had begun; a finger on a small scroll view began the scroll view's
  /// pan; both fingers' pans ended in one event. The engine took the ending root pan for a
  /// newcomer and revoked the scroll view's pan from ended to failed: no ended action, and
  /// the scroll view stayed `isDragging` for ever. Fixed in GestureArena.settle:
  /// newcomers are recognizers that have just left possible
  /// (ArbitrationTests.testArbitration_TwoPansThatBeganEarlierBothEndInTheSameEvent).
  @Test func anEndingPanThatBeganEarlierIsNoNewcomer() {
    let spec = EngineCase(
      nodes: [[4, 0, 0, 0, 16, 10, 0, 0, 0, 0, 0, 0, 0, 1, 0]],
      gestures: [[0, 0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0]],
      steps: [
        [10, 0, 0, 0, 0], [0, 6, 0, 0, 0], [13, 0, 0, 0, 0], [10, 0, 0, 0, 0], [6, 6, 0, 3, 0], [3, 8, 0, 0, 0],
      ])
    let broken = Invariants.all(run(spec))
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  /// A finger on row 0's button in a small table (it landed after the table's pan began, so
  /// the pan did not cancel it) while another finger scrolled the table: the row's cell was
  /// recycled under the finger, the button left the window, and its touchCancel went nowhere
  /// (a touchDown with no end). Fixed in UITableView.isTouched
  /// (TableViewTests.testRowSubviews_ACellWithAFingerOnItsButtonIsNotRecycled).
  @Test func aCellUnderAFingerOnItsButtonIsKept() {
    let zero = [Int](repeating: 0, count: 15)
    let spec = EngineCase(
      nodes: [
        zero, zero, [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5], [5, 0, 0, 0, 16, 10, 0, 0, 0, 0, 0, 0, 0, 2, 4],
        zero, zero, zero, zero,
      ],
      gestures: [],
      steps: [
        [6, 0, 0, 250, 0], [0, 0, 0, 0, 0], [0, 0, 0, 3, 0], [3, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 8, 0, 94, 0],
        [0, 6, 0, 0, 0], [13, 0, 0, 3, 0],
      ])
    let broken = Invariants.all(run(spec))
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  /// Eight taps on the root; g4 waits for g6, g6 for g7, and g7's delegate refuses to
  /// begin. One tap: g7 fails, g6 recognizes, g4 fails — and was failed a second time from
  /// the waiting list. Fixed in GestureArena.exclude
  /// (ArbitrationTests.testRequireToFail_AChainSettlesWithEachStateChangeRecordedOnce).
  @Test func aWaitingRecognizerFailsOnce() {
    let tap = [0, 0, 0, 0, 0, 0, 0]
    let spec = EngineCase(
      nodes: [],
      gestures: [tap, tap, tap, tap, [0, 0, 0, 0, 0, 7, 0], tap, [0, 0, 0, 0, 0, 8, 0], [0, 0, 0, 0, 0, 0, 2]],
      steps: [[0, 0, 0, 0, 0]])
    let broken = Invariants.all(run(spec))
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  /// g2 waits for g5 to fail and g5 for g2 (a double tap and a tap on the root among
  /// others). Both waited for ever: never reset, and the root never heard its touch end.
  /// Fixed in GestureArena.failCircles
  /// (ArbitrationTests.testRequireToFail_ACircleOfRequirementsFailsOnceEveryoneInItWaits).
  @Test func aCircleOfRequirementsDoesNotWaitForEver() {
    let spec = EngineCase(
      nodes: [],
      gestures: [
        [1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 6, 0], [1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0],
      ],
      steps: [
        [9, 0, 280, 0, 0], [9, 0, 44, 0, 0], [9, 0, 14, 0, 0], [0, 6, 0, 0, 0], [6, 0, 0, 0, 0], [9, 0, 367, 0, 0],
        [0, 0, 0, 0, 0], [0, 0, 0, 0, 0],
      ])
    let broken = Invariants.all(run(spec))
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  /// Found by a 150,000-case campaign: one event cancelled a touch on a row of the table
  /// (which retiles in touchesCancelled) and then one on row 0's button; the button's cell
  /// was recycled in between, so the button heard its cancel outside the window. Fixed in
  /// UITableView.isTouched
  /// (TableViewTests.testRowSubviews_ACellIsKeptWhileTheEventEndingItsTouchIsDelivered).
  @Test func aCellIsKeptWhileTheEventEndingItsTouchIsDelivered() {
    let zero = [Int](repeating: 0, count: 15)
    let table = [5, 0, 0, 0, 16, 7, 0, 0, 0, 0, 0, 0, 0, 2, 5]
    let spec = EngineCase(
      nodes: [zero, table] + Array(repeating: zero, count: 8) + [[5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 5], zero],
      gestures: [],
      steps: [
        [0, 0, 0, 36, 0], [3, 0, 0, 310, 0], [0, 6, 0, 156, 0], [0, 0, 0, 0, 0], [0, 0, 0, 104, 0], [13, 8, 0, 36, 4],
      ])
    let broken = Invariants.all(run(spec))
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  /// The layout fuzzer's find (2026-11-24): collection-cell-conflict's scroll-then-hold with
  /// its drag lasting 1e-300 s. The flick carried the offset past what an Int holds, and
  /// `UICollectionView.itemsOnScreen` trapped converting its line numbers; they are now cut
  /// to the item count as Doubles.
  @Test func aFlickOfAnySpeedInACollectionViewDoesNotTrap() throws {
    let url = BundledLayouts.folder.appendingPathComponent("collection-cell-conflict.yaml")
    let text = try String(contentsOf: url, encoding: .utf8)
    let fast = text.replacingOccurrences(
      of: "    - drag: [195, 500]\n      to: [195, 200]\n      duration: 0.3",
      with: "    - drag: [195, 500]\n      to: [195, 200]\n      duration: 1e-300")
    #expect(fast != text, "the scroll-then-hold drag is where the fuzzer found it")
    let scene = try LayoutLoader.load(yaml: fast, file: "collection-cell-conflict.yaml")
    let pick = try #require(scene.scenarios.firstIndex { $0.name == "scroll-then-hold" })
    #expect(LayoutOutcome.replayProblems(scene, pick: pick) == [])
  }
}
