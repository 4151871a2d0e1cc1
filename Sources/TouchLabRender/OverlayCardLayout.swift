import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// The layout of the card beside a finger (`TouchOverlayRenderer`'s cards, drawn by
/// `OverlayCardPainter`): which touch, where hit-testing sent it, the deadlines running for
/// it, and every receiver in delivery order with what became of it, with the reason (the
/// rule and who applied it) under every failed, cancelled, dropped, held or refused one. A
/// responder the touch was passed on to with the same outcomes (the responder chain) folds
/// into the line above. Every line is measured here, and the card placed where it covers
/// least of the scene: a `Card`, a value the painter draws and a click hit-tests.
struct OverlayCardLayout {
  let theme: Theme
  let styles: Styles

  init(theme: Theme) {
    self.theme = theme
    styles = Styles(theme: theme)
  }

  static let cardWidth = 252.0
  static let cardPadding = 10.0
  static let lineHeight = 16.0
  static let glyphWidth = 14.0
  private static let arrow = " → "
  static let hitLabel = "hit-test → "
  /// Lines the outcomes of one receiver may take before the oldest give way to "…".
  private static let maximumStepLines = 3

  /// One line of a card, measured.
  struct Row {
    var receiver: OverlayReceiver
    /// The responders after it that got the same, named in order.
    var passedOn: [String]
    /// The outcomes, laid out in lines; each part starts at `x` from the line's start.
    var stepLines: [[Step]] = []
    /// The width of the first line of outcomes (the only one when they share the name's line).
    var stepsWidth = 0.0
    /// The outcomes go on lines of their own, below the name.
    var wraps = false
    /// The name's height: one line, or two for a long class name.
    var nameHeight = 0.0
    var noteHeight = 0.0
    /// Why: "failed — closerRecognizerWins (by redTap)", in the step's colour; each may
    /// wrap to a second line (`width` holds its measured height).
    var reasons: [Step] = []
    var height = 0.0
  }

  /// What a card should not cover, each kind weighted in turn: fingers, other cards, the
  /// views hit-testing chose, then the scene's other views.
  struct Obstacles {
    var hitBoxes: [CanvasRect] = []
    var contentBoxes: [CanvasRect] = []
    var fingers: [CanvasRect] = []
    var cards: [CanvasRect] = []
  }

  /// One outcome (or an arrow, or "…") placed on its line.
  struct Step {
    var text: String
    var color: CanvasColor
    var x: Double
    var width: Double
  }

  /// A card laid out: where it goes and what it says.
  struct Card {
    var touch: OverlayTouch
    var frame: CanvasRect
    /// The user pinned it: it stays, whole, until unpinned.
    var isPinned = false
    /// Collapsed to its header and "+N more" (no room for it whole beside the others).
    var isCollapsed = false
    /// Shown whole over the others while the pointer is on it (it is collapsed otherwise).
    var isExpanded = false
    var opacity = 1.0
    /// The hit view's name: one line, or two for a long class name.
    var hitHeight: Double
    var rows: [Row]
    var hiddenRows: Int
    /// The deadlines running for the touch, one line each.
    var countdowns: [OverlayCountdown]
  }

  /// The card's text styles, made once for the theme.
  struct Styles {
    let title: TextStyle
    let dim: TextStyle
    let name: TextStyle
    let step: TextStyle
    let note: TextStyle

    init(theme: Theme) {
      let family = theme.metrics.fontFamily
      let text = theme.overlay.panelText
      title = TextStyle(fontFamily: family, fontSize: 12.5, weight: .bold, color: text, alignment: .leading)
      dim = TextStyle(fontFamily: family, fontSize: 11, color: text.withAlpha(0.6), alignment: .leading)
      // A long class name wraps between its words (`breakable`), on up to three lines.
      name = TextStyle(
        fontFamily: family, fontSize: 11.5, color: text, alignment: .leading, verticalAlignment: .top,
        truncation: .tail, maximumLines: 3)
      step = TextStyle(fontFamily: family, fontSize: 11, weight: .semibold, color: text, alignment: .leading)
      note = TextStyle(
        fontFamily: family, fontSize: 10.5, color: text.withAlpha(0.6), alignment: .leading,
        verticalAlignment: .top, truncation: .tail, maximumLines: 4)
    }
  }

  // MARK: Layout

