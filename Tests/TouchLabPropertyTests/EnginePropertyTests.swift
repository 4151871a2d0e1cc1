import Foundation
import PropertyBased
import Testing

@testable import TouchLabEngine

/// Runs a case on a fresh scene and returns the scene, for its records and probes.
@discardableResult
func run(_ spec: EngineCase) -> RandomScene {
  let scene = RandomScene(spec)
  FingerScript(steps: spec.steps).play(on: scene)
  return scene
}

/// The engine's invariants (Invariants.swift) under random scenes and random fingers. A
/// failure is shrunk by the library to a small case, printed as Swift source
/// (`EngineCase(nodes: …)`): keep it in RegressionTests.swift.
@Suite struct EnginePropertyTests {
  @Test func invariantsHoldForRandomScenesAndFingers() async {
    await propertyCheck(count: Settings.engineCases, input: EngineCaseGen.all) { spec in
      let broken = Invariants.all(run(spec))
      #expect(broken.isEmpty, "\(broken.prefix(12).joined(separator: "\n"))")
    }
  }

  @Test func replayingTheSameScriptGivesTheSameRecords() async {
    await propertyCheck(count: max(1, Settings.engineCases / 3), input: EngineCaseGen.all) { spec in
      let first = run(spec).app.records.records
      let second = run(spec).app.records.records
      #expect(first.count == second.count)
      let firstDifference = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(firstDifference == nil, "first difference at #\(firstDifference?.offset ?? -1)")
    }
  }
}
