import Foundation
import TouchLabEngine

/// A moment's rule in a table's or a collection view's action delegate — one implementation
/// for `ActionTableViewDelegate` and `ActionCollectionViewDelegate`: the line it prints or the
/// selector it sends, and what a question answers instead of UIKit's default for the rows or
/// items it names (docs/BEHAVIOUR.md §19).
public struct ActionCellRule<Answer: Equatable & Sendable>: Sendable {
  public var message: ActionMessage?
  public var answer: Answer?
  /// The rows or items (of any section) the answer applies to; nil: every one.
  public var indices: [Int]?

  public init(message: ActionMessage?, answer: Answer? = nil, indices: [Int]? = nil) {
    self.message = message
    self.answer = answer
    self.indices = indices
  }

  /// The answer for the row or item `index`, nil where UIKit's default holds.
  func answer(at index: Int) -> Answer? {
    guard let answer, indices?.contains(index) ?? true else { return nil }
    return answer
  }

  /// Tells the moment: prints the rule's line (`%row` and `%section` for the index path,
  /// `%result` for a question's answer) or sends the moment's UIKit selector to the target.
  func tell(_ selector: String, to target: AnyObject?, from view: UIScrollView, at indexPath: IndexPath, result: String?)
  {
    switch message {
    case .print(let format)?:
      view.application?.printLine(format, LineContext(subject: view, result: result, indexPath: indexPath), from: view)
    case .selector?: view.application?.sendAction(.selector(selector), to: target, from: view, for: nil)
    case nil: break
    }
  }

  /// How a question's yes or no is printed for `%result`.
  static func describe(_ flag: Bool) -> String { flag ? "YES" : "NO" }
}
