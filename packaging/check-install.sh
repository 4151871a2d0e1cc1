#!/usr/bin/env bash
# CI: `make install` into a temporary prefix and `make deb` unpacked into a temporary root,
# each installed program run from / (no checkout in sight): --version, a replay, the bundled
# layouts' golden transcripts through `touchlab test`, a shot with text (the same bytes as the
# checkout's program makes), the window under Xvfb on its default layout; the completions and
# the man page where each shell and man look. Reuses the release build .ci/run has made.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

# Runs the checks on a program installed as $1/bin/touchlab with its files under $1/share.
check_installed() {
  local prefix=$1 program=$1/bin/touchlab share=$1/share
  [[ -x $program ]] || fail "no $program"
  local version
  version=$(cd / && "$program" --version)
  local commit
  commit=$(git -C "$repo" rev-parse HEAD 2>/dev/null || echo unknown)
  [[ $version =~ ^touchlab\ 0\.[0-9]+\.[0-9]+\ \(commit\ $commit\)$ ]] || fail "--version said '$version'"
  [[ -s $share/bash-completion/completions/touchlab ]] || fail "no bash completion"
  grep -q "_touchlab" "$share/bash-completion/completions/touchlab" || fail "bash completion has no function"
  [[ -s $share/zsh/site-functions/_touchlab ]] || fail "no zsh completion"
  [[ $(head -1 "$share/zsh/site-functions/_touchlab") == *"#compdef touchlab"* ]] || fail "zsh completion has no #compdef"
  [[ -s $share/fish/vendor_completions.d/touchlab.fish ]] || fail "no fish completion"
  grep -q "complete -c 'touchlab'" "$share/fish/vendor_completions.d/touchlab.fish" || fail "fish completion has no complete -c"
  [[ -s $share/man/man1/touchlab.1 ]] || fail "no man page"
  # The page reads without a warning and names every command.
  local page
  page=$(MANWIDTH=100 man --warnings -l "$share/man/man1/touchlab.1" 2>"$work/man-warnings")
  [[ ! -s $work/man-warnings ]] || fail "man page warnings: $(cat "$work/man-warnings")"
  for command in replay check list open shot record compare diagram import hit diff test; do
    grep -q "^   $command\$" <<<"$page" || fail "the man page has no section for $command"
  done
  # A replay of an installed layout, from /.
  local transcript
  transcript=$(cd / && "$program" replay "$share/touchlab/Layouts/table-cell-conflict.yaml" --scenario button-tap)
  [[ $transcript == $'-[GLButton touchesBegan:withEvent:]\n-[GLButton touchesEnded:withEvent:]\nbutton clicked!' ]] ||
    fail "replay printed: $transcript"
  # Every installed layout against the project's golden transcripts.
  (cd / && "$program" test "$share/touchlab/Layouts" --expected "$repo/Tests/TouchLabLayoutTests/Golden" >"$work/test.out") ||
    fail "touchlab test on the installed layouts: $(grep -v '^PASS' "$work/test.out")"
  # A shot with text (the transcript panel), from /: the same bytes as the checkout's program
  # draws with the checkout's Assets, so the installed Assets (fonts.conf, theme) were found.
  (cd / && "$program" shot "$share/touchlab/Layouts/table-cell-conflict.yaml" --scenario button-tap \
    --out "$work/installed.png")
  (cd "$repo" && .build/release/touchlab shot Layouts/table-cell-conflict.yaml --scenario button-tap \
    --out "$work/checkout.png")
  cmp -s "$work/installed.png" "$work/checkout.png" || fail "the installed program's shot differs from the checkout's"
  # The window on the default layout (share/touchlab/Layouts/playground.yaml), from /, under
  # Xvfb: it opens, and quits on Q with status 0.
  if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
    (cd / && TOUCHLAB_PROGRAM=$program timeout 120 xvfb-run -a -s "-screen 0 1400x1000x24" bash -c '
      "$TOUCHLAB_PROGRAM" & pid=$!
      window=$(xdotool search --sync --onlyvisible --name "TouchLab playground" 2>/dev/null | head -1)
      # The window closes on the press: the release then finds no window (BadWindow), as meant.
      # A press that comes before the window reads its keys (a busy machine) is lost: pressed
      # again, once a second, until the program has ended (the outer timeout bounds it).
      while kill -0 "$pid" 2>/dev/null; do
        xdotool key --window "$window" q 2>/dev/null || true
        for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null && sleep 0.1; done
      done
      wait "$pid"') || fail "the installed window did not open and quit on its default layout"
  else
    fail "xvfb-run and xdotool are needed (bash .ci/setup installs them)"
  fi
}

# make install / uninstall into a temporary prefix.
make --no-print-directory install PREFIX="$work/prefix" >/dev/null
check_installed "$work/prefix"
make --no-print-directory uninstall PREFIX="$work/prefix" >/dev/null
leftover=$(find "$work/prefix" -type f)
[[ -z $leftover ]] || fail "make uninstall left: $leftover"
echo "check-install: make install PREFIX=… and make uninstall: ok"

# The .deb, unpacked into a temporary root and run there.
deb=$(make --no-print-directory deb | tail -1)
[[ -f $deb ]] || fail "make deb made no package"
# (Not `dpkg-deb --info | grep -q`: grep leaving early is a SIGPIPE that pipefail counts.)
[[ $(dpkg-deb --field "$deb" Package) == touchlab ]] || fail "the package's control has no name"
dpkg-deb -x "$deb" "$work/root"
check_installed "$work/root/usr"
echo "check-install: $deb unpacked and run: ok"
