package p2p

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"
)

// Signal is an offer or answer cut to what a data channel needs: ICE credentials, the
// DTLS fingerprint and role, and the candidates. A link or a pasted code carries it as
// Code(): a few bytes of binary, deflated, base64url (about 100 characters with one
// candidate). SDP rebuilds a description both pion and browsers accept.
type Signal struct {
	Answer      bool
	Ufrag, Pwd  string
	Fingerprint [32]byte // SHA-256 of the DTLS certificate
	Setup       string   // "actpass", "active" or "passive"
	Candidates  []Candidate
}

// Candidate is one UDP ICE candidate. Addr is an IP, or Host a name (an mDNS ".local").
type Candidate struct {
	Type string // host, srflx, prflx, relay
	Addr netip.Addr
	Host string
	Port uint16
}

// Limits of a signal: codes longer than MaxSignalCode, or inflating to more than
// maxSignalBytes, are refused before they are read.
const (
	MaxSignalCode  = 2048
	maxSignalBytes = 1024
	maxCandidates  = 16
	signalVersion  = 1
)

var (
	setups    = []string{"actpass", "active", "passive"}
	candTypes = []string{"host", "srflx", "prflx", "relay"}
)

// ParseSDP takes the fields a Signal keeps from a full session description. TCP
// candidates are left out: a data channel needs one working UDP path.
func ParseSDP(sdp string, answer bool) (*Signal, error) {
	s := &Signal{Answer: answer}
	fp := false
	for _, line := range strings.Split(sdp, "\n") {
		line = strings.TrimSpace(line)
		k, v, ok := strings.Cut(line, ":")
		if !ok || !strings.HasPrefix(k, "a=") {
			continue
		}
		switch k[2:] {
		case "ice-ufrag":
			s.Ufrag = v
		case "ice-pwd":
			s.Pwd = v
		case "setup":
			s.Setup = v
		case "fingerprint":
			alg, hexfp, _ := strings.Cut(v, " ")
			if !strings.EqualFold(alg, "sha-256") {
				continue
			}
			b, err := hex.DecodeString(strings.ReplaceAll(hexfp, ":", ""))
			if err != nil || len(b) != 32 {
				return nil, fmt.Errorf("sdp: bad fingerprint %q", v)
			}
			copy(s.Fingerprint[:], b)
			fp = true
		case "candidate":
			c, ok, err := parseCandidate(v)
			if err != nil {
				return nil, err
			}
			if ok && len(s.Candidates) < maxCandidates {
				s.Candidates = append(s.Candidates, c)
			}
		}
	}
	if s.Ufrag == "" || s.Pwd == "" || !fp || s.Setup == "" {
		return nil, fmt.Errorf("sdp: ufrag, pwd, sha-256 fingerprint or setup missing")
	}
	return s, s.check()
}

// parseCandidate reads "foundation component transport priority addr port typ type ...".
func parseCandidate(v string) (Candidate, bool, error) {
	f := strings.Fields(v)
	if len(f) < 8 || f[6] != "typ" {
		return Candidate{}, false, fmt.Errorf("sdp: bad candidate %q", v)
	}
	if !strings.EqualFold(f[2], "udp") || f[1] != "1" {
		return Candidate{}, false, nil
	}
	port, err := strconv.ParseUint(f[5], 10, 16)
	if err != nil {
		return Candidate{}, false, fmt.Errorf("sdp: bad candidate port %q", f[5])
	}
	c := Candidate{Type: f[7], Port: uint16(port)}
	if a, err := netip.ParseAddr(f[4]); err == nil {
		c.Addr = a.Unmap()
	} else {
		c.Host = f[4]
	}
	return c, true, nil
}

func (s *Signal) check() error {
	if len(s.Ufrag) < 4 || len(s.Ufrag) > 255 || len(s.Pwd) < 22 || len(s.Pwd) > 255 {
		return fmt.Errorf("signal: ICE credentials of a wrong length")
	}
	for _, t := range s.Ufrag + s.Pwd {
		if !(t >= 'a' && t <= 'z' || t >= 'A' && t <= 'Z' || t >= '0' && t <= '9' || t == '+' || t == '/') {
			return fmt.Errorf("signal: ICE credentials with a character ICE does not allow")
		}
	}
	if index(setups, s.Setup) < 0 {
		return fmt.Errorf("signal: unknown DTLS setup %q", s.Setup)
	}
	if len(s.Candidates) == 0 || len(s.Candidates) > maxCandidates {
		return fmt.Errorf("signal: %d candidates (1 to %d)", len(s.Candidates), maxCandidates)
	}
	for _, c := range s.Candidates {
		if index(candTypes, c.Type) < 0 {
			return fmt.Errorf("signal: unknown candidate type %q", c.Type)
		}
		if c.Addr.IsValid() == (c.Host != "") || len(c.Host) > 253 || strings.ContainsAny(c.Host, " \r\n") || c.Port == 0 {
			return fmt.Errorf("signal: bad candidate address")
		}
	}
	return nil
}

