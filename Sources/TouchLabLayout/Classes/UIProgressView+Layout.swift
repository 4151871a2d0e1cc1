import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIProgressView: its progress, style and colours. Not a control: touches reach it by
/// hit-testing only.
enum UIProgressViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIProgressView.self) {
      UIProgressView(progressViewStyle: .default)
    }
    builtin.properties = [
      .custom("progress") { (value, progressView: UIProgressView) in
        let progress = Float(try value.number("progress", in: 0...1))
        return { progressView.progress = progress }
      },
      .custom("progressViewStyle") { (value, progressView: UIProgressView) in
        let styles: [String: UIProgressView.Style] = ["default": .default, "bar": .bar]
        guard let style = styles[try value.string("progressViewStyle")] else {
          throw value.error("progressViewStyle must be default or bar")
        }
        return { progressView.progressViewStyle = style }
      },
      .color("progressTintColor", [], UIProgressView.self) { $0.progressTintColor = $1 },
      .color("trackTintColor", [], UIProgressView.self) { $0.trackTintColor = $1 },
    ]
    return builtin
  }
}

/// `%value`: its progress (0 to 1).
extension UIProgressView: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? LinePlaceholder.format(CGFloat(progress)) : nil
  }
}
