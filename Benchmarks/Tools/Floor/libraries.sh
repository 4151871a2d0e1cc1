#!/usr/bin/env bash
# What a process pays to start before its `main` runs, for the libraries it links: an empty C
# program (`int main(){return 0;}`) built against no library, against the floor program's
# (Xlib + Cairo), against Pango's, and against every library `touchlab` itself needs (read
# from `ldd`), then timed with farm-bench (min / median / max wall time of 30 runs), beside
# `touchlab --version`. Run by hand (docs/PERFORMANCE.md, "Where the start-up's gap to the
# floor is"):
#
#   Benchmarks/Tools/Floor/libraries.sh .build-static/release/touchlab
#
# Needs cc, pkg-config and the -dev packages of .ci/setup, and farm-bench (or hyperfine).
set -euo pipefail

touchlab=${1:?usage: libraries.sh PATH-TO-TOUCHLAB}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'int main(void) { return 0; }' > "$work/empty.c"

# touchlab's own libraries, by the file names its NEEDED entries give (`-l:NAME`; ldd lists
# what they need in turn).
needed=$(readelf -d "$touchlab" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | grep -v '^ld-linux')

build() {  # NAME FLAGS…
  local name=$1
  shift
  cc -O2 -o "$work/$name" "$work/empty.c" -Wl,--no-as-needed "$@"
}
build none
build floor $(pkg-config --libs x11 cairo)
build pango $(pkg-config --libs pangocairo)
# shellcheck disable=SC2046
build touchlab-libraries $(for library in $needed; do echo "-l:$library"; done)

time_it() {  # LABEL COMMAND…
  local label=$1
  shift
  local libraries
  libraries=$(ldd "$1" | grep -c '=>' || true)
  if command -v farm-bench > /dev/null; then
    printf '%-34s %3s libraries  ' "$label" "$libraries"
    farm-bench -n 30 -- "$@" 2>&1 | grep 'wall' | sed 's/^A wall s */min \/ median \/ max (s): /'
  else
    echo "$label ($libraries libraries):"
    hyperfine -N -w 3 -r 30 "$*" 2>&1 | grep -E 'Time|Range'
  fi
}
time_it "an empty program" "$work/none"
time_it "linked as the floor program" "$work/floor"
time_it "linked with Pango" "$work/pango"
time_it "linked as touchlab" "$work/touchlab-libraries"
time_it "touchlab --version" "$touchlab" --version
