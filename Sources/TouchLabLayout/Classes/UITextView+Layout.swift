import Foundation
import TouchLabEngine
import TouchLabScripting

/// UITextView: a scroll view (its keys are UIScrollView's) with its text, whether a tap
/// begins editing (`isEditable`) and `isSelectable`; its delegate's `didBeginEditing:` and
/// `didEndEditing:` print or send to the controller.
enum UITextViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITextView.self) {
      UITextView()
    }
    builtin.importedDelegateMoment = BuiltinClass.ImportedDelegateMoment(
      key: "didBeginEditing", print: "EDIT: textViewDidBeginEditing:")
    builtin.printedTextKey = "text"
    builtin.properties = [
      .string("text", UITextView.self) { $0.text = $1 },
      .bool("isEditable", ["editable"], UITextView.self) { $0.isEditable = $1 },
      .bool("isSelectable", ["selectable"], UITextView.self) { $0.isSelectable = $1 },
    ]
    builtin.delegateKeys = ActionTextViewDelegate.Moment.allCases.map(\.rawValue)
    builtin.readDelegateKey = { builder, view, key, keyValue, value, controller in
      guard let textView = view as? UITextView else {
        throw keyValue.error("'\(key)' is for a UITextView, and \(view.className) is not one")
      }
      let message = try builder.parseAction(value)
      let delegate = builder.actionDelegate(
        textView.textViewDelegate, make: { ActionTextViewDelegate(target: controller) },
        install: { textView.textViewDelegate = $0 })
      delegate.messages[ActionTextViewDelegate.Moment(rawValue: key)!] = message
    }
    builtin.setDelegateKey = { object, key, value in
      guard let textView = object as? UITextView, let moment = ActionTextViewDelegate.Moment(rawValue: key) else {
        return nil
      }
      let message = try SceneBuilder(file: value.file).parseAction(value)
      let delegate = (textView.textViewDelegate as? ActionTextViewDelegate) ?? ActionTextViewDelegate(target: nil)
      return {
        delegate.messages[moment] = message
        if textView.textViewDelegate !== delegate { textView.textViewDelegate = delegate }
        _ = delegate
      }
    }
    return builtin
  }
}
