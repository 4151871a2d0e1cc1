import Foundation
import PropertyBased

@testable import TouchLabEngine
@testable import TouchLabScripting

/// One random input of the engine properties: a scene (views, controls, scroll views,
/// tables, recognizers) and a finger script, all as small integers so the library's
/// shrinkers can cut it down (drop nodes, gestures and steps; bring numbers toward 0, which
/// is every field's plain default). `description` is Swift source: a shrunk failing case
/// pastes straight into a regression test.
struct EngineCase: Sendable, CustomStringConvertible {
  /// `[kind, parent, x, y, width, height, p0…p8]` — see `RandomScene.Node`.
  var nodes: [[Int]]
  /// `[kind, host, cancels, delaysBegan, delaysEnded, requires, delegate]` — see `RandomScene.Gesture`.
  var gestures: [[Int]]
  /// `[kind, finger, x, y, dt]` — see `FingerScript`.
  var steps: [[Int]]

  var description: String { "EngineCase(nodes: \(nodes), gestures: \(gestures), steps: \(steps))" }
}

enum EngineCaseGen {
  static let node = zip(
    Gen.int(in: 0...6), Gen.int(in: 0...30), Gen.int(in: 0...350), Gen.int(in: 0...550), Gen.int(in: 0...300),
    Gen.int(in: 0...300), Gen.int(in: 0...9).array(of: 9)
  ).map { t in [t.0, t.1, t.2, t.3, t.4, t.5] + t.6 }

  static let gesture = zip(
    Gen.int(in: 0...5), Gen.int(in: 0...30), Gen.int(in: 0...1), Gen.int(in: 0...1), Gen.int(in: 0...1),
    Gen.int(in: 0...8), Gen.int(in: 0...5)
  ).map { t in [t.0, t.1, t.2, t.3, t.4, t.5, t.6] }

  static let step = zip(
    Gen.int(in: 0...15), Gen.int(in: 0...9), Gen.int(in: 0...399), Gen.int(in: 0...599), Gen.int(in: 0...30)
  ).map { t in [t.0, t.1, t.2, t.3, t.4] }

  static let all = zip(node.array(of: 0...14), gesture.array(of: 0...8), step.array(of: 1...60))
    .map { t in EngineCase(nodes: t.0, gestures: t.1, steps: t.2) }
}

/// A scene built from an `EngineCase`: probe views and recognizers, every one with an id,
/// every control event and every recognizer action a `{print:}` target, so the records say
/// who sent what.
final class RandomScene {
  static let windowSize = CGSize(width: 400, height: 600)

  let log = ProbeLog()
  let app = ProbeApplication()
  let window: UIWindow
  let root: ProbeView
  /// Every view with an id, root first, in build order (row buttons included).
  private(set) var views: [UIView] = []
  /// Hosts for recognizers: root, then each node.
  private(set) var hosts: [UIView] = []
  private(set) var recognizers: [UIGestureRecognizer] = []
  private(set) var controls: [UIControl] = []
  private(set) var scrollViews: [UIScrollView] = []
  /// Objects only weakly referenced by the engine (delegates).
  private var retained: [AnyObject] = []

  /// The ids of recognizers, so records can be told apart (a recognizer's `.call` records
  /// look like a view's).
  private(set) var recognizerIDs: Set<String> = []

