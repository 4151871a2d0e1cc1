import Foundation

/// Every figure of UIKit's touch handling that TouchLab reproduces, in one place, each with
/// where it comes from. UIKit keeps most of these private; where so, the figure is the one
/// the source articles or public ports measured (docs/docs/BEHAVIOUR.md §12 lists each with its source).
public enum UIKitConstants {
  /// Taps that land within this time of the previous lift continue its `tapCount`
  /// (docs/BEHAVIOUR.md §1; also the tap recognizer's maximum gap between taps, §4).
  public static let multiTapInterval: TimeInterval = 0.35
  /// ...and within this distance of it (docs/BEHAVIOUR.md §1).
  public static let multiTapDistance: CGFloat = 45
  /// A tap recognizer fails when a finger stays down longer than this (docs/BEHAVIOUR.md §4).
  public static let tapMaximumDuration: TimeInterval = 0.75
  /// A tap recognizer fails when a finger moves further than this from where it landed (§4).
  public static let tapAllowableMovement: CGFloat = 45
  /// `UILongPressGestureRecognizer.minimumPressDuration` default (Apple's documentation).
  public static let longPressMinimumDuration: TimeInterval = 0.5
  /// `UILongPressGestureRecognizer.allowableMovement` default (Apple's documentation).
  public static let longPressAllowableMovement: CGFloat = 10
  /// `UILongPressGestureRecognizer.numberOfTapsRequired` default: 0, press at once (Apple's
  /// documentation, docs/BEHAVIOUR.md §11). The taps before the press use the tap's figures
  /// above: `tapMaximumDuration` for each tap, `multiTapInterval` between them.
  public static let longPressNumberOfTapsRequired = 0
  /// `UIWindow.Level.normal`, `.statusBar`, `.alert` raw values: 0, 1000, 2000 (Apple's
  /// headers, UIWindow.h: UIWindowLevelNormal 0.0, UIWindowLevelStatusBar 1000.0,
  /// UIWindowLevelAlert 2000.0; docs/BEHAVIOUR.md §15).
  public static let windowLevelNormal: CGFloat = 0
  public static let windowLevelStatusBar: CGFloat = 1000
  public static let windowLevelAlert: CGFloat = 2000
  /// A pan begins once its touches have moved this far (docs/BEHAVIOUR.md §4, "about 10 pt").
  public static let panHysteresis: CGFloat = 10
  /// With `isDirectionalLockEnabled`, a drag that begins within this angle of an axis is
  /// locked to it (π/6, 30°); a steeper one is diagonal and not locked. TouchLab's choice:
  /// Apple says only "one general direction" (docs/BEHAVIOUR.md §7.6, §12).
  public static let scrollViewDirectionalLockAngle: CGFloat = .pi / 6
  /// A swipe must travel this far along its direction (not in the articles; public ports use 50 pt).
  public static let swipeMinimumDistance: CGFloat = 50
  /// ...within this time of landing, or it fails (public ports).
  public static let swipeMaximumDuration: TimeInterval = 0.5
  /// A swipe fails when it strays this far across its direction (public ports).
  public static let swipeMaximumDeviation: CGFloat = 30
  /// A pinch begins once the distance between its fingers changed by this much (public ports).
  public static let pinchHysteresis: CGFloat = 8
  /// A rotation begins once its fingers turned by this angle, in radians (≈ 4.6°; public ports).
  public static let rotationHysteresis: CGFloat = 0.08
  /// While tracking, a `UIControl` counts a touch as inside within its bounds grown by
  /// this much on every side (docs/BEHAVIOUR.md §6, "about 70 pt").
  public static let controlTrackingMargin: CGFloat = 70
  /// `UIScrollView`'s delayed-touches-began recognizer holds a touch back this long (§7).
  public static let scrollViewTouchDelay: TimeInterval = 0.15
  /// `UIScrollView.DecelerationRate.normal`'s raw value: velocity kept per millisecond (§12).
  public static let decelerationRateNormal: CGFloat = 0.998
  /// `UIScrollView.DecelerationRate.fast`'s raw value (§12).
  public static let decelerationRateFast: CGFloat = 0.99
  /// A view whose alpha, read back at `Float` precision as its layer's opacity, is less than
  /// this is skipped by hit-testing: so one set to exactly 0.01 is (Apple, `hitTest(_:with:)`; §2).
  public static let hitTestMinimumAlpha: CGFloat = 0.01
  /// The rubber-band coefficient c of `(1 − 1 / (d·c / D + 1)) · D` (public analysis, §12).
  public static let scrollViewRubberBandCoefficient: CGFloat = 0.55
  /// The spring that brings an overscrolled view back to its edge, in rad/s (TouchLab's fit, §12).
  public static let scrollViewBounceSpringStiffness: CGFloat = 14
  /// Below this speed, in points per second, deceleration stops (TouchLab's choice, §12).
  public static let scrollViewRestingSpeed: CGFloat = 5
  /// A paging scroll view goes on to the next page after a flick faster than this, in pt/s (§12).
  public static let pagingFlickSpeed: CGFloat = 300
  /// One frame of the scroll animation: the 60 Hz display refresh (§12).
  public static let frameInterval: TimeInterval = 1.0 / 60
  /// A pan's velocity is measured over the touches' last this-many seconds (TouchLab's choice, §12).
  public static let panVelocityWindow: TimeInterval = 0.1
  /// A scroll view's fingers that had not moved for longer than this before the lift rested:
  /// no velocity, no deceleration (TouchLab's choice: three frames at 60 Hz, §21).
  public static let scrollViewRestBeforeLift: TimeInterval = 0.05
  /// A `UISwitch` touch that moves further than this sideways drags the knob (TouchLab's choice, §12).
  public static let switchDragThreshold: CGFloat = 5
  /// `UITableView.rowHeight`: UIKit's standard 44 pt row (§12).
  public static let tableRowHeight: CGFloat = 44
  /// `UITableView.sectionHeaderHeight` of a plain table (§12).
  public static let tableSectionHeaderHeight: CGFloat = 28
  /// A cell's separator and text start this far from its left edge (`separatorInset.left`, §12).
  public static let tableSeparatorInset: CGFloat = 16
  /// `UISlider`'s default thumb, this many points across (iOS 7 and later; UIKit draws it
  /// and does not document its size — the figure developers measure and that
  /// `thumbRect(forBounds:trackRect:value:)` returns for the default thumb).
  public static let sliderThumbDiameter: CGFloat = 28
  /// A touch that lands within the thumb grown to at least this size starts tracking it
  /// (Apple's Human Interface Guidelines: a hit target of at least 44 × 44 pt).
  public static let minimumHitTargetSize: CGFloat = 44
  /// `UISlider`'s track height (iOS 7 and later, the default minimum/maximum track images).
  public static let sliderTrackHeight: CGFloat = 4
  /// `UIStepper.autorepeat`: a held button steps again after this delay (UIKit does not
  /// document its timing; AppKit's `NSStepper.autorepeat` documents 0.5 s, then ten steps a
  /// second, and UIStepper's first repeat comes after the same half second.)
  public static let stepperAutorepeatDelay: TimeInterval = 0.5
  /// ...and then every this often (`NSStepper.autorepeat`: "ten times per second"; UIStepper
  /// speeds up the longer the finger stays, which TouchLab does not model).
  public static let stepperAutorepeatInterval: TimeInterval = 0.1
  /// `UIStepper`'s fixed size (iOS 13 and later; UIKit sizes the control itself).
  public static let stepperSize = CGSize(width: 94, height: 32)
  /// `UIPageControl`'s page indicator, this many points across (iOS 13 and earlier's dot,
  /// the figure measured from UIKit; not documented).
  public static let pageIndicatorDiameter: CGFloat = 7
  /// ...and this far from the centre of one indicator to the next (measured; not documented).
  public static let pageIndicatorSpacing: CGFloat = 16
  /// The keyboard's height on a portrait iPhone with Face ID (375–430 pt wide), without the
  /// QuickType bar: the frame `keyboardWillShowNotification` reports (measured; not documented).
  public static let keyboardHeight: CGFloat = 291
  /// `UIScreenEdgePanGestureRecognizer` takes a touch that lands within this distance of one
  /// of its `edges` of the screen (the window). UIKit keeps the figure private; 20 pt is the
  /// width developers measure for the system's own edge gate (Stack Overflow 19799961:
  /// "the bottom 20 pixels or so").
  public static let screenEdgeRegion: CGFloat = 20
  /// The system gesture gate's wait for a finger held near the top or bottom edge before it
  /// lets the view have the touch: "a delay of about 1 second" between the touch and
  /// `.touchDown` on a button at the bottom of the screen (Igor Kulman, "Why is there a lag in
  /// iOS gesture detection near the edges of the screen?",
  /// <https://blog.kulman.sk/why-ios-gestures-lag-at-the-screen-edges/>).
  public static let systemGestureGateDelay: TimeInterval = 1.0

