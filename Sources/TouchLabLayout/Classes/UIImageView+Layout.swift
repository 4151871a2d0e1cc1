import Foundation
import TouchLabEngine

/// UIImageView: the name of its image (Assets/).
enum UIImageViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIImageView.self) { UIImageView() }
    builtin.properties = [
      .string("image", UIImageView.self) { $0.image = $1 }
    ]
    return builtin
  }
}
