import Foundation
import TouchLabEncoding
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why the transcript file cannot be written.
public struct TranscriptFileError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public var description: String { "cannot write '\(path)': \(reason)" }
}

/// `--transcript FILE`: every transcript line appended to FILE as it happens. A FILE named
/// `*.jsonl` gets one JSON object a line instead (`TranscriptLog`). Lines are written with
/// `write` to a descriptor opened with O_APPEND: a line outside a step at once, the lines
/// of one engine step (`inOneWrite`: an input read, the timers fired) together when the
/// step ends, microseconds later. So they are in the file (and visible to `tail -f`) as the
/// engine logs them, a crash loses at most the step under way, and a process watching the
/// file is woken once a step, not once a line in the middle of the step's work (traced: a
/// watcher at real-time priority woken by the first of a timer's lines took the CPU from
/// the thread firing it, which then waited 3 ms behind a busy process).
/// Opened by `OutputFile.openForAppending`: `-` is standard output, a symlink is followed,
/// a FIFO with no reader is an error before the window opens (not a wait). A reader that
/// goes away (`>(head -n2)`) is a write error, reported once; the window carries on.
public final class TranscriptFile {
  public let path: String
  private var descriptor: Int32
  /// The first write error, reported once; later lines are dropped.
  public private(set) var failure: String?
  /// Whether records are written as JSON objects, one a line (the path ends in `.jsonl`).
  public var writesJSONLines: Bool { path.lowercased().hasSuffix(".jsonl") }

  /// Opens (creating if needed) `path` for appending.
  public init(path: String) throws {
    self.path = path
    do {
      descriptor = try OutputFile.openForAppending(path)
    } catch let error as PNGWriteError {
      // The same words as every other output's errors, without the path twice.
      let prefix = "cannot write '\(path)': "
      let text = error.description
      throw TranscriptFileError(
        path: path, reason: text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Lines appended inside `inOneWrite`, not yet written.
  private var pending: [UInt8] = []
  /// How many `inOneWrite` calls are under way (they may nest).
  private var stepDepth = 0

  /// Appends `line` and a newline: written now, or when the step under way ends. Returns
  /// the error text the first time a write fails.
  @discardableResult
  public func append(_ line: String) -> String? {
    guard failure == nil else { return nil }
    pending += (line + "\n").utf8
    return stepDepth == 0 || pending.count >= Self.stepBufferLimit ? writePending() : nil
  }

  /// The most a step's lines are held before they are written anyway (a step with
  /// thousands of lines writes them in pieces of about this size).
  public static let stepBufferLimit = 65_536

  /// Runs `body` (an engine step) with the lines it appends written in one `write` when it
  /// ends. Returns the body's result, and the error text the first time that write fails.
  public func inOneWrite<Result>(_ body: () -> Result) -> (result: Result, problem: String?) {
    stepDepth += 1
    let result = body()
    stepDepth -= 1
    return (result, stepDepth == 0 ? writePending() : nil)
  }

  private func writePending() -> String? {
    defer { pending.removeAll(keepingCapacity: true) }
    guard failure == nil, !pending.isEmpty else { return nil }
    let bytes = pending
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        failure = "\(TranscriptFileError(path: path, reason: String(cString: strerror(errno))))"
        return failure
      }
      offset += written
    }
    return nil
  }
}

/// The live session's transcript: each line the engine logs, with its `[time] ` prefix,
/// kept in a bounded history for the panel and appended to the transcript file, if any.
/// Each scene loaded (a layout opened with N or P, a reload) starts a new section under a
/// header naming it, so that lines never sit under another layout's name. The scenes'
/// recorders keep no records of their own (a long session would grow without end); this is
/// their only reader besides the overlay.
public final class TranscriptLog {
  /// How many entries (lines and section headers) the history keeps; older ones are dropped.
  public static let historyLimit = 2000

  /// One kept entry: a line (its time, its text with the `[time] ` prefix) or a header.
  private struct Kept {
    var section: Int
    var time: TimeInterval?
    var stamped: String
    var body: Substring
  }

