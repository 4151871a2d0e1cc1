import Foundation
import TouchLabEngine

/// UIView: its frame, colour, visibility and touch flags, transform (docs/layouts.md).
enum UIViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(
      UIView.self, family: .view, overridableMethods: [.hitTest, .pointInside, .gestureRecognizerShouldBegin]
    ) { UIView() }
    builtin.properties = [
      .custom("frame") { (value, view: UIView) in
        let rect = try value.rect("frame")
        return { view.frame = rect }
      },
      .color("color", ["backgroundColor"], UIView.self) { $0.backgroundColor = $1 },
      .custom("bounds") { (value, view: UIView) in
        let rect = try value.rect("bounds")
        return { view.bounds = rect }
      },
      .number("alpha", [], 0...1, UIView.self) { $0.alpha = $1 },
      .bool("isHidden", ["hidden"], UIView.self) { $0.isHidden = $1 },
      .bool("isUserInteractionEnabled", ["userInteractionEnabled"], UIView.self) { $0.isUserInteractionEnabled = $1 },
      .bool("isMultipleTouchEnabled", ["multipleTouchEnabled"], UIView.self) { $0.isMultipleTouchEnabled = $1 },
      .bool("isExclusiveTouch", ["exclusiveTouch"], UIView.self) { $0.isExclusiveTouch = $1 },
      .bool("clipsToBounds", [], UIView.self) { $0.clipsToBounds = $1 },
      .custom("transform") { (value, view: UIView) in
        let transform = try parseTransform(value)
        return { view.transform = transform }
      },
    ]
    return builtin
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
