import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIApplication: a layout's `application:` entry.
  static var uiApplication: BuiltinClass { BuiltinClass(UIApplication.self, family: .application) { UIApplication() } }
}