  private var kept: [Kept] = []
  /// Entries dropped from the front of the history so far (sequence numbers are
  /// `droppedCount + index`).
  public private(set) var droppedCount = 0
  /// The current section's number (one more for each `startSection`).
  private var section = 0
  /// Each section's first touch time (the first `began` input of its scene).
  private var firstTouchTimes: [Int: TimeInterval] = [:]
  /// Bumped on every change, for the cached entries.
  private var revision = 0
  private var cached: (revision: Int, fromFirstTouch: Bool, entries: [TranscriptEntry])?

  /// Set when a line arrives; the loop clears it once it has drawn the frame.
  public var hasNewLines = false
  public let file: TranscriptFile?
  /// Where problems are reported (standard error in the window).
  private let report: (String) -> Void

  /// The real time a record is written, and whether a timer made it (`LiveClock`).
  private let realTime: () -> (now: TimeInterval, firingTimers: Bool)

  /// `realTime` gives the seconds since the scene loaded on the monotonic clock, and
  /// whether timers are firing, for the `.jsonl` file's `time` and `deadline`.
  public init(
    file: TranscriptFile?, report: @escaping (String) -> Void,
    realTime: @escaping () -> (now: TimeInterval, firingTimers: Bool) = { (0, false) }
  ) {
    self.file = file
    self.report = report
    self.realTime = realTime
  }

  /// The lines kept, with their `[time] ` prefixes (virtual seconds since their scene
  /// loaded), oldest first, without the section headers.
  public var recentLines: [String] { kept.filter { $0.time != nil }.map(\.stamped) }

  /// How many entries are kept.
  public var count: Int { kept.count }

  /// The kept entries, oldest first: section headers, and lines whose prefix is the time
  /// since their scene loaded or, with `fromFirstTouch`, since its first touch (`[+0.150]`;
  /// lines of a section with no touch yet keep their own time).
  public func entries(fromFirstTouch: Bool) -> [TranscriptEntry] {
    if let cached, cached.revision == revision, cached.fromFirstTouch == fromFirstTouch { return cached.entries }
    let entries = kept.map { entry -> TranscriptEntry in
      guard let time = entry.time else { return .header(entry.stamped) }
      guard fromFirstTouch, let origin = firstTouchTimes[entry.section] else {
        return .line(TranscriptTime(time), String(entry.body))
      }
      return .line(TranscriptTime(time - origin, sinceFirstTouch: true), String(entry.body))
    }
    cached = (revision, fromFirstTouch, entries)
    return entries
  }

  /// The first touch's time in the newest section (the scene shown now), or nil before it.
  public var firstTouchTime: TimeInterval? { firstTouchTimes[section] }

  /// `[+0.150]`: a time since the first touch (`[-0.020]` before it).
  public static func relativeStamp(_ interval: TimeInterval) -> String {
    TranscriptTime(interval, sinceFirstTouch: true).stamp
  }

  /// Starts a new section under `header` (a scene was loaded): its lines' times start again
  /// from the new scene's 0, and its first touch is looked for afresh.
  /// The section header of a scene's lines in the panel: its title and file.
  static func sectionHeader(for scene: Scene, reloaded: Bool = false) -> String {
    let file = (scene.file as NSString).lastPathComponent
    let name = scene.title.map { "\($0) (\(file))" } ?? file
    return reloaded ? name + ", reloaded" : name
  }

  public func startSection(_ header: String) {
    section += 1
    sectionHeader = header
    append(Kept(section: section, time: nil, stamped: header, body: ""))
  }

  /// The current section's header.
  private var sectionHeader: String?
  /// How many played scenarios' sections were kept (`keepSection`); theirs are numbered
  /// -1, -2…, apart from the scenes' sections.
  private var keptSectionCount = 0

  /// Keeps a played scenario's section in the history when the window leaves the scenario
  /// (0, another scenario, another layout): its header and the lines it showed (times since
  /// the scenario's start; with T, since `firstTouchTime`). Then the live section's header
  /// again, so that later live lines sit under it. Nothing is written to the file (the play
  /// wrote its lines as it passed them).
  /// Keeps the section of `playback` left with `time` shown (`keepSection(header:…)`).
  func keepSection(of playback: ScenarioPlayback, upTo time: TimeInterval, resumesLiveSection: Bool) {
    let lines = Array(playback.lines[..<playback.lineCount(upTo: time)])
    keepSection(
      header: playback.sectionHeader, lines: lines, firstTouchTime: playback.firstTouchTime,
      resumesLiveSection: resumesLiveSection)
  }

