#!/usr/bin/env bash
# Regenerates every picture in docs/images/, headless: stills with `touchlab shot` (a scene,
# its touch overlay and the transcript panel at one moment of a scenario), animations with
# `touchlab record`, side-by-side pictures with `touchlab compare`, delivery diagrams with
# `touchlab diagram`, and two window screenshots under Xvfb.
#
# What is reproducible, exactly: the same bytes for the same input on a machine whose fonts
# and rendering libraries have the versions listed in docs/images/made-with.txt (written
# here; the fonts are pinned by Assets/fonts.conf, hinting and anti-aliasing by the code).
# Another version of Cairo, pixman, FreeType, HarfBuzz, Pango or the fonts draws the same
# picture with edges anti-aliased a little differently: equal to the eye, not to the byte.
#
#   bash docs/make-screenshots.sh           regenerate docs/images/ and made-with.txt
#   bash docs/make-screenshots.sh --check   make the headless pictures again in a scratch
#       folder and compare them with docs/images/ byte for byte: with the versions of
#       made-with.txt every one must match (exit 1 otherwise); with other versions, the
#       differences are listed and the check says it cannot hold them to the byte (exit 0).
# Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
if [[ ${1:-} == --check ]]; then check=true; fi

# The versions the pictures' bytes depend on, one "package version" a line.
rendering_versions() {
  local packages=(libcairo2 libpixman-1-0 libfreetype6 libharfbuzz0b libpango-1.0-0 libpangocairo-1.0-0
    libfontconfig1 libpng16-16 libpng16-16t64 zlib1g libgif7 libimagequant0 fonts-dejavu-core fonts-noto-cjk)
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Package} ${Version}\n' "$package" 2>/dev/null || true
  done
}

swift build --product touchlab
if $check; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
else
  out=docs/images
fi
mkdir -p "$out"

# shot NAME LAYOUT SCENARIO [SECONDS]: docs/images/NAME.png at that moment (the end if none).
shot() {
  local name=$1 layout=$2 scenario=$3 at=${4:-}
  local args=(shot "Layouts/$layout" --scenario "$scenario" --scale 2 --out "$out/$name.png")
  if [[ -n $at ]]; then args+=(--at "$at"); fi
  swift run --skip-build touchlab "${args[@]}"
  echo "$out/$name.png"
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
  --scene-only --out "$out/table-short-press.gif"
echo "$out/table-short-press.gif"
# Side by side: the short press as it is, and with the table not delaying its touches.
swift run --skip-build touchlab compare Layouts/table-cell-conflict.yaml --scenario short-press --at 0.10 \
  --set table.delaysContentTouches=false --caption "delaysContentTouches: true" \
  --versus-caption "delaysContentTouches: false" --scene-only --out "$out/table-short-press-compare.png"
echo "$out/table-short-press-compare.png"
# The delivery as a sequence diagram: the short press, as PNG for the README and as SVG
# (text kept as text, a title for every lane, row and span).
swift run --skip-build touchlab diagram Layouts/table-cell-conflict.yaml --scenario short-press --scale 2 \
  --out "$out/table-short-press-diagram.png"
echo "$out/table-short-press-diagram.png"
swift run --skip-build touchlab diagram Layouts/table-cell-conflict.yaml --scenario short-press \
  --out "$out/table-short-press-diagram.svg"
echo "$out/table-short-press-diagram.svg"
# The window playing the playground's hold-row at --speed 0.1, stepped with `.` to the scroll
# view's 0.15 s firing and saved with S (needs xvfb-run and xdotool; skipped without them).
if ! $check && command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
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
if ! $check && command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
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
swift run --skip-build touchlab shot "$imported/navbar.yaml" --at 0.2 --scale 2 --out "$out/import-navbar-hit.png"
echo "$out/import-navbar-hit.png"
rm -rf "$imported"

if ! $check; then
  rendering_versions >docs/images/made-with.txt
  echo docs/images/made-with.txt
  exit 0
fi

# --check: every headless picture against the committed one.
differing=()
for made in "$out"/*; do
  name=$(basename "$made")
  cmp -s "$made" "docs/images/$name" || differing+=("$name")
done
if [[ $(rendering_versions) != "$(cat docs/images/made-with.txt)" ]]; then
  echo "make-screenshots --check: this machine's rendering versions differ from docs/images/made-with.txt:"
  diff <(cat docs/images/made-with.txt) <(rendering_versions) || true
  echo "so the pictures cannot be held to the byte here; ${#differing[@]} differ: ${differing[*]:-none}"
  exit 0
fi
if [[ ${#differing[@]} -gt 0 ]]; then
  echo "make-screenshots --check: with the same versions, these differ from docs/images/: ${differing[*]}" >&2
  exit 1
fi
echo "make-screenshots --check: every headless picture is byte-for-byte the committed one"
