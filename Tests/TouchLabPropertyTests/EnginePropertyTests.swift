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
      let first = Self.canonical(run(spec).app.records.records)
      let second = Self.canonical(run(spec).app.records.records)
      #expect(first.count == second.count)
      let firstDifference = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(firstDifference == nil, "first difference at #\(firstDifference?.offset ?? -1)")
    }
  }

  /// Each record as sorted-key JSON (every field, `Codable`'s), its participants' object
  /// serials renamed in the order they first appear: a second replay makes new objects, with
  /// new serials, but the same object must stand in the same places.
  static func canonical(_ records: [DeliveryRecord]) -> [String] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var names: [Substring: Int] = [:]
    return records.map { record in
      guard let data = try? encoder.encode(record) else { return "unencodable \(record)" }
      var rest = String(decoding: data, as: UTF8.self)[...]
      var out = ""
      while let key = rest.range(of: "\"object\":") {
        out += rest[..<key.upperBound]
        let serial = rest[key.upperBound...].prefix { $0.isNumber }
        rest = rest[serial.endIndex...]
        let name = names[serial] ?? names.count + 1
        names[serial] = name
        out += String(name)
      }
      return out + rest
    }
  }
}