  /// The card for `touch`, placed where it covers no other card: when no place whole is free,
  /// it is collapsed to its header and a "+N more" line (pinning it, or a bigger window,
  /// shows the rest) and placed again.
  func card(
    for touch: OverlayTouch, now: TimeInterval, sceneSize: CanvasSize, avoiding obstacles: Obstacles
  ) -> Card? {
    guard let whole = card(for: touch, now: now, sceneSize: sceneSize, avoiding: obstacles, collapsed: false)
    else { return nil }
    if !whole.rows.isEmpty, obstacles.cards.contains(where: { Self.overlap(whole.frame, $0) > 0 }),
      let collapsed = card(for: touch, now: now, sceneSize: sceneSize, avoiding: obstacles, collapsed: true)
    {
      return collapsed
    }
    return whole
  }

  func card(
    for touch: OverlayTouch, now: TimeInterval, sceneSize: CanvasSize, avoiding obstacles: Obstacles,
    collapsed: Bool
  ) -> Card? {
    guard let location = touch.location else { return nil }
    let width = min(Self.cardWidth, sceneSize.width - 12)
    let inner = width - 2 * Self.cardPadding
    guard inner > 60 else { return nil }
    let lineRoom = inner - Self.glyphWidth
    let arrowWidth = TextFonts.measure(Self.arrow, style: styles.step).width
    let arrowColor = theme.overlay.panelText.withAlpha(0.45)

    var height = 2 * Self.cardPadding + 2 * Self.lineHeight + 7
    let hitName = touch.hitView.map { Self.breakable(Self.nameText($0)) } ?? "nothing"
    let hitLabelWidth = TextFonts.measure(Self.hitLabel, style: styles.dim).width
    var hitStyle = styles.name
    hitStyle.weight = .semibold
    let hitHeight = max(
      Self.lineHeight, TextFonts.measure(hitName, style: hitStyle, maximumWidth: inner - hitLabelWidth).height + 2)
    height += hitHeight - Self.lineHeight
    let countdowns = touch.countdowns.filter(\.isRunning)
    height += Double(countdowns.count) * Self.countdownLineHeight
    // Collapsed: room for the header and "+N more" only.
    let available = collapsed ? height + Self.lineHeight : sceneSize.height - 12
    var rows: [Row] = []
    let allRows = Self.rows(touch.receivers)
    for (index, candidate) in allRows.enumerated() {
      var row = candidate
      var steps = row.receiver.steps
      // A recognizer starts possible; say so only while nothing else happened to it.
      if row.receiver.kind == .recognizer, steps.count > 1, steps.first == .possible { steps.removeFirst() }
      let parts = steps.map { step in
        Step(
          text: label(of: step, name: row.receiver.name, countdown: touch.scrollDelay, now: now),
          color: theme.overlay.color(of: step),
          x: 0, width: 0)
      }
      let name = Self.breakable(Self.nameText(row.receiver.name))
      let nameWidth = TextFonts.measure(name, style: styles.name).width
      // One line with the name when both fit; else lines of their own, the oldest dropped
      // for "…" when even those are too few.
      var lines = flow(parts, width: .infinity, arrowWidth: arrowWidth, arrowColor: arrowColor, style: styles.step)
      row.stepsWidth = lines.first?.last.map { $0.x + $0.width } ?? 0
      row.wraps = nameWidth + 12 + row.stepsWidth > lineRoom
      if row.wraps {
        var dropped = 0
        repeat {
          var shown = Array(parts.dropFirst(dropped))
          if dropped > 0 { shown.insert(Step(text: "…", color: arrowColor, x: 0, width: 0), at: 0) }
          lines = flow(shown, width: lineRoom, arrowWidth: arrowWidth, arrowColor: arrowColor, style: styles.step)
          dropped += 1
        } while lines.count > Self.maximumStepLines && dropped < parts.count
      }
      row.stepLines = lines
      row.nameHeight = max(
        Self.lineHeight, TextFonts.measure(name, style: styles.name, maximumWidth: lineRoom).height + 2)
      if !row.passedOn.isEmpty {
        row.noteHeight =
          TextFonts.measure(Self.passedOnText(row.passedOn), style: styles.note, maximumWidth: lineRoom).height
      }
      // Each state is shown once, on the steps line: a row's only reason says why without
      // repeating it; with several, each names the step it explains.
      let namesSteps = row.receiver.reasons.count > 1
      row.reasons = row.receiver.reasons.map { reason in
        Step(
          text: Self.breakable(
            Self.reasonText(
              reason,
              label: namesSteps ? label(of: reason.step, name: row.receiver.name, countdown: nil, now: now) : nil,
              waited: touch.scrollDelay != nil)),
          color: theme.overlay.color(of: reason.step), x: 0, width: 0)
      }
      for index in row.reasons.indices {
        row.reasons[index].width = max(
          Self.reasonLineHeight,
          TextFonts.measure(row.reasons[index].text, style: styles.note, maximumWidth: lineRoom).height + 1)
      }
      row.height = row.wraps ? row.nameHeight + Double(lines.count) * Self.lineHeight : Self.lineHeight
      row.height += row.reasons.reduce(0) { $0 + $1.width }
      row.height += row.noteHeight + 3
      // Keep a line for "+N more" unless this is the last row.
      let reserve = index == allRows.count - 1 ? 0 : Self.lineHeight
      guard height + row.height + reserve <= available else { break }
      height += row.height
      rows.append(row)
    }
    let hiddenRows = allRows.count - rows.count
    if hiddenRows > 0 || allRows.isEmpty { height += Self.lineHeight }

    let frame = placeCard(
      size: CanvasSize(width: width, height: height), near: CanvasPoint(location), sceneSize: sceneSize,
      avoiding: obstacles)
    var card = Card(
      touch: touch, frame: frame, hitHeight: hitHeight, rows: rows, hiddenRows: hiddenRows, countdowns: countdowns)
    card.isCollapsed = collapsed && hiddenRows > 0
    return card
  }

