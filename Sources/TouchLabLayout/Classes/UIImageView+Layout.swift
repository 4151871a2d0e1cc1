import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIImageView: the name of its image (Assets/).
  static var uiImageView: BuiltinClass {
    var builtin = BuiltinClass(UIImageView.self, family: .view, overridableMethods: viewMethods) { UIImageView() }
    builtin.properties = [
      .custom("image") { (value, imageView: UIImageView) in
        let name = try value.string("image")
        return { imageView.image = name }
      }
    ]
    return builtin
  }
}
