package webserve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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
