import ArgumentParser
import Foundation
import TouchLabImport
import TouchLabLayout
import TouchLabRecords

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Set a device's console log against a scenario's transcript; report the first divergence.",
    discussion: """
      The log is pasted from Xcode's console or Console: NSLog and os_log prefixes are stripped, and \
      lines the scene could not print are ignored (a -[Class selector] line of a class the scene does \
      not have, any other line the model never prints). The rest is set against the transcript in \
      order; when the log runs out first, the report says how many lines were ignored and why, \
      and shows the first three. Exit 0 when they agree, 1 when not, 2 when an input cannot be \
      read (the layout, its scenario, the log) or --tolerance is refused. See docs/import.md.
      """)

  @Argument(help: "A layout file, or dumps as import takes them (- is standard input).")
  var files: [String]

  /// The first file, as messages name it (`<stdin>` for `-`).
  var file: String { LayoutLoader.displayName(files[0]) }

  @OptionGroup var gestures: GestureOptions

  @Option(help: "The scenario to play (may be left out when the file has only one).")
  var scenario: String?

  @Option(help: "The device's console log (- is standard input).")
  var log: String

  @Flag(help: "Also report lines whose times (each since the first line) differ by more than --tolerance.")
  var times = false

  @Option(help: "With --times: the largest difference taken as agreement, in seconds (default 0.05).")
  var tolerance: Double = 0.05

  func run() throws {
    let agree: Bool
    do {
      agree = try compare()
    } catch let error as ExitCode where error != .success {
      // Anything but a difference (a layout mistake, a log that cannot be read) exits 2.
      throw ExitCode(2)
    } catch let error as ScenarioRunError {
      // No such scenario, or none chosen: exits 2 too.
      report(error)
      throw ExitCode(2)
    }
    if !agree { throw ExitCode(1) }
  }

  /// Prints the comparison; whether the log and the transcript agree.
  private func compare() throws -> Bool {
    guard tolerance.isFinite, tolerance >= 0, tolerance <= 60 else {
      throw fail("--tolerance must be a number of seconds from 0 to 60, not \(tolerance)")
    }
    let scene = try loadScene(files)
    let chosen = try ScenarioRun.chooseOne(
      in: scene, file: file, name: scenario, requirement: .oneCounted, gestures: try gestures.scenario())
    let text: String
    do {
      text = try LayoutLoader.readText(log)
    } catch let error as LayoutError {
      throw fail("\(LayoutLoader.displayName(log)): \(error.message)")
    }
    let diff = DeviceLogDiff(scene: scene, scenario: chosen, log: text, tolerance: tolerance)
    var agree = true
    if let divergence = diff.firstDivergence {
      print("\(log.escapingControlCharacters): \(divergence)")
      agree = false
    }
    if times {
      for difference in diff.timeDifferences {
        print("\(log.escapingControlCharacters): \(difference)")
        agree = false
      }
    }
    if agree {
      let count = diff.model.count
      print(
        "\(log.escapingControlCharacters): agrees with \(chosen.name.escapingControlCharacters) "
          + "(\(count) line\(count == 1 ? "" : "s"))")
    }
    return agree
  }
}
