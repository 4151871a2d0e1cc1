# Install TouchLab: `make install PREFIX=DIR` (default /usr/local), `make uninstall PREFIX=DIR`,
# `make deb` (a Debian package of the same tree, in .build/). DESTDIR stages an install.
#
# The program is the release build with the Swift runtime linked in, made by exactly the
# command .ci/run and the README use, so that a tree CI has built is installed without a
# second build (SwiftPM finds everything up to date).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
STRIP ?= strip
SWIFT_BUILD = $(SWIFT) build -c release --static-swift-stdlib
BUILT = .build/release/touchlab

BINDIR = $(DESTDIR)$(PREFIX)/bin
SHAREDIR = $(DESTDIR)$(PREFIX)/share/touchlab
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

# What goes under share/touchlab besides Assets and Layouts.
DOCS = README.md CHANGELOG.md LICENSE THIRD-PARTY.md
DOCS_FOLDER = docs

.PHONY: all build install uninstall deb clean-deb

all: build

build:
	$(SWIFT_BUILD)

install: build
	install -d "$(BINDIR)" "$(SHAREDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" "$(MANDIR)"
	install -m 755 "$(BUILT)" "$(BINDIR)/touchlab"
	# Debug information out (95 MB to about a third); the symbols stay, for backtraces.
	$(STRIP) --strip-debug "$(BINDIR)/touchlab"
	rm -rf "$(SHAREDIR)/Assets" "$(SHAREDIR)/Layouts" "$(SHAREDIR)/docs"
	cp -R Assets Layouts "$(SHAREDIR)/"
	install -d "$(SHAREDIR)/docs"
	install -m 644 $(DOCS) "$(SHAREDIR)/docs/"
	cp -R $(DOCS_FOLDER)/*.md $(DOCS_FOLDER)/images "$(SHAREDIR)/docs/"
	chmod -R u+rwX,go+rX,go-w "$(SHAREDIR)"
	# The commit `touchlab --version` names (none in a tree without git information).
	if commit=$$(git rev-parse HEAD 2>/dev/null); then \
	  printf '%s\n' "$$commit" > "$(SHAREDIR)/commit"; else rm -f "$(SHAREDIR)/commit"; fi
	chmod 644 "$(SHAREDIR)/commit" 2>/dev/null || true
	"$(BUILT)" --generate-completion-script bash > "$(BASHDIR)/touchlab"
	"$(BUILT)" --generate-completion-script zsh > "$(ZSHDIR)/_touchlab"
	"$(BUILT)" --generate-completion-script fish > "$(FISHDIR)/touchlab.fish"
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) \
	  python3 packaging/manpage.py "$(BUILT)" "$$("$(BUILT)" --version | cut -d' ' -f2)" > "$(MANDIR)/touchlab.1"
	chmod 644 "$(BASHDIR)/touchlab" "$(ZSHDIR)/_touchlab" "$(FISHDIR)/touchlab.fish" "$(MANDIR)/touchlab.1"

uninstall:
	rm -f "$(BINDIR)/touchlab" "$(BASHDIR)/touchlab" "$(ZSHDIR)/_touchlab" "$(FISHDIR)/touchlab.fish" \
	  "$(MANDIR)/touchlab.1"
	rm -rf "$(SHAREDIR)"

# A .deb of this tree: installed into a staging root with PREFIX=/usr, then packed by dpkg-deb.
deb: build
	bash packaging/make-deb.sh
