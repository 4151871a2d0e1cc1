import Foundation
import PropertyBased
import Testing

@testable import TouchLabLayout

/// Every input ends in a scene or a `FILE:LINE:COLUMN: error:` within a bounded time (LayoutOutcome.loadLimit) — never a
/// crash, a hang or a stack overflow — and a scene replays without one (LayoutFuzz.swift).
@Suite struct LayoutFuzzTests {
  static func check(_ name: String, _ text: String, _ mutation: LayoutMutation) {
    let mutant = mutation.apply(to: text)
    let problems = LayoutOutcome.problems(mutant, file: name, pick: mutation.pick)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\n--- mutant:\n\(mutant.prefix(3000))")
  }

  /// Any edit: lines deleted, duplicated, swapped, re-indented; numbers made huge, negative,
  /// NaN, infinite or strings; keys changed; the text cut short or given stray indicators;
  /// snippets with base circles, forwardTo loops, ten-thousand-row tables, deep nesting.
  @Test(arguments: BundledLayouts.names)
  func mutantsOfEveryBundledLayoutLoadOrFailCleanly(_ name: String) async {
    let text = BundledLayouts.text(name)
    #expect(!text.isEmpty)
    #expect(LayoutOutcome.problems(text, file: name, pick: 0).isEmpty, "the layout itself")
    await propertyCheck(count: Settings.fuzzMutants, input: LayoutMutation.generator) { mutation in
      Self.check(name, text, mutation)
    }
  }

  /// Strange values only: most of these still load, and get replayed.
  @Test(arguments: BundledLayouts.names)
  func valueMutantsOfEveryBundledLayoutReplayCleanly(_ name: String) async {
    let text = BundledLayouts.text(name)
    await propertyCheck(count: Settings.fuzzMutants, input: LayoutMutation.valueGenerator) { mutation in
      Self.check(name, text, mutation)
    }
  }

  /// Troubles built on purpose, each a whole layout: every scenario of each that loads is
  /// replayed.
  @Test(arguments: TargetedLayouts.all.map(\.name))
  func targetedLayoutsLoadOrFailCleanlyAndReplay(_ name: String) {
    let text = TargetedLayouts.all.first { $0.name == name }!.text
    for pick in 0..<max(1, TargetedLayouts.scenarioCount(text)) {
      let problems = LayoutOutcome.problems(text, file: name, pick: pick)
      #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
  }
}
