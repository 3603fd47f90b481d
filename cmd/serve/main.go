// Command serve serves the built site (static/) for local play: ./build.sh serve.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"github.com/quintet-chess/quintet/internal/webserve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "static", "directory to serve")
	flag.Parse()

	if _, err := os.Stat(filepath.Join(*dir, "main.wasm")); err != nil {
		log.Fatalf("serve: %v (run ./build.sh build first)", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("serve: %v", err)
	}
	fmt.Printf("serving %s on http://%s/ (Ctrl-C to stop)\n", *dir, ln.Addr())
	log.Fatal(http.Serve(ln, webserve.Handler(*dir)))
}
