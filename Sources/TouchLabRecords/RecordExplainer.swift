import Foundation
import TouchLabEngine

/// Tells what happened to the touches of a replay in plain words (`touchlab replay
/// --explain`): one line per record that matters, each with its reason, built only from
/// the typed records (`DeliveryEvent`, `DeliveryCause`), never from transcript text.
///
/// Left out: a recognizer's own `touches…` calls and resets, cancelled timers, logged
/// lines (the transcript has them), every move after a receiver's first, a continuous
/// recognizer's changes. Folded: a call
/// passed along the responder chain is one line; a run of scroll offsets is one line from
/// the first to the last.
public struct RecordExplainer {
  public init() {}

  public func lines(_ records: [DeliveryRecord]) -> [String] {
    var out: [String] = []
    var index = 0
    var hits: [Int: Participant] = [:]
    var heard: Set<Int> = []
    var moved: Set<Int> = []
    var movesSeen: Set<String> = []
    var scrolling: (view: Participant, from: RecordPoint, to: RecordPoint, start: TimeInterval, end: TimeInterval)?
    func flushScroll() {
      guard let run = scrolling else { return }
      scrolling = nil
      let until = run.end == run.start ? "" : " by \(time(run.end))"
      out.append(
        "\(TranscriptFormatter.timeStamp(run.start)) \(name(run.view)) scrolls from \(point(run.from)) to \(point(run.to))\(until)"
      )
    }
    while index < records.count {
      let record = records[index]
      let stamp = TranscriptFormatter.timeStamp(record.time)
      var text: String?
      var consumed = 1
      switch record.event {
      case .input(let samples):
        text = input(samples, moved: &moved)
      case .hitTest(let touch, let view):
        if let view {
          hits[touch] = view
          text = "touch \(touch) lands on \(name(view)) (hit-test)"
        } else {
          text = "touch \(touch) lands on nothing: no view will hear of it"
        }
      case .touches(let phase, let receiver):
        guard receiver.kind != .recognizer else { break }
        // The call passed along the responder chain: one line.
        var chain: [Participant] = []
        var next = index + 1
        while next < records.count {
          let candidate = records[next]
          if case .logged = candidate.event {
            next += 1
            continue
          }
          guard case .touches(phase, let other) = candidate.event, other.kind != .recognizer,
            candidate.touchIDs == record.touchIDs, candidate.time == record.time, candidate.cause == record.cause
          else { break }
          chain.append(other)
          next += 1
        }
        consumed = next - index
        for id in record.touchIDs where hits[id] == receiver { heard.insert(id) }
        if phase == .moved {
          let key = "\(name(receiver)) \(record.touchIDs)"
          guard movesSeen.insert(key).inserted else { break }
          text = "\(name(receiver)) gets touchesMoved\(touchList(record.touchIDs)) (and further moves, left out here)"
          if !chain.isEmpty { text! += ", passed on to " + chain.map(name).joined(separator: " → ") }
          break
        }
        text = "\(name(receiver)) gets \(phase.selector.prefix { $0 != ":" })\(touchList(record.touchIDs))"
        if !chain.isEmpty { text! += ", passed on to " + chain.map(name).joined(separator: " → ") }
      case .tracking(let phase, let control):
        if phase == .moved {
          guard movesSeen.insert("tracking \(name(control))").inserted else { break }
        }
        text = "\(name(control)) " + tracking(phase)
      case .hold(let phase, let view, _, let deadline):
        text =
          "\(name(view))'s touches\(phase.rawValue.capitalized) is held back"
          + (deadline.map { " until \(time($0))" } ?? "")
      case .release(let phase, let view, let holder):
        text = "\(name(view))'s held touches\(phase.rawValue.capitalized) goes through"
        if let holder { text! += ": \(name(holder)) stopped holding it" }
      case .drop(let phase, let view):
        text = "\(name(view))'s held touches\(phase.rawValue.capitalized) is dropped: the view never hears of it"
      case .denied(let receiver):
        text = "\(name(receiver)) is denied touch \(record.touchIDs.map(String.init).joined(separator: ", "))"
      case .stateChange(let recognizer, _, let to):
        guard to != .possible, to != .changed else { break }  // its begin and end tell the story
        text = "\(name(recognizer)) " + state(to)
      case .illegalTransition(let recognizer, let from, let to):
        text =
          "\(name(recognizer)) asked to go from \(from.rawValue) to \(to.rawValue): ignored, not a legal transition"
      case .action(let message, let sender, let target):
        let from = sender.map { " from \(name($0))" } ?? ""
        text =
          target.map { "\(message) goes to \(name($0))\(from) (target-action)" }
          ?? "\(message)\(from) reaches nobody: no responder implements it"
      case .print(let message, let sender):
        text = "\(sender.map(name) ?? "the scene") prints \"\(message)\""
      case .timer(let change, let timer):
        let owner = timer.owner.map(name) ?? "the scene"
        switch change {
        case .scheduled:
          let length = max(0, timer.deadline - record.time)
          text =
            "\(owner) starts its \(timer.purpose.rawValue) timer (\(seconds(length)), until \(time(timer.deadline)))"
        case .fired:
          text = "\(owner)'s \(timer.purpose.rawValue) timer fires"
        case .cancelled:
          break
        }
      case .scroll(let view, let from, let to):
        // A run of offsets is one line, from its first to its last.
        if let run = scrolling, run.view == view {
          scrolling = (view, run.from, to, run.start, record.time)
        } else {
          flushScroll()
          scrolling = (view, from, to, record.time, record.time)
        }
      case .selection(let table, let section, let row, let selected):
        text = "\(name(table)) \(selected ? "selects" : "deselects") row \(row) of section \(section)"
      case .navigation(let controller, let operation, let phase, let from, let to, let interactive):
        let how = interactive ? "interactive " : ""
        switch phase {
        case .began:
          let article = interactive ? "an" : "a"
          text = "\(name(controller)) begins \(article) \(how)\(operation.rawValue) from \(name(from)) to \(name(to))"
        case .finished:
          text = "\(name(controller))'s \(operation.rawValue) finishes: \(name(to)) is on top"
        case .cancelled:
          text = "\(name(controller))'s \(how)\(operation.rawValue) is cancelled: \(name(from)) stays on top"
        }
      case .logged:
        break
      }
      if var text {
        if let cause = record.cause {
          var moment = ReasonMoment.decided
          if case .hold = record.event { moment = .held }
          if case .release = record.event { moment = .released }
          text += " — " + Self.reason(cause, moment)
        }
        flushScroll()
        out.append("\(stamp) \(text)")
      }
      index += consumed
    }
    flushScroll()
    for (touch, view) in hits.sorted(by: { $0.key < $1.key }) where !heard.contains(touch) {
      out.append("In the end \(name(view)) never heard of touch \(touch).")
    }
    return out
  }