  /// A collapsed `card` shown whole, over the others, while the pointer is on it: its
  /// top-left corner where the collapsed card's is, moved up only as far as it must to stay
  /// in the scene, so that it still covers the collapsed card (and the pointer on it).
  func expanded(_ card: Card, now: TimeInterval, sceneSize: CanvasSize) -> Card? {
    guard
      var whole = self.card(
        for: card.touch, now: now, sceneSize: sceneSize, avoiding: Obstacles(), collapsed: false)
    else { return nil }
    let margin = 6.0
    let y = max(margin, min(card.frame.minY, sceneSize.height - whole.frame.height - margin))
    whole.frame = CanvasRect(x: card.frame.minX, y: y, width: whole.frame.width, height: whole.frame.height)
    whole.isPinned = card.isPinned
    whole.opacity = card.opacity
    whole.isExpanded = true
    return whole
  }

  static let reasonLineHeight = 14.0
  static let countdownLineHeight = 20.0

  /// A step's reason as the card writes it: `↳ closerRecognizerWins (by redTap)`, or with the
  /// step it explains, `↳ dropped: requireToFail (by backTap)`. Every cause reads distinct:
  /// the scroll view's `delaysContentTouches` says whether the 0.15 s wait ran out
  /// (`waited`: the touch had the scroll delay's timer) or there was no wait at all
  /// (`delaysContentTouches = false`).
  static func reasonText(_ reason: OverlayReceiver.Reason, label: String?, waited: Bool = true) -> String {
    let rule = reason.cause.rule.rawValue
    let by = reason.cause.by
    let why: String
    switch (reason.cause.rule, reason.step) {
    case (.delaysContentTouches, .delayed), (.delaysContentTouches, .held):
      why = "held 0.15 s in case it scrolls (\(rule), by \(by))"
    case (.delaysContentTouches, _) where waited:
      why = "the 0.15 s wait ran out (\(rule), by \(by))"
    case (.delaysContentTouches, _):
      why = "\(rule) = false: no wait (by \(by))"
    default:
      why = rule + " (by " + by + ")"
    }
    return "↳ " + (label.map { $0 + ": " } ?? "") + why
  }

