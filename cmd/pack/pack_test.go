package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// tarball makes an npm-style .tgz of files and returns its path and integrity.
func tarball(t *testing.T, files map[string]string) (string, string) {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for name, body := range files {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "pkg.tgz")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha512.Sum512(buf.Bytes())
	return p, "sha512-" + base64.StdEncoding.EncodeToString(sum[:])
}

func decoderTarball() map[string]string {
	return map[string]string{
		"package/pkg/brotli_dec_wasm.js":      "export function initSync() {}",
		"package/pkg/brotli_dec_wasm_bg.wasm": "\x00asm\x01\x00\x00\x00" + strings.Repeat("decoder ", 100),
		"package/LICENSE-MIT.txt":             "MIT",
		"package/LICENSE-Apache.txt":          "Apache",
		"package/README.md":                   "not copied",
	}
}

func TestReadDecoder(t *testing.T) {
	tgz, integrity := tarball(t, decoderTarball())
	files, err := readDecoder(tgz, integrity)
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(func(yield func(string) bool) {
		for k := range files {
			if !yield(k) {
				return
			}
		}
	}); !slices.Equal(got, []string{"LICENSE-Apache.txt", "LICENSE-MIT.txt", "brotli_dec_wasm.js", "brotli_dec_wasm_bg.wasm"}) {
		t.Errorf("files %q", got)
	}
	if string(files["LICENSE-MIT.txt"]) != "MIT" {
		t.Errorf("LICENSE-MIT.txt: %q", files["LICENSE-MIT.txt"])
	}

	// Another tarball under the pinned integrity: refused.
	if _, err := readDecoder(tgz, decoderIntegrity); err == nil || !strings.Contains(err.Error(), "integrity") {
		t.Errorf("wrong integrity: %v", err)
	}
	// A tarball without one of the files.
	partial := decoderTarball()
	delete(partial, "package/pkg/brotli_dec_wasm.js")
	tgz, integrity = tarball(t, partial)
	if _, err := readDecoder(tgz, integrity); err == nil || !strings.Contains(err.Error(), "brotli_dec_wasm.js") {
		t.Errorf("missing file: %v", err)
	}
	// Not a tarball at all.
	junk := filepath.Join(t.TempDir(), "junk.tgz")
	os.WriteFile(junk, []byte("not gzip"), 0o644)
	sum := sha512.Sum512([]byte("not gzip"))
	if _, err := readDecoder(junk, "sha512-"+base64.StdEncoding.EncodeToString(sum[:])); err == nil {
		t.Error("junk accepted")
	}
}

// site makes a built site: the files build.sh leaves in static/ before packing.
func testSite(t *testing.T) (string, []byte) {
	t.Helper()
	dir := t.TempDir()
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("quintet wasm body "), 5000)...)
	files := map[string][]byte{
		"main.wasm":            wasm,
		"index.html":           []byte("<!doctype html><title>Quintet</title>"),
		"sw.js":                []byte("// sw"),
		"wasmfetch.js":         []byte("// wasmfetch"),
		"wasm_exec.js":         []byte("// wasm_exec"),
		"aiworker.js":          []byte("// aiworker"),
		"manifest.webmanifest": []byte("{}"),
		"favicon.svg":          []byte("<svg/>"),
		"icons/b.png":          []byte("png b"),
		"icons/a.png":          []byte("png a"),
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

func readBuildFile(t *testing.T, dir string) buildFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		t.Fatal(err)
	}
	var bf buildFile
	if err := json.Unmarshal(b, &bf); err != nil {
		t.Fatal(err)
	}
	return bf
}