  /// A cause in plain words, with its rule's name.
  /// When a reason is given: of a hold (the rule is at work), of its release (the rule
  /// stopped), or of anything else the rule decided.
  public enum ReasonMoment: Sendable { case held, released, decided }

  public static func reason(_ cause: DeliveryCause, _ moment: ReasonMoment = .decided) -> String {
    let by = cause.by
    let words: String =
      switch cause.rule {
      case .cancelsTouchesInView: "\(by) recognized and cancels the touches in its view"
      case .delaysTouchesBegan:
        switch moment {
        case .held: "\(by) is still deciding and delays touchesBegan"
        case .released: "\(by) decided and no longer delays touchesBegan"
        case .decided: "\(by) recognized and discards the touchesBegan it delayed"
        }
      case .viewLeftWindow: "\(by) was removed from its window while the finger was down"
      case .tapSequence:
        switch moment {
        case .held: "\(by) has seen a tap of its sequence and keeps the next tap from the view"
        case .released: "\(by) failed and no longer keeps the next tap from the view"
        case .decided: "\(by) recognized and discards the next tap's touchesBegan it kept back"
        }
      case .delaysTouchesEnded:
        moment == .held
          ? "\(by) is still deciding and delays touchesEnded" : "\(by) decided and no longer delays touchesEnded"
      case .delaysContentTouches:
        switch moment {
        case .held: "scroll view \(by) waits 0.15 s to see whether the finger scrolls"
        case .released: "scroll view \(by) no longer delays its content's touches"
        case .decided: "scroll view \(by) waited 0.15 s and the finger did not scroll"
        }
      case .scrollBegan: "\(by) began scrolling and cancels its content's touches"
      case .touchesShouldCancel: "\(by) may not take the touch from its content"
      case .touchesShouldBegin: "\(by) refused to pass the touch to its content"
      case .requireToFail: "it had to wait for \(by) to fail, and \(by) recognized"
      case .closerRecognizerWins: "\(by), closer to the touched view, recognized"
      case .lastAddedWins: "\(by), added later to the same view, recognized"
      case .recognizedFirst: "\(by) recognized first"
      case .controlBeatsParentTap: "control \(by) keeps its tap from a parent's single tap"
      case .shouldBegin: "\(by) said it should not begin"
      case .shouldReceive: "\(by)'s delegate said it should not receive the touch"
      case .maximumDuration: "the finger stayed down too long"
      case .movedTooFar: "the finger moved too far"
      case .tapInterval: "the next tap did not come in time"
      case .tapDistance: "the next tap landed too far from the last one"
      case .minimumPressDuration: "the finger lifted before the press was long enough"
      case .exclusiveTouch: "\(by) is exclusive-touch"
      case .notEnabled: "\(by) is not enabled for it"
      case .numberOfTouches: "the wrong number of fingers"
      case .touchCancelled: "the system cancelled the touch"
      case .requirementCircle: "\(by) and the recognizers it waits for wait on one another"
      case .liftedEarly: "the finger lifted before it recognized"
      case .outsideEdgeRegion: "the touch began away from the screen edge it watches"
      case .wrongDirection: "the finger moved along the edge instead of away from it"
      case .systemGestureGate:
        switch moment {
        case .held: "the system waits to see whether the touch near the screen's edge starts a system gesture"
        case .released: "the system let the touch near the screen's edge go to the app"
        case .decided: "the system took the swipe from the screen's edge for itself"
        }
      case .notSystemGesture: "the finger stayed near the edge without swiping away from it"
      }
    return "\(words) (\(cause.rule.rawValue))"
  }

