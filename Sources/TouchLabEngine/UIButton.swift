import Foundation

/// UIKit's button: a title, a highlighted state, `touchUpInside` as its primary action.
open class UIButton: UIControl {
  public var title: String?

  open override class var preventsOverlappingGestures: Bool { true }

  override func primaryEvents(_ events: Event) -> Event { events.union(.primaryActionTriggered) }

  public func setTitle(_ title: String?, for state: UIControl.State) { self.title = title }
}
