import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords
@testable import TouchLabScripting

/// A point, shortly.
func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

/// A rectangle, shortly.
func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
  CGRect(x: x, y: y, width: w, height: h)
}

/// The object recognizer and control actions are sent to: actions print `-[Target name]`.
final class Target: UIResponder {}

/// A scene built in Swift: an application, one window, views named by declared classes
/// (so records and transcripts name them), and helpers that drive fingers on the
/// virtual clock.
final class Scene {
  let app: UIApplication
  let window: UIWindow
  let target = Target()

  init(app: UIApplication = UIApplication(), size: CGSize = CGSize(width: 400, height: 800)) {
    self.app = app
    window = UIWindow(frame: CGRect(origin: .zero, size: size))
    app.addWindow(window)
  }

  // MARK: Building

  /// Gives `object` a declared class `name` (no overrides), so records name it.
  @discardableResult
  func name<T: UIResponder>(_ object: T, _ name: String, base: String = "UIView") -> T {
    object.scriptedClass = ScriptedClass(name: name, superclass: nil, builtinBase: base)
    return object
  }

  /// A plain view named `name`, added to `parent` (the window when nil).
  @discardableResult
  func view(_ name: String, _ frame: CGRect, in parent: UIView? = nil) -> UIView {
    add(UIView(frame: frame), name, in: parent)
  }

  /// Adds `view` to `parent` (the window when nil) under the declared class `name`.
  @discardableResult
  func add<V: UIView>(_ view: V, _ name: String? = nil, base: String = "UIView", in parent: UIView? = nil) -> V {
    if let name { self.name(view, name, base: base) }
    (parent ?? window).addSubview(view)
    return view
  }

  /// A recognizer named `name` on `view` whose action prints `-[Target action]`.
  @discardableResult
  func recognizer<R: UIGestureRecognizer>(_ recognizer: R, _ name: String, on view: UIView, action: String? = nil) -> R
  {
    recognizer.scriptedClass = ScriptedClass(name: name, superclass: nil, builtinBase: "UIGestureRecognizer")
    recognizer.addTarget(target, action: .selector(action ?? name))
    view.addGestureRecognizer(recognizer)
    return recognizer
  }

  @discardableResult
  func tap(_ name: String, on view: UIView, taps: Int = 1, action: String? = nil) -> UITapGestureRecognizer {
    let tap = recognizer(UITapGestureRecognizer(), name, on: view, action: action)
    tap.numberOfTapsRequired = taps
    return tap
  }

  // MARK: Fingers

  var now: TimeInterval { app.clock.now }

  func send(at time: TimeInterval, _ inputs: [TouchInput]) {
    app.clock.advance(to: time)
    app.sendTouches(inputs)
  }

  func down(_ p: CGPoint, finger: Int = 1, at time: TimeInterval) {
    send(at: time, [TouchInput(finger: finger, phase: .began, location: p)])
  }

  func move(_ p: CGPoint, finger: Int = 1, at time: TimeInterval) {
    send(at: time, [TouchInput(finger: finger, phase: .moved, location: p)])
  }

  func up(_ p: CGPoint, finger: Int = 1, at time: TimeInterval) {
    send(at: time, [TouchInput(finger: finger, phase: .ended, location: p)])
  }

  /// A finger down at `p` at `time` and up at the same place `duration` later.
  func tap(at p: CGPoint, at time: TimeInterval, duration: TimeInterval = 0.05, finger: Int = 1) {
    down(p, finger: finger, at: time)
    up(p, finger: finger, at: time + duration)
  }

  /// A finger down at `from`, moved in `steps` equal steps to `to` over `duration`, then
  /// lifted there (unless `lift` is false).
  func drag(
    from: CGPoint, to: CGPoint, at time: TimeInterval, duration: TimeInterval = 0.1, steps: Int = 5,
    finger: Int = 1, lift: Bool = true
  ) {
    down(from, finger: finger, at: time)
    for i in 1...steps {
      let f = CGFloat(i) / CGFloat(steps)
      let p = pt(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)
      move(p, finger: finger, at: time + duration * Double(i) / Double(steps))
    }
    if lift { up(to, finger: finger, at: time + duration + 0.01) }
  }

