// Package webserve serves the built static site: the dev server (cmd/serve) and the browser
// tests use the same handler, so what the tests load is what a person sees.
package webserve

import (
	"mime"
	"net/http"
	"strings"
)

func init() {
	// Browsers refuse WebAssembly.instantiateStreaming for any other type. Go's table
	// knows it, but the system's mime.types may not agree; make sure.
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	_ = mime.AddExtensionType(".svg", "image/svg+xml")
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// Handler serves the files under dir. Nothing is cached by the browser, so a rebuild shows
// at the next reload.
func Handler(dir string) http.Handler {
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		fs.ServeHTTP(w, r)
	})
}
