// Command pack makes, from the built site in a folder (static/), what the page fetches:
// the wasm compressed (NAME.wasm.br, brotli quality 11, and NAME.wasm.gz, gzip), the
// brotli decoder the page needs to unpack .br files (taken from the npm package's tarball
// after checking its integrity), and build.json, which names the build and lists the files
// the service worker keeps for offline use. It prints every file's plain, gzip and brotli
// size and what a first visit transfers. ./build.sh runs it after compiling:
//
//	pack -dir static -cache bin/packcache [-decoder brotli-dec-wasm-2.3.2.tgz]
//
// Without -decoder the site is packed with gzip only (no .br: a browser could not unpack
// it), which works everywhere but transfers about 1 MB more. Two more uses:
//
//	pack -decoder-spec           prints the decoder's npm package@version, for npm pack
//	pack -dir static -site OUT   copies the files build.json lists into OUT (a static host)
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", "static", "the site's folder")
	cache := flag.String("cache", "bin/pack", "folder keeping compressed files between runs (brotli -q 11 takes a minute)")
	decoder := flag.String("decoder", "", "the npm tarball of "+decoderPackage+" (npm pack "+decoderPackage+"@"+decoderVersion+"); empty: gzip only")
	brotli := flag.Bool("brotli", true, "compress the wasm with brotli too (needs -decoder)")
	spec := flag.Bool("decoder-spec", false, "print the decoder's npm package@version and exit")
	out := flag.String("site", "", "copy the packed site into this folder (nothing is packed)")
	flag.Parse()
	var err error
	switch {
	case *spec:
		fmt.Println(decoderPackage + "@" + decoderVersion)
	case *out != "":
		err = copySite(*dir, *out)
	default:
		err = run(*dir, *cache, *decoder, *brotli)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(1)
	}
}

func run(dir, cache, decoder string, withBrotli bool) error {
	if decoder != "" {
		if err := installDecoder(decoder, dir); err != nil {
			return err
		}
	} else {
		// A decoder left from an earlier build would be served with files it was not
		// checked against.
		if err := os.RemoveAll(decoderDir(dir)); err != nil {
			return err
		}
		if withBrotli {
			fmt.Println("pack: no brotli decoder (npm is needed to fetch it): the site is packed with gzip only")
		}
		withBrotli = false
	}
	s, err := pack(dir, cache, withBrotli)
	if err != nil {
		return err
	}
	if err := s.writeBuildJSON(); err != nil {
		return err
	}
	return s.printSizes(os.Stdout)
}

// copySite copies the files of the build in dir (build.json's list) into out.
func copySite(dir, out string) error {
	b, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		return fmt.Errorf("%w (build first)", err)
	}
	var bf buildFile
	if err := json.Unmarshal(b, &bf); err != nil {
		return fmt.Errorf("build.json: %w", err)
	}
	if len(bf.Files) == 0 {
		return fmt.Errorf("%s/build.json lists no files", dir)
	}
	for _, f := range bf.Files {
		if !filepath.IsLocal(filepath.FromSlash(f)) {
			return fmt.Errorf("build.json: %q is outside the site", f)
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		dst := filepath.Join(out, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("pack: build %s, %d files copied to %s\n", bf.Build, len(bf.Files), out)
	return nil
}
