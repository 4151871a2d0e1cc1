import Foundation
import TouchLabEngine

/// UILabel: its text, colour, size and alignment.
enum UILabelDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UILabel.self) { UILabel() }
    builtin.printedTextKey = "text"
    builtin.properties = [
      .string("text", UILabel.self) { $0.text = $1 },
      .requiredColor("textColor", UILabel.self) { $0.textColor = $1 },
      .number("fontSize", [], 1...200, UILabel.self) { $0.fontSize = $1 },
      .custom("textAlignment") { (value, label: UILabel) in
        let text = try value.string("textAlignment")
        guard let alignment = UILabel.Alignment(rawValue: text) else {
          throw value.error("textAlignment must be left, center or right")
        }
        return { label.textAlignment = alignment }
      },
    ]
    return builtin
  }
}
