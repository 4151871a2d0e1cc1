import Foundation
import TouchLabEngine
import TouchLabLayout

/// Where the repository's files are: this file is `Benchmarks/Support/Scenes.swift`.
public enum Repository {
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A bundled layout, `Layouts/NAME`.
  public static func layout(_ name: String) -> String {
    root.appendingPathComponent("Layouts").appendingPathComponent(name).path
  }
}

/// The scenes the benchmarks drive.
public enum BenchScenes {
  /// A bundled layout, loaded; a broken layout stops the benchmark with its error.
  public static func load(_ name: String) -> Scene {
    do {
      return try LayoutLoader.load(path: Repository.layout(name))
    } catch {
      fatalError("cannot load \(name): \(error)")
    }
  }

  /// A 10,000-row table filling the window, scrolled to row 5,000 (a pan deep in a long
  /// list: cells are made only for the rows on screen and reused as it scrolls).
  public static let table10kYAML = """
    title: "10,000 rows"
    classes:
      GLTableView:
        base: UITableView
        log: [touchesBegan, touchesEnded, touchesCancelled]
    controller:
      view:
        id: root
        subviews:
          - id: table
            class: GLTableView
            frame: [0, 0, 390, 844]
            contentOffset: [0, 220000]
            didSelectRow: {print: "cell selected!"}
            rows: {numberOfRows: 10000, rowText: "Row %d"}
    """

  public static func table10k() -> Scene {
    do {
      return try LayoutLoader.load(yaml: table10kYAML, file: "table-10000.yaml")
    } catch {
      fatalError("cannot build the 10,000-row table: \(error)")
    }
  }

  /// Where a finger aims at a layout's target (a view's centre, a row's centre…).
  public static func location(of target: FingerTarget, in scene: Scene) -> CGPoint {
    ScenarioPlayer(scene: scene).location(of: target)
  }
}

/// Counts the views hit-testing asks, through `point(inside:with:)`.
public enum VisitCounter {
  // Unchecked: a checked global would add its own cost to every visit it counts.
  @exclusivity(unchecked) nonisolated(unsafe) public static var visits = 0
}

/// A plain view that counts how often hit-testing visits it.
public final class CountingView: UIView {
  public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
    VisitCounter.visits += 1
    return super.point(inside: point, with: event)
  }
}

/// View trees for hit-testing, in a 1,000 × 1,000-point window.
public enum HitTestTrees {
  public static let side: CGFloat = 1000

  /// A balanced tree of fan-out 10 with `10^levels` leaves: each view is cut into 10
  /// strips, across then down at alternate levels. Returns the window and the total count of
  /// views below it.
  public static func balanced(levels: Int) -> (window: UIWindow, views: Int) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: side, height: side))
    var count = 0
    func fill(_ parent: UIView, depth: Int) {
      guard depth < levels else { return }
      let size = parent.bounds.size
      for i in 0..<10 {
        let frame =
          depth % 2 == 0
          ? CGRect(x: size.width * CGFloat(i) / 10, y: 0, width: size.width / 10, height: size.height)
          : CGRect(x: 0, y: size.height * CGFloat(i) / 10, width: size.width, height: size.height / 10)
        let child = CountingView(frame: frame)
        parent.addSubview(child)
        count += 1
        fill(child, depth: depth + 1)
      }
    }
    fill(window, depth: 0)
    return (window, count)
  }

  /// A chain of `depth` views, each the only subview of the one above, all the window's size.
  public static func chain(depth: Int) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: side, height: side))
    var parent: UIView = window
    for _ in 0..<depth {
      let child = CountingView(frame: CGRect(x: 0, y: 0, width: side, height: side))
      parent.addSubview(child)
      parent = child
    }
    return window
  }

  /// Points spread evenly at random over the window, the same every run.
  public static func points(_ count: Int) -> [CGPoint] {
    var generator = SplitMix64(seed: 0x5EED)
    return (0..<count).map { _ in
      CGPoint(
        x: CGFloat(Double(generator.next() >> 11) / Double(1 << 53)) * side,
        y: CGFloat(Double(generator.next() >> 11) / Double(1 << 53)) * side)
    }
  }
}

/// A small, seeded generator: benchmarks must see the same inputs every run.
public struct SplitMix64 {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
