import Foundation

/// The view a touch on a cell lands on ([A3] §4.4 checks the class name
/// `UITableViewCellContentView` to let such touches through).
public final class UITableViewCellContentView: UIView {}
