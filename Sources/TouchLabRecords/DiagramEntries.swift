import Foundation
import TouchLabEngine

/// What a mark of the delivery diagram stands for (`DeliveryDiagram.MarkKind`).
public enum DiagramMarkKind: Equatable, Sendable {
  /// Touches going down, moving, lifting or cancelled (the touches lane).
  case input(TouchPhase)
  /// The hit-test chose this lane's view (or, on the touches lane, nothing).
  case hitTest
  /// A `touches…` method ran on a view, controller, window or application.
  case call(TouchPhase)
  /// A `touches…` method ran on a recognizer.
  case recognizerCall(TouchPhase)
  case tracking(TouchPhase)
  /// A declared class logged a method that has no typed record of its own.
  case logged
  case hold(TouchPhase)
  case release(TouchPhase)
  case drop(TouchPhase)
  case denied
  case state(from: RecognizerState, to: RecognizerState)
  case illegalTransition(from: RecognizerState, to: RecognizerState)
  case action(delivered: Bool)
  case print
  case timer(TimerChange, TimerPurpose)
  case scroll
  case selection(selected: Bool)
  /// A navigation controller's push or pop began, finished or was cancelled.
  case navigation
}

/// A lane before layout: the touches, a receiver (by kind, class and id), or the actions.
public struct DiagramLaneKey: Hashable, Sendable {
  public enum Group: Int, Sendable {
    case touches, recognizer, view, responder, controller, window, application, actions
  }

  public var group: Group
  public var className: String
  public var id: String?

  public init(_ participant: Participant) {
    switch participant.kind {
    case .recognizer: group = .recognizer
    case .view: group = .view
    case .responder: group = .responder
    case .controller: group = .controller
    case .window: group = .window
    case .application: group = .application
    }
    className = participant.className
    id = participant.id
  }

  private init(group: Group) {
    self.group = group
    className = ""
    id = nil
  }

  public static let touches = DiagramLaneKey(group: .touches)
  public static let actions = DiagramLaneKey(group: .actions)

  var rank: Int { group.rawValue }

  /// The header's class line and id line.
  public var texts: (String, String?) {
    switch group {
    case .touches: return ("Touches", "input")
    case .actions: return ("Actions", "target-action")
    default: return (className, id)
    }
  }
}

/// Who an arrow comes from: a participant the record names, or a cause's `by`.
public enum DiagramSource: Equatable, Sendable {
  case participant(Participant)
  case name(String)
}

/// One mark-to-be: a record, or a folded run of records, on its lane.
public struct DiagramEntry: Sendable {
  public var lane: DiagramLaneKey
  public var kind: DiagramMarkKind
  public var time: TimeInterval
  public var cause: DeliveryCause?
  public var touchIDs: [Int]
  public var records: [Int]
  public var title: String
  public var source: DiagramSource?
  /// A call that may pass along the responder chain (arrows from one receiver to the next).
  public var isChain = false
  /// How many records a folded entry stands for, and its title without the count.
  var count = 1
  var baseTitle = ""
  var scrollFrom: RecordPoint?

  /// Whether `other` says the same thing at the same moment (and can share this row).
  func joins(_ other: DiagramEntry) -> Bool {
    other.time == time && other.title == title && other.cause == cause && other.groupKind == groupKind
      && other.touchIDs == touchIDs && other.source == source
  }

  /// The kind, with resets from any state alike.
  private var groupKind: DiagramMarkKind {
    if case .state(_, .possible) = kind { return .state(from: .possible, to: .possible) }
    return kind
  }
}

/// The entries of a record list, in order, folded as `DeliveryDiagram` says: the diagram's
/// model, with no geometry (`DeliveryDiagram` lays it out).
public struct DiagramEntries: Sendable {
  public private(set) var entries: [DiagramEntry] = []
  /// Where a run of foldable records goes on: the entry, and the lane's version then.
  private var folds: [String: (entry: Int, version: Int)] = [:]
  /// Bumped by every entry that is not folded: a fold ends when something else happens on its lane.
  private var versions: [DiagramLaneKey: Int] = [:]
  private let namesTouches: Bool

  public init(_ records: [DeliveryRecord]) {
    namesTouches = Set(records.flatMap(\.touchIDs)).count > 1
    for (index, record) in records.enumerated() { add(record, index: index) }
  }

