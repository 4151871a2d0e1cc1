/// A unified diff of two lists of lines (`diff -u`'s form: `---`/`+++` headers, `@@` hunks
/// with three lines of context), for `touchlab test`.
enum UnifiedDiff {
  /// The diff's lines; empty when the lists are equal.
  static func lines(expected: [String], actual: [String], from: String, to: String, context: Int = 3) -> [String] {
    guard expected != actual else { return [] }
    let edits = script(expected, actual)
    // Indices in `edits` of the changes, grouped into hunks whose context lines touch.
    var hunks: [ClosedRange<Int>] = []
    for (index, edit) in edits.enumerated() where edit.kind != .same {
      if let last = hunks.last, index - last.upperBound <= 2 * context {
        hunks[hunks.count - 1] = last.lowerBound...index
      } else {
        hunks.append(index...index)
      }
    }
    var out = ["--- \(from)", "+++ \(to)"]
    for hunk in hunks {
      let start = max(0, hunk.lowerBound - context)
      let end = min(edits.count - 1, hunk.upperBound + context)
      let slice = edits[start...end]
      let oldCount = slice.filter { $0.kind != .added }.count
      let newCount = slice.filter { $0.kind != .removed }.count
      // diff -u's numbering: the first line of the range, or the line before an empty one.
      let oldStart = oldCount == 0 ? edits[start].oldIndex : edits[start].oldIndex + 1
      let newStart = newCount == 0 ? edits[start].newIndex : edits[start].newIndex + 1
      out.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
      for edit in slice {
        switch edit.kind {
        case .same: out.append(" " + edit.text)
        case .removed: out.append("-" + edit.text)
        case .added: out.append("+" + edit.text)
        }
      }
    }
    return out
  }

  private static func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }

  struct Edit {
    enum Kind { case same, removed, added }
    var kind: Kind
    var text: String
    /// Lines of each side before this one.
    var oldIndex: Int
    var newIndex: Int
  }

  /// The shortest edit script by a longest common subsequence over the lines between the
  /// common head and tail; past 4 million cells (two transcripts of 2,000 differing lines)
  /// the middle is shown removed and then added whole, never a quadratic wait.
  static func script(_ a: [String], _ b: [String]) -> [Edit] {
    var head = 0
    while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
    let oldMiddle = Array(a[head..<(a.count - tail)])
    let newMiddle = Array(b[head..<(b.count - tail)])
    var edits: [Edit] = []
    for i in 0..<head { edits.append(Edit(kind: .same, text: a[i], oldIndex: i, newIndex: i)) }
    var i = 0
    var j = 0
    let n = oldMiddle.count
    let m = newMiddle.count
    if n * m <= 4_000_000 && n > 0 && m > 0 {
      // lengths[i][j]: the longest common subsequence of oldMiddle[i...] and newMiddle[j...].
      var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
      for x in stride(from: n - 1, through: 0, by: -1) {
        for y in stride(from: m - 1, through: 0, by: -1) {
          lengths[x][y] =
            oldMiddle[x] == newMiddle[y] ? lengths[x + 1][y + 1] + 1 : max(lengths[x + 1][y], lengths[x][y + 1])
        }
      }
      while i < n, j < m {
        if oldMiddle[i] == newMiddle[j] {
          edits.append(Edit(kind: .same, text: oldMiddle[i], oldIndex: head + i, newIndex: head + j))
          i += 1
          j += 1
        } else if lengths[i + 1][j] >= lengths[i][j + 1] {
          edits.append(Edit(kind: .removed, text: oldMiddle[i], oldIndex: head + i, newIndex: head + j))
          i += 1
        } else {
          edits.append(Edit(kind: .added, text: newMiddle[j], oldIndex: head + i, newIndex: head + j))
          j += 1
        }
      }
    }
    while i < n {
      edits.append(Edit(kind: .removed, text: oldMiddle[i], oldIndex: head + i, newIndex: head + j))
      i += 1
    }
    while j < m {
      edits.append(Edit(kind: .added, text: newMiddle[j], oldIndex: head + i, newIndex: head + j))
      j += 1
    }
    for k in 0..<tail {
      edits.append(
        Edit(kind: .same, text: a[a.count - tail + k], oldIndex: a.count - tail + k, newIndex: b.count - tail + k))
    }
    return edits
  }
}
