import Foundation
import TouchLabEngine
import TouchLabTranscript

extension SceneBuilder {
  /// Collection views in a layout: `items:` (each a string or `{text, subviews}`) or
  /// `numberOfItems:` + `itemText:`; `didSelectItem:` prints or sends to the controller.
  mutating func configureCollection(
    _ view: UIView, _ nodes: [(String, YAMLValue, YAMLValue)], node: YAMLValue, controller: UIViewController,
    depth: Int
  ) throws {
    guard let collection = view as? UICollectionView else {
      if let (key, keyValue, _) = nodes.first {
        throw keyValue.error("'\(key)' is for a UICollectionView, and \(view.className) is not one")
      }
      return
    }
    var items: [UICollectionView.Item] = []
    var count: Int?
    var pattern: YAMLValue?
    for (key, keyValue, value) in nodes {
      switch key {
      case "items":
        for item in try value.list("items") {
          if let text = item.scalarText, !item.isNull {
            items.append(UICollectionView.Item(text: text))
            continue
          }
          var entry = UICollectionView.Item()
          for (k, kv, v) in try item.mapping("an item") {
            switch k {
            case "text": entry.text = try v.string("text")
            case "subviews":
              for sub in try v.list("subviews") {
                let container = UIView()
                try addSubviewNode(sub, to: container, controller: controller, depth: depth + 1)
                let built = container.subviews
                for view in built { view.removeFromSuperview() }
                entry.subviews.append(contentsOf: built)
              }
            default: throw kv.error("unknown key '\(k)' in an item; expected text, subviews")
            }
          }
          items.append(entry)
        }
      case "numberOfItems": count = try value.int("numberOfItems", in: 0...10_000_000)
      case "itemText": pattern = value
      case _ where ActionCollectionViewDelegate.Moment(rawValue: key) != nil:
        let moment = ActionCollectionViewDelegate.Moment(rawValue: key)!
        let delegate: ActionCollectionViewDelegate
        if let existing = collection.delegate as? ActionCollectionViewDelegate {
          delegate = existing
        } else {
          delegate = ActionCollectionViewDelegate(target: controller)
          retained.append(delegate)
          collection.delegate = delegate
        }
        delegate.rules[moment] = try parseCollectionDelegateRule(moment, value)
      default:
        throw keyValue.error("unknown key '\(key)' for a UICollectionView")
      }
    }
    if let pattern, count == nil {
      throw pattern.error("itemText is the text of generated items; give numberOfItems too")
    }
    collection.generatedItemText = try pattern?.string("itemText") ?? "Item %d"
    collection.items = items
    collection.generatedItemCount = count ?? 0
    let layout = collection.collectionViewLayout
    let lines = (collection.bounds.height / max(1, layout.itemSize.height + layout.minimumLineSpacing)).rounded(.up) + 1
    let columns = (collection.bounds.width / max(1, layout.itemSize.width + layout.minimumInteritemSpacing)).rounded(
      .up)
    guard lines * columns <= CGFloat(UICollectionView.maximumItemsOnScreen) else {
      throw node.error(
        "this collection view would show about \(Int(lines * columns)) items at once; at most "
          + "\(UICollectionView.maximumItemsOnScreen) (make itemSize larger)")
    }
  }

  /// A collection delegate key's value: an action, or for the three questions
  /// `{print: TEXT, returns: BOOL, items: [N…]}` (each key optional; `items` limits the answer).
  func parseCollectionDelegateRule(_ moment: ActionCollectionViewDelegate.Moment, _ value: YAMLValue) throws
    -> ActionCollectionViewDelegate.Rule
  {
    guard moment.isQuestion, value.isMapping,
      try value.mapping(moment.rawValue).contains(where: { $0.key == "returns" || $0.key == "items" })
    else { return ActionCollectionViewDelegate.Rule(message: try parseAction(value)) }
    var rule = ActionCollectionViewDelegate.Rule(message: nil)
    for (k, kv, v) in try value.mapping(moment.rawValue) {
      switch k {
      case "print": rule.message = .print(try lineText(v, "print"))
      case "returns": rule.answer = try v.bool("returns")
      case "items": rule.items = try v.list("items").map { try $0.int("an item", in: 0...10_000_000) }
      default: throw kv.error("unknown key '\(k)' in \(moment.rawValue); expected print, returns, items")
      }
    }
    guard rule.answer != nil else { throw value.error("\(moment.rawValue) with items: needs returns:") }
    return rule
  }

  func checkItemTarget(item: Int, collection: String, at value: YAMLValue) throws {
    guard let view = objects[collection] as? UICollectionView else {
      let collections = objects.filter { $0.value is UICollectionView }.map(\.key)
      throw value.error("'\(collection)' is not a UICollectionView\(suggestion(for: collection, in: collections))")
    }
    let count = view.numberOfItems(inSection: 0)
    guard item < count else {
      throw value.error("collection view '\(collection)' has \(count) item(s); there is no item \(item)")
    }
  }
}

extension ScenarioPlayer {
  /// The centre of an item, in window points, where the collection view shows it now.
  func itemLocation(item: Int, collection: String) -> CGPoint {
    guard let view = scene.objects[collection] as? UICollectionView else { return .zero }
    let rect = view.frameForItem(at: IndexPath(item: item, section: 0))
    return view.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
  }
}
