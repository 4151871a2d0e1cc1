import BenchSupport
import Foundation
import TouchLabEngine
import TouchLabLayout

// Figure 6 of docs/PERFORMANCE.md: does a long session grow? The playground takes
// 1,000,000 synthetic touch events (pans in the scroll view and the table, taps on every
// control, presses on rows), as the live window would: records go to an observer that
// keeps the last 500 transcript lines (the panel), not into the recorder. VmRSS and the
// malloc heap are read before (after a warm-up) and after.
//
//   touchlab-soak [EVENTS]

let total = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000

let scene = BenchScenes.load("playground.yaml")
let follower = TranscriptFollower(scene)

let application = scene.application
var time: TimeInterval = 0
var events = 0

func send(_ phase: TouchInput.Phase, _ point: CGPoint) {
  application.clock.advance(to: time)
  application.sendTouches([TouchInput(finger: 1, phase: phase, location: point)])
  events += 1
}

func location(_ target: FingerTarget) -> CGPoint { BenchScenes.location(of: target, in: scene) }

func rest() {
  time += 3
  application.clock.advance(to: time)
}

func tap(_ target: FingerTarget, hold: TimeInterval = 0.05) {
  let point = location(target)
  send(.began, point)
  time += hold
  send(.ended, point)
  rest()
}

func drag(_ target: FingerTarget, by dy: CGFloat, moves: Int) {
  let start = location(target)
  send(.began, start)
  for i in 1...moves {
    time += 1.0 / 60
    send(.moved, CGPoint(x: start.x, y: start.y + dy * CGFloat(i) / CGFloat(moves)))
  }
  time += 1.0 / 60
  send(.ended, CGPoint(x: start.x, y: start.y + dy))
  rest()
}

/// One round: every kind of gesture the playground offers, about 200 events.
func round() {
  drag(.view("tile2"), by: -150, moves: 40)  // scrolls, then decelerates
  drag(.view("tile1"), by: 150, moves: 40)  // back (bounces at the top)
  tap(.view("button"))
  tap(.view("yellow"))
  tap(.view("blue"))
  tap(.view("toggle"))
  tap(.row(0, section: 0, table: "table"))
  tap(.row(0, section: 0, table: "table"), hold: 0.3)
  tap(.row(0, section: 0, table: "table"), hold: 1.0)
  tap(.view("rowButton"))
  tap(.view("scrollButton"))
  drag(.row(4, section: 0, table: "table"), by: -120, moves: 30)
  drag(.row(1, section: 0, table: "table"), by: 120, moves: 30)
  drag(.view("yellow"), by: 60, moves: 20)
}

// Warm-up: what a user does in the first seconds, so lazily made things exist.
while events < 10_000 { round() }
let rssBefore = Memory.residentBytes() ?? 0
let heapBefore = Memory.heapInUseBytes()
let warmEvents = events
let start = DispatchTime.now().uptimeNanoseconds
while events - warmEvents < total { round() }
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let rssAfter = Memory.residentBytes() ?? 0
let heapAfter = Memory.heapInUseBytes()
let soaked = events - warmEvents

guard follower.linesSeen > 0, follower.recent.contains(where: { $0.line == "button tapped" }) else {
  FileHandle.standardError.write(Data("touchlab-soak: the gestures printed nothing; the soak is broken\n".utf8))
  exit(1)
}

let megabyte = 1024.0 * 1024.0
printFigure("memory.soak.events", Double(soaked), "events", digits: 0)
printFigure("memory.soak.event.mean", elapsed / Double(soaked) * 1e6, "us", digits: 2)
printFigure("memory.soak.rss.before", Double(rssBefore) / megabyte, "MB")
printFigure("memory.soak.rss.after", Double(rssAfter) / megabyte, "MB")
printFigure("memory.soak.rss.growth", Double(rssAfter - rssBefore) / Double(max(rssBefore, 1)) * 100, "%", digits: 2)
printFigure("memory.soak.heap.before", Double(heapBefore) / megabyte, "MB", digits: 2)
printFigure("memory.soak.heap.growth", Double(heapAfter - heapBefore) / 1024, "KB")
