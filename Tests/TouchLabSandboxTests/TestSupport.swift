import Foundation
import TouchLabCanvas
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
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

extension SandboxSession {
  /// As the window does before it reads input: the current frame drawn and shown, what the
  /// pointer can act on in it handed to the session (`frameShown(_:)`).
  func showFrame(renderer: SceneRenderer = SceneRenderer(theme: .standard)) {
    frameShown(renderer.targets(of: frameContent, size: frameSize))
  }

  /// `handle(_:)` of `wakeup` on the frame shown now (`showFrame(renderer:)`): clicks and
  /// hovers act on what that frame drew.
  @discardableResult
  func handleOnShownFrame(_ wakeup: PollWakeup, renderer: SceneRenderer = SceneRenderer(theme: .standard))
    -> [WindowRequest]
  {
    showFrame(renderer: renderer)
    return handle(wakeup)
  }
}

extension SceneRenderer {
  /// What the pointer can act on in `content`'s frame, as a drawing of it lays it out.
  func targets(of content: FrameContent) -> FrameTargets {
    let size = SceneRenderer.frameSize(
      for: content.window, showsPanel: true, showsTimeline: content.timeline != nil,
      showsInspector: content.inspection != nil)
    return targets(of: content, size: size)
  }

  /// The cards of `content`'s frame as drawn, in drawing order (the last on top).
  func cards(in content: FrameContent) -> [FrameTargets.Card] { targets(of: content).cards }

  /// The card at (`x`, `y`) (scene points) in `content`'s frame as a drawing of it lays it out
  /// (`FrameTargets.card(at:)`).
  func cardHit(at x: Double, _ y: Double, in content: FrameContent) -> CardHit? {
    targets(of: content).card(at: CanvasPoint(x: x, y: y))
  }

  /// Which touch's card is at (`x`, `y`) in `content`'s frame, if any.
  func cardTouch(at x: Double, _ y: Double, in content: FrameContent) -> Int? {
    cardHit(at: x, y, in: content)?.touch
  }
}
