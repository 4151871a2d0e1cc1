import Foundation
import TouchLabEngine

/// The settable properties of scene objects, by UIKit's Swift names (with the Objective-C
/// spellings as aliases): what layout files, `--set` and `set:` steps may change.
struct PropertyTable {
  typealias Setter = () -> Void

  struct Entry {
    let name: String
    let aliases: [String]
    let appliesTo: (AnyObject) -> Bool
    let parse: (YAMLValue, AnyObject) throws -> Setter
  }

  static func bool<T: AnyObject>(_ name: String, _ aliases: [String] = [], _ keyPath: ReferenceWritableKeyPath<T, Bool>)
    -> Entry
  {
    Entry(
      name: name, aliases: aliases, appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.bool(name)
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }

  static func number<T: AnyObject>(
    _ name: String, _ aliases: [String] = [], _ range: ClosedRange<Double>,
    _ keyPath: ReferenceWritableKeyPath<T, CGFloat>
  ) -> Entry {
    Entry(
      name: name, aliases: aliases, appliesTo: { $0 is T },
      parse: { value, object in
        let v = CGFloat(try value.number(name, in: range))
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }

  static func seconds<T: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<T, TimeInterval>) -> Entry {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.number(name, in: 0...3600)
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }

  static func int<T: AnyObject>(_ name: String, _ range: ClosedRange<Int>, _ keyPath: ReferenceWritableKeyPath<T, Int>)
    -> Entry
  {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.int(name, in: range)
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }

  static func custom<T: AnyObject>(
    _ name: String, _ aliases: [String] = [], _ parse: @escaping (YAMLValue, T) throws -> Setter
  ) -> Entry {
    Entry(
      name: name, aliases: aliases, appliesTo: { $0 is T }, parse: { value, object in try parse(value, object as! T) })
  }

  static let entries: [Entry] = {
    var e: [Entry] = [
      custom("frame") { (value, view: UIView) in
        let rect = try value.rect("frame")
        return { view.frame = rect }
      },
      custom("color", ["backgroundColor"]) { (value, view: UIView) in
        let color = try value.color("color")
        return { view.backgroundColor = color }
      },
      custom("bounds") { (value, view: UIView) in
        let rect = try value.rect("bounds")
        return { view.bounds = rect }
      },
      number("alpha", [], 0...1, \UIView.alpha),
      bool("isHidden", ["hidden"], \UIView.isHidden),
      bool("isUserInteractionEnabled", ["userInteractionEnabled"], \UIView.isUserInteractionEnabled),
      bool("isMultipleTouchEnabled", ["multipleTouchEnabled"], \UIView.isMultipleTouchEnabled),
      bool("isExclusiveTouch", ["exclusiveTouch"], \UIView.isExclusiveTouch),
      bool("clipsToBounds", [], \UIView.clipsToBounds),
      custom("transform") { (value, view: UIView) in
        let transform = try parseTransform(value)
        return { view.transform = transform }
      },
      bool("isEnabled", ["enabled"], \UIControl.isEnabled),
      bool("isSelected", ["selected"], \UIControl.isSelected),
      bool("isHighlighted", ["highlighted"], \UIControl.isHighlighted),
      custom("title") { (value, button: UIButton) in
        let title = try value.string("title")
        return { button.title = title }
      },
      custom("isOn", ["on"]) { (value, toggle: UISwitch) in
        let on = try value.bool("isOn")
        return { toggle.setOn(on, animated: false) }
      },
      custom("text") { (value, label: UILabel) in
        let text = try value.string("text")
        return { label.text = text }
      },
      custom("image") { (value, imageView: UIImageView) in
        let name = try value.string("image")
        return { imageView.image = name }
      },
      custom("textColor") { (value, label: UILabel) in
        let color = try value.color("textColor")
        return { label.textColor = color }
      },
      number("fontSize", [], 1...200, \UILabel.fontSize),
      custom("textAlignment") { (value, label: UILabel) in
        let text = try value.string("textAlignment")
        guard let alignment = UILabel.Alignment(rawValue: text) else {
          throw value.error("textAlignment must be left, center or right")
        }
        return { label.textAlignment = alignment }
      },
      // Gesture recognizers
      bool("cancelsTouchesInView", [], \UIGestureRecognizer.cancelsTouchesInView),
      bool("delaysTouchesBegan", [], \UIGestureRecognizer.delaysTouchesBegan),
      bool("delaysTouchesEnded", [], \UIGestureRecognizer.delaysTouchesEnded),
      custom("isEnabled", ["enabled"]) { (value, recognizer: UIGestureRecognizer) in
        let enabled = try value.bool("isEnabled")
        return { recognizer.isEnabled = enabled }
      },
      custom("name") { (value, recognizer: UIGestureRecognizer) in
        let name = try value.string("name")
        return { recognizer.name = name }
      },
      int("numberOfTapsRequired", 1...10, \UITapGestureRecognizer.numberOfTapsRequired),
      int("numberOfTouchesRequired", 1...10, \UITapGestureRecognizer.numberOfTouchesRequired),
      seconds("minimumPressDuration", \UILongPressGestureRecognizer.minimumPressDuration),
      number("allowableMovement", [], 0...10_000, \UILongPressGestureRecognizer.allowableMovement),
      int("numberOfTouchesRequired", 1...10, \UILongPressGestureRecognizer.numberOfTouchesRequired),
      int("numberOfTapsRequired", 0...10, \UILongPressGestureRecognizer.numberOfTapsRequired),
      int("minimumNumberOfTouches", 1...10, \UIPanGestureRecognizer.minimumNumberOfTouches),
      custom("maximumNumberOfTouches") { (value, pan: UIPanGestureRecognizer) in
        let n = try value.int("maximumNumberOfTouches", in: 1...Int.max)
        return { pan.maximumNumberOfTouches = n }
      },
      int("numberOfTouchesRequired", 1...10, \UISwipeGestureRecognizer.numberOfTouchesRequired),
      custom("direction") { (value, swipe: UISwipeGestureRecognizer) in
        var direction: UISwipeGestureRecognizer.Direction = []
        let all: [String: UISwipeGestureRecognizer.Direction] = [
          "right": .right, "left": .left, "up": .up, "down": .down,
        ]
        for name in try value.stringList("direction") {
          guard let d = all[name] else {
            throw value.error("direction must be right, left, up or down (or a list of them)")
          }
          direction.insert(d)
        }
        return { swipe.direction = direction }
      },
    ]
    e.append(contentsOf: scrollViewEntries)
    e.append(contentsOf: controlEntries)
    return e
  }()

  /// The setter for `name` = `value` on `object`, or nil when `object` has no such property.
  static func setter(_ name: String, _ value: YAMLValue, for object: AnyObject) throws -> Setter? {
    for entry in entriesNamed[name] ?? [] where entry.appliesTo(object) {
      return try entry.parse(value, object)
    }
    return nil
  }

  /// `entries` by name and by alias, each list in the table's order.
  static let entriesNamed: [String: [Entry]] = {
    var named: [String: [Entry]] = [:]
    for entry in entries {
      for name in [entry.name] + entry.aliases { named[name, default: []].append(entry) }
    }
    return named
  }()

  static func names(for object: AnyObject) -> [String] {
    var names: [String] = []
    for entry in entries where entry.appliesTo(object) && !names.contains(entry.name) { names.append(entry.name) }
    return names
  }

  /// `[a, b, c, d, tx, ty]`, or `{rotate: DEGREES, scale: [sx, sy] | s, translate: [x, y]}`
  /// applied in that order.
  static func parseTransform(_ value: YAMLValue) throws -> CGAffineTransform {
    if value.isSequence {
      let n = try value.numbers("transform", count: 6)
      return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
    var t = CGAffineTransform.identity
    for (key, keyValue, item) in try value.mapping("transform") {
      switch key {
      case "rotate":
        t = t.concatenating(
          CGAffineTransform(rotationAngle: try item.number("rotate", in: -36_000...36_000) * .pi / 180))
      case "scale":
        if item.scalarText != nil {
          let s = try item.number("scale", in: -1000...1000)
          t = t.concatenating(CGAffineTransform(scaleX: s, y: s))
        } else {
          let s = try item.numbers("scale", count: 2)
          t = t.concatenating(CGAffineTransform(scaleX: s[0], y: s[1]))
        }
      case "translate":
        let p = try item.point("translate")
        t = t.concatenating(CGAffineTransform(translationX: p.x, y: p.y))
      default:
        throw keyValue.error(
          "unknown transform key '\(key)'; use rotate, scale, translate or a list [a, b, c, d, tx, ty]")
      }
    }
    return t
  }
}
