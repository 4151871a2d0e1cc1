import Foundation
import TouchLabEngine

/// UITabBarButton (UIKit's private class): one tab, a control, given as a subview of a
/// `UITabBar` (an imported dump's buttons); its `title` is its item's.
enum UITabBarButtonDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITabBarButton.self) {
      UITabBarButton(frame: .zero)
    }
    builtin.properties = [
      .string("title", UITabBarButton.self) { $0.title = $1 }
    ]
    return builtin
  }
}
