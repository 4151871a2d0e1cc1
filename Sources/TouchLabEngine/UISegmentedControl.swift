import Foundation

/// UIKit's segmented control: a row of equal segments with titles. The segment under the
/// finger is highlighted while it is down (it follows the finger); lifting on a segment
/// selects it and sends `valueChanged` when the selection changed (iOS 13 and later).
open class UISegmentedControl: UIControl {
  /// `UISegmentedControl.noSegment`: no segment is selected.
  public static let noSegment = -1

  public private(set) var titles: [String] = []
  public var numberOfSegments: Int { titles.count }
  /// The selected segment, or `noSegment`; an index out of range is ignored (kept as it was).
  public var selectedSegmentIndex = noSegment {
    didSet {
      if selectedSegmentIndex != Self.noSegment && !titles.indices.contains(selectedSegmentIndex) {
        selectedSegmentIndex = oldValue
      }
    }
  }
  /// True: the segment does not stay selected after the finger lifts.
  public var isMomentary = false
  /// The segment under the tracked finger, for the renderer.
  public private(set) var highlightedSegmentIndex: Int?

  open override class var preventsOverlappingGestures: Bool { true }

  public convenience init(items: [String]) {
    self.init(frame: CGRect(x: 0, y: 0, width: 80 * CGFloat(max(1, items.count)), height: 32))
    titles = items
  }

  public func insertSegment(withTitle title: String, at index: Int, animated: Bool) {
    titles.insert(title, at: min(max(0, index), titles.count))
  }

  public func removeAllSegments() {
    titles.removeAll()
    selectedSegmentIndex = Self.noSegment
  }

  public func setTitle(_ title: String, forSegmentAt index: Int) {
    guard titles.indices.contains(index) else { return }
    titles[index] = title
  }

  public func titleForSegment(at index: Int) -> String? { titles.indices.contains(index) ? titles[index] : nil }

  /// Segment `index`'s rectangle, in the control's coordinates: equal widths side by side.
  public func rectForSegment(at index: Int) -> CGRect {
    let width = bounds.width / CGFloat(max(1, titles.count))
    return CGRect(x: bounds.minX + width * CGFloat(index), y: bounds.minY, width: width, height: bounds.height)
  }

  /// The segment at `x` (the nearest at either end), nil when there are none.
  func segmentIndex(atX x: CGFloat) -> Int? {
    guard !titles.isEmpty else { return nil }
    let width = bounds.width / CGFloat(titles.count)
    // Clamped as a Double: a control scaled by a transform of 1e-30 puts a touch 1e30 points
    // along it, past what an Int holds.
    return Int(clamping: ((x - bounds.minX) / max(1, width)).rounded(.down), within: 0...(titles.count - 1))
  }

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    highlightedSegmentIndex = segmentIndex(atX: touch.location(in: self).x)
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    highlightedSegmentIndex = isTouchInside ? segmentIndex(atX: touch.location(in: self).x) : nil
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) { highlightedSegmentIndex = nil }

  open override func cancelTracking(with event: UIEvent?) { highlightedSegmentIndex = nil }

  override func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {
    guard let index = segmentIndex(atX: touch.location(in: self).x) else { return }
    if isMomentary {
      sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
      return
    }
    guard index != selectedSegmentIndex else { return }
    selectedSegmentIndex = index
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }
}
