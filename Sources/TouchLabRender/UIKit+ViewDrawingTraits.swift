import TouchLabEngine

// The engine's scrolling views, drawn through the traits in ViewDrawingTraits.swift.
extension UIScrollView: ScrollViewDrawingTraits {}
extension UITableView: TableViewDrawingTraits {}
extension UITableViewCell: TableViewCellDrawingTraits {}

// Found by class casts: a cast to a protocol searches every conformance record of the
// program the first time it meets each class (in the static build, a millisecond or so of
// the first frame); a class cast walks the view's superclasses.
extension UIView {
  var scrollViewTraits: ScrollViewDrawingTraits? { self as? UIScrollView }
  var tableViewTraits: TableViewDrawingTraits? { self as? UITableView }
  var tableViewCellTraits: TableViewCellDrawingTraits? { self as? UITableViewCell }
}