  /// Places outcomes on lines at most `width` wide, an arrow between each two; a line that
  /// follows another starts with its arrow.
  private func flow(
    _ parts: [Step], width: Double, arrowWidth: Double, arrowColor: CanvasColor, style: TextStyle
  ) -> [[Step]] {
    var lines: [[Step]] = []
    var line: [Step] = []
    var x = 0.0
    for (index, part) in parts.enumerated() {
      var placed = part
      placed.width = TextFonts.measure(part.text, style: style).width
      if index > 0, !line.isEmpty, x + arrowWidth + placed.width > width {
        lines.append(line)
        line = []
        x = 0
      }
      if index > 0 {
        line.append(Step(text: Self.arrow, color: arrowColor, x: x, width: arrowWidth))
        x += arrowWidth
      }
      placed.x = x
      line.append(placed)
      x += placed.width
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The responder chain folded: a responder followed by others with the same steps.
  static func rows(_ receivers: [OverlayReceiver]) -> [Row] {
    var rows: [Row] = []
    var index = 0
    while index < receivers.count {
      let receiver = receivers[index]
      var row = Row(receiver: receiver, passedOn: [])
      index += 1
      if receiver.kind == .responder {
        while index < receivers.count, receivers[index].kind == .responder, receivers[index].steps == receiver.steps {
          row.passedOn.append(receivers[index].name.displayName)
          index += 1
        }
      }
      rows.append(row)
    }
    return rows
  }

  /// Beside the finger if there is room, else below or above it, else along the scene's
  /// edges: the place that covers least of the fingers (and their countdowns), then of other
  /// cards, then of the views hit-testing chose, then of the scene's other views, and that
  /// stays near the finger.
  private func placeCard(
    size: CanvasSize, near point: CanvasPoint, sceneSize: CanvasSize, avoiding obstacles: Obstacles
  ) -> CanvasRect {
    let margin = 6.0
    let reach = theme.overlay.touchRadius + 6
    let finger =
      obstacles.fingers.first { point.x >= $0.minX && point.x <= $0.maxX && point.y >= $0.minY && point.y <= $0.maxY }
      ?? CanvasRect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach)
    let (w, h) = (size.width, size.height)
    let (right, bottom) = (sceneSize.width - w - margin, sceneSize.height - h - margin)
    var candidates = [
      CanvasPoint(x: finger.maxX + 8, y: point.y - 24), CanvasPoint(x: finger.minX - 8 - w, y: point.y - 24),
      CanvasPoint(x: point.x - w / 2, y: finger.maxY + 8), CanvasPoint(x: point.x - w / 2, y: finger.minY - 8 - h),
      CanvasPoint(x: finger.maxX + 8, y: finger.maxY - h), CanvasPoint(x: finger.minX - 8 - w, y: finger.maxY - h),
    ]
    // Beside, above and below each card already placed: stacked, never on top of one.
    for card in obstacles.cards {
      candidates += [
        CanvasPoint(x: card.maxX + 8, y: card.minY), CanvasPoint(x: card.minX - 8 - w, y: card.minY),
        CanvasPoint(x: card.minX, y: card.maxY + 8), CanvasPoint(x: card.minX, y: card.minY - 8 - h),
        CanvasPoint(x: card.maxX + 8, y: card.maxY - h), CanvasPoint(x: card.minX - 8 - w, y: card.maxY - h),
      ]
    }
    // Along the edges: the corners, the middles, and the finger's own height and width.
    for x in [margin, (sceneSize.width - w) / 2, right] {
      for y in [margin, (sceneSize.height - h) / 2, bottom] { candidates.append(CanvasPoint(x: x, y: y)) }
    }
    for x in [margin, right] { candidates.append(CanvasPoint(x: x, y: point.y - h / 2)) }
    for y in [margin, bottom] { candidates.append(CanvasPoint(x: point.x - w / 2, y: y)) }
    let diagonal = max(1, (sceneSize.width * sceneSize.width + sceneSize.height * sceneSize.height).squareRoot())
    var best: (frame: CanvasRect, score: Double)?
    for (order, origin) in candidates.enumerated() {
      let x = min(max(margin, origin.x), max(margin, right))
      let y = min(max(margin, origin.y), max(margin, bottom))
      let frame = CanvasRect(x: x, y: y, width: w, height: h)
      // Each penalty is a fraction (of what is covered, or of the scene's diagonal), weighted.
      var score = 0.0
      for box in obstacles.fingers + [finger] {
        score += 1000 * Self.overlap(frame, box) / max(1, box.width * box.height)
      }
      // Another card is never covered when any place avoids it (then the card is collapsed).
      for card in obstacles.cards { score += 100_000 * Self.overlap(frame, card) / max(1, w * h) }
      for box in obstacles.hitBoxes { score += 3 * Self.overlap(frame, box) / max(1, box.width * box.height) }
      for box in obstacles.contentBoxes { score += 1 * Self.overlap(frame, box) / max(1, box.width * box.height) }
      let nearest = CanvasPoint(
        x: min(max(point.x, frame.minX), frame.maxX), y: min(max(point.y, frame.minY), frame.maxY))
      let distance = ((nearest.x - point.x) * (nearest.x - point.x) + (nearest.y - point.y) * (nearest.y - point.y))
        .squareRoot()
      score += 0.5 * distance / diagonal + Double(order) * 0.001
      if best == nil || score < best!.score { best = (frame, score) }
    }
    return best!.frame
  }

  static func overlap(_ a: CanvasRect, _ b: CanvasRect) -> Double {
    let width = min(a.maxX, b.maxX) - max(a.minX, b.minX)
    let height = min(a.maxY, b.maxY) - max(a.minY, b.minY)
    return width > 0 && height > 0 ? width * height : 0
  }

  // MARK: Text

  /// How an outcome reads in the card.
  func label(
    of step: OverlayReceiver.Step, name: OverlayReceiverName, countdown: OverlayCountdown?, now: TimeInterval
  ) -> String {
    switch step {
    case .possible: return "possible"
    case .began: return "began"
    case .changed: return "changed"
    case .recognized: return "recognized"
    case .ended: return "ended"
    case .failed: return "failed"
    case .cancelled: return "cancelled"
    case .moved: return "moved"
    case .held: return "held"
    case .delayed:
      // While it runs, how far it got; after, how long the began was really held.
      guard let countdown else { return "delayed" }
      let held = countdown.progress(at: now) * countdown.duration
      if countdown.isRunning {
        return "delayed " + Self.seconds(held) + " / " + Self.seconds(countdown.duration) + " s"
      }
      return "delayed " + Self.seconds(held) + " s"
    case .endHeld: return "end held"
    case .released: return "released"
    case .dropped: return "dropped"
    case .refused: return "refused"
    case .blocked: return "blocked"
    case .sent: return name.isPrint ? "printed" : "sent"
    case .unanswered: return "no target"
    }
  }

  /// `value` to two places, exactly as `String(format: "%.2f")` writes it (a card's times,
  /// written again at every frame: Foundation's formatting was 3 % of a drag's frame).
  static func seconds(_ value: TimeInterval) -> String {
    let hundredths = value.magnitude * 100
    let rounded = hundredths.rounded(.toNearestOrEven)
    // A tie (or what rounding the product may have made one) is left to the C library's rounding.
    guard value.isFinite, hundredths < 1e15, (hundredths - rounded).magnitude < 0.499 else {
      return String(format: "%.2f", value)
    }
    let whole = Int(rounded)
    let fraction = whole % 100
    return (value.sign == .minus ? "-" : "") + String(whole / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
  }

  /// A receiver's name as the card shows it: a built-in class says little on its own, so
  /// its layout id follows (`UIView content`).
  static func nameText(_ name: OverlayReceiverName) -> String {
    if name.message == nil, let id = name.identifier, name.className.hasPrefix("UI") {
      return name.className + " " + id
    }
    return name.displayName
  }

  /// Lets a long class name wrap between its words: a zero-width space before each capital
  /// that follows a small letter (`UIScrollView​Delayed​Touches…`). Each name is made once
  /// and kept (`BreakableNames`): a card's names are the same from frame to frame, and making
  /// them again was 2 % of a drag's frame (issue 49).
  static func breakable(_ name: String) -> String {
    BreakableNames.shared.name(name, made: makeBreakable)
  }

  private static func makeBreakable(_ name: String) -> String {
    var result = ""
    result.reserveCapacity(name.utf8.count + 12)
    var previousIsLowercase = false
    for character in name {
      // Class names are ASCII nearly always: their letters are told without Unicode's case
      // tables (the card's names are made again every frame).
      let isUppercase: Bool
      let isLowercase: Bool
      if let ascii = character.asciiValue {
        isUppercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
        isLowercase = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
      } else {
        isUppercase = character.isUppercase
        isLowercase = character.isLowercase
      }
      if isUppercase && previousIsLowercase { result.append("\u{200B}") }
      result.append(character)
      previousIsLowercase = isLowercase
    }
    return result
  }

  static func passedOnText(_ names: [String]) -> String {
    "↳ passed on to " + names.joined(separator: " → ")
  }
}

/// The names `OverlayCardLayout.breakable` made, kept: a pure function of the name, so a
/// kept one is the one it would make. Up to `capacity` of them (then all dropped, and kept
/// again as they come); one lock, as frames may be drawn on more than one thread (`shot`).
final class BreakableNames: @unchecked Sendable {
  static let shared = BreakableNames()
  static let capacity = 512
  private let lock = NSLock()
  private var names: [String: String] = [:]

  func name(_ name: String, made make: (String) -> String) -> String {
    lock.lock()
    if let kept = names[name] {
      lock.unlock()
      return kept
    }
    lock.unlock()
    let made = make(name)
    lock.lock()
    if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
    names[name] = made
    lock.unlock()
    return made
  }
}
