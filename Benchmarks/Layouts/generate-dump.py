#!/usr/bin/env python3
"""Writes a big recursiveDescription dump to standard output, for `Benchmarks/run cli`
(figure "cli.hit.import2000", docs/PERFORMANCE.md), and prints the `--at` points to ask on
standard error when given --points N.

    Benchmarks/Layouts/generate-dump.py [VIEWS] [--points N]

A window (390 x 844) holding a navigation-style container, then rows of cards down a table
whose contentOffset scrolls them, each card a content view with a label, an image view and a
button with its label, as lldb prints them (`   |    | <Class: 0x…; frame = (x y; w h); …>`),
until VIEWS views (2,000 by default). Deterministic: the same arguments give the same dump.
"""
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
views = int(args[0]) if args else 2000
points = 0
if "--points" in sys.argv:
    points = int(sys.argv[sys.argv.index("--points") + 1])

lines = []
address = [0x7F8A10000000]


def entry(depth, cls, frame, extra=""):
    address[0] += 0x230
    bars = "   |" * depth
    x, y, w, h = frame
    text = "%s <%s: 0x%x; frame = (%g %g; %g %g);%s layer = <CALayer: 0x%x>>" % (
        bars, cls, address[0], x, y, w, h, extra, address[0] + 0x10)
    lines.append(text.lstrip() if depth == 0 else text)


entry(0, "UIWindow", (0, 0, 390, 844), " gestureRecognizers = <NSArray: 0x600000164ab0>;")
entry(1, "UITransitionView", (0, 0, 390, 844), " autoresize = W+H;")
entry(2, "UILayoutContainerView", (0, 0, 390, 844), " autoresize = W+H;")
entry(3, "UINavigationTransitionView", (0, 0, 390, 844), " clipsToBounds = YES;")
entry(4, "UIViewControllerWrapperView", (0, 0, 390, 844), "")
entry(5, "UITableView", (0, 0, 390, 844), " clipsToBounds = YES; gestureRecognizers = <NSArray: 0x60000011fea0>;"
      " contentOffset: {0, 300}; contentSize: {390, 100000};")
row = 0
while len(lines) < views:
    y = row * 90
    entry(6, "App.CardCell", (0, y, 390, 90), " baseClass = UITableViewCell; text = 'Card %d';" % row)
    entry(7, "UITableViewCellContentView", (0, 0, 390, 89.5), " gestureRecognizers = <NSArray: 0x6000001%05x>;" % row)
    entry(8, "UILabel", (16, 10, 250, 20), " text = 'Title %d: it''s; here'; userInteractionEnabled = NO;" % row)
    entry(8, "UIImageView", (16, 36, 44, 44), " userInteractionEnabled = NO;")
    entry(8, "UIButton", (300, 25, 74, 40), "")
    entry(9, "UIButtonLabel", (10, 10, 54, 20), " text = 'Go'; userInteractionEnabled = NO;")
    if row % 7 == 3:
        entry(8, "App.Overlay", (280, 0, 110, 90), " hidden = YES;")
    row += 1
sys.stdout.write("\n".join(lines[:views]) + "\n")
if points:
    sys.stderr.write(" ".join("--at %d,%d" % (20 + (i * 37) % 360, 10 + (i * 83) % 830) for i in range(points)) + "\n")
