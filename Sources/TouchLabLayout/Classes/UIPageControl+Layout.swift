import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIPageControl: its pages and the current one (set last and checked).
enum UIPageControlDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIPageControl.self) {
      UIPageControl()
    }
    builtin.primaryControlEvent = .valueChanged
    builtin.properties = [
      .int("numberOfPages", 0...1000, UIPageControl.self) { $0.numberOfPages = $1 },
      .int("currentPage", 0...999, UIPageControl.self) { $0.currentPage = $1 },
      .bool("hidesForSinglePage", [], UIPageControl.self) { $0.hidesForSinglePage = $1 },
    ]
    builtin.rangeChecks["currentPage"] = { value, object in
      guard let pages = object as? UIPageControl else { return }
      let wanted = try value.int("currentPage", in: 0...999)
      guard wanted == pages.currentPage else {
        throw value.error("currentPage \(wanted) is not a page: numberOfPages is \(pages.numberOfPages)")
      }
    }
    return builtin
  }
}

/// `%value`: the current page.
extension UIPageControl: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? String(currentPage) : nil
  }
}