func unpack(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	} else {
		r = brotli.NewReader(f)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

func TestRunWithDecoder(t *testing.T) {
	dir, wasm := testSite(t)
	cache := t.TempDir()
	tgz, integrity := tarball(t, decoderTarball())
	files, err := readDecoder(tgz, integrity)
	if err != nil {
		t.Fatal(err)
	}
	// run checks the pinned integrity; install the test decoder the way it would.
	os.MkdirAll(decoderDir(dir), 0o755)
	for name, b := range files {
		os.WriteFile(filepath.Join(decoderDir(dir), name), b, 0o644)
	}
	s, err := pack(dir, cache, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.writeBuildJSON(); err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	if err := s.printSizes(&table); err != nil {
		t.Fatal(err)
	}
	bf := readBuildFile(t, dir)
	if len(bf.Build) != 12 || !bf.Decoder {
		t.Errorf("build %q, decoder %v", bf.Build, bf.Decoder)
	}
	for _, f := range []string{"main.wasm.br", "main.wasm.gz"} {
		if !bytes.Equal(unpack(t, filepath.Join(dir, f)), wasm) {
			t.Errorf("%s does not unpack to main.wasm", f)
		}
	}
	if got := unpack(t, filepath.Join(dir, "brotli/brotli_dec_wasm_bg.wasm.gz")); !bytes.Equal(got, files["brotli_dec_wasm_bg.wasm"]) {
		t.Error("the decoder's wasm.gz does not unpack to it")
	}
	m := bf.Wasm["main"]
	if m.Raw != int64(len(wasm)) || m.Br != s.size("main.wasm.br") || m.Gz != s.size("main.wasm.gz") || m.Br == 0 || m.Gz == 0 {
		t.Errorf("sizes %+v", m)
	}
	v := "?v=" + bf.Build
	wantPrecache := []string{"./", "wasmfetch.js" + v, "wasm_exec.js" + v, "aiworker.js" + v, "main.wasm.br" + v,
		"brotli/brotli_dec_wasm.js" + v, "brotli/brotli_dec_wasm_bg.wasm.gz" + v,
		"manifest.webmanifest", "favicon.svg", "icons/a.png", "icons/b.png"}
	if !slices.Equal(bf.Precache, wantPrecache) {
		t.Errorf("precache %q,\nwant %q", bf.Precache, wantPrecache)
	}
	for _, f := range []string{"index.html", "sw.js", "build.json", "main.wasm.gz", "brotli/LICENSE-MIT.txt"} {
		if !slices.Contains(bf.Files, f) {
			t.Errorf("files %q lack %s", bf.Files, f)
		}
	}
	if slices.Contains(bf.Files, "main.wasm") {
		t.Error("the plain main.wasm is listed as served")
	}
	for _, f := range []string{"main.wasm.br", "brotli/brotli_dec_wasm_bg.wasm.gz", "icons/b.png", "total"} {
		if !strings.Contains(table.String(), f) {
			t.Errorf("the size table lacks %s:\n%s", f, table.String())
		}
	}

	// Packing again uses the cache (the compressed files are not made again) and gives
	// the same build; a changed page is another build.
	ents, _ := os.ReadDir(cache)
	if len(ents) != 3 {
		t.Errorf("cache holds %d files, want 3 (main.wasm br and gz, the decoder's gz)", len(ents))
	}
	for _, e := range ents {
		os.WriteFile(filepath.Join(cache, e.Name()), []byte("from the cache"), 0o644)
	}
	if _, err := pack(dir, cache, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "main.wasm.br")); string(b) != "from the cache" {
		t.Error("main.wasm.br was compressed again, not taken from the cache")
	}
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>Quintet 2</title>"), 0o644)
	s2, err := pack(dir, cache, true)
	if err != nil {
		t.Fatal(err)
	}
	if s2.bf.Build == bf.Build {
		t.Error("a changed index.html kept the build id")
	}

	// A gzip-only build keeps the brotli files of its sources in the cache.
	if _, err := pack(dir, cache, false); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(wasm)
	if _, err := os.Stat(filepath.Join(cache, hex.EncodeToString(sum[:])+".br")); err != nil {
		t.Errorf("a gzip-only build dropped main.wasm's brotli file from the cache: %v", err)
	}
	s2, err = pack(dir, cache, true)
	if err != nil {
		t.Fatal(err)
	}

	// The site copy holds the listed files, nothing more.
	out := t.TempDir()
	if err := copySite(dir, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "main.wasm")); !os.IsNotExist(err) {
		t.Errorf("the site copy has the plain main.wasm: %v", err)
	}
	for _, f := range bf.Files {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
			t.Errorf("the site copy lacks %s", f)
		}
	}
}

func TestRunGzipOnly(t *testing.T) {
	dir, _ := testSite(t)
	os.WriteFile(filepath.Join(dir, "main.wasm.br"), []byte("stale"), 0o644)
	os.MkdirAll(decoderDir(dir), 0o755)
	os.WriteFile(filepath.Join(decoderDir(dir), "brotli_dec_wasm.js"), []byte("stale"), 0o644)
	if err := run(dir, t.TempDir(), "", true); err != nil {
		t.Fatal(err)
	}
	bf := readBuildFile(t, dir)
	if bf.Decoder || bf.Wasm["main"].Br != 0 {
		t.Errorf("gzip-only build: decoder %v, sizes %+v", bf.Decoder, bf.Wasm["main"])
	}
	if !slices.Contains(bf.Precache, "main.wasm.gz?v="+bf.Build) {
		t.Errorf("precache %q lacks main.wasm.gz", bf.Precache)
	}
	for _, stale := range []string{"main.wasm.br", "brotli"} {
		if _, err := os.Stat(filepath.Join(dir, stale)); !os.IsNotExist(err) {
			t.Errorf("%s left from an earlier build: %v", stale, err)
		}
	}
	if err := copySite(dir, t.TempDir()); err != nil {
		t.Error(err)
	}
}
