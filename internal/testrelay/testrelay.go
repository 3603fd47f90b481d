// Package testrelay starts a real MQTT broker (Debian's mosquitto) with a WebSocket
// listener on 127.0.0.1 for tests of signaling: the same software public relays run,
// not a stand-in. Tests skip nothing: without mosquitto they fail and say how to get it.
package testrelay

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	// The ports are picked free and then given to mosquitto: another process may bind
	// one in between, and then mosquitto stops ("Unable to create websockets listener")
	// while a check that only dials the port would find the other process's listener.
	// So it counts as started only when it says it runs, and is started again on new
	// ports if it stops first.
	var why string
	for attempt := 0; attempt < 5; attempt++ {
		url, log, err := start(t, bin)
		if err == nil {
			return url
		}
		why = fmt.Sprintf("%v\n%s", err, log)
		t.Logf("mosquitto, attempt %d: %s", attempt+1, why)
	}
	t.Fatalf("mosquitto did not start: %s", why)
	return ""
}

// start runs mosquitto on two free ports and waits until it logs that it runs. It
// returns the WebSocket URL, or the error and the log when mosquitto stopped first or
// did not run within a ceiling.
func start(t testing.TB, bin string) (url, log string, err error) {
	dir := t.TempDir()
	ws, tcp := pickPort(t), pickPort(t)
	// mosquitto 2.0.11 refuses to start with only a WebSocket listener (fixed in 2.0.12),
	// hence the plain one beside it.
	conf := fmt.Sprintf("listener %d 127.0.0.1\nlistener %d 127.0.0.1\nprotocol websockets\nallow_anonymous true\npersistence false\n", tcp, ws)
	path := filepath.Join(dir, "mosquitto.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "mosquitto.log")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(bin, "-c", path)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
	}
	readLog := func() string { b, _ := os.ReadFile(logPath); return string(b) }
	ceiling := time.After(20 * time.Second)
	for {
		select {
		case err := <-exited:
			return "", readLog(), fmt.Errorf("it stopped (%v)", err)
		case <-ceiling:
			stop()
			return "", readLog(), errors.New("it did not run within 20 s")
		case <-time.After(20 * time.Millisecond):
		}
		// mosquitto logs "running" once every listener is open.
		if strings.Contains(readLog(), " running") {
			break
		}
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			// On one line: the excerpt a CI report shows of a failed test is its last
			// lines, and the test's own failure must stay among them.
			t.Logf("mosquitto's log: %s", strings.ReplaceAll(strings.TrimSpace(readLog()), "\n", " | "))
		}
	})
	return fmt.Sprintf("ws://127.0.0.1:%d", ws), "", nil
}

// pickPort is freePort, or a stand-in in this package's test.
var pickPort = freePort

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
