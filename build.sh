#!/usr/bin/env bash
# build.sh — the entry points of the project:
#   ./build.sh build   compile the app to static/ (main.wasm.br, .gz, build.json, wasm_exec.js)
#   ./build.sh serve   build, then serve static/ on http://127.0.0.1:8080 (ADDR overrides)
#   ./build.sh site D  build, then copy into folder D what a static host needs (GitHub Pages)
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
	pack
}

# pack makes what the page fetches: main.wasm.br (brotli -q 11, decoded in the page by
# static/brotli/) and main.wasm.gz (gzip, the fallback, decoded by DecompressionStream),
# the decoder's own wasm as .gz, and static/build.json, which names the build (a hash of
# every file the site serves) and lists the files the service worker keeps for offline use.
# The plain .wasm files stay in static/ for the tests but are never fetched by the page.
pack() {
	command -v brotli >/dev/null || die "brotli is not on PATH (apt-get install -y brotli)"
	say "pack: brotli and gzip"
	local w
	wasm_names=()
	for w in static/*.wasm; do
		compress "$w" br gz
		wasm_names+=("$(basename "$w" .wasm)")
	done
	compress static/brotli/brotli_dec_wasm_bg.wasm gz
	site_versioned=(wasmfetch.js wasm_exec.js "${wasm_names[@]/%/.wasm.br}" brotli/brotli_dec_wasm.js brotli/brotli_dec_wasm_bg.wasm.gz)
	write_build_json
	sizes
}

# compress FILE CODEC... writes FILE.br and/or FILE.gz, unless they were made from the same
# FILE before (brotli -q 11 takes half a minute for main.wasm).
compress() {
	local f=$1 sum stamp codec
	shift
	sum="$(sha256sum "$f" | cut -d' ' -f1)"
	mkdir -p bin/pack
	for codec in "$@"; do
		stamp="bin/pack/$(echo "$f" | tr / _).$codec.sha256"
		if [[ -f $f.$codec && -f $stamp && $(cat "$stamp") == "$sum" ]]; then
			continue
		fi
		rm -f "$stamp"
		case $codec in
		br) brotli -q 11 -f -o "$f.br" "$f" && echo "$sum" >"$stamp" & ;;
		gz) gzip -9 -n -c "$f" >"$f.gz" && echo "$sum" >"$stamp" & ;;
		esac
	done
	wait
	for codec in "$@"; do
		stamp="bin/pack/$(echo "$f" | tr / _).$codec.sha256"
		[[ -f $stamp && $(cat "$stamp") == "$sum" ]] || die "compressing $f ($codec) failed"
	done
}

# The files of the site, as the page and the service worker name them (paths under
# static/). Versioned ones are fetched as NAME?v=BUILD; pack adds each static/*.wasm as
# NAME.wasm.br to them (its .gz is the fallback, fetched only when needed).
wasm_names=()
site_versioned=()
site_plain=(aiworker.js manifest.webmanifest favicon.svg icons/icon-192.png icons/icon-512.png icons/icon-maskable-512.png)

write_build_json() {
	local id f n precache wasm=""
	# The build: a hash of every file served, the page and the service worker included.
	id="$(cd static && sha256sum index.html sw.js "${wasm_names[@]/%/.wasm.gz}" "${site_versioned[@]}" "${site_plain[@]}" | sha256sum | cut -c1-12)"
	precache='"./"'
	for f in "${site_versioned[@]}"; do precache+=", \"$f?v=$id\""; done
	for f in "${site_plain[@]}"; do precache+=", \"$f\""; done
	for n in "${wasm_names[@]}"; do
		[[ -z $wasm ]] || wasm+=$',\n'
		wasm+="    \"$n\": {\"raw\": $(wc -c <"static/$n.wasm"), \"br\": $(wc -c <"static/$n.wasm.br"), \"gz\": $(wc -c <"static/$n.wasm.gz")}"
	done
	cat >static/build.json <<-EOF
		{
		  "build": "$id",
		  "wasm": {
		$wasm
		  },
		  "precache": [$precache]
		}
	EOF
	printf 'static/build.json: build %s\n' "$id"
}

# sizes prints every file the site serves: plain, gzip -9 and brotli -q 11 sizes, and what a
# first visit transfers (the service worker fetches the precache list once, index.html,
# build.json and sw.js besides).
sizes() {
	local f raw gz br wire total=0
	printf '%-38s %10s %10s %10s %10s\n' file raw gzip brotli "on wire"
	for f in index.html build.json sw.js "${site_versioned[@]}" "${site_plain[@]}"; do
		case $f in
		*.wasm.br) raw=$(wc -c <"static/${f%.br}") gz=$(wc -c <"static/${f%.br}.gz") br=$(wc -c <"static/$f") wire=$br ;;
		*.gz) raw=$(gzip -dc "static/$f" | wc -c) gz=$(wc -c <"static/$f") br=$(gzip -dc "static/$f" | brotli -q 11 -c | wc -c) wire=$gz ;;
		*) raw=$(wc -c <"static/$f") gz=$(gzip -9 -c "static/$f" | wc -c) br=$(brotli -q 11 -c "static/$f" | wc -c) wire=$raw ;;
		esac
		total=$((total + wire))
		printf '%-38s %10s %10s %10s %10s\n' "$f" "$raw" "$gz" "$br" "$wire"
	done
	printf '%-38s %43s\n' "first visit (plain text, as a host that compresses nothing)" "$total"
}

# site copies into folder $1 the files a static host serves: static/ without the plain
# .wasm builds, which the page never fetches (it fetches main.wasm.br or .gz).
site() {
	local out=$1
	[[ -n $out ]] || die "usage: ./build.sh site FOLDER"
	mkdir -p "$out"
	out="$(cd "$out" && pwd)"
	(cd static && find . -type f ! -name '*.wasm' ! -name README.md -exec cp --parents -t "$out" {} +)
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
site)
	build
	site "${2:-}"
	;;
bench)
	say "go test -bench ./game/... (native)"
	go test -run '^$' -bench . -benchmem ./game/...
	say "go test -bench ./game (WebAssembly under node)"
	PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -run '^$' -bench Perft ./game
	;;
*)
	sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
