#!/usr/bin/env bash
# Regenerates every picture in docs/images/, headless and byte-for-byte reproducible (fonts
# pinned by Assets/fonts.conf): stills with `touchlab shot` (a scene, its touch overlay and
# the transcript panel at one moment of a scenario), animations with `touchlab record`,
# side-by-side pictures with `touchlab compare`, and delivery diagrams with `touchlab diagram`.
# Run from anywhere: bash docs/make-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product touchlab
mkdir -p docs/images

# shot NAME LAYOUT SCENARIO [SECONDS]: docs/images/NAME.png at that moment (the end if none).
shot() {
  local name=$1 layout=$2 scenario=$3 at=${4:-}
  local args=(shot "Layouts/$layout" --scenario "$scenario" --scale 2 --out "docs/images/$name.png")
  if [[ -n $at ]]; then args+=(--at "$at"); fi
  swift run --skip-build touchlab "${args[@]}"
  echo "docs/images/$name.png"
}

# The table-cell conflict (docs/BEHAVIOUR.md §8) at its key moments.
# 1. Quick tap: the scroll view still holds the table's began when the tap recognizes.
shot table-quick-tap-held table-cell-conflict.yaml quick-tap 0.03
shot table-quick-tap-end table-cell-conflict.yaml quick-tap
# 2. Short press: held (the 0.15 s counting down), released to the table, cancelled at the lift.
shot table-short-press-held table-cell-conflict.yaml short-press 0.10
shot table-short-press-released table-cell-conflict.yaml short-press 0.16
shot table-short-press-cancelled table-cell-conflict.yaml short-press 0.31
# 3. Long press: the tap fails with the finger down; the row is selected at the lift.
shot table-long-press-tap-failed table-cell-conflict.yaml long-press 0.80
shot table-long-press-selected table-cell-conflict.yaml long-press
# 4. A button in a cell wins outright.
shot table-button-tap table-cell-conflict.yaml button-tap

# [A3] §4.1: the closest recognizer wins; the view and its chain are cancelled.
shot seed003-tap-red seed003-gestures.yaml tap-red
# [A1] 示例一: a system button beats its parent's tap.
shot seed001-button seed001-button-gestures.yaml 示例一
# A scroll view takes over a drag from the tile it first gave the touch to.
shot scroll-drag-tile scroll-demo.yaml drag-tile 0.6

# Animated: the short press in slow motion (a quarter speed), the scene alone, for the README.
swift run --skip-build touchlab record Layouts/table-cell-conflict.yaml --scenario short-press --speed 0.25 \
  --scene-only --out docs/images/table-short-press.gif
echo docs/images/table-short-press.gif
# Side by side: the short press as it is, and with the table not delaying its touches.
swift run --skip-build touchlab compare Layouts/table-cell-conflict.yaml --scenario short-press --at 0.10 \
  --set table.delaysContentTouches=false --caption "delaysContentTouches: true" \
  --versus-caption "delaysContentTouches: false" --scene-only --out docs/images/table-short-press-compare.png
echo docs/images/table-short-press-compare.png
# The delivery as a sequence diagram: the short press, as PNG for the README and as SVG
# (text kept as text, a title for every lane, row and span).
swift run --skip-build touchlab diagram Layouts/table-cell-conflict.yaml --scenario short-press --scale 2 \
  --out docs/images/table-short-press-diagram.png
echo docs/images/table-short-press-diagram.png
swift run --skip-build touchlab diagram Layouts/table-cell-conflict.yaml --scenario short-press \
  --out docs/images/table-short-press-diagram.svg
echo docs/images/table-short-press-diagram.svg
# The window playing the playground's hold-row at --speed 0.1, stepped with `.` to the scroll
# view's 0.15 s firing and saved with S (needs xvfb-run and xdotool; skipped without them).
if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
  folder=$(mktemp -d)
  xvfb-run -a -s "-screen 0 1400x1000x24" bash -c '
    touchlab=$1 folder=$2
    (cd "$folder" && exec "$touchlab" open "$OLDPWD/Layouts/playground.yaml" --scenario hold-row --speed 0.1 \
      --scale 1 >out.txt) &
    for _ in $(seq 50); do window=$(xdotool search --name "TouchLab playground" | head -1) && [[ -n $window ]] && break; sleep 0.1; done
    xdotool key --window "$window" space period s
    for _ in $(seq 50); do grep -q "saved screenshot" "$folder/out.txt" && break; sleep 0.1; done
    xdotool key --window "$window" q 2>/dev/null || true
    wait
  ' _ "$(swift build --show-bin-path)/touchlab" "$folder"
  mv "$folder"/touchlab-playground-*.png docs/images/window-playing.png
  rm -rf "$folder"
  echo docs/images/window-playing.png
fi
# The window's inspector (I) over the table demo's quick tap, played to its end, with the mouse
# on row 0: the hit-test path outlined over the scene and listed in the inspector.
if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
  folder=$(mktemp -d)
  xvfb-run -a -s "-screen 0 1400x1000x24" bash -c '
    touchlab=$1 folder=$2
    (cd "$folder" && exec "$touchlab" open "$OLDPWD/Layouts/table-cell-conflict.yaml" --scenario quick-tap \
      --scale 1 >out.txt) &
    for _ in $(seq 50); do window=$(xdotool search --name "table-cell" | head -1) && [[ -n $window ]] && break; sleep 0.1; done
    sleep 2  # the scenario plays to its end and stops there
    xdotool key --window "$window" i
    sleep 0.5
    xdotool mousemove --sync 200 122
    sleep 0.5
    xdotool key --window "$window" s
    for _ in $(seq 50); do grep -q "saved screenshot" "$folder/out.txt" && break; sleep 0.1; done
    xdotool key --window "$window" q 2>/dev/null || true
    wait
  ' _ "$(swift build --show-bin-path)/touchlab" "$folder"
  mv "$folder"/touchlab-table-cell-conflict-*.png docs/images/window-inspector.png
  rm -rf "$folder"
  echo docs/images/window-inspector.png
fi

# Bring your own app (README, docs/import.md): a real iOS 15 dump imported, a finger held on
# its navigation bar; the card shows the hit-test's answer and the chain it is passed along.
imported=$(mktemp -d)
swift run --skip-build touchlab import Tests/TouchLabImportTests/Dumps/lldb-ios15-navbar.txt --out "$imported/navbar.yaml"
sed -i '/^scenarios:$/,$d' "$imported/navbar.yaml"
printf 'scenarios:\n  press-bar:\n    - press: [200, 70]\n      duration: 0.5\n' >>"$imported/navbar.yaml"
swift run --skip-build touchlab shot "$imported/navbar.yaml" --at 0.2 --scale 2 --out docs/images/import-navbar-hit.png
echo docs/images/import-navbar-hit.png
