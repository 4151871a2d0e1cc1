import Foundation
import TouchLabLayout
import TouchLabRender
import TouchLabX11
import XCTest

/// The test layouts in this target's resources (Layouts/live.yaml, Layouts/second.yaml).
enum TestLayouts {
  static func url(_ name: String) throws -> URL {
    try XCTUnwrap(
      Bundle.module.url(forResource: name, withExtension: "yaml", subdirectory: "Layouts"),
      "the test layout \(name).yaml is missing from the test bundle")
  }

  static func scene(_ name: String) throws -> Scene {
    try LayoutLoader.load(path: url(name).path)
  }

  /// A fresh folder holding copies of the named layouts, for tests that edit them.
  static func copies(_ names: [String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-sandbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(at: url(name), to: folder.appendingPathComponent("\(name).yaml"))
    }
    return folder
  }
}

/// Window events made by hand.
enum TestEvents {
  static func mouse(
    _ phase: PointerInput.Phase, _ x: Double, _ y: Double, modifiers: InputModifiers = []
  ) -> InputEvent {
    .pointer(
      PointerInput(
        phase: phase, button: phase == .moved ? 0 : 1, pressedButtons: phase == .up ? [] : [1],
        location: InputPoint(x: x, y: y), modifiers: modifiers))
  }

  static func key(_ name: String, modifiers: InputModifiers = []) -> InputEvent {
    .keyPress(KeyInput(keysymName: name, keysym: 0, text: name.count == 1 ? name : nil, modifiers: modifiers))
  }

  /// A click: down and up at one place.
  static func click(_ x: Double, _ y: Double) -> [InputEvent] {
    [mouse(.down, x, y), mouse(.up, x, y)]
  }
}

/// The transcript lines a frame shows, without the section headers.
func shownLines(_ content: FrameContent) -> [String] {
  content.transcript.compactMap { entry in
    if case .line(let time, let text) = entry { time.stamp + " " + text } else { nil }
  }
}

/// The section headers a frame's transcript shows.
func shownHeaders(_ content: FrameContent) -> [String] {
  content.transcript.compactMap { entry in
    if case .header(let header) = entry { header } else { nil }
  }
}
