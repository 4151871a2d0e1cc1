import Foundation

/// Whole layouts built to hit one trouble each (issue 6): circles in `base`, `hitTest:
/// {forwardTo:}` at the view itself or an ancestor, ten-thousand-row tables, views nested
/// as deep as allowed and deeper, YAML nested past the limit, failure-requirement circles,
/// controllers in controllers, numbers at every limit. The layout format has no way to
/// make `next` go round in a circle (a controller's next is its view's superview).
enum TargetedLayouts {
  struct Layout {
    var name: String
    var text: String
  }

  static func scenarioCount(_ text: String) -> Int {
    text.components(separatedBy: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
      .count
  }

  static let all: [Layout] = [
    Layout(
      name: "base-circle.yaml",
      text: """
        classes:
          A: {base: B}
          B: {base: C}
          C: {base: A}
        controller: {view: {frame: [0, 0, 10, 10]}}
        """),
    Layout(
      name: "base-self.yaml",
      text: """
        classes:
          Selfish: {base: Selfish}
        controller: {view: {frame: [0, 0, 10, 10]}}
        """),
    Layout(
      name: "forward-to-self-and-ancestors.yaml",
      text: """
        classes:
          ToSelf: {base: UIView, hitTest: {forwardTo: me}, log: [hitTest, touchesBegan, touchesEnded]}
          ToRoot: {base: UIView, hitTest: {forwardTo: root}, log: [hitTest]}
          ToChild: {base: UIView, hitTest: {forwardTo: child}, pointInside: {orInside: [me, parent]}}
          Outside: {base: UIView, hitTest: outsideBounds}
        controller:
          view:
            id: root
            class: ToRoot
            gestures: [{id: t, class: UITapGestureRecognizer, action: {print: tapped}}]
            subviews:
              - id: parent
                class: ToChild
                frame: [0, 0, 390, 400]
                subviews:
                  - {id: me, class: ToSelf, frame: [10, 10, 100, 100]}
                  - id: child
                    class: Outside
                    frame: [200, 10, 0, 0]
                    subviews: [{id: far, class: ToRoot, frame: [-500, 500, 10000, 10000]}]
        scenarios:
          tap-self:
            - tap: me
          tap-parent:
            - tap: [300, 300]
          drag-all-over:
            - drag: [1, 1]
              to: [389, 843]
              steps: 200
        """),
    Layout(
      name: "ten-thousand-rows.yaml",
      text: """
        controller:
          view:
            frame: [0, 0, 390, 844]
            gestures: [{id: bg, class: UITapGestureRecognizer, action: {print: background}}]
            subviews:
              - id: listed
                class: UITableView
                frame: [0, 0, 390, 400]
                didSelectRow: {print: selected}
                rows:
        \((0..<10_000).map { "          - Row \($0)" }.joined(separator: "\n"))
              - id: generated
                class: UITableView
                frame: [0, 400, 390, 444]
                rowHeight: 1
                sections:
                  - {header: A, numberOfRows: 10000000, rowText: "Row %d"}
                  - {header: B, numberOfRows: 10000}
        scenarios:
          tap-last-listed:
            - tap: {row: 9999, in: listed}
          fling-far:
            - drag: [200, 800]
              by: [0, -100000]
              duration: 0.05
              steps: 100
            - wait: 600
          tap-far:
            - tap: {row: 999999, in: generated}
            - tap: {row: 9999, section: 1, in: generated}
        """),
    Layout(
      name: "views-199-deep.yaml",
      text: "controller:\n  view:\n    id: top\n"
        + (0..<199).map { i in
          let indent = String(repeating: " ", count: 4 + 4 * i)
          return "\(indent)subviews:\n\(indent)  - id: v\(i)\n\(indent)    frame: [0, 0, 100, 100]\n"
        }.joined() + "scenarios:\n  tap-deepest:\n    - tap: v198\n"),
    Layout(
      name: "views-201-deep.yaml",
      text: "controller:\n  view:\n"
        + (0..<201).map { i in
          let indent = String(repeating: " ", count: 4 + 4 * i)
          return "\(indent)subviews:\n\(indent)  - frame: [0, 0, 100, 100]\n"
        }.joined()),
    Layout(
      name: "yaml-past-the-limit.yaml",
      text: "controller: {view: {frame: [0, 0, 1, 1], subviews: " + String(repeating: "[", count: 5000)
        + String(repeating: "]", count: 5000) + "}}"),
    Layout(
      name: "alias-chain.yaml",
      text: "a0: &a0 [x]\n" + (1..<20_000).map { "a\($0): &a\($0) [*a\($0 - 1)]" }.joined(separator: "\n")),
    Layout(
      name: "alias-fan-out.yaml",
      text: """
        controller:
          view:
            frame: [0, 0, 390, 844]
            subviews:
              - &v0 {frame: [0, 0, 10, 10]}
              - &v1 {frame: [0, 0, 10, 10], subviews: [*v0, *v0, *v0, *v0, *v0, *v0, *v0, *v0, *v0, *v0]}
              - &v2 {frame: [0, 0, 10, 10], subviews: [*v1, *v1, *v1, *v1, *v1, *v1, *v1, *v1, *v1, *v1]}
              - &v3 {frame: [0, 0, 10, 10], subviews: [*v2, *v2, *v2, *v2, *v2, *v2, *v2, *v2, *v2, *v2]}
              - &v4 {frame: [0, 0, 10, 10], subviews: [*v3, *v3, *v3, *v3, *v3, *v3, *v3, *v3, *v3, *v3]}
              - &v5 {frame: [0, 0, 10, 10], subviews: [*v4, *v4, *v4, *v4, *v4, *v4, *v4, *v4, *v4, *v4]}
              - &v6 {frame: [0, 0, 10, 10], subviews: [*v5, *v5, *v5, *v5, *v5, *v5, *v5, *v5, *v5, *v5]}
              - &v7 {frame: [0, 0, 10, 10], subviews: [*v6, *v6, *v6, *v6, *v6, *v6, *v6, *v6, *v6, *v6]}
        """),
    Layout(
      name: "requirement-circles.yaml",
      text: """
        controller:
          view:
            id: root
            frame: [0, 0, 390, 844]
            gestures:
              - {id: a, class: UITapGestureRecognizer, action: {print: a}, requireToFail: [b], delaysTouchesBegan: true}
              - {id: b, class: UITapGestureRecognizer, action: {print: b}, requireToFail: [a]}
              - {id: c, class: UIPanGestureRecognizer, action: {print: c}, requireToFail: [c]}
              - id: d
                class: UILongPressGestureRecognizer
                action: {print: d}
                delegate: {shouldRequireFailureOf: [e], shouldBeRequiredToFailBy: [e]}
              - {id: e, class: UITapGestureRecognizer, numberOfTapsRequired: 2, action: {print: e}, requireToFail: [d]}
        scenarios:
          tap:
            - tap: [100, 100]
          double-tap:
            - tap: [100, 100]
            - wait: 0.1
            - tap: [100, 100]
          press-and-drag:
            - press: [100, 100]
              duration: 1
            - drag: [100, 100]
              by: [100, 100]
        """),
    Layout(
      name: "controllers-in-controllers.yaml",
      text: "controller:\n  view:\n    frame: [0, 0, 390, 844]\n"
        + (0..<60).map { i in
          let indent = String(repeating: " ", count: 4 + 8 * i)
          return "\(indent)subviews:\n\(indent)  - controller:\n\(indent)      view:\n"
            + "\(indent)        frame: [1, 1, 300, 300]\n"
        }.joined() + "scenarios:\n  tap:\n    - tap: [150, 150]\n"),
    Layout(
      name: "numbers-at-the-limits.yaml",
      text: """
        window: {size: [7800, 2000]}
        controller:
          view:
            subviews:
              - {id: big, frame: [-100000, -100000, 100000, 100000], transform: [1e300, 0, 0, 1e300, 0, 0]}
              - {id: flat, frame: [0, 0, 100, 100], transform: {scale: 0}}
              - {id: spun, frame: [0, 0, 100, 100], transform: {rotate: 36000, scale: -1000}}
              - id: scroll
                class: UIScrollView
                frame: [0, 0, 10000, 10000]
                contentSize: [10000000, 10000000]
                contentOffset: [-10000000, 10000000]
                contentInset: [100000, -100000, 100000, -100000]
                isPagingEnabled: true
                decelerationRate: 0.9999
                subviews: [{id: inside, class: UIButton, frame: [0, 0, 100000, 100000]}]
        scenarios:
          fling:
            - drag: [5000, 5000]
              by: [-9999, 9999]
              duration: 0.01
              steps: 2
            - wait: 600
          ten-fingers:
            - press: [1, 1]
              duration: 600
              fingers: 10
        """),
    Layout(name: "empty.yaml", text: ""),
    Layout(name: "nul-bytes.yaml", text: "controller:\u{0}\n  view: {frame: [0, 0, 1, 1]}\u{0}"),
    Layout(name: "not-utf8-looking.yaml", text: "\u{FEFF}controller: {view: {frame: [0, 0, 1, 1]}}\n\u{FFFF}"),
  ]
}