  public func keepSection(
    header: String, lines: [(time: TimeInterval, text: String)], firstTouchTime: TimeInterval?,
    resumesLiveSection: Bool = true
  ) {
    keptSectionCount += 1
    let kept = -keptSectionCount
    append(Kept(section: kept, time: nil, stamped: header, body: ""))
    if let firstTouchTime { firstTouchTimes[kept] = firstTouchTime }
    for line in lines { add(line.text, at: line.time, section: kept, toFile: false) }
    if resumesLiveSection, let sectionHeader {
      append(Kept(section: section, time: nil, stamped: sectionHeader, body: ""))
    }
  }

  /// Runs `body`, an engine step (an input read, the timers fired), with the lines it
  /// writes to the file written together when it ends (`TranscriptFile.inOneWrite`).
  public func inOneWrite<Result>(_ body: () -> Result) -> Result {
    guard let file else { return body() }
    let (result, problem) = file.inOneWrite(body)
    write(problem)
    return result
  }

  /// Starts following a scene's recorder (a new scene: on open and every reload).
  public func follow(_ recorder: DeliveryRecorder) {
    recorder.keepsRecords = false
    let section = self.section
    recorder.addObserver { [weak self] record in
      guard let self else { return }
      if let file = self.file, file.writesJSONLines { self.write(file.append(self.jsonLine(record))) }
      if self.firstTouchTimes[section] == nil, case .input(let samples) = record.event,
        samples.contains(where: { $0.phase == .began })
      {
        self.firstTouchTimes[section] = record.time
        self.revision += 1
      }
      // Control characters written out (`\n`, `\u{1B}`): one record, one line (issue 16).
      guard let line = TranscriptFormatter(showsTimes: false).line(record) else { return }
      self.add(
        line, at: record.time, section: section, toFile: !(self.file?.writesJSONLines ?? false))
    }
  }

  /// A record as the `.jsonl` file has it: `TranscriptFormatter.json`'s object with `time`
  /// the seconds since the scene loaded when it was made (monotonic, to the microsecond)
  /// and, for a record a firing timer made, `due`: when that timer was due, on the same clock.
  /// The timer's own `fired` record also carries its `deadline` (docs/records.md), so
  /// `time - deadline` there, and `time - due` on what it caused, is how late it fired.
  /// Every record is written, logged or not.
  func jsonLine(_ record: DeliveryRecord) -> String {
    let (now, firingTimers) = realTime()
    var timeFields = ["\"time\":" + DecimalText.fixed(now, places: 6)]
    if firingTimers { timeFields.append("\"due\":" + DecimalText.fixed(record.time, places: 6)) }
    return TranscriptFormatter.json(record, timeFields: timeFields)
  }

  private func write(_ problem: String?) {
    if let problem { report("touchlab: error: \(problem); no more lines will be written to it") }
  }

  func add(_ line: String, at time: TimeInterval, section: Int? = nil, toFile: Bool = true) {
    let stamp = TranscriptFormatter.timeStamp(time)
    let stamped = stamp + " " + line
    append(
      Kept(
        section: section ?? self.section, time: time, stamped: stamped,
        body: stamped[stamped.index(stamped.startIndex, offsetBy: stamp.count + 1)...]))
    if toFile, let file { write(file.append(stamped)) }
  }

  private func append(_ entry: Kept) {
    kept.append(entry)
    if kept.count > Self.historyLimit {
      let excess = kept.count - Self.historyLimit
      kept.removeFirst(excess)
      droppedCount += excess
      // Kept scenarios' sections (negative numbers) are few: only the scenes' are pruned.
      if let oldest = kept.first(where: { $0.section >= 0 })?.section {
        firstTouchTimes = firstTouchTimes.filter { $0.key >= oldest || $0.key < 0 }
      }
    }
    revision += 1
    hasNewLines = true
  }

  /// Empties the panel's history (the "clear the log" key), all but the current section's
  /// header: the lines that come next are still under their layout's name. The file keeps
  /// everything.
  public func clear() {
    droppedCount += kept.count
    kept.removeAll()
    if let sectionHeader {
      droppedCount -= 1  // the header's sequence number is taken again
      kept.append(Kept(section: section, time: nil, stamped: sectionHeader, body: ""))
    }
    revision += 1
    hasNewLines = true
  }
}
