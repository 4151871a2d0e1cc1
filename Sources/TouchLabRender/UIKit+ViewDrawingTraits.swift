import TouchLabEngine

// The engine's scrolling views, drawn through the traits in ViewDrawingTraits.swift.
extension UIScrollView: ScrollViewDrawingTraits {}
extension UITableView: TableViewDrawingTraits {}
extension UITableViewCell: TableViewCellDrawingTraits {}
