import Foundation
import TouchLabEngine
import TouchLabScripting

/// UITabBar: its items (`items: [{title: …}]`, one `UITabBarButton` each), the selected
/// one (`selectedIndex`, set last and checked), and its delegate's `didSelectItem:`
/// (printed, or `tabBar:didSelectItem:` sent to the controller).
enum UITabBarDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITabBar.self) {
      UITabBar(frame: CGRect(x: 0, y: 0, width: 320, height: UIKitConstants.tabBarContentHeight))
    }
    builtin.importedDelegateMoment = BuiltinClass.ImportedDelegateMoment(
      key: "didSelectItem", print: "EDIT: tabBar:didSelectItem: %value")
    builtin.properties = [
      .custom("items") { (value, bar: UITabBar) in
        let entries = try value.list("items")
        guard entries.count <= 20 else { throw value.error("at most 20 tab bar items") }
        let titles = try entries.map { entry -> String? in
          if let text = entry.scalarText, !entry.isNull { return text }
          var title: String?
          for (key, keyValue, itemValue) in try entry.mapping("a tab bar item") {
            guard key == "title" else {
              throw keyValue.error("unknown key '\(key)' in a tab bar item; expected title")
            }
            title = try itemValue.string("title")
          }
          return title
        }
        return { bar.setItems(titles.enumerated().map { UITabBarItem(title: $1, tag: $0) }, animated: false) }
      },
      .custom("selectedIndex") { (value, bar: UITabBar) in
        let index = try value.int("selectedIndex", in: -1...19)
        return {
          let items = bar.items ?? []
          bar.selectedItem = items.indices.contains(index) ? items[index] : nil
        }
      },
    ]
    builtin.rangeChecks["selectedIndex"] = { value, object in
      guard let bar = object as? UITabBar else { return }
      let wanted = try value.int("selectedIndex", in: -1...19)
      guard wanted == bar.selectedIndex else {
        let count = bar.items?.count ?? 0
        throw value.error(
          "selectedIndex \(wanted) names no item: the tab bar has \(count) item\(count == 1 ? "" : "s")"
            + (count == 0 ? " (give items: before it)" : " (0…\(count - 1), or -1 for none)"))
      }
    }
    builtin.delegateKeys = ["didSelectItem"]
    builtin.readDelegateKey = { builder, view, key, keyValue, value, controller in
      guard let bar = view as? UITabBar else {
        throw keyValue.error("'\(key)' is for a UITabBar, and \(view.className) is not one")
      }
      let message = try builder.parseAction(value)
      let delegate = builder.actionDelegate(
        bar.delegate, make: { ActionTabBarDelegate(target: controller) }, install: { bar.delegate = $0 })
      delegate.didSelectItem = message
    }
    builtin.setDelegateKey = { object, key, value in
      guard let bar = object as? UITabBar, key == "didSelectItem" else { return nil }
      let message = try SceneBuilder(file: value.file).parseAction(value)
      let delegate = (bar.delegate as? ActionTabBarDelegate) ?? ActionTabBarDelegate(target: nil)
      return {
        delegate.didSelectItem = message
        if bar.delegate !== delegate { bar.delegate = delegate }
        _ = delegate
      }
    }
    // The frame may come after `items:` in the entry: the bar's own buttons are placed once all is set.
    builtin.check = { _, entry in (entry.view as? UITabBar)?.layoutButtons() }
    return builtin
  }
}

/// `%value`: the selected item's index (-1: none).
extension UITabBar: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? String(selectedIndex) : nil
  }
}
