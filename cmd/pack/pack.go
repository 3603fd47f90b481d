package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// The site's files (paths under its folder, with "/"). The page fetches the versioned
// ones as NAME?v=BUILD, so that a page never mixes two builds whatever the caches hold.
var (
	wasmNames = []string{"main"} // NAME.wasm: the app, which is the AI's worker too
	scripts   = []string{"wasmfetch.js", "wasm_exec.js", "aiworker.js"}
	plainGlob = []string{"manifest.webmanifest", "favicon.svg", "icons/*.png"}
	// Never precached: the page itself (precached as "./"), the service worker, the
	// build.
	unlisted = []string{"index.html", "sw.js"}
)

// wasmInfo is a wasm's sizes in build.json: plain, brotli (0: not packed) and gzip.
type wasmInfo struct {
	Raw int64 `json:"raw"`
	Br  int64 `json:"br"`
	Gz  int64 `json:"gz"`
}

// buildFile is build.json.
type buildFile struct {
	Build string              `json:"build"` // a hash of every file served
	Wasm  map[string]wasmInfo `json:"wasm"`
	// Decoder tells that brotli/ holds the brotli decoder (and the wasm a .br).
	Decoder bool `json:"decoder"`
	// Precache is what the service worker keeps for offline use; Files is every file
	// the site serves (./build.sh site copies them).
	Precache []string `json:"precache"`
	Files    []string `json:"files"`
}

type site struct {
	dir   string
	cache string
	bf    buildFile
	// firstVisit are the files a first visit fetches (build.json once), in order.
	firstVisit []string
	// packed holds each compressed file's plain source, for the size table.
	packed map[string]string
}

// pack compresses the wasm (and the decoder's), and lists the site's files.
func pack(dir, cache string, withBrotli bool) (*site, error) {
	s := &site{dir: dir, cache: cache, packed: map[string]string{}, bf: buildFile{Wasm: map[string]wasmInfo{}, Decoder: withBrotli}}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, err
	}
	type job struct{ src, codec string }
	var jobs []job
	for _, n := range wasmNames {
		jobs = append(jobs, job{n + ".wasm", "gz"})
		if withBrotli {
			jobs = append(jobs, job{n + ".wasm", "br"})
		} else if err := os.Remove(filepath.Join(dir, n+".wasm.br")); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	if withBrotli {
		jobs = append(jobs, job{"brotli/brotli_dec_wasm_bg.wasm", "gz"})
	}
	for _, j := range jobs {
		s.packed[j.src+"."+j.codec] = j.src
	}
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Go(func() { errs[i] = s.compressFile(j.src, j.codec) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if err := s.pruneCache(); err != nil {
		return nil, err
	}

	var versioned, plain []string
	versioned = append(versioned, scripts...)
	for _, n := range wasmNames {
		info := wasmInfo{Raw: s.size(n + ".wasm"), Gz: s.size(n + ".wasm.gz")}
		if withBrotli {
			info.Br = s.size(n + ".wasm.br")
			versioned = append(versioned, n+".wasm.br")
		} else {
			versioned = append(versioned, n+".wasm.gz")
		}
		s.bf.Wasm[n] = info
	}
	if withBrotli {
		versioned = append(versioned, "brotli/brotli_dec_wasm.js", "brotli/brotli_dec_wasm_bg.wasm.gz")
	}
	for _, g := range plainGlob {
		m, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(g)))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no %s", dir, g)
		}
		sort.Strings(m)
		for _, p := range m {
			rel, _ := filepath.Rel(dir, p)
			plain = append(plain, filepath.ToSlash(rel))
		}
	}

	files := slices.Concat(unlisted, versioned, plain)
	for _, n := range wasmNames {
		if withBrotli {
			files = append(files, n+".wasm.gz") // the fallback, fetched when needed
		}
	}
	if withBrotli {
		files = append(files, "brotli/LICENSE-MIT.txt", "brotli/LICENSE-Apache.txt")
	}
	id, err := s.hash(files)
	if err != nil {
		return nil, err
	}
	s.bf.Build = id
	s.bf.Precache = []string{"./"}
	for _, f := range versioned {
		s.bf.Precache = append(s.bf.Precache, f+"?v="+id)
	}
	s.bf.Precache = append(s.bf.Precache, plain...)
	s.bf.Files = append(files, "build.json")
	s.firstVisit = slices.Concat([]string{"index.html", "build.json", "sw.js"}, versioned, plain)
	return s, nil
}

