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
    /// The value is text (`.string`): a Swift string literal in the fix's UIKit line.
    var isText = false
  }

  /// Every built-in class's own properties, superclasses first (`BuiltinClass.all`), for
  /// questions about a property's name without an object (`Scene.swiftLine`).
  static let entries: [Entry] = BuiltinClass.all.flatMap(\.ownProperties)

  /// The setter for `name` = `value` on `object`, or nil when `object` has no such property.
  static func setter(_ name: String, _ value: YAMLValue, for object: AnyObject) throws -> Setter? {
    guard let index = BuiltinClass.descriptionIndex(of: object),
      let entry = BuiltinClass.all[index].propertiesNamed[name]
    else { return nil }
    return try entry.parse(value, object)
  }

  /// `entries` by name and by alias, each list in the table's order.
  static let entriesNamed: [String: [Entry]] = {
    var named: [String: [Entry]] = [:]
    for entry in entries {
      for name in [entry.name] + entry.aliases { named[name, default: []].append(entry) }
    }
    return named
  }()

  /// The names of `object`'s properties, its superclasses' first (for suggestions).
  static func names(for object: AnyObject) -> [String] {
    BuiltinClass.descriptionIndex(of: object).map { BuiltinClass.all[$0].properties.map(\.name) } ?? []
  }
}

/// The kinds of property a class description lists (`BuiltinClass.properties`). Each is given
/// its class and a closure that sets it (`.number("alpha", [], 0...1, UIView.self) { $0.alpha = $1 }`),
/// not a key path: a write through a `ReferenceWritableKeyPath` to a property with a setter
/// allocates a writeback buffer and costs about 2,000 instructions: a label's text and font
/// size were a fifth of building it from its layout entry (callgrind, 2026-11-29).
extension PropertyTable.Entry {
  typealias Entry = PropertyTable.Entry
  typealias Setter = PropertyTable.Setter

  static func bool<T: AnyObject>(
    _ name: String, _ aliases: [String] = [], _ type: T.Type, _ set: @escaping (T, Bool) -> Void
  )
    -> Entry
  {
    Entry(
      name: name, aliases: aliases, appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.bool(name)
        return { set(object as! T, v) }
      })
  }

  static func number<T: AnyObject>(
    _ name: String, _ aliases: [String] = [], _ range: ClosedRange<Double>,
    _ type: T.Type, _ set: @escaping (T, CGFloat) -> Void
  ) -> Entry {
    Entry(
      name: name, aliases: aliases, appliesTo: { $0 is T },
      parse: { value, object in
        let v = CGFloat(try value.number(name, in: range))
        return { set(object as! T, v) }
      })
  }

  static func seconds<T: AnyObject>(_ name: String, _ type: T.Type, _ set: @escaping (T, TimeInterval) -> Void) -> Entry
  {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.number(name, in: 0...3600)
        return { set(object as! T, v) }
      })
  }

  static func int<T: AnyObject>(
    _ name: String, _ range: ClosedRange<Int>, _ type: T.Type, _ set: @escaping (T, Int) -> Void
  )
    -> Entry
  {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.int(name, in: range)
        return { set(object as! T, v) }
      })
  }

  static func custom<T: AnyObject>(
    _ name: String, _ aliases: [String] = [], _ parse: @escaping (YAMLValue, T) throws -> Setter
  ) -> Entry {
    Entry(
      name: name, aliases: aliases, appliesTo: { $0 is T }, parse: { value, object in try parse(value, object as! T) })
  }

  /// A `Double` property (a stepper's values), within ±1,000,000,000.
  static func double<T: AnyObject>(_ name: String, _ type: T.Type, _ set: @escaping (T, Double) -> Void) -> Entry {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.number(name, in: -1_000_000_000...1_000_000_000)
        return { set(object as! T, v) }
      })
  }

  /// A `Float` property (UIKit's type for a slider's values), within ±1,000,000,000.
  static func float<T: AnyObject>(_ name: String, _ type: T.Type, _ set: @escaping (T, Float) -> Void) -> Entry {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = Float(try value.number(name, in: -1_000_000_000...1_000_000_000))
        return { set(object as! T, v) }
      })
  }

  /// A text property (a title, a label's text, an image's name…).
  static func string<T: AnyObject>(_ name: String, _ type: T.Type, _ set: @escaping (T, String?) -> Void) -> Entry {
    var entry = custom(name) { (value, object: T) in
      let text = try value.string(name)
      return { set(object, text) }
    }
    entry.isText = true
    return entry
  }

  /// A colour property: a name or `#RRGGBB`.
  static func color<T: AnyObject>(
    _ name: String, _ aliases: [String], _ type: T.Type, _ set: @escaping (T, UIColor?) -> Void
  ) -> Entry {
    custom(name, aliases) { (value, object: T) in
      let color = try value.color(name)
      return { set(object, color) }
    }
  }

  /// A colour property that always has one (a label's text colour…).
  static func requiredColor<T: AnyObject>(_ name: String, _ type: T.Type, _ set: @escaping (T, UIColor) -> Void)
    -> Entry
  {
    custom(name) { (value, object: T) in
      let color = try value.color(name)
      return { set(object, color) }
    }
  }
}
