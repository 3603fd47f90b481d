package webserve

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":  "<!doctype html><title>x</title>",
		"main.wasm":   "\x00asm\x01\x00\x00\x00",
		"favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	for _, c := range []struct{ path, ctype, body string }{
		{"/", "text/html; charset=utf-8", files["index.html"]},
		{"/main.wasm", "application/wasm", files["main.wasm"]},
		{"/favicon.svg", "image/svg+xml", files["favicon.svg"]},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: status %d", c.path, resp.StatusCode)
		}
		if got := resp.Header.Get("Content-Type"); got != c.ctype {
			t.Errorf("%s: Content-Type %q, want %q", c.path, got, c.ctype)
		}
		if string(body) != c.body {
			t.Errorf("%s: body %q, want %q", c.path, body, c.body)
		}
	}
	resp, err := http.Get(srv.URL + "/nosuch.js")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("missing file: status %d, want 404", resp.StatusCode)
	}
}

// TestHandlerGzip: text goes gzip-compressed to a browser that accepts it, as GitHub
// Pages sends it; the wasm, already compressed, and a request without gzip go as they are.
func TestHandlerGzip(t *testing.T) {
	dir := t.TempDir()
	page := "<!doctype html><title>x</title>" + string(make([]byte, 4000))
	for name, body := range map[string]string{"index.html": page, "main.wasm.gz": "\x1f\x8b not really"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	get := func(path, accept string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		resp, err := http.DefaultTransport.RoundTrip(req) // (no transparent decoding)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	resp, b := get("/", "gzip, deflate, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || len(b) >= len(page) {
		t.Fatalf("index.html: Content-Encoding %q, %d bytes for %d", resp.Header.Get("Content-Encoding"), len(b), len(page))
	}
	zr, err := gzip.NewReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != page {
		t.Errorf("index.html unpacks to %d bytes, not the page", len(plain))
	}
	if resp, b := get("/", ""); resp.Header.Get("Content-Encoding") != "" || string(b) != page {
		t.Errorf("without gzip: Content-Encoding %q, %d bytes", resp.Header.Get("Content-Encoding"), len(b))
	}
	if resp, b := get("/main.wasm.gz", "gzip"); resp.Header.Get("Content-Encoding") != "" || string(b) != "\x1f\x8b not really" {
		t.Errorf("main.wasm.gz: Content-Encoding %q, %q", resp.Header.Get("Content-Encoding"), b)
	}
	if resp, _ := get("/nosuch.js", "gzip"); resp.StatusCode != 404 || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("a missing file: %d, Content-Encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
}