  init(_ spec: EngineCase) {
    app.log = log
    window = UIWindow(frame: CGRect(origin: .zero, size: Self.windowSize))
    app.addWindow(window)
    root = ProbeView(frame: window.bounds)
    root.log = log
    root.identifier = "root"
    window.rootViewController = UIViewController(view: root)
    // The window's system gesture gate is a recognizer too (it sees touches near the top and
    // bottom edges).
    window.systemGestureGate.identifier = "systemGestureGate"
    recognizerIDs.insert("systemGestureGate")
    views.append(root)
    hosts.append(root)
    var containers: [UIView] = [root]
    for (index, node) in spec.nodes.enumerated() {
      var n = Node(node)
      let parent = containers[n.parent % containers.count]
      // Mostly inside the parent (its content, for a scroll view), so nested views get touched.
      let area = (parent as? UIScrollView).map { CGRect(origin: .zero, size: $0.contentSize) } ?? parent.bounds
      n.frame = CGRect(
        x: area.width * CGFloat(node[2]) / 300, y: area.height * CGFloat(node[3]) / 500,
        width: area.width * CGFloat(node[4]) / 300, height: area.height * CGFloat(node[5]) / 300)
      let view = makeNode(n, id: "v\(index)")
      parent.addSubview(view)
      hosts.append(view)
      if !(view is UITableView) { containers.append(view) }
    }
    for (index, gesture) in spec.gestures.enumerated() {
      addGesture(Gesture(gesture), id: "g\(index)")
    }
    // Failure requirements once every recognizer exists (never on itself; cycles allowed).
    for (index, gesture) in spec.gestures.enumerated() {
      let g = Gesture(gesture)
      guard g.requires > 0, !recognizers.isEmpty else { continue }
      let other = recognizers[(g.requires - 1) % spec.gestures.count]
      if other !== recognizers[index] { recognizers[index].require(toFail: other) }
    }
    for case let scroll as UIScrollView in views {
      scrollViews.append(scroll)
      scroll.delayedTouchesRecognizer.identifier = "\(scroll.identifier!).delay"
      scroll.panGestureRecognizer.identifier = "\(scroll.identifier!).pan"
      recognizerIDs.insert(scroll.delayedTouchesRecognizer.identifier!)
      recognizerIDs.insert(scroll.panGestureRecognizer.identifier!)
    }
    // Every touch call a layout recognizer is given, with its state then: the engine
    // records the delivery just before the recognizer's method runs.
    for recognizer in recognizers { recognizersByID[recognizer.identifier!] = WeakRecognizerBox(recognizer) }
    app.records.addObserver { [weak self] record in
      guard let self, record.kind == .call, let id = record.receiverID,
        let recognizer = self.recognizersByID[id]?.value, let phase = Invariants.touchMethods[record.method]
      else { return }
      self.log.noteRecognizer(recognizer, phase, record.touchIDs)
    }
  }

  private var recognizersByID: [String: WeakRecognizerBox] = [:]

  struct WeakRecognizerBox {
    weak var value: UIGestureRecognizer?
    init(_ value: UIGestureRecognizer) { self.value = value }
  }

  /// Every recognizer in the scene, the scroll views' own included.
  var allRecognizers: [UIGestureRecognizer] { window.gestureRecognizers + views.flatMap(\.gestureRecognizers) }

  // MARK: Nodes

  /// `[kind, parent, x, y, width, height, p0…p8]`: x, y, width and height are in 300ths,
  /// 500ths, 300ths and 300ths of the parent's size (its content size for a scroll view).
  /// kind: 0–1 view, 2 button, 3 switch,
  /// 4 scroll view, 5 table, 6 custom control. p0 9: hidden. p1: 9 alpha 0, 8 alpha 0.01,
  /// 7 alpha 0.5. p2 9: no user interaction. p3 ≥ 5: multiple touch. p4 ≥ 8: exclusive
  /// touch. p5 ≥ 5: clips. p6: transform (5 rotate 90°, 6 rotate 30°, 7 scale 0.5,
  /// 8 flip, 9 scale 0). p7, p8: a scroll view's content and switches, a table's rows.
  struct Node {
    var kind, parent: Int
    var frame: CGRect
    var p: [Int]
    init(_ a: [Int]) {
      kind = a[0]
      parent = a[1]
      frame = CGRect(x: a[2], y: a[3], width: a[4], height: a[5])
      p = Array(a[6...])
    }
  }

