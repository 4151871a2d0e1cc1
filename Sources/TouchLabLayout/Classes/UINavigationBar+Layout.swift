import Foundation
import TouchLabEngine

/// UINavigationBar: the bar a navigation controller makes; on its own (an imported dump's
/// bar), a view with a `title`.
enum UINavigationBarDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UINavigationBar.self) {
      UINavigationBar(frame: CGRect(x: 0, y: 0, width: 390, height: UIKitConstants.navigationBarHeight))
    }
    builtin.properties = [
      .custom("title") { (value, bar: UINavigationBar) in
        let title = try value.string("title")
        return { bar.showItems(title: title, backTitle: nil) }
      }
    ]
    return builtin
  }
}