// compressFile writes dir/src.codec ("br": brotli quality 11, the largest window; "gz":
// gzip at its best), or copies it from the cache when src was compressed before.
func (s *site) compressFile(src, codec string) error {
	in, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(src)))
	if err != nil {
		return err
	}
	sum := sha256.Sum256(in)
	cached := filepath.Join(s.cache, hex.EncodeToString(sum[:])+"."+codec)
	out := filepath.Join(s.dir, filepath.FromSlash(src)+"."+codec)
	if b, err := os.ReadFile(cached); err == nil {
		return os.WriteFile(out, b, 0o644)
	}
	b, err := compress(in, codec)
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	if err := os.WriteFile(cached+".tmp", b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(cached+".tmp", cached); err != nil {
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

// pruneCache drops cached files made from other sources (older builds'); those of this
// build's sources stay, whatever the codec (a gzip-only build keeps the brotli files).
func (s *site) pruneCache() error {
	keep := map[string]bool{}
	for _, src := range s.packed {
		in, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(src)))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(in)
		keep[hex.EncodeToString(sum[:])] = true
	}
	ents, err := os.ReadDir(s.cache)
	if err != nil {
		return err
	}
	for _, e := range ents {
		hash, _, _ := strings.Cut(e.Name(), ".")
		if !keep[hash] {
			if err := os.Remove(filepath.Join(s.cache, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

func compress(in []byte, codec string) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch codec {
	case "br":
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	case "gz":
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return nil, err
		}
		w = zw
	default:
		return nil, fmt.Errorf("unknown codec %q", codec)
	}
	if _, err := w.Write(in); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *site) size(name string) int64 {
	fi, err := os.Stat(filepath.Join(s.dir, filepath.FromSlash(name)))
	if err != nil {
		return 0
	}
	return fi.Size()
}

// hash is the build's id: the first 12 hex digits of a SHA-256 over the files' names and
// contents.
func (s *site) hash(files []string) (string, error) {
	h := sha256.New()
	for _, f := range slices.Sorted(slices.Values(files)) {
		b, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(h, "%s %x\n", f, sum)
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

func (s *site) writeBuildJSON() error {
	b, err := json.MarshalIndent(s.bf, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(s.dir, "build.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("%s/build.json: build %s\n", s.dir, s.bf.Build)
	return nil
}

// printSizes writes each file a first visit fetches with its plain, gzip -9 and brotli
// -q 11 sizes and the bytes it costs on the wire from a host like GitHub Pages, which
// sends text gzip-compressed (as internal/webserve does) and every other file as it is
// (the .br and .gz files are unpacked in the page), and the total.
func (s *site) printSizes(w io.Writer) error {
	fmt.Fprintf(w, "%-36s %10s %10s %10s %10s\n", "first visit", "raw", "gzip", "brotli", "on wire")
	var total int64
	for _, f := range s.firstVisit {
		var raw, gz, br, wire int64
		if src, ok := s.packed[f]; ok {
			raw = s.size(src)
			wire = s.size(f)
			gz = s.size(src + ".gz")
			br = s.size(src + ".br")
			if br == 0 && raw < 1<<20 { // not packed; a big wasm would take a minute
				b, err := s.compressed(src, "br")
				if err != nil {
					return err
				}
				br = int64(len(b))
			}
		} else {
			raw = s.size(f)
			wire = raw
			for _, c := range []struct {
				codec string
				n     *int64
			}{{"gz", &gz}, {"br", &br}} {
				b, err := s.compressed(f, c.codec)
				if err != nil {
					return err
				}
				*c.n = int64(len(b))
			}
		}
		if textFile(f) {
			wire = gz
		}
		total += wire
		brs := "-"
		if br > 0 {
			brs = fmt.Sprint(br)
		}
		fmt.Fprintf(w, "%-36s %10d %10d %10s %10d\n", f, raw, gz, brs, wire)
	}
	fmt.Fprintf(w, "%-36s %43d\n", "total (budget 2500000)", total)
	if !s.bf.Decoder {
		fmt.Fprintln(w, "(gzip only: built without the brotli decoder, so no main.wasm.br)")
	}
	return nil
}

// compressed compresses a small file for the size table (not kept).
func (s *site) compressed(name, codec string) ([]byte, error) {
	in, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(name)))
	if err != nil {
		return nil, err
	}
	return compress(in, codec)
}

// textFile tells whether a static host sends f gzip-compressed (GitHub Pages does for text).
func textFile(f string) bool {
	switch filepath.Ext(f) {
	case ".html", ".js", ".json", ".svg", ".webmanifest", ".css", ".txt":
		return true
	}
	return false
}