  private func makeNode(_ node: Node, id: String) -> UIView {
    let view: UIView
    switch node.kind {
    case 2:
      view = probe(ProbeButton(frame: node.frame))
    case 3:
      view = probe(ProbeSwitch(frame: CGRect(origin: node.frame.origin, size: UISwitch.standardSize)))
    case 4:
      let scroll = probe(ProbeScrollView(frame: node.frame))
      let m = node.p[7]
      scroll.contentSize = CGSize(
        width: node.frame.width * CGFloat(1 + m % 3), height: node.frame.height * CGFloat(1 + m / 3))
      switch node.p[8] {
      case 9: scroll.delaysContentTouches = false
      case 8: scroll.canCancelContentTouches = false
      case 7: scroll.isPagingEnabled = true
      case 6: scroll.bounces = false
      default: break
      }
      view = scroll
    case 5:
      let table = probe(ProbeTableView(frame: node.frame))
      let buttonEvery = node.p[8]
      table.sections = [
        UITableView.Section(
          rows: (0..<(node.p[7] * 5)).map { row in
            var subviews: [UIView] = []
            if buttonEvery > 0 && row % buttonEvery == 0 {
              let button = probe(
                ProbeButton(frame: CGRect(x: max(0, node.frame.width - 80), y: 7, width: 60, height: 30)))
              button.identifier = "\(id).r\(row)"
              register(button)
              subviews.append(button)
            }
            return UITableView.Row(text: "Row \(row)", subviews: subviews)
          })
      ]
      if node.p[5] == 9 { table.delaysContentTouches = false }
      let delegate = ActionTableViewDelegate(target: nil, message: .print("didSelectRow"))
      retained.append(delegate)
      table.delegate = delegate
      view = table
    case 6:
      view = probe(ProbeControl(frame: node.frame))
    default:
      view = probe(ProbeView(frame: node.frame))
    }
    view.identifier = id
    register(view)
    let p = node.p
    view.isHidden = p[0] == 9
    view.alpha = [9: 0, 8: 0.01, 7: 0.5][p[1]] ?? 1
    view.isUserInteractionEnabled = p[2] != 9
    view.isMultipleTouchEnabled = p[3] >= 5
    view.isExclusiveTouch = p[4] >= 8
    if !(view is UIScrollView) { view.clipsToBounds = p[5] >= 5 }
    view.transform =
      switch p[6] {
      case 5: CGAffineTransform(rotationAngle: .pi / 2)
      case 6: CGAffineTransform(rotationAngle: .pi / 6)
      case 7: CGAffineTransform(scaleX: 0.5, y: 0.5)
      case 8: CGAffineTransform(scaleX: -1, y: 1)
      case 9: CGAffineTransform(scaleX: 0, y: 0)
      default: .identity
      }
    if let toggle = view as? UISwitch { toggle.setOn(p[7] >= 5, animated: false) }
    return view
  }

  private func probe<V: UIView & Probe>(_ view: V) -> V {
    (view as? ProbeView)?.log = log
    (view as? ProbeButton)?.log = log
    (view as? ProbeSwitch)?.log = log
    (view as? ProbeControl)?.log = log
    (view as? ProbeScrollView)?.log = log
    (view as? ProbeTableView)?.log = log
    return view
  }

  private func register(_ view: UIView) {
    views.append(view)
    if let control = view as? UIControl {
      controls.append(control)
      // One print target per control event: the records then say which event went out.
      for (name, event) in UIControl.Event.named where event != .allTouchEvents && event != .allEvents {
        control.addTarget(nil, action: .print("\(ControlEventOrder.prefix)\(name)"), for: event)
      }
    }
  }

  // MARK: Recognizers

