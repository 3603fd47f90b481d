#!/usr/bin/env bash
# build.sh — the entry points of the project:
#   ./build.sh build   compile the app to static/main.wasm and copy wasm_exec.js beside it
#   ./build.sh serve   build, then serve static/ on http://127.0.0.1:8080 (ADDR overrides)
#   ./build.sh test    formatting, vet, unit tests, the wasm build and the browser test
#   ./build.sh bench   the move generator benchmarks, natively and under WebAssembly
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '\n== %s\n' "$*"; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

command -v go >/dev/null || die "go is not on PATH (Go $(sed -n 's/^go //p' go.mod) is needed)"

build() {
	say "build: GOOS=js GOARCH=wasm go build -> static/main.wasm"
	GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o static/main.wasm .
	say "build: GOOS=js GOARCH=wasm go build ./cmd/aiworker -> static/aiworker.wasm (the AI's Web Worker)"
	GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o static/aiworker.wasm ./cmd/aiworker
	local exec_js
	exec_js="$(go env GOROOT)/lib/wasm/wasm_exec.js"
	[[ -f $exec_js ]] || die "wasm_exec.js not found at $exec_js"
	cp "$exec_js" static/wasm_exec.js
	printf 'static/main.wasm: %s bytes, static/aiworker.wasm: %s bytes\n' "$(wc -c <static/main.wasm)" "$(wc -c <static/aiworker.wasm)"
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

test_all() {
	local start=$SECONDS

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

	say "go test (native)"
	go test "${pkgs[@]}"

	build

	say "browser test (headless Chromium against static/)"
	local chromium
	chromium="$(find_chromium)" || die "Chromium not found at /usr/lib/chromium/chromium (apt-get install -y chromium, or set QUINTET_CHROMIUM)"
	QUINTET_CHROMIUM="$chromium" go test -count=1 -v ./e2e/

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
bench)
	say "go test -bench ./game/... (native)"
	go test -run '^$' -bench . -benchmem ./game/...
	say "go test -bench ./game (WebAssembly under node)"
	PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -run '^$' -bench Perft ./game
	;;
*)
	sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
