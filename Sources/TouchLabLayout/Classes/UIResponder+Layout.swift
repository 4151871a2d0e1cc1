import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIResponder: the base of an application delegate.
  static var uiResponder: BuiltinClass {
    BuiltinClass(UIResponder.self, family: .responder, overridableMethods: touchMethods) { UIResponder() }
  }
}
