#!/usr/bin/env bash
# build.sh — the entry points of the project:
#   ./build.sh build   compile the app to static/ (main.wasm.br, .gz, build.json, wasm_exec.js)
#   ./build.sh serve   build, then serve static/ on http://127.0.0.1:8080 (ADDR overrides)
#   ./build.sh site D  build, then copy into folder D what a static host needs (GitHub Pages)
#   ./build.sh test    formatting, vet, unit tests, the wasm build and the browser test
#                      (installs Chromium, npm and mosquitto first if the machine lacks them)
#   ./build.sh bench   the move generator benchmarks, natively and under WebAssembly
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '\n== %s\n' "$*"; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

command -v go >/dev/null || die "go is not on PATH (Go $(sed -n 's/^go //p' go.mod) is needed)"

# wasm_gcflags turn inlining off (-l) in the packages a page's start does not run, where
# inlined copies of small functions only cost download (they are most of what a Go wasm
# compresses badly). Everywhere else inlining stays: a cold page compiles each function
# at its first call (V8's lazy compilation, on the page's thread, each with a fixed cost),
# and with inlining off in every package but the AI's and the runtime's a start compiled
# 2100 functions rather than 1490 (main.wasm 10.93 MB instead of 11.24, brotli 58 KB
# more). Ebitengine's calls cost the most under V8's baseline compiler, which inlines
# nothing. A package matching several patterns takes the last one's flags.
wasm_gcflags=(-gcflags=all=)
for p in fmt log regexp/... archive/... github.com/quintet-chess/quintet/p2p/...; do
	wasm_gcflags+=("-gcflags=$p=-l")
done

build() {
	# The page is built with a copy of Ebitengine whose built-in shaders are precompiled
	# (cmd/ebitenpatch: no text/template and no Kage compiler in main.wasm, 0.49 MB less
	# brotli, no shader compiling at the start), through a go.mod of its own.
	say "build: cmd/ebitenpatch -> bin/ebiten (Ebitengine with its shaders precompiled)"
	go run ./cmd/ebitenpatch -out bin/ebiten -modfile bin/wasm.mod
	say "build: GOOS=js GOARCH=wasm go build -> static/main.wasm (the app, and the AI's Web Worker)"
	GOOS=js GOARCH=wasm go build -modfile bin/wasm.mod -trimpath -ldflags='-s -w' "${wasm_gcflags[@]}" -o static/main.wasm .
	rm -f static/aiworker.wasm static/aiworker.wasm.* # the worker runs main.wasm now
	local exec_js
	exec_js="$(go env GOROOT)/lib/wasm/wasm_exec.js"
	[[ -f $exec_js ]] || die "wasm_exec.js not found at $exec_js"
	cp "$exec_js" static/wasm_exec.js
	pack
}

# pack runs cmd/pack: main.wasm.br (brotli -q 11, unpacked in the page by the brotli
# decoder in static/brotli/) and main.wasm.gz (the fallback, unpacked by the browser's
# DecompressionStream), static/build.json (the build's id, sizes, the files kept for
# offline use) and a table of every file's sizes. The decoder is the npm package cmd/pack
# names, fetched once with npm pack into bin/npm/ (never committed) and checked there
# against its pinned integrity. Without npm, or with QUINTET_BROTLI=off (a quicker build
# while developing: brotli -q 11 takes a minute), the site is packed with gzip only.
pack() {
	say "pack: compress the wasm, write static/build.json"
	go build -o bin/pack ./cmd/pack
	local spec tgz="" args=()
	spec="$(bin/pack -decoder-spec)"
	if [[ ${QUINTET_BROTLI:-on} == off ]]; then
		echo "pack: QUINTET_BROTLI=off: gzip only"
		args+=(-brotli=false)
	elif ! command -v npm >/dev/null; then
		echo "pack: npm is not on PATH, so the brotli decoder ($spec) cannot be fetched: gzip only (about 1 MB more to download; install npm for the full build)"
		args+=(-brotli=false)
	else
		tgz="bin/npm/${spec/@/-}.tgz"
		if [[ ! -f $tgz ]]; then
			mkdir -p bin/npm
			npm pack "$spec" --pack-destination bin/npm --silent >/dev/null </dev/null ||
				die "npm pack $spec failed (no network? QUINTET_BROTLI=off builds with gzip only)"
		fi
		args+=(-decoder "$tgz")
	fi
	bin/pack -dir static -cache bin/packcache "${args[@]}"
}

# site copies into folder $1 the files a static host serves (those static/build.json
# lists: not the plain .wasm, which the page never fetches).
site() {
	local out=$1
	[[ -n $out ]] || die "usage: ./build.sh site FOLDER"
	bin/pack -dir static -site "$out"
	touch "$out/.nojekyll" # served as it is, no Jekyll
	say "site: $(find "$out" -type f | wc -l) files in $out"
}

