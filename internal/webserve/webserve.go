// Package webserve serves the built static site: the dev server (cmd/serve) and the browser
// tests use the same handler, so what the tests load is what a person sees.
package webserve

import (
	"compress/gzip"
	"mime"
	"net/http"
	"path"
	"strings"
)

func init() {
	// Browsers refuse WebAssembly.instantiateStreaming for any other type. Go's table
	// knows it, but the system's mime.types may not agree; make sure.
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	_ = mime.AddExtensionType(".svg", "image/svg+xml")
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// compressed are the files sent gzip-compressed to a browser that accepts it, as GitHub
// Pages sends them (text; the wasm is compressed already, main.wasm.br and .gz).
var compressed = map[string]bool{".html": true, ".js": true, ".json": true, ".svg": true, ".webmanifest": true,
	".css": true, ".txt": true}

// Handler serves the files under dir. Nothing is cached by the browser, so a rebuild shows
// at the next reload.
func Handler(dir string) http.Handler {
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		ext := path.Ext(r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			ext = ".html"
		}
		if compressed[ext] && r.Header.Get("Range") == "" && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Add("Vary", "Accept-Encoding")
			gw := &gzipWriter{ResponseWriter: w}
			defer gw.close()
			w = gw
		}
		fs.ServeHTTP(w, r)
	})
}

// gzipWriter compresses a response's body once its status says it has one.
type gzipWriter struct {
	http.ResponseWriter
	zw     *gzip.Writer
	header bool
}

func (g *gzipWriter) WriteHeader(code int) {
	if !g.header {
		g.header = true
		if code == http.StatusOK {
			g.Header().Del("Content-Length")
			g.Header().Set("Content-Encoding", "gzip")
			g.zw = gzip.NewWriter(g.ResponseWriter)
		}
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if !g.header {
		g.WriteHeader(http.StatusOK)
	}
	if g.zw == nil {
		return g.ResponseWriter.Write(b)
	}
	return g.zw.Write(b)
}

func (g *gzipWriter) close() {
	if g.zw != nil {
		g.zw.Close()
	}
}
