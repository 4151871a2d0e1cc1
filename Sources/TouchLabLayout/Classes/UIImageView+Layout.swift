import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIImageView: the name of its image (Assets/).
  static var uiImageView: BuiltinClass {
    var builtin = BuiltinClass(UIImageView.self) { UIImageView() }
    builtin.properties = [
      .string("image", \UIImageView.image)
    ]
    return builtin
  }
}
