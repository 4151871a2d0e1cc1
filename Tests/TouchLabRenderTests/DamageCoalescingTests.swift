import XCTest

@testable import TouchLabCanvas

/// `DrawingItem.coalesced` joins the same rectangles, into the same list in the same order, as
/// the plain search it replaced (kept below as the reference): the first pair, row by row, whose
/// union adds nothing, searched from the first row after every join; then, while there are too
/// many, the first pair whose union adds the least. Rectangles from a seeded generator, many of
/// them touching, overlapping or lying in one row or column, as a frame's damage does.
final class DamageCoalescingTests: XCTestCase {
  private static func reference(_ rects: [DamageRect], maximumRects: Int) -> [DamageRect] {
    var result: [DamageRect] = []
    for rect in rects.sorted(by: { $0.area > $1.area })
    where !rect.isEmpty && !result.contains(where: { $0.contains(rect) }) {
      result.append(rect)
    }
    func cost(_ a: DamageRect, _ b: DamageRect) -> Int {
      a.union(b).area - a.area - b.area + a.intersection(b).area
    }
    var joined = true
    while joined {
      joined = false
      search: for i in result.indices {
        for j in result.indices where j > i && cost(result[i], result[j]) <= 0 {
          result[i] = result[i].union(result[j])
          result.remove(at: j)
          joined = true
          break search
        }
      }
    }
    while result.count > max(1, maximumRects) {
      var best = (0, 1, Int.max)
      for i in result.indices {
        for j in result.indices where j > i {
          let added = cost(result[i], result[j])
          if added < best.2 { best = (i, j, added) }
        }
      }
      let union = result[best.0].union(result[best.1])
      result.remove(at: best.1)
      result[best.0] = union
      result.removeAll { $0 != union && union.contains($0) }
    }
    return result
  }

  /// A small linear congruential generator: the same rectangles on every run.
  private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  func testCoalescingJoinsWhatThePlainSearchJoins() {
    var generator = Generator(state: 46)
    var joinedSomething = 0
    var cutToTheMaximum = 0
    for round in 0..<400 {
      let count = 1 + generator.next(60)
      // A coarse grid makes rectangles share edges, rows and columns often.
      let grid = [1, 4, 10][round % 3]
      let rects = (0..<count).map { _ in
        DamageRect(
          x: generator.next(40) * grid, y: generator.next(40) * grid, width: generator.next(12) * grid,
          height: generator.next(12) * grid)
      }
      let maximumRects = [1, 4, 12, 64][generator.next(4)]
      let expected = Self.reference(rects, maximumRects: maximumRects)
      XCTAssertEqual(
        DrawingItem.coalesced(rects, maximumRects: maximumRects), expected, "round \(round): \(rects)")
      if expected.count < rects.filter({ !$0.isEmpty }).count { joinedSomething += 1 }
      if expected.count == max(1, maximumRects) { cutToTheMaximum += 1 }
    }
    XCTAssertGreaterThan(joinedSomething, 200, "most rounds joined rectangles")
    XCTAssertGreaterThan(cutToTheMaximum, 100, "many rounds were cut to the maximum")
  }
}
