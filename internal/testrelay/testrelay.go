// Package testrelay starts a real MQTT broker (Debian's mosquitto) with a WebSocket
// listener on 127.0.0.1 for tests of signaling: the same software public relays run,
// not a stand-in. Tests skip nothing: without mosquitto they fail and say how to get it.
package testrelay

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Start runs mosquitto for the test's lifetime and returns its WebSocket URL.
func Start(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		t.Fatal("mosquitto is needed for the signaling tests: apt-get install -y mosquitto")
	}
	dir := t.TempDir()
	ws, tcp := freePort(t), freePort(t)
	// mosquitto 2.0.11 refuses to start with only a WebSocket listener (fixed in 2.0.12),
	// hence the plain one beside it.
	conf := fmt.Sprintf("listener %d 127.0.0.1\nlistener %d 127.0.0.1\nprotocol websockets\nallow_anonymous true\npersistence false\n", tcp, ws)
	path := filepath.Join(dir, "mosquitto.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-c", path)
	log, _ := os.Create(filepath.Join(dir, "mosquitto.log"))
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", ws))
		if err == nil {
			c.Close()
			break
		}
		if i == 100 {
			b, _ := os.ReadFile(filepath.Join(dir, "mosquitto.log"))
			t.Fatalf("mosquitto did not start: %s", b)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Sprintf("ws://127.0.0.1:%d", ws)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
