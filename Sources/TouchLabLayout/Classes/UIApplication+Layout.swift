import Foundation
import TouchLabEngine

/// UIApplication: a layout's `application:` entry.
enum UIApplicationDescription: ClassDescription {
  static var builtinClass: BuiltinClass { BuiltinClass(UIApplication.self, family: .application) { UIApplication() } }
}
