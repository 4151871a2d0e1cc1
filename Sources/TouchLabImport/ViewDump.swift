import Foundation
import TouchLabEngine

/// One view of a `recursiveDescription` dump, as printed.
public struct DumpedView: Equatable, Sendable {
  /// The class as the dump prints it (`UIButton`, `App.ViewController`, `_TtC5MyApp8CardView`).
  public var className: String
  /// The printed `0x…` address, as printed (lower case).
  public var address: String?
  /// Where its entry starts (the `<`).
  public var line: Int
  public var column: Int
  /// Its depth: the root is 0.
  public var depth: Int
  public var parent: Int?
  public var children: [Int] = []

  public var frame: CGRect = .zero
  public var alpha: CGFloat = 1
  public var isHidden = false
  /// `userInteractionEnabled = NO` printed: absent means on, whatever the class.
  public var isUserInteractionEnabled = true
  public var clipsToBounds = false
  public var tag: Int?
  public var text: String?
  /// `[a, b, c, d, tx, ty]` when a transform is printed.
  public var transform: CGAffineTransform?
  public var contentOffset: CGPoint?
  public var contentSize: CGSize?
  /// `adjustedContentInset` (or `contentInset`): top, left, bottom, right.
  public var contentInset: UIEdgeInsets?
  public var baseClass: String?
  /// The address of the `gestureRecognizers = <NSArray: 0x…>` it prints: it has recognizers
  /// the dump does not list.
  public var recognizerArray: String?
  /// `backgroundColor` as red, green, blue (0…1) when it is printed in a colour space with numbers.
  public var backgroundColor: [Double]?
  /// The entry ended before its `>` (a dump cut short): its class and frame are whole.
  public var isCutShort = false

  public init(className: String, address: String?, line: Int, column: Int, depth: Int) {
    self.className = className
    self.address = address
    self.line = line
    self.column = column
    self.depth = depth
  }
}

/// A parsed `recursiveDescription` dump: its views in the order printed (each before its subviews).
public struct ViewDump: Sendable {
  public var file: String
  public var views: [DumpedView]
  public var diagnostics: [DumpDiagnostic]
}
