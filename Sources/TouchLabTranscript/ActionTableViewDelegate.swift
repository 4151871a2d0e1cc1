import Foundation
import TouchLabEngine

/// A table delegate described by a layout's `didSelectRow:` key: a selection prints a line
/// (`{print: TEXT}`, where `%row` and `%section` stand for the selected row's) or sends `tableView:didSelectRowAtIndexPath:` to a target (the
/// controller), printed as `-[ControllerClass tableView:didSelectRowAtIndexPath:]`.
public final class ActionTableViewDelegate: UITableViewDelegate {
  public static let didSelectSelector = "tableView:didSelectRowAtIndexPath:"
  public weak var target: AnyObject?
  public let message: ActionMessage

  public init(target: AnyObject?, message: ActionMessage) {
    self.target = target
    self.message = message
  }

  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    switch message {
    case .print(let format):
      tableView.application?.printLine(
        format, LineContext(subject: tableView, indexPath: indexPath), from: tableView)
    case .selector:
      tableView.application?.sendAction(.selector(Self.didSelectSelector), to: target, from: tableView, for: nil)
    }
  }
}