  // MARK: Figures of UIKit's look (they change no transcript, only what is drawn and hit)

  /// `UISwitch`'s fixed size: UIKit sizes the control itself and ignores the frame's size
  /// (Apple, "UISwitch": "the size components of this rectangle are ignored"; 51 × 31 pt
  /// measured since iOS 7).
  public static let switchSize = CGSize(width: 51, height: 31)
  /// `UIFont.labelFontSize`, the standard size of a label's text (Apple documents the
  /// property; 17 pt on iOS).
  public static let labelFontSize: CGFloat = 17
  /// A table cell's and a header's text starts this far from each side (the default
  /// `layoutMargins` of a cell's content view on an iPhone; measured, not documented).
  public static let tableCellTextMargin: CGFloat = 16
  /// A plain table's section header text size (measured on current iOS; not documented).
  public static let tableHeaderFontSize: CGFloat = 13
  /// A collection view cell's label text size in TouchLab's default cell (UIKit's cells have
  /// no label; 15 pt is the subheadline size Apple's Human Interface Guidelines list).
  public static let collectionCellFontSize: CGFloat = 15
  /// The scroll indicator: this wide, this far from the scroll view's edge, and this far
  /// from the ends of its track (measured on iOS; not documented).
  public static let scrollIndicatorWidth: CGFloat = 3
  public static let scrollIndicatorEdgeInset: CGFloat = 6
  public static let scrollIndicatorEndInset: CGFloat = 3
  /// ...at least this long while the content is inside its edges, and squeezed down to at
  /// least this while it is pulled past an edge (measured; not documented).
  public static let scrollIndicatorMinimumLength: CGFloat = 36
  public static let scrollIndicatorSqueezedLength: CGFloat = 7
  /// `UIProgressView`'s height in its default style and in its bar style, which its
  /// `init(progressViewStyle:)` sets ("sets the view height according to the style",
  /// UIProgressView.h; 2 and 3 points, blog.csdn.net/mardax/article/details/51710995).
  public static let progressViewDefaultHeight: CGFloat = 2
  public static let progressViewBarHeight: CGFloat = 3