# native_packages lists the packages that build natively: those that do not depend on
# Ebitengine (which needs cgo and X11 headers outside the browser), and not the browser
# test, which runs after the wasm build.
native_packages() {
	go list -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./... |
		awk '!/github.com\/hajimehoshi\/ebiten/ { print $1 }' |
		grep -v '/e2e$'
}

find_chromium() {
	local c
	for c in "${QUINTET_CHROMIUM:-}" /usr/lib/chromium/chromium /usr/lib/chromium-browser/chromium-browser; do
		if [[ -n $c && -x $c ]]; then
			printf '%s\n' "$c"
			return 0
		fi
	done
	return 1
}

# need_tools makes sure the machine has what the tests need beside Go: Chromium (the
# browser test), npm (the build fetches the page's brotli decoder, an npm package) and
# mosquitto (the MQTT relay the pairing tests go through). On Debian or Ubuntu it installs
# what is missing with apt-get, as root or through sudo; without either it stops at once
# and prints the one command that installs them.
need_tools() {
	local missing=()
	find_chromium >/dev/null || missing+=(chromium)
	command -v npm >/dev/null || missing+=(npm)
	command -v mosquitto >/dev/null || [[ -x /usr/sbin/mosquitto ]] || missing+=(mosquitto)
	((${#missing[@]} > 0)) || return 0
	local install="apt-get update && apt-get install -y ${missing[*]}"
	command -v apt-get >/dev/null ||
		die "the tests need ${missing[*]}, and this machine has no apt-get: install them with its package manager (Chromium's binary: set QUINTET_CHROMIUM)"
	local sudo=()
	if [[ $(id -u) -ne 0 ]]; then
		# sudo without a password, or one it can ask for at a terminal.
		if command -v sudo >/dev/null && { sudo -n true 2>/dev/null || [[ -t 0 ]]; }; then
			sudo=(sudo)
		else
			die "the tests need ${missing[*]}; install them (as root) with:
  sudo sh -c '$install'"
		fi
	fi
	say "installing ${missing[*]} (${sudo[*]:+sudo }$install)"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
	find_chromium >/dev/null || die "chromium is installed but not at /usr/lib/chromium/chromium: set QUINTET_CHROMIUM to its binary"
	command -v npm >/dev/null || die "npm is still missing after installing it"
}

test_all() {
	local start=$SECONDS
	need_tools
	local chromium
	chromium="$(find_chromium)"

	say "gofmt"
	local unformatted
	unformatted="$(gofmt -l .)"
	[[ -z $unformatted ]] || die "these files need gofmt -w:
$unformatted"

	local pkgs
	mapfile -t pkgs < <(native_packages)
	((${#pkgs[@]} > 0)) || die "no native packages found"

	say "go vet (native): ${pkgs[*]#github.com/quintet-chess/quintet}"
	go vet "${pkgs[@]}" ./e2e/

	say "go vet (js/wasm): ./..."
	GOOS=js GOARCH=wasm go vet ./...

	# The wasm build (its brotli compression, a minute on one core) runs beside the native
	# tests, which the browser test does not need; its output follows theirs.
	local build_log
	build_log="$(mktemp)"
	build >"$build_log" 2>&1 &
	local build_pid=$!
	say "go test (native), beside the wasm build"
	local native=0
	go test "${pkgs[@]}" || native=$?
	local built=0
	wait "$build_pid" || built=$?
	cat "$build_log"
	rm -f "$build_log"
	((native == 0)) || die "native tests failed"
	((built == 0)) || die "the wasm build failed"
	say "native tests and the wasm build done after $((SECONDS - start)) s"

	say "browser test (headless Chromium against static/)"
	# The browser tests take minutes (more on a shared machine): more than go test's default
	# 10 min timeout must not abort them. Their waits scale with the machine's load
	# (QUINTET_E2E_SLOW sets the factor). Four run at a time, each on a site of its own;
	# the few that measure time run first, alone (e2e/harness_test.go, apart).
	QUINTET_CHROMIUM="$chromium" go test -count=1 -timeout 60m -parallel 4 -v ./e2e/

	say "all tests passed in $((SECONDS - start)) s"
}

case "${1:-}" in
build)
	build
	;;
serve)
	build
	say "serve"
	go run ./cmd/serve -dir static -addr "${ADDR:-127.0.0.1:8080}"
	;;
test)
	test_all
	;;
site)
	build
	site "${2:-}"
	;;
bench)
	say "go test -bench ./game/... (native)"
	go test -run '^$' -bench . -benchmem ./game/...
	say "go test -bench ./game (WebAssembly under node)"
	PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -run '^$' -bench Perft ./game
	say "go test -bench ./internal/aiclient (the worker's search under node: default flags, then the site's)"
	PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -run '^$' -bench Run -count 3 ./internal/aiclient
	PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test "${wasm_gcflags[@]}" -run '^$' -bench Run -count 3 ./internal/aiclient
	;;
*)
	sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
