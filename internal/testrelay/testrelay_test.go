package testrelay

import (
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestStartOnATakenPort: when another process holds the port picked for mosquitto's
// WebSocket listener, Start runs mosquitto again on other ports, and the URL it returns
// is mosquitto's (it answers a WebSocket upgrade), not the other listener's.
func TestStartOnATakenPort(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port
	first := true
	pickPort = func(t testing.TB) int {
		if first {
			first = false
			return port
		}
		return freePort(t)
	}
	defer func() { pickPort = freePort }()
	url := Start(t)
	if strings.HasSuffix(url, ":"+strconv.Itoa(port)) {
		t.Fatalf("Start returned the taken port: %s", url)
	}
	c, err := net.Dial("tcp", strings.TrimPrefix(url, "ws://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET /mqtt HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n"
	if _, err := c.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 512)
	n, _ := c.Read(buf)
	if got := string(buf[:n]); !strings.HasPrefix(got, "HTTP/1.1 101") {
		t.Fatalf("%s answered the upgrade with %q", url, got)
	}
}
