/// How many times each repeatable option may be given, and how long a command line may be
/// (README "Limits on the command line"): checked before the command line is parsed, whose
/// work grows faster than its length (20,000 `--at` took 12 s in parsing alone).
enum OptionLimits {
  /// The repeatable options and their limits.
  static let repeatable: [(name: String, limit: Int)] = [
    ("--at", 1_000),
    ("--set", 1_000),
    ("--set-file", 100),
  ]
  /// Files a command takes at once (`check`, `import`, `hit`).
  static let maximumFiles = 1_000
  /// Arguments in all.
  static let maximumArguments = 4_096

  /// The error for `arguments` (without the program's name), or nil when they are within the limits.
  static func problem(in arguments: [String]) -> String? {
    var counts: [String: Int] = [:]
    for argument in arguments {
      if argument == "--" { break }
      guard argument.hasPrefix("--") else { continue }
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      counts[name, default: 0] += 1
    }
    for (name, limit) in repeatable {
      if let count = counts[name], count > limit {
        return "\(name) is given \(count) times; at most \(limit)"
      }
    }
    if arguments.count > maximumArguments {
      return "a command line of \(arguments.count) arguments; at most \(maximumArguments)"
    }
    return nil
  }

  /// The error for a command given `count` files, or nil.
  static func filesProblem(_ count: Int) -> String? {
    count > maximumFiles ? "\(count) files; at most \(maximumFiles) at once" : nil
  }
}
