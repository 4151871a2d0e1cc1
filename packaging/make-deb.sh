#!/usr/bin/env bash
# `make deb`: .build/touchlab_VERSION_ARCH.deb from this tree's release build. The files are
# those `make install PREFIX=/usr` installs; Depends lists the Debian package of every shared
# library the program names (objdump's NEEDED, found with ldd and dpkg -S), and the fonts Assets/fonts.conf names.
set -euo pipefail
cd "$(dirname "$0")/.."
built=.build/release/touchlab
version=$("$built" --version | cut -d' ' -f2)
arch=$(dpkg --print-architecture)
root=.build/deb/root
rm -rf .build/deb
make --no-print-directory install PREFIX=/usr DESTDIR="$PWD/$root" SWIFT=true >/dev/null
install -d "$root/usr/share/doc/touchlab" "$root/DEBIAN"
install -m 644 LICENSE "$root/usr/share/doc/touchlab/copyright"
depends=()
while read -r library; do
  package=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null | awk -F: 'NR == 1 { print $1 }') ||
    package=$(dpkg -S "$library" 2>/dev/null | awk -F: 'NR == 1 { print $1 }') || true
  [ -n "$package" ] || { echo "make-deb: no Debian package holds $library" >&2; exit 1; }
  depends+=("$package")
done < <(
  # The libraries the program names itself (NEEDED), where the loader finds them: their own
  # dependencies are their packages' business.
  ldd "$built" >"$root/../ldd.txt"
  objdump -p "$built" | awk '/NEEDED/ { print $2 }' | while read -r name; do
    awk -v name="$name" '$1 == name && $3 ~ /^\// { print $3 }' "$root/../ldd.txt"
  done
)
depends+=(fonts-dejavu-core fonts-noto-cjk)
depends_line=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')
size=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: touchlab
Version: $version
Architecture: $arch
Maintainer: The TouchLab authors <touchlab@localhost>
Installed-Size: $size
Depends: $depends_line
Section: devel
Priority: optional
Description: UIKit's touch-event engine re-implemented, replayed and shown
 TouchLab replays YAML scenes headless on a virtual clock and prints the NSLog
 transcripts of UIKit's touch delivery (hit-testing, the responder chain,
 gesture recognizers, controls, scroll views, tables), and shows them live in
 an X11 window.
CONTROL
deb=".build/touchlab_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
echo "$deb"
