import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIWindow: a layout's `window:` and `windows:` entries (SceneBuilder+Windows.swift).
  static var uiWindow: BuiltinClass {
    BuiltinClass(UIWindow.self, family: .window, overridableMethods: viewMethods) { UIWindow() }
  }
}
