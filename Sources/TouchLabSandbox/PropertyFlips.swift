import Foundation
import TouchLabLayout

/// The boolean properties flipped in the window (`ID.NAME`), their value now and in the file.
/// They apply to every scene loaded from the file from then on (a reload, a scenario's
/// replay); the layout file is not changed.
public struct PropertyFlips {
  /// Each flipped property, in the order first flipped.
  public private(set) var all: [(path: String, value: Bool, original: Bool)] = []

  /// The flipped properties' paths.
  var paths: Set<String> { Set(all.map(\.path)) }

  /// The fix as code: each flip as the UIKit line that does it (`backTap.cancelsTouchesInView = false`).
  var fixes: [String] { all.map { Scene.fixText(for: "\($0.path)=\($0.value)") } }

  /// `path` is now `value` (flipped back to its value in the file, it is no longer a flip).
  mutating func record(_ path: String, value: Bool) {
    if let index = all.firstIndex(where: { $0.path == path }) {
      if all[index].original == value {
        all.remove(at: index)
      } else {
        all[index].value = value
      }
    } else {
      all.append((path, value, !value))
    }
  }

  /// Sets the flipped properties in `scene`, freshly loaded from the file.
  func apply(to scene: Scene) throws {
    for flip in all { try scene.set(flip.path, to: flip.value) }
  }

  /// The file loaded again as `scene`: the flips that still apply are set in it and kept, the
  /// others dropped; returns why each was dropped.
  mutating func carryOver(to scene: Scene) -> [String] {
    var problems: [String] = []
    all = all.filter { flip in
      do {
        try scene.set(flip.path, to: flip.value)
        return true
      } catch {
        problems.append("\(flip.path) is no longer flipped: \(error)")
        return false
      }
    }
    return problems
  }

  /// Another file: no flips.
  mutating func removeAll() { all = [] }
}