  // MARK: A table row's swipe actions (docs/BEHAVIOUR.md §23)

  /// The table's swipe-action pan begins once the finger moved this far sideways, twice a
  /// pan's 10 pt. No source gives UIKit's figure; the sources say a parent's horizontal pan
  /// (a page view controller's scroll view) takes such a drag and "doesn't let the gesture go
  /// deeper" (github.com/kambala-decapitator/SwipeToDeleteInsidePageVC), which a larger
  /// threshold than the pan's reproduces: TouchLab's choice, 20 pt.
  public static let swipeActionsHysteresis: CGFloat = 20
  /// The title of the Delete button a swipe uncovers when the data source commits editing and
  /// the delegate gives no title (`tableView(_:titleForDeleteConfirmationButtonForRowAt:)`):
  /// "Delete", localized (Apple, "tableView(_:titleForDeleteConfirmationButtonForRowAt:)":
  /// "By default, the delete-confirmation button … displays the localized string 'Delete'").
  public static let deleteConfirmationButtonTitle = "Delete"
  /// Each revealed swipe-action button is this wide. UIKit sizes a button to its title
  /// (with a minimum) and documents neither; TouchLab measures no text in the engine, so
  /// every button has this one width — TouchLab's choice, no source gives the figure.
  public static let swipeActionButtonWidth: CGFloat = 74
  /// A swipe released with more than this fraction of its buttons' total width uncovered
  /// stays open; less, it closes. No source gives UIKit's rule; TouchLab's choice (half).
  public static let swipeActionsOpenFraction: CGFloat = 0.5
  /// A swipe released with the row's content slid further than this fraction of the row's
  /// width is a full swipe: the first action runs without a tap (when the configuration's
  /// `performsFirstActionWithFullSwipe` allows it). No source gives the figure; TouchLab's choice.
  public static let swipeActionsFullSwipeFraction: CGFloat = 0.6
  /// The row's content slides open, closed or across (a full swipe) in this long, in
  /// steps of `frameInterval`. Not documented; TouchLab's choice.
  public static let swipeActionsAnimationDuration: TimeInterval = 0.25
  /// A tab bar's content height, its buttons' height: 49 pt on an iPhone ("49 pairs of
  /// pixels high, but this fact is nowhere in Apple's documentation",
  /// markmeretzky.com/INFO1-CE9236/src/tabbar; the printed `UITabBar … frame = (0 431; 320
  /// 49)` of `Tests/TouchLabImportTests/Dumps/frida-ios9-tabbar-textview.txt`).
  public static let tabBarContentHeight: CGFloat = 49
  /// The bottom safe-area inset of a 390 × 844 pt iPhone (the home indicator's): 34 pt, which
  /// a tab bar controller's bar adds below its content (Apple's Human Interface Guidelines,
  /// "Layout", the iPhone 12–14 safe area; the 83 pt bar = 49 + 34).
  public static let homeIndicatorInset: CGFloat = 34
  /// A tab's title size under its image: TouchLab's choice, to fit the 12 pt high
  /// `UITabBarButtonLabel`s the dumps print (not documented).
  public static let tabBarTitleFontSize: CGFloat = 10
  /// An unselected tab's tint: the grey the printed unselected `UITabBarSwappableImageView`s of
  /// `frida-ios9-tabbar-textview.txt` carry (`tintColor = UIDeviceWhiteColorSpace 0.572549 1`).
  public static let tabBarUnselectedTint = UIColor(white: 0.572549)
  /// A navigation bar's height in its standard (not large-title) form: 44 pt (Apple's Human
  /// Interface Guidelines, "Navigation bars"; UINavigationBar's `sizeThatFits` on iPhone).
  public static let navigationBarHeight: CGFloat = 44
  /// Where the navigation bar of a full-screen navigation controller starts: below the status
  /// bar, whose height (the window's top safe-area inset) is 47 pt on the 390 × 844 pt
  /// iPhone 12/13/14 that TouchLab's default window is (hacknicity.medium.com, "How iOS Apps
  /// Adapt to the various iPhone 12 Screen Sizes").
  public static let statusBarHeight: CGFloat = 47
  /// A push or pop animated by UINavigationController takes 0.35 s: the return value of
  /// `-[_UINavigationParallaxTransition transitionDuration:]` read in LLDB
  /// ("d0 = 0.34999999999999998", a published debugging note), the figure ports use too
  /// (AKTabBarController's `kPushAnimationDuration = 0.35`); docs/BEHAVIOUR.md §27.
  public static let navigationTransitionDuration: TimeInterval = 0.35
  /// During a push or pop the controller beneath keeps 70 % of the width on screen: it moves
  /// by the other 30 % (`-[_UINavigationParallaxTransition parallaxOffset]` is
  /// `round(width * 0.7)`, iOS 26.1's UIKitCore as decompiled in
  /// EthanArbuckle/iPhone18-3_26.1_23B85_Restore).
  public static let navigationParallaxFraction: CGFloat = 0.3
  /// The interactive pop's decision at the lift (`-[_UINavigationInteractiveTransitionBase
  /// popGesture:withRemainingDuration:shouldPopWithVelocity:]`, same source): with at least
  /// 3 samples of the pan, the fraction popped projected over the transition's duration
  /// (`fraction + velocity × d + ½ × acceleration × d²`, velocity and acceleration averaged
  /// over the last 3 samples) must pass `min(187.5 pt / width, 0.5)`; with fewer, the pop
  /// completes when the average velocity is to the right. Samples are at least 0.01 s apart
  /// (or 0.001 s with movement), and a sample's acceleration changes by at most 5 (fractions
  /// of the width per s²) from the last.
  public static let interactivePopProjectionDistance: CGFloat = 187.5
  public static let interactivePopMaximumFraction: CGFloat = 0.5
  public static let interactivePopAveragedSamples = 3
  public static let interactivePopSampleInterval: TimeInterval = 0.01
  public static let interactivePopShortSampleInterval: TimeInterval = 0.001
  public static let interactivePopAccelerationStep: CGFloat = 5
  /// While the finger is down the pop's percent complete stays below 1: 0.999
  /// (`handleNavigationTransition:`, same source).
  public static let interactivePopMaximumPercent: CGFloat = 0.999
  /// The pop recognizer begins once the finger has moved 15 pt, not a pan's 10
  /// (`-[_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent:]`:
  /// `_setHysteresis:15.0`, same source).
  public static let interactivePopHysteresis: CGFloat = 15
  /// The smallest target a finger can tap reliably, 44 × 44 pt (Apple's Human Interface
  /// Guidelines, "Buttons": "a hit region of at least 44x44 pt"): the back button is never narrower.
  public static let minimumTapTarget: CGFloat = 44
  /// The back button's chevron and the space around it before its title, and the width one
  /// character of its 17 pt title takes on average: TouchLab's estimate of the button's
  /// width (UIKit sizes it to the text it draws; measured from screenshots, not documented).
  public static let navigationBackChevronWidth: CGFloat = 32
  public static let navigationBarTitleCharacterWidth: CGFloat = 9
}
