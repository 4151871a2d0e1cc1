import Foundation
import TouchLabEngine

/// UIResponder: the base of an application delegate.
enum UIResponderDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(UIResponder.self, family: .responder, overridableMethods: BuiltinClass.touchMethods) { UIResponder() }
  }
}