  // MARK: Observing

  var records: [DeliveryRecord] { app.records.records }
  var transcript: [String] { app.records.transcript }

  func clear() { app.records.removeAllRecords() }

  /// Records as short strings: `Name.touchesBegan[1]` for calls (not logged overrides' lines:
  /// see `transcript`), the line for actions and
  /// prints, `Name=state` for states, `hold/release/drop Name.method[ids]`.
  func trace(_ kinds: Set<DeliveryRecord.Kind> = [.call, .action, .print], only names: Set<String>? = nil) -> [String] {
    records.compactMap { r -> String? in
      guard kinds.contains(r.kind) else { return nil }
      if let names, r.kind != .action, r.kind != .print, !names.contains(r.receiver) { return nil }
      let method = String(r.method.prefix { $0 != ":" })
      let ids = "[" + r.touchIDs.map(String.init).joined(separator: ",") + "]"
      switch r.kind {
      case .call:
        // A logged override's line is in the transcript; the trace shows the delivery once.
        return r.line == nil ? "\(r.receiver).\(method)\(ids)" : nil
      case .action, .print: return r.line ?? "\(r.receiver).\(r.method)(\(r.outcome.rawValue))"
      case .state: return "\(r.receiver)=\(r.method)"
      case .hitTest: return "hit \(r.receiver)"
      default: return "\(r.kind.rawValue) \(r.receiver).\(method)\(ids)"
      }
    }
  }

  /// The touches methods `name` received, as `touchesBegan[1]`.
  func calls(_ name: String) -> [String] {
    trace([.call], only: [name]).map { String($0.dropFirst(name.count + 1)) }
  }

  /// The action lines, in order.
  var actions: [String] { trace([.action, .print]) }

  /// The class name the last hit-test pass chose.
  var lastHit: String? { records.last { $0.kind == .hitTest }?.receiver }

  /// When the first record matching `line` (a trace string) happened.
  func time(of line: String, _ kinds: Set<DeliveryRecord.Kind> = [.call, .action, .print, .state]) -> TimeInterval? {
    let all = records.filter { kinds.contains($0.kind) }
    let traced = trace(kinds)
    guard let index = traced.firstIndex(of: line) else { return nil }
    return all[index].time
  }
}

/// A view that notes what it was given: phase, touch id, locations in itself, tap count,
/// and how many touches the event held.
final class ProbeView: UIView {
  struct Seen: Equatable {
    var phase: UITouch.Phase
    var touch: Int
    var location: CGPoint
    var previous: CGPoint
    var tapCount: Int
    var allTouches: Int
  }
  var seen: [Seen] = []
  var onBegan: ((Set<UITouch>) -> Void)?

  private func note(_ touches: Set<UITouch>, _ event: UIEvent?) {
    for t in touches.inOrder {
      seen.append(
        Seen(
          phase: t.phase, touch: t.identifier, location: t.location(in: self), previous: t.previousLocation(in: self),
          tapCount: t.tapCount, allTouches: event?.allTouches?.count ?? 0))
    }
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    note(touches, event)
    onBegan?(touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    note(touches, event)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    note(touches, event)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    note(touches, event)
    super.touchesCancelled(touches, with: event)
  }
}

/// Asserts two floating-point points are equal within `accuracy`.
func assertPoint(
  _ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 0.001, _ message: String = "", file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x: \(message)", file: file, line: line)
  XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y: \(message)", file: file, line: line)
}

// Declared classes are the engine's override hooks; these tests set and change them as
// declared classes.
extension UIResponder {
  var scriptedClass: ScriptedClass? {
    get { overrideHooks as? ScriptedClass }
    set { overrideHooks = newValue }
  }
}

extension UIGestureRecognizer {
  var scriptedClass: ScriptedClass? {
    get { overrideHooks as? ScriptedClass }
    set { overrideHooks = newValue }
  }
}