  /// Touches first; then recognizers, views, the controller, the window, the application
  /// (the way a call passes along the responder chain, left to right); actions last. Each
  /// group in order of first appearance.
  public var laneOrder: [DiagramLaneKey] {
    var seen: [DiagramLaneKey] = []
    for entry in entries where !seen.contains(entry.lane) { seen.append(entry.lane) }
    return seen.enumerated().sorted { a, b in
      let (ra, rb) = (a.element.rank, b.element.rank)
      return ra != rb ? ra < rb : a.offset < b.offset
    }.map(\.element)
  }

  /// The rows, as indices into `entries`: consecutive entries of one instant that say the
  /// same thing on different lanes share one.
  public var rowGroups: [[Int]] {
    var groups: [[Int]] = []
    for (index, entry) in entries.enumerated() {
      if let last = groups.last, let first = last.first.map({ entries[$0] }), first.joins(entry),
        !last.contains(where: { entries[$0].lane == entry.lane })
      {
        groups[groups.count - 1].append(index)
      } else {
        groups.append([index])
      }
    }
    return groups
  }

  private mutating func add(_ record: DeliveryRecord, index: Int) {
    func entry(
      _ lane: DiagramLaneKey, _ kind: DiagramMarkKind, _ title: String, source: DiagramSource? = nil
    ) -> DiagramEntry {
      DiagramEntry(
        lane: lane, kind: kind, time: record.time, cause: record.cause, touchIDs: record.touchIDs, records: [index],
        title: title, source: source ?? record.cause.map { .name($0.by) }, baseTitle: title)
    }
    let touches = touchList(record.touchIDs)
    switch record.event {
    case .input(let samples):
      guard let first = samples.first else { return }
      var item = entry(.touches, .input(first.phase), "")
      item.touchIDs = samples.map(\.touch)
      if samples.allSatisfy({ $0.phase == .moved }) {
        let ids = samples.map { String($0.touch) }.joined(separator: ", ")
        item.title = "touch\(samples.count == 1 ? "" : "es") \(ids) move\(samples.count == 1 ? "s" : "")"
        item.baseTitle = item.title
        fold(item, key: "input moved \(ids)")
        return
      }
      item.title = samples.map(describe).joined(separator: "; ")
      append(item)
    case .hitTest(let touch, let view):
      if let view {
        append(entry(DiagramLaneKey(view), .hitTest, "hit-test: touch \(touch) lands here"))
      } else {
        append(entry(.touches, .hitTest, "touch \(touch) hits no view"))
      }
    case .touches(let phase, let receiver):
      let lane = DiagramLaneKey(receiver)
      let isRecognizer = receiver.kind == .recognizer
      var item = entry(lane, isRecognizer ? .recognizerCall(phase) : .call(phase), Self.method(phase) + touches)
      item.isChain = !isRecognizer
      if phase == .moved {
        fold(item, key: "moved \(lane) \(record.touchIDs)")
      } else {
        append(item)
      }
    case .tracking(let phase, let control):
      let names: [TouchPhase: String] = [
        .began: "beginTracking", .moved: "continueTracking", .ended: "endTracking", .cancelled: "cancelTracking",
      ]
      let item = entry(DiagramLaneKey(control), .tracking(phase), names[phase]! + touches)
      if phase == .moved { fold(item, key: "tracking \(DiagramLaneKey(control))") } else { append(item) }
    case .logged(let method, let receiver):
      // A logged touches or tracking method has its typed record already.
      let typed = TouchPhase.allCases.flatMap { [UIKitSelector(touches: $0), UIKitSelector(tracking: $0)] }
      guard !typed.contains(where: { $0.rawValue == method }) else { return }
      append(entry(DiagramLaneKey(receiver), .logged, method))
    case .hold(let phase, let view, let holder, let deadline):
      let until = deadline.map { " until \(Self.time($0))" } ?? ""
      append(
        entry(
          DiagramLaneKey(view), .hold(phase), "\(Self.method(phase))\(touches) held\(until)",
          source: holder.map { .participant($0) }))
    case .release(let phase, let view, let holder):
      append(
        entry(
          DiagramLaneKey(view), .release(phase), "held \(Self.method(phase))\(touches) released",
          source: holder.map { .participant($0) }))
    case .drop(let phase, let view):
      append(entry(DiagramLaneKey(view), .drop(phase), "held \(Self.method(phase))\(touches) dropped"))
    case .denied(let receiver):
      let ids = record.touchIDs.map(String.init).joined(separator: ", ")
      append(entry(DiagramLaneKey(receiver), .denied, "denied touch\(record.touchIDs.count == 1 ? "" : "es") \(ids)"))
    case .stateChange(let recognizer, let from, let to):
      let lane = DiagramLaneKey(recognizer)
      let kind = DiagramMarkKind.state(from: from, to: to)
      if to == .possible {
        append(entry(lane, kind, "reset to possible"))
      } else if to == .changed && from == .changed {
        fold(entry(lane, kind, "changed"), key: "changed \(lane)")
      } else {
        append(entry(lane, kind, "\(from.rawValue) → \(to.rawValue)"))
      }
    case .illegalTransition(let recognizer, let from, let to):
      append(
        entry(
          DiagramLaneKey(recognizer), .illegalTransition(from: from, to: to),
          "\(from.rawValue) → \(to.rawValue) refused: not a legal transition"))
    case .action(let name, let sender, let target):
      let title = target.map { "\(name) → \($0.name)" } ?? "\(name) reaches no target"
      append(entry(.actions, .action(delivered: target != nil), title, source: sender.map { .participant($0) }))
    case .print(let text, let sender):
      append(entry(.actions, .print, "print \"\(text)\"", source: sender.map { .participant($0) }))
    case .timer(let change, let timer):
      let lane = timer.owner.map(DiagramLaneKey.init) ?? .touches
      let name = timer.purpose.rawValue
      let title: String
      switch change {
      case .scheduled:
        title =
          "\(name) \(TranscriptFormatter.number(timer.deadline - record.time)) s, until \(Self.time(timer.deadline))"
      case .fired: title = "\(name) fires"
      case .cancelled: title = "\(name) cancelled (was due at \(Self.time(timer.deadline)))"
      }
      append(entry(lane, .timer(change, timer.purpose), title))
    case .scroll(let view, let from, let to):
      let lane = DiagramLaneKey(view)
      var item = entry(lane, .scroll, "scrolls \(Self.point(from)) → \(Self.point(to))")
      item.scrollFrom = from
      fold(item, key: "scroll \(lane)", to: to)
    case .selection(let table, let section, let row, let selected):
      let place = section == 0 ? "row \(row)" : "row \(row) of section \(section)"
      append(
        entry(DiagramLaneKey(table), .selection(selected: selected), "\(selected ? "selects" : "deselects") \(place)"))
    case .navigation(let controller, let operation, let phase, let from, let to, _):
      let name = { (p: Participant) in p.id ?? p.className }
      let title =
        switch phase {
        case .began: "\(operation.rawValue) began (to \(name(to)))"
        case .finished: "\(operation.rawValue) finished (\(name(to)) on top)"
        case .cancelled: "\(operation.rawValue) cancelled (\(name(from)) stays on top)"
        }
      append(entry(DiagramLaneKey(controller), .navigation, title))
    }
  }

