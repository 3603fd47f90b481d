package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// The brotli decoder the page runs to unpack main.wasm.br: browsers' DecompressionStream
// has no brotli yet. It is the npm package brotli-dec-wasm (the Rust brotli-decompressor
// crate built as WebAssembly; MIT OR Apache-2.0), fetched by ./build.sh with npm pack at
// this version and checked against this integrity (the registry's sha512 of the tarball).
// It is never committed: ./build.sh puts it in static/brotli/, which git ignores.
const (
	decoderPackage   = "brotli-dec-wasm"
	decoderVersion   = "2.3.2"
	decoderIntegrity = "sha512-5H+k8eVLIJY6B4olN2HP9QzJAxcplf0jV7mWnkpxvOSeUE9Npg3dQ2pgLn30a9MUFHNro1iSmtdu6VNdlb+TIw=="
)

// decoderFiles are the tarball's files the site serves, and their names in brotli/.
var decoderFiles = map[string]string{
	"package/pkg/brotli_dec_wasm.js":      "brotli_dec_wasm.js",
	"package/pkg/brotli_dec_wasm_bg.wasm": "brotli_dec_wasm_bg.wasm",
	"package/LICENSE-MIT.txt":             "LICENSE-MIT.txt",
	"package/LICENSE-Apache.txt":          "LICENSE-Apache.txt",
}

// maxTarball bounds what is read from the tarball (it is about 110 KB).
const maxTarball = 8 << 20

func decoderDir(site string) string { return filepath.Join(site, "brotli") }

// installDecoder checks the tarball against decoderIntegrity and writes decoderFiles
// into the site's brotli/ folder.
func installDecoder(tgz, site string) error {
	files, err := readDecoder(tgz, decoderIntegrity)
	if err != nil {
		return err
	}
	dst := decoderDir(site)
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readDecoder returns decoderFiles' contents from the tarball, which must have the
// integrity given (an npm "sha512-<base64>" string).
func readDecoder(tgz, integrity string) (map[string][]byte, error) {
	f, err := os.Open(tgz)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxTarball+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > maxTarball {
		return nil, fmt.Errorf("%s: larger than %d bytes", tgz, maxTarball)
	}
	sum := sha512.Sum512(raw)
	if got := "sha512-" + base64.StdEncoding.EncodeToString(sum[:]); got != integrity {
		return nil, fmt.Errorf("%s: integrity %s, want %s (%s@%s)", tgz, got, integrity, decoderPackage, decoderVersion)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tgz, err)
	}
	out := map[string][]byte{}
	tr := tar.NewReader(io.LimitReader(zr, 4*maxTarball))
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", tgz, err)
		}
		name, ok := decoderFiles[h.Name]
		if !ok || h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", tgz, h.Name, err)
		}
		out[name] = b
	}
	for path, name := range decoderFiles {
		if _, ok := out[name]; !ok {
			return nil, fmt.Errorf("%s: no %s", tgz, path)
		}
	}
	return out, nil
}
