import Foundation

/// How much each property runs. The defaults keep the whole target near a minute on a
/// two-core machine; a longer campaign raises them (docs/HARDENING.md):
///
///     TOUCHLAB_PROPERTY_CASES=20000 TOUCHLAB_FUZZ_MUTANTS=2000 TOUCHLAB_SOAK_EVENTS=1000000 \
///       swift test --skip-build --filter TouchLabPropertyTests
enum Settings {
  static func count(_ name: String, default value: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max(0, $0) } ?? value
  }

  /// Random scenes with finger scripts per engine property.
  static let engineCases = count("TOUCHLAB_PROPERTY_CASES", default: 2000)
  /// Mutants of each bundled layout.
  static let fuzzMutants = count("TOUCHLAB_FUZZ_MUTANTS", default: 60)
  /// Events through the engine in the soak.
  static let soakEvents = count("TOUCHLAB_SOAK_EVENTS", default: 50_000)
}
