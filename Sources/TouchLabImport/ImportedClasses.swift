import Foundation
import TouchLabLayout

/// Which of TouchLab's built-in classes a dumped class behaves as (docs/import.md "Classes").
enum ImportedClasses {
  /// The built-in view classes a layout may name (`LayoutLoader.builtinViewClasses`). A printed
  /// `UITableViewCell` is one: placed in its table, it is one of the table's rows
  /// (docs/import.md "Tables").
  static let builtins = Set(LayoutLoader.builtinViewClasses.keys)

  /// UIKit's (and WebKit's, MapKit's) classes that a layout cannot name, to the public class
  /// whose hit-testing and touch handling they have.
  static let table: [String: String] = [
    // Containers of controllers' views: plain views.
    "UITransitionView": "UIView", "UILayoutContainerView": "UIView", "UIViewControllerWrapperView": "UIView",
    "UINavigationTransitionView": "UIView", "UIDropShadowView": "UIView", "_UIParallaxDimmingView": "UIView",
    "UIDimmingView": "UIView", "_UISizeTrackingView": "UIView", "_UIHostingView": "UIView",
    "UIInputSetContainerView": "UIView", "UIInputSetHostView": "UIView", "UIEditingOverlayGestureView": "UIView",
    // Tables: the wrapper is a scroll view whose scrolling UIKit turns off; its bounds keep the offset.
    "UITableViewWrapperView": "UIView", "UITableViewCellContentView": "UIView",
    "UITableViewHeaderFooterView": "UIView", "_UITableViewHeaderFooterContentView": "UIView",
    "_UITableViewCellSeparatorView": "UIView", "UITableViewCellSelectedBackground": "UIView",
    "UITableViewLabel": "UILabel", "UITableViewCellDeleteConfirmationView": "UIView",
    "UITableViewCellDeleteConfirmationButton": "UIButton", "_UITableViewCellActionButton": "UIButton",
    "UISwipeActionPullView": "UIView", "UISwipeActionStandardButton": "UIButton",
    "UITableViewCellEditControl": "UIControl", "UITableViewCellReorderControl": "UIControl",
    "UITableViewIndex": "UIControl", "UICollectionReusableView": "UIView",
    "_UICollectionViewListCellContentView": "UIView", "UICollectionViewListCell": "UICollectionViewCell",
    // Text.
    "_UITextContainerView": "UIView", "_UITextLayoutView": "UIView", "UIFieldEditor": "UIView",
    "UITextFieldLabel": "UILabel", "_UITextFieldContentView": "UIView", "UISearchBarTextField": "UITextField",
    "_UISearchBarSearchFieldBackgroundView": "UIView", "UISearchBar": "UIView",
    "_UITextLayoutCanvasView": "UIView", "UITextSelectionView": "UIView",
    // Buttons and bars.
    "UIButtonLabel": "UILabel", "UIRoundedRectButton": "UIButton", "UINavigationButton": "UIButton",
    "_UIModernBarButton": "UIButton", "_UIButtonBarButton": "UIControl",
    "UITabBarButtonLabel": "UILabel", "UITabBarSwappableImageView": "UIImageView",
    "UIToolbar": "UIView", "UINavigationItemView": "UIView",
    "UINavigationItemButtonView": "UIView", "_UINavigationBarContentView": "UIView",
    "_UINavigationBarLargeTitleView": "UIView", "_UINavigationBarModernPromptView": "UIView",
    "_UIBarBackground": "UIView", "_UINavigationBarBackground": "UIView", "_UITabBarBackgroundView": "UIView",
    "_UIBarBackgroundShadowView": "UIView", "_UIBarBackgroundImageView": "UIImageView", "_UIBackdropView": "UIView",
    "_UIBackdropEffectView": "UIView", "UIVisualEffectView": "UIView", "_UIVisualEffectBackdropView": "UIView",
    "_UIVisualEffectContentView": "UIView", "_UIVisualEffectSubview": "UIView", "_UIVisualEffectFilterView": "UIView",
    "_UIButtonBarStackView": "UIView", "_UITAMICAdaptorView": "UIView", "UIStackView": "UIView",
    // A navigation bar (the built-in `UINavigationBar`)'s other parts: the title menu's control
    // (iOS 16), the back button's chevron and mask, the title and prompt views.
    "_UINavigationBarTitleControl": "UIControl", "_UIBackButtonContainerView": "UIView",
    "_UIBackButtonMaskView": "UIView", "_UINavigationBarTitleView": "UIView", "UINavigationItemTitleView": "UIView",
    // Indicators, pickers and other controls.
    "_UIScrollViewScrollIndicator": "UIView", "UIRefreshControl": "UIControl", "UIActivityIndicatorView": "UIView",
    "UIDatePicker": "UIControl", "UIPickerView": "UIView", "UISegment": "UIImageView",
    "_UILayoutGuide": "UIView", "UIStatusBar": "UIView", "UIStatusBarForegroundView": "UIView",
    // Web and map views.
    "UIWebView": "UIView", "_UIWebViewScrollView": "UIScrollView", "UIWebBrowserView": "UIView",
    "WKWebView": "UIView", "WKScrollView": "UIScrollView", "WKContentView": "UIView", "MKMapView": "UIView",
    // Windows.
    "UITextEffectsWindow": "UIWindow", "UIRemoteKeyboardWindow": "UIWindow",
    "_UIAlertControllerShimPresenterWindow":
      "UIWindow",
  ]

