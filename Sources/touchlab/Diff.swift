import ArgumentParser
import Foundation
import TouchLabImport
import TouchLabLayout
import TouchLabTranscript

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Set a device's console log against a scenario's transcript; report the first divergence.",
    discussion: """
      The log is pasted from Xcode's console or Console: NSLog and os_log prefixes are stripped, and \
      lines the scene could not print are ignored (a -[Class selector] line of a class the scene does \
      not have, any other line the model never prints). The rest is set against the transcript in \
      order. Exit 0 when they agree, 1 when not. See docs/import.md.
      """)

  @Argument(help: "A layout file, or a dump.")
  var file: String

  @Option(help: "The scenario to play (may be left out when the file has only one).")
  var scenario: String?

  @Option(help: "The device's console log.")
  var log: String

  @Flag(help: "Also report lines whose times (each since the first line) differ by more than --tolerance.")
  var times = false

  @Option(help: "With --times: the largest difference taken as agreement, in seconds (default 0.05).")
  var tolerance: Double = 0.05

  func run() throws {
    guard tolerance.isFinite, tolerance >= 0, tolerance <= 60 else {
      throw fail("--tolerance must be a number of seconds from 0 to 60, not \(tolerance)")
    }
    let scene = try loadScene(file)
    let chosen: Scenario
    if let name = scenario {
      guard let found = scene.scenario(named: name) else {
        throw fail("\(file) has no scenario '\(name)'; it has: \(scene.scenarios.map(\.name).joined(separator: ", "))")
      }
      chosen = found
    } else {
      guard scene.scenarios.count == 1 else {
        throw fail("\(file) has \(scene.scenarios.count) scenarios; choose one with --scenario")
      }
      chosen = scene.scenarios[0]
    }
    let text: String
    do {
      text = try LayoutLoader.readText(log)
    } catch let error as LayoutError {
      throw fail("\(log): \(error.message)")
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
      print(
        "\(log.escapingControlCharacters): agrees with \(chosen.name.escapingControlCharacters) (\(diff.model.count) lines)"
      )
    } else {
      throw ExitCode(1)
    }
  }
}