  private mutating func append(_ entry: DiagramEntry) {
    versions[entry.lane, default: 0] += 1
    entries.append(entry)
  }

  /// Adds `entry`, or counts it into the open run of `key` on its lane.
  private mutating func fold(_ entry: DiagramEntry, key: String, to: RecordPoint? = nil) {
    let version = versions[entry.lane, default: 0]
    if let open = folds[key], open.version == version {
      var run = entries[open.entry]
      run.records += entry.records
      run.count += 1
      let until = entry.time > run.time ? " until \(Self.time(entry.time))" : ""
      if let from = run.scrollFrom, let to {
        run.title = "scrolls \(Self.point(from)) → \(Self.point(to)) in \(run.count) steps\(until)"
      } else {
        run.title = "\(run.baseTitle) ×\(run.count)\(until)"
      }
      entries[open.entry] = run
    } else {
      folds[key] = (entries.count, version)
      entries.append(entry)
    }
  }

  private func touchList(_ ids: [Int]) -> String {
    guard namesTouches, !ids.isEmpty else { return "" }
    return " (touch\(ids.count == 1 ? "" : "es") \(ids.map(String.init).joined(separator: ", ")))"
  }

  private func describe(_ sample: TouchSample) -> String {
    switch sample.phase {
    case .began: return "touch \(sample.touch) down at \(Self.point(sample.location))"
    case .moved: return "touch \(sample.touch) moves"
    case .ended: return "touch \(sample.touch) lifts at \(Self.point(sample.location))"
    case .cancelled: return "touch \(sample.touch) cancelled"
    }
  }

  /// A time as the diagram's labels write it: three decimals.
  public static func time(_ t: TimeInterval) -> String { String(format: "%.3f", t) }

  static func method(_ phase: TouchPhase) -> String { String(phase.selector.prefix { $0 != ":" }) }

  static func point(_ p: RecordPoint) -> String {
    "(\(TranscriptFormatter.number(p.x)), \(TranscriptFormatter.number(p.y)))"
  }
}