func index(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// SDP rebuilds a description with one data channel section.
func (s *Signal) SDP() string {
	var b strings.Builder
	b.WriteString("v=0\r\no=- 1 2 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n")
	b.WriteString("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\n")
	fmt.Fprintf(&b, "a=ice-ufrag:%s\r\na=ice-pwd:%s\r\na=fingerprint:sha-256 ", s.Ufrag, s.Pwd)
	for i, x := range s.Fingerprint {
		if i > 0 {
			b.WriteByte(':')
		}
		fmt.Fprintf(&b, "%02X", x)
	}
	fmt.Fprintf(&b, "\r\na=setup:%s\r\na=sctp-port:5000\r\na=max-message-size:%d\r\n", s.Setup, 65536)
	for i, c := range s.Candidates {
		typePref := map[string]int{"host": 126, "prflx": 110, "srflx": 100, "relay": 0}[c.Type]
		prio := typePref<<24 | (65535-i)<<8 | 255
		addr := c.Host
		if c.Addr.IsValid() {
			addr = c.Addr.String()
		}
		fmt.Fprintf(&b, "a=candidate:%d 1 udp %d %s %d typ %s", i+1, prio, addr, c.Port, c.Type)
		if c.Type != "host" {
			b.WriteString(" raddr 0.0.0.0 rport 0")
		}
		b.WriteString("\r\n")
	}
	b.WriteString("a=end-of-candidates\r\n")
	return b.String()
}

// Code packs the signal for a link or a pasted code.
func (s *Signal) Code() (string, error) {
	if err := s.check(); err != nil {
		return "", err
	}
	var w writer
	w.b = append(w.b, signalVersion, boolByte(s.Answer), byte(index(setups, s.Setup)))
	w.str(s.Ufrag)
	w.str(s.Pwd)
	w.b = append(w.b, s.Fingerprint[:]...)
	w.b = append(w.b, byte(len(s.Candidates)))
	for _, c := range s.Candidates {
		kind := byte(index(candTypes, c.Type)) << 4
		switch {
		case c.Addr.Is4():
			a := c.Addr.As4()
			w.b = append(append(w.b, kind|4), a[:]...)
		case c.Addr.IsValid():
			a := c.Addr.As16()
			w.b = append(append(w.b, kind|6), a[:]...)
		default:
			w.b = append(w.b, kind|1)
			w.str(c.Host)
		}
		w.b = append(w.b, byte(c.Port>>8), byte(c.Port))
	}
	var z bytes.Buffer
	fw, _ := flate.NewWriter(&z, flate.BestCompression)
	fw.Write(w.b)
	fw.Close()
	return base64.RawURLEncoding.EncodeToString(z.Bytes()), nil
}

// DecodeSignal reads a code made by Code. It refuses oversized or malformed input with an
// error saying what is wrong, and never panics.
func DecodeSignal(code string) (*Signal, error) {
	code = strings.TrimSpace(code)
	if len(code) > MaxSignalCode {
		return nil, fmt.Errorf("code: %d characters, more than %d", len(code), MaxSignalCode)
	}
	z, err := base64.RawURLEncoding.DecodeString(code)
	if err != nil {
		return nil, fmt.Errorf("code: not base64url: %v", err)
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxSignalBytes+1))
	if err != nil {
		return nil, fmt.Errorf("code: damaged: %v", err)
	}
	if len(raw) > maxSignalBytes {
		return nil, fmt.Errorf("code: unpacks to more than %d bytes", maxSignalBytes)
	}
	r := reader{b: raw}
	if r.byte1("code") != signalVersion {
		return nil, fmt.Errorf("code: not a version %d connection code", signalVersion)
	}
	s := &Signal{Answer: r.bool1("code kind")}
	if i := int(r.byte1("setup")); i < len(setups) {
		s.Setup = setups[i]
	}
	s.Ufrag = r.str("ufrag", 255)
	s.Pwd = r.str("pwd", 255)
	r.fixed("fingerprint", s.Fingerprint[:])
	n := int(r.byte1("candidates"))
	for i := 0; i < n && i < maxCandidates && r.err == nil; i++ {
		var c Candidate
		kind := r.byte1("candidate")
		if t := int(kind >> 4); t < len(candTypes) {
			c.Type = candTypes[t]
		}
		switch kind & 15 {
		case 4:
			var a [4]byte
			r.fixed("candidate", a[:])
			c.Addr = netip.AddrFrom4(a)
		case 6:
			var a [16]byte
			r.fixed("candidate", a[:])
			c.Addr = netip.AddrFrom16(a)
		case 1:
			c.Host = r.str("candidate host", 253)
		default:
			r.fail("candidate", "unknown address kind")
		}
		var p [2]byte
		r.fixed("candidate port", p[:])
		c.Port = uint16(p[0])<<8 | uint16(p[1])
		s.Candidates = append(s.Candidates, c)
	}
	if r.err == nil && r.i != len(raw) {
		r.fail("code", "bytes left over")
	}
	if r.err != nil {
		return nil, fmt.Errorf("code: %v", r.err)
	}
	return s, s.check()
}