  private func input(_ samples: [TouchSample], moved: inout Set<Int>) -> String? {
    var parts: [String] = []
    for sample in samples {
      switch sample.phase {
      case .began: parts.append("touch \(sample.touch) goes down at \(point(sample.location))")
      case .moved:
        guard moved.insert(sample.touch).inserted else { continue }
        parts.append("touch \(sample.touch) starts moving")
      case .ended: parts.append("touch \(sample.touch) lifts at \(point(sample.location))")
      case .cancelled: parts.append("touch \(sample.touch) is cancelled")
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  private func tracking(_ phase: TouchPhase) -> String {
    switch phase {
    case .began: "begins tracking"
    case .moved: "continues tracking"
    case .ended: "ends tracking"
    case .cancelled: "cancels tracking"
    }
  }

  private func state(_ state: RecognizerState) -> String {
    switch state {
    case .possible: "is possible again"
    case .began: "begins"
    case .changed: "changes"
    case .ended: "ends"
    case .recognized: "recognizes"
    case .cancelled: "is cancelled"
    case .failed: "fails"
    }
  }

  private func name(_ p: Participant) -> String { p.id.map { "\($0) (\(p.className))" } ?? p.className }

  private func touchList(_ ids: [Int]) -> String {
    ids.isEmpty ? "" : " (touch\(ids.count == 1 ? "" : "es") \(ids.map(String.init).joined(separator: ", ")))"
  }

  private func point(_ p: RecordPoint) -> String {
    "(\(TranscriptFormatter.number(p.x)), \(TranscriptFormatter.number(p.y)))"
  }

  private func time(_ t: TimeInterval) -> String { String(format: "%.3f", t) }

  private func seconds(_ t: TimeInterval) -> String { "\(TranscriptFormatter.number(t)) s" }
}
