import Foundation
import TouchLabEngine
import TouchLabScripting

/// UICollectionView: its flow layout's figures (under the layout's names), its items
/// (`items:`, each a string or `{text, subviews}`, or `numberOfItems:` + `itemText:`) and
/// its delegate's moments (`didSelectItem:` prints or sends to the controller).
enum UICollectionViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UICollectionView.self) {
      UICollectionView()
    }
    builtin.importedDelegateMoment = BuiltinClass.ImportedDelegateMoment(
      key: "didSelectItem", print: "EDIT: didSelectItem %row", cellClass: className(of: UICollectionViewCell.self))
    builtin.properties = [
      .custom("itemSize") { (value, collection: UICollectionView) in
        let size = try value.size("itemSize")
        guard size.width >= 1, size.height >= 1 else { throw value.error("itemSize must be at least 1×1") }
        return {
          collection.collectionViewLayout.itemSize = size
          collection.reloadData()
        }
      },
      layoutSpacing("minimumLineSpacing", \.minimumLineSpacing),
      layoutSpacing("minimumInteritemSpacing", \.minimumInteritemSpacing),
      .custom("sectionInset") { (value, collection: UICollectionView) in
        let n = try value.numbers("sectionInset", count: 4)
        guard n.allSatisfy({ $0 >= 0 && $0 <= LayoutLimits.maximumCoordinate }) else {
          throw value.error("sectionInset values must be between 0 and 100000")
        }
        return {
          collection.collectionViewLayout.sectionInset = UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
          collection.reloadData()
        }
      },
      .bool("allowsSelection", [], UICollectionView.self) { $0.allowsSelection = $1 },
      .bool("allowsMultipleSelection", [], UICollectionView.self) { $0.allowsMultipleSelection = $1 },
    ]
    builtin.viewKeys = ["items", "numberOfItems", "itemText"]
    builtin.delegateKeys = ActionCollectionViewDelegate.Moment.allCases.map(\.rawValue)
    builtin.configure = CollectionViewEntryReader.configure
    builtin.setDelegateKey = CollectionViewEntryReader.setDelegateKey
    return builtin
  }

  /// A flow layout's spacing, set on its collection view (which lays out again).
  private static func layoutSpacing(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<UICollectionViewFlowLayout, CGFloat>
  ) -> PropertyTable.Entry {
    .custom(name) { (value, collection: UICollectionView) in
      let v = CGFloat(try value.number(name, in: 0...LayoutLimits.maximumCoordinate))
      return {
        collection.collectionViewLayout[keyPath: keyPath] = v
        collection.reloadData()
      }
    }
  }

  /// A scenario target in it, checked when the file loads.
  static func checkItemTarget(in objects: [String: AnyObject], item: Int, collection: String, at value: YAMLValue)
    throws
  {
    guard let view = objects[collection] as? UICollectionView else {
      let collections = objects.filter { $0.value is UICollectionView }.map(\.key)
      throw value.error("'\(collection)' is not a UICollectionView\(suggestion(for: collection, in: collections))")
    }
    // Without items of its own, its placed cells (an imported dump's) are its items.
    let count = view.numberOfItems(inSection: 0) > 0 ? view.numberOfItems(inSection: 0) : view.placedItems.count
    guard item < count else {
      throw value.error("collection view '\(collection)' has \(count) item(s); there is no item \(item)")
    }
  }
}

/// Reads a collection view's keys: its items and its delegate's moments, when the layout
/// builds it (`configure`) and in a `set:` step or `--set` (`setDelegateKey`).
enum CollectionViewEntryReader {
  static func configure(_ builder: inout SceneBuilder, _ entry: BuiltinClass.ViewEntry) throws {
    guard let collection = entry.view as? UICollectionView else {
      if let (key, keyValue, _) = entry.keys.first {
        throw keyValue.error("'\(key)' is for a UICollectionView, and \(entry.view.className) is not one")
      }
      return
    }
    var items: [UICollectionView.Item] = []
    var count: Int?
    var pattern: YAMLValue?
    for (key, keyValue, value) in entry.keys {
      switch key {
      case "items":
        for item in try value.list("items") {
          if let text = item.scalarText, !item.isNull {
            items.append(UICollectionView.Item(text: text))
            continue
          }
          var cell = UICollectionView.Item()
          for (k, kv, v) in try item.mapping("an item") {
            switch k {
            case "text": cell.text = try v.string("text")
            case "subviews": cell.subviews += try builder.buildCellSubviews(v, entry)
            default: throw kv.error("unknown key '\(k)' in an item; expected text, subviews")
            }
          }
          items.append(cell)
        }
      case "numberOfItems": count = try value.int("numberOfItems", in: 0...10_000_000)
      case "itemText": pattern = value
      case _ where ActionCollectionViewDelegate.Moment(rawValue: key) != nil:
        let moment = ActionCollectionViewDelegate.Moment(rawValue: key)!
        let delegate = builder.actionDelegate(
          collection.delegate, make: { ActionCollectionViewDelegate(target: entry.controller) },
          install: { collection.delegate = $0 })
        delegate.rules[moment] = try parseDelegateRule(builder, moment, value)
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
      throw entry.node.error(
        "this collection view would show about \(Int(lines * columns)) items at once; at most "
          + "\(UICollectionView.maximumItemsOnScreen) (make itemSize larger)")
    }
    builder.listViews.append(collection)
  }

  /// A collection delegate key's value: an action, or for the three questions
  /// `{print: TEXT, returns: BOOL, items: [N…]}` (each key optional; `items` limits the answer).
  static func parseDelegateRule(
    _ builder: SceneBuilder, _ moment: ActionCollectionViewDelegate.Moment, _ value: YAMLValue
  ) throws -> ActionCollectionViewDelegate.Rule {
    let parts = try builder.parseListDelegateRule(
      moment.rawValue, value, isQuestion: moment.isQuestion, limitKey: "items", limitName: "an item"
    ) { try $0.bool("returns") }
    guard let parts else { return ActionCollectionViewDelegate.Rule(message: try builder.parseAction(value)) }
    return ActionCollectionViewDelegate.Rule(message: parts.message, answer: parts.answer, indices: parts.limit)
  }

  /// `set: {COLLECTION.MOMENT: RULE}`: replaces that callback's rule, keeping the others.
  static func setDelegateKey(_ object: AnyObject, _ property: String, _ value: YAMLValue) throws
    -> PropertyTable.Setter?
  {
    if let collection = object as? UICollectionView,
      let moment = ActionCollectionViewDelegate.Moment(rawValue: property)
    {
      let rule = try parseDelegateRule(SceneBuilder(file: value.file), moment, value)
      return ListDelegateSetter.replacing(
        moment, rule, current: { collection.delegate }, make: { ActionCollectionViewDelegate(target: nil) },
        install: { collection.delegate = $0 })
    }
    return nil
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