  /// `[kind, host, cancels, delaysBegan, delaysEnded, requires, delegate]`. kind: 0 tap,
  /// 1 double tap, 2 long press, 3 pan, 4 swipe, 5 pinch. cancels 1: cancelsTouchesInView
  /// false; delaysBegan 1: true; delaysEnded 1: false (each field's 0 is UIKit's default).
  /// requires k > 0: require(toFail:) recognizer (k − 1) mod count. delegate: 1 recognize
  /// simultaneously with all, 2 shouldBegin false, 3 refuse touches in the host's first
  /// subview, 4–5 none.
  struct Gesture {
    var kind, host, cancels, delaysBegan, delaysEnded, requires, delegate: Int
    init(_ a: [Int]) {
      (kind, host, cancels, delaysBegan, delaysEnded, requires, delegate) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6])
    }
  }

  private func addGesture(_ g: Gesture, id: String) {
    let recognizer: UIGestureRecognizer
    switch g.kind {
    case 0, 1:
      let tap = UITapGestureRecognizer()
      tap.numberOfTapsRequired = g.kind + 1
      recognizer = tap
    case 2:
      let press = UILongPressGestureRecognizer()
      recognizer = press
    case 3:
      let pan = UIPanGestureRecognizer()
      recognizer = pan
    case 4:
      let swipe = UISwipeGestureRecognizer()
      swipe.direction = [.right, .left, .up, .down][g.host % 4]
      recognizer = swipe
    default:
      let pinch = UIPinchGestureRecognizer()
      recognizer = pinch
    }
    recognizer.identifier = id
    recognizer.cancelsTouchesInView = g.cancels == 0
    recognizer.delaysTouchesBegan = g.delaysBegan == 1
    recognizer.delaysTouchesEnded = g.delaysEnded == 0
    recognizer.addTarget(nil, action: .print("action"))
    let host = hosts[g.host % hosts.count]
    switch g.delegate {
    case 1, 2, 3:
      let delegate = RuleGestureDelegate()
      delegate.simultaneousWithAll = g.delegate == 1
      delegate.shouldBegin = g.delegate != 2
      if g.delegate == 3, let first = host.subviews.first { delegate.refuseTouchesInside = [first] }
      retained.append(delegate)
      recognizer.delegate = delegate
    default: break
    }
    host.addGestureRecognizer(recognizer)
    recognizers.append(recognizer)
    recognizerIDs.insert(id)
  }
}

/// The control events' print targets start with this, so the records tell them from others.
enum ControlEventOrder {
  static let prefix = "event:"
}

/// Plays a finger script on a scene, on the virtual clock. Each step `[kind, finger, x, y, dt]`
/// picks a finger (0–5 → finger 0, 6–7 → 1, 8 → 2, 9 → 3…9) and a place (x < 200: near the
/// centre of view number y; else the point (x, y)), moves the clock on by `dt` × 10 ms, then:
///
/// | kind | what |
/// |---|---|
/// | 0–2 | puts the finger down there, or lifts it where it is |
/// | 3–5 | moves the finger, if down, by ((x − 200)/4, (y − 300)/4); else a stray move (ignored) |
/// | 6 | toggles this finger and the next one in one event |
/// | 7 | waits `dt` × 50 ms more |
/// | 8 | `cancelAllTouches()` when x is odd; else as 7 |
/// | 9 | toggles a recognizer's `isEnabled` (x picks it) |
/// | 10 | toggles a view's `isHidden` (y picks it; never the root) |
/// | 11–12 | a tap: down, up `dt` × 10 ms later, where it landed |
/// | 13 | a drag: down, five moves by ((x − 200)/2, (y − 300)/2) in all over `dt` × 20 ms, up |
/// | 14 | a press: down, up `dt` × 50 ms later |
/// | 15 | two fingers 20 pt apart, moved apart by (x − 200)/4 each, lifted |
///
/// The macros (11–15) use the finger only when it is up (else they toggle it). After the
/// last step every finger still down lifts and the clock runs on until no timer is pending
/// (at most 60 s).
struct FingerScript {
  let steps: [[Int]]
  static let drainLimit: TimeInterval = 60

