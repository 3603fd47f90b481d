package p2p

import (
	"net/netip"
	"reflect"
	"strings"
	"testing"
)

// A description as a browser writes it (trimmed from a real Chromium offer).
const chromeOffer = `v=0
o=- 4611731400430051336 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1467250027 1 udp 2122260223 192.0.2.2 46243 typ host generation 0 network-id 1
a=candidate:1467250027 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0 network-id 1
a=candidate:842163049 1 udp 1686052607 203.0.113.7 46243 typ srflx raddr 192.0.2.2 rport 46243 generation 0
a=ice-ufrag:e3Rz
a=ice-pwd:YbX6ByBv0b9hGmZ0bJ1dIvR0
a=ice-options:trickle
a=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
`

func TestSignalFromBrowserSDP(t *testing.T) {
	s, err := ParseSDP(chromeOffer, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{
		{Type: "host", Addr: netip.MustParseAddr("192.0.2.2"), Port: 46243},
		{Type: "srflx", Addr: netip.MustParseAddr("203.0.113.7"), Port: 46243},
	}
	if !reflect.DeepEqual(s.Candidates, want) || s.Ufrag != "e3Rz" || s.Setup != "actpass" || s.Fingerprint[0] != 0x7B {
		t.Fatalf("parsed %+v", s)
	}
	code, err := s.Code()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeSignal(code)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Fatalf("round trip\n got %+v\nwant %+v", back, s)
	}
	// The rebuilt description reads back to the same signal.
	again, err := ParseSDP(back.SDP(), false)
	if err != nil || !reflect.DeepEqual(again, s) {
		t.Fatalf("SDP round trip: %v\n%+v", err, again)
	}
	t.Logf("full SDP %d bytes; code %d characters", len(chromeOffer), len(code))
}

func TestSignalRefuses(t *testing.T) {
	s, _ := ParseSDP(chromeOffer, false)
	good, _ := s.Code()
	bad := map[string]string{
		"empty":       "",
		"not base64":  "!!!",
		"too long":    strings.Repeat("A", MaxSignalCode+1),
		"not deflate": "AAAA",
		"cut short":   good[:len(good)/2],
	}
	for name, c := range bad {
		if _, err := DecodeSignal(c); err == nil {
			t.Errorf("%s: accepted", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
	if _, err := ParseSDP("v=0\r\n", false); err == nil {
		t.Error("an SDP without credentials was accepted")
	}
}

func FuzzDecodeSignal(f *testing.F) {
	s, _ := ParseSDP(chromeOffer, false)
	good, _ := s.Code()
	f.Add(good)
	s.Answer, s.Setup = true, "active"
	s.Candidates = []Candidate{{Type: "host", Host: "a1b2c3.local", Port: 5000}, {Type: "relay", Addr: netip.MustParseAddr("2001:db8::1"), Port: 3478}}
	other, _ := s.Code()
	f.Add(other)
	f.Fuzz(func(t *testing.T, code string) {
		s, err := DecodeSignal(code)
		if err != nil {
			return
		}
		// Whatever decodes is well formed: it encodes again, and its SDP parses back.
		again, err := s.Code()
		if err != nil {
			t.Fatalf("decoded %+v but cannot encode it: %v", s, err)
		}
		if back, err := DecodeSignal(again); err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("re-encoding changed it: %v", err)
		}
		if _, err := ParseSDP(s.SDP(), s.Answer); err != nil {
			t.Fatalf("its SDP does not parse: %v\n%s", err, s.SDP())
		}
	})
}