  /// How a dumped class maps, and why (the stub's comment says it).
  enum Mapping: Equatable {
    /// A built-in class of that name.
    case builtin(String)
    /// A private class of the table.
    case table(String)
    /// A class with its printed `baseClass`, itself mapped.
    case baseClass(String, base: String)
    /// A class with no `baseClass` printed: a direct `UIView` subclass.
    case plainView

    var base: String {
      switch self {
      case .builtin(let name): name
      case .table(let name): name
      case .baseClass(_, let base): base
      case .plainView: "UIView"
      }
    }
  }

  static func mapping(of className: String, baseClass: String?) -> Mapping {
    if builtins.contains(className) { return .builtin(className) }
    if let base = table[className] { return .table(base) }
    if let baseClass {
      if builtins.contains(baseClass) { return .baseClass(baseClass, base: baseClass) }
      if let base = table[baseClass] { return .baseClass(baseClass, base: base) }
      return .baseClass(baseClass, base: "UIView")
    }
    return .plainView
  }

  /// Whether a class of this base answers touches only when `isUserInteractionEnabled` is set:
  /// labels and image views (their default is off, so a dump that prints no
  /// `userInteractionEnabled = NO` for one shows it was turned on).
  static func defaultsToNoInteraction(_ base: String) -> Bool {
    LayoutLoader.builtinViewClasses[base]?.isUserInteractionEnabledByDefault == false
  }

  /// The event a control of this base sends when used (`valueChanged`, `touchUpInside`), as
  /// its class's description says; nil for a base that is no control.
  static func primaryControlEvent(_ base: String) -> String? {
    LayoutLoader.builtinViewClasses[base]?.primaryControlEvent
  }

  /// The property a dump's printed text sets on a view of this base (a label's `text`, a
  /// button's `title`), as its class's description says.
  static func printedTextKey(_ base: String) -> String? { LayoutLoader.builtinViewClasses[base]?.printedTextKey }

  /// The delegate moment a view of this base is given to edit, as its class's description says.
  static func importedDelegateMoment(_ base: String) -> (key: String, print: String, cellClass: String?)? {
    LayoutLoader.builtinViewClasses[base]?.importedDelegateMoment
  }

  /// The bases whose printed cells are their rows (a table's, a collection view's), and
  /// those cells' classes: a cell found inside one of them belongs to it, not to an outer list.
  static let listBases = Set(
    LayoutLoader.builtinViewClasses.flatMap { name, builtin in
      builtin.importedDelegateMoment?.cellClass.map { [name, $0] } ?? []
    })

  static func isScrollView(_ base: String) -> Bool { LayoutLoader.builtinViewClasses[base]?.isScrollView ?? false }

  /// A Swift class's readable name: `_TtC5MyApp8CardView` → `CardView`, `App.CardView` → `CardView`.
  static func shortName(_ className: String) -> String {
    var name = className
    if name.hasPrefix("_TtC") {
      // _TtC <len><module> <len><name> (the last length-prefixed part is the class).
      var rest = Substring(name.dropFirst(4))
      var last: Substring?
      while let digitsEnd = rest.firstIndex(where: { !$0.isNumber }), digitsEnd != rest.startIndex,
        let length = Int(rest[..<digitsEnd]), rest.distance(from: digitsEnd, to: rest.endIndex) >= length
      {
        let partEnd = rest.index(digitsEnd, offsetBy: length)
        last = rest[digitsEnd..<partEnd]
        rest = rest[partEnd...]
      }
      if let last, !last.isEmpty { name = String(last) }
    }
    if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
    return name
  }

  /// A legal id made from a class name: `UIButton` → `button`, `App.CardView` → `cardView`.
  static func idStem(_ className: String) -> String {
    var name = shortName(className)
    while name.hasPrefix("_") { name.removeFirst() }
    for prefix in ["UI", "WK", "MK"] where name.hasPrefix(prefix) && name.count > prefix.count {
      let next = name[name.index(name.startIndex, offsetBy: prefix.count)]
      if next.isUppercase { name.removeFirst(prefix.count) }
    }
    name = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    // Lower the first letters (`URLField` → `urlField`, `View` → `view`).
    var chars = Array(name)
    var k = 0
    while k < chars.count && chars[k].isUppercase && (k == 0 || k + 1 >= chars.count || chars[k + 1].isUppercase) {
      chars[k] = Character(chars[k].lowercased())
      k += 1
    }
    if k == 0, let first = chars.first { chars[0] = Character(first.lowercased()) }
    let stem = String(chars.prefix(60))
    return stem.isEmpty || stem.first!.isNumber ? "view" + stem : stem
  }

  /// The name a layout may declare for a printed class: itself when legal (identifiers joined by
  /// dots), else with the other characters made `_`.
  static func legalClassName(_ printed: String) -> String {
    let parts = printed.split(separator: ".", omittingEmptySubsequences: false).map { part -> String in
      var p = String(part.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
      if p.isEmpty || p.first!.isNumber { p = "_" + p }
      return p
    }
    return parts.joined(separator: ".")
  }
}
