import Foundation
import TouchLabEngine

extension PropertyTable {
  /// The properties of UIKit's value controls: UISlider, UISegmentedControl, UIStepper,
  /// UIPageControl (docs/layouts.md).
  static var controlEntries: [Entry] {
    [
      float("value", \UISlider.value),
      float("minimumValue", \UISlider.minimumValue),
      float("maximumValue", \UISlider.maximumValue),
      bool("isContinuous", ["continuous"], \UISlider.isContinuous),
      custom("segments") { (value, control: UISegmentedControl) in
        let titles = try value.stringList("segments")
        guard titles.count <= 100 else { throw value.error("at most 100 segments") }
        return {
          control.removeAllSegments()
          for (i, title) in titles.enumerated() { control.insertSegment(withTitle: title, at: i, animated: false) }
        }
      },
      int("selectedSegmentIndex", -1...99, \UISegmentedControl.selectedSegmentIndex),
      bool("isMomentary", ["momentary"], \UISegmentedControl.isMomentary),
      double("value", \UIStepper.value),
      double("minimumValue", \UIStepper.minimumValue),
      double("maximumValue", \UIStepper.maximumValue),
      custom("stepValue") { (value, stepper: UIStepper) in
        let step = try value.double("stepValue")
        guard step > 0, step <= 1_000_000_000 else { throw value.error("stepValue must be above 0") }
        return { stepper.stepValue = step }
      },
      bool("wraps", [], \UIStepper.wraps),
      bool("autorepeat", [], \UIStepper.autorepeat),
      bool("isContinuous", ["continuous"], \UIStepper.isContinuous),
      int("numberOfPages", 0...1000, \UIPageControl.numberOfPages),
      int("currentPage", 0...999, \UIPageControl.currentPage),
      bool("hidesForSinglePage", [], \UIPageControl.hidesForSinglePage),
      // UICollectionView, and its flow layout's figures under the same names.
      custom("itemSize") { (value, collection: UICollectionView) in
        let size = try value.size("itemSize")
        guard size.width >= 1, size.height >= 1 else { throw value.error("itemSize must be at least 1×1") }
        return {
          collection.collectionViewLayout.itemSize = size
          collection.reloadData()
        }
      },
      layoutSpacing("minimumLineSpacing", \.minimumLineSpacing),
      layoutSpacing("minimumInteritemSpacing", \.minimumInteritemSpacing),
      custom("sectionInset") { (value, collection: UICollectionView) in
        let n = try value.numbers("sectionInset", count: 4)
        guard n.allSatisfy({ $0 >= 0 && $0 <= LayoutLimits.maximumCoordinate }) else {
          throw value.error("sectionInset values must be between 0 and 100000")
        }
        return {
          collection.collectionViewLayout.sectionInset = UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
          collection.reloadData()
        }
      },
      bool("allowsSelection", [], \UICollectionView.allowsSelection),
      custom("text") { (value, field: UITextField) in
        let text = try value.string("text")
        return { field.text = text }
      },
      custom("edges") { (value, edgePan: UIScreenEdgePanGestureRecognizer) in
        let edges = try value.edges("edges")
        return { edgePan.edges = edges }
      },
      custom("preferredScreenEdgesDeferringSystemGestures") { (value, controller: UIViewController) in
        let edges = try value.edges("preferredScreenEdgesDeferringSystemGestures")
        return { controller.preferredScreenEdgesDeferringSystemGestures = edges }
      },
      custom("placeholder") { (value, field: UITextField) in
        let text = try value.string("placeholder")
        return { field.placeholder = text }
      },
    ]
  }

  /// A flow layout's spacing, set on its collection view (which lays out again).
  static func layoutSpacing(_ name: String, _ keyPath: ReferenceWritableKeyPath<UICollectionViewFlowLayout, CGFloat>)
    -> Entry
  {
    custom(name) { (value, collection: UICollectionView) in
      let v = CGFloat(try value.number(name, in: 0...LayoutLimits.maximumCoordinate))
      return {
        collection.collectionViewLayout[keyPath: keyPath] = v
        collection.reloadData()
      }
    }
  }

  /// A `Double` property (a stepper's values), within ±1,000,000,000.
  static func double<T: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<T, Double>) -> Entry {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = try value.number(name, in: -1_000_000_000...1_000_000_000)
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }

  /// A `Float` property (UIKit's type for a slider's values), within ±1,000,000,000.
  static func float<T: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<T, Float>) -> Entry {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = Float(try value.number(name, in: -1_000_000_000...1_000_000_000))
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }
}
