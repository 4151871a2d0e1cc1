import TouchLabX11

/// What a key asks the window to do.
public enum SandboxCommand: Equatable, Hashable, CaseIterable, Sendable {
  case nextLayout
  case previousLayout
  case reload
  case toggleOverlay
  case clearLog
  case screenshot
  case quit
  case playPause
  case stepForward
  case stepBackward
  case slower
  case faster
  case toggleTimeOrigin
  case toggleInspector
  /// Pin the latest touch's card (it stays until unpinned), or unpin it.
  case togglePin
  /// Play the layout file's scenario N (1–9, in the file's order); 0 goes live.
  case playScenario(Int)
  /// Play the file's next / previous scenario (after the last, or before the first: live),
  /// so that every scenario, past the ninth too, has a way in from the keyboard.
  case nextScenario
  case previousScenario

  public static var allCases: [SandboxCommand] {
    [
      .nextLayout, .previousLayout, .reload, .toggleOverlay, .clearLog, .screenshot, .quit, .playPause, .stepForward,
      .stepBackward, .slower, .faster, .toggleTimeOrigin, .toggleInspector, .togglePin,
      .nextScenario, .previousScenario,
    ] + (0...9).map(SandboxCommand.playScenario)
  }
}

/// The window's keys: one table, read both to act on a key and to list the keys in the
/// panel and in `touchlab open --help`.
public enum SandboxKeys {
  /// Each command's keys (X keysym names) and the help line that shows them.
  public static let bindings: [(command: SandboxCommand, keysyms: [String], help: String)] =
    [
      (.nextLayout, ["Right", "n", "Next"], "N or →: next layout in the folder"),
      (.previousLayout, ["Left", "p", "Prior"], "P or ←: previous layout"),
      (.reload, ["r", "F5"], "R: reload (also on its own when saved)"),
      (.toggleOverlay, ["o"], "O: overlay on/off"),
      (.clearLog, ["c"], "C: clear the log"),
      (.screenshot, ["s"], "S: screenshot (PNG in the current folder)"),
      (.quit, ["q", "Escape"], "Q or Esc: quit"),
      (.playPause, ["space"], "Space: pause (live: review the last gesture) / play"),
      (.stepForward, ["period"], ". / ,: step to the next / previous record"),
      (.stepBackward, ["comma"], ""),
      (.slower, ["bracketleft"], "[ / ]: half / double speed"),
      (.faster, ["bracketright"], ""),
      (.toggleTimeOrigin, ["t"], "T: times from the first touch / from the start"),
      (.toggleInspector, ["i"], "I: inspector (tree, properties, hover: hit-test path)"),
      (.togglePin, ["k"], "K, right-click a card or click a collapsed one: pin / unpin it"),
    ]
    + (0...9).map { number in
      (
        .playScenario(number), ["\(number)", "KP_\(number)"],
        number == 0 ? "1–9: play the file's scenario N; 0: live" : ""
      )
    } + [
      (.nextScenario, ["Tab", "equal", "plus", "KP_Add"], "Tab / Shift+Tab, = / -: next / previous scenario"),
      (.previousScenario, ["ISO_Left_Tab", "minus", "KP_Subtract"], ""),
    ]

  /// The lines the panel shows at its foot: the keys, then the mouse.
  public static let help: [String] =
    bindings.map(\.help).filter { !$0.isEmpty } + [
      "Mouse: one finger; wheel over the transcript: scroll back",
      "Click a ✓ / ✗ in the inspector: flip it (a scenario replays)",
      "Alt or Ctrl + mouse: two fingers, mirrored about the centre",
    ]

  /// The keys' help lines, then `realTimeNote` (what the window got for its timers, as
  /// standard error says it) when there is one, as the panel shows it: `shortNote`.
  public static func help(realTimeNote: String?) -> [String] {
    help + (realTimeNote.map { [shortNote($0)] } ?? [])
  }

  /// A real-time note as the panel's two lines of key help hold it whole, capitalized: a
  /// "no real time" note without its reason in parentheses (the system's answer, often a
  /// sentence: cut with "…" for an ordinary user, issue 48 §7), which standard error has.
  static func shortNote(_ note: String) -> String {
    var text = note
    if text.hasPrefix("no real time"), let open = text.range(of: " (") {
      var depth = 0
      var close: String.Index?
      for index in text[open.upperBound...].indices {
        if text[index] == "(" { depth += 1 }
        if text[index] == ")" {
          if depth == 0 {
            close = index
            break
          }
          depth -= 1
        }
      }
      if let close {
        text.replaceSubrange(open.lowerBound...close, with: "")
        text += "; why: on standard error"
      }
    }
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// The keys that only modify others (Shift, Control, Alt, Super, the locks): pressed
  /// alone they start a chord, not a command.
  static let modifierKeysyms: Set<String> = [
    "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R", "Super_L", "Super_R",
    "Hyper_L", "Hyper_R", "Caps_Lock", "Shift_Lock", "Num_Lock", "ISO_Level3_Shift", "ISO_Level5_Shift",
    "Mode_switch",
  ]

  /// Whether `key` is a modifier pressed alone (`modifierKeysyms`).
  public static func isModifier(_ key: KeyInput) -> Bool {
    modifierKeysyms.contains(key.keysymName)
  }

  /// The command for a key, or nil. Letters count in either case (Shift or Caps Lock held);
  /// keys held with Control, Alt or Super are left alone.
  public static func command(for key: KeyInput) -> SandboxCommand? {
    guard key.modifiers.isDisjoint(with: [.control, .alternate, .command]) else { return nil }
    let name = key.keysymName.count == 1 ? key.keysymName.lowercased() : key.keysymName
    return bindings.first { $0.keysyms.contains(name) }?.command
  }
}