  func play(on scene: RandomScene) {
    let app = scene.app
    var time: TimeInterval = 0
    var down: [Int: CGPoint] = [:]
    func send(_ inputs: [TouchInput]) {
      app.clock.advance(to: time)
      app.sendTouches(inputs)
    }
    func input(_ finger: Int, _ phase: TouchInput.Phase, _ at: CGPoint) -> TouchInput {
      switch phase {
      case .began, .moved: down[finger] = at
      case .ended, .cancelled: down[finger] = nil
      }
      return TouchInput(finger: finger, phase: phase, location: at)
    }
    func toggle(_ finger: Int, _ at: CGPoint) -> TouchInput {
      if let p = down[finger] { return input(finger, .ended, p) }
      return input(finger, .began, at)
    }
    for step in steps {
      let (kind, f, x, y, dt) = (step[0], step[1], step[2], step[3], step[4])
      // Mostly one or two fingers (taps and drags need a finger to come back), up to ten.
      let finger = f <= 5 ? 0 : (f <= 7 ? 1 : (f == 8 ? 2 : 3 + y % 7))
      time += Double(dt) * 0.01
      let at: CGPoint
      if x < 200 {
        let view = scene.views[y % scene.views.count]
        let centre = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        at = CGPoint(x: centre.x + CGFloat(x % 21 - 10), y: centre.y + CGFloat(x / 21 % 21 - 10))
      } else {
        at = CGPoint(x: x, y: y)
      }
      let d = CGPoint(x: CGFloat(x - 200) / 4, y: CGFloat(y - 300) / 4)
      if (11...15).contains(kind) && down[finger] != nil {
        send([toggle(finger, at)])
        continue
      }
      switch kind {
      case 0...2:
        send([toggle(finger, at)])
      case 3...5:
        guard let p = down[finger] else {
          send([TouchInput(finger: finger, phase: .moved, location: at)])
          continue
        }
        send([input(finger, .moved, CGPoint(x: p.x + d.x, y: p.y + d.y))])
      case 6:
        send([toggle(finger, at), toggle((finger + 1) % 10, CGPoint(x: at.x + 20, y: at.y))])
      case 7:
        time += Double(dt) * 0.05
        app.clock.advance(to: time)
      case 8:
        if x % 2 == 1 {
          app.clock.advance(to: time)
          app.cancelAllTouches()
          down.removeAll()
        } else {
          time += Double(dt) * 0.05
          app.clock.advance(to: time)
        }
      case 9:
        app.clock.advance(to: time)
        guard !scene.recognizers.isEmpty else { continue }
        scene.recognizers[x % scene.recognizers.count].isEnabled.toggle()
      case 10:
        app.clock.advance(to: time)
        let views = scene.views.dropFirst()  // not the root: it would hide everything
        guard !views.isEmpty else { continue }
        views[views.startIndex + y % views.count].isHidden.toggle()
      case 11, 12:
        send([input(finger, .began, at)])
        time += Double(dt) * 0.01
        send([input(finger, .ended, at)])
      case 13:
        send([input(finger, .began, at)])
        for i in 1...5 {
          time += Double(dt) * 0.004
          send([input(finger, .moved, CGPoint(x: at.x + 2 * d.x * CGFloat(i) / 5, y: at.y + 2 * d.y * CGFloat(i) / 5))])
        }
        send([input(finger, .ended, down[finger] ?? at)])
      case 14:
        send([input(finger, .began, at)])
        time += Double(dt) * 0.05
        send([input(finger, .ended, at)])
      default:
        let other = (finger + 1) % 10
        guard down[other] == nil else {
          send([toggle(finger, at)])
          continue
        }
        let b = CGPoint(x: at.x + 20, y: at.y)
        send([input(finger, .began, at), input(other, .began, b)])
        for i in 1...4 {
          time += 0.02
          let s = d.x * CGFloat(i) / 4
          send([
            input(finger, .moved, CGPoint(x: at.x - s, y: at.y)), input(other, .moved, CGPoint(x: b.x + s, y: b.y)),
          ])
        }
        time += 0.02
        send([input(finger, .ended, down[finger]!), input(other, .ended, down[other]!)])
      }
    }
    time += 0.05
    if !down.isEmpty {
      send(down.keys.sorted().map { TouchInput(finger: $0, phase: .ended, location: down[$0]!) })
    }
    let clock = app.clock
    clock.advance(to: time)
    let limit = time + Self.drainLimit
    while let next = clock.nextFireTime, next <= limit { clock.fireNextTimer() }
  }
}
