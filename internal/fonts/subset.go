package fonts

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// Subset returns a TrueType font (glyf outlines) holding only the glyphs of the runes
// keep accepts (and the glyphs those are built from), with the same glyph numbers, no
// hinting (the page draws unhinted: its fpgm, prep and cvt tables and every glyph's
// instructions go) and no glyph names (post version 3). A rune not kept maps to glyph
// 0, .notdef, as a rune the font never had.
func Subset(ttf []byte, keep func(rune) bool) ([]byte, error) {
	tables, err := readTables(ttf)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "maxp", "cmap", "loca", "glyf", "hmtx", "hhea", "post"} {
		if tables[tag] == nil {
			return nil, fmt.Errorf("fonts: no %s table", tag)
		}
	}
	head, maxp := tables["head"], tables["maxp"]
	if len(head) < 54 || len(maxp) < 6 {
		return nil, errors.New("fonts: short head or maxp table")
	}
	numGlyphs := int(binary.BigEndian.Uint16(maxp[4:]))
	long := binary.BigEndian.Uint16(head[50:]) == 1
	glyphs, err := readGlyphs(tables["loca"], tables["glyf"], numGlyphs, long)
	if err != nil {
		return nil, err
	}
	runes, err := readCmap(tables["cmap"])
	if err != nil {
		return nil, err
	}

	// The glyphs kept: .notdef, those of the runes kept, and their components.
	kept := map[rune]uint16{}
	used := make([]bool, numGlyphs)
	used[0] = true
	var queue []uint16
	for r, g := range runes {
		if keep(r) && int(g) < numGlyphs {
			kept[r] = g
			queue = append(queue, g)
		}
	}
	for len(queue) > 0 {
		g := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if used[g] && g != 0 {
			continue
		}
		used[g] = true
		comps, err := components(glyphs[g])
		if err != nil {
			return nil, fmt.Errorf("fonts: glyph %d: %v", g, err)
		}
		for _, c := range comps {
			if int(c) >= numGlyphs {
				return nil, fmt.Errorf("fonts: glyph %d uses glyph %d of %d", g, c, numGlyphs)
			}
			if !used[c] {
				queue = append(queue, c)
			}
		}
	}

	// glyf and loca (long offsets: simplest, and the size hardly differs once compressed).
	var glyf []byte
	loca := make([]byte, 0, 4*(numGlyphs+1))
	for g := 0; g < numGlyphs; g++ {
		loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
		if !used[g] {
			continue
		}
		b, err := unhinted(glyphs[g])
		if err != nil {
			return nil, fmt.Errorf("fonts: glyph %d: %v", g, err)
		}
		glyf = append(glyf, b...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
	}
	loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))

	head = append([]byte(nil), head...)
	binary.BigEndian.PutUint32(head[8:], 0) // checkSumAdjustment, set below
	binary.BigEndian.PutUint16(head[50:], 1)
	post := tables["post"]
	if len(post) < 32 {
		return nil, errors.New("fonts: short post table")
	}
	post = append([]byte(nil), post[:32]...)
	binary.BigEndian.PutUint32(post[0:], 0x00030000)
	clear(post[16:])

	out := map[string][]byte{
		"head": head, "maxp": maxp, "cmap": writeCmap(kept), "loca": loca, "glyf": glyf,
		"hmtx": tables["hmtx"], "hhea": tables["hhea"], "post": post,
	}
	for _, tag := range []string{"OS/2", "name", "gasp"} { // kept as they are
		if t := tables[tag]; t != nil {
			out[tag] = t
		}
	}
	font := writeTables(out)
	binary.BigEndian.PutUint32(font[headOffset(font)+8:], 0xB1B0AFBA-checksum(font))
	return font, nil
}

func readTables(ttf []byte) (map[string][]byte, error) {
	if len(ttf) < 12 || binary.BigEndian.Uint32(ttf) != 0x00010000 {
		return nil, errors.New("fonts: not a TrueType font")
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, errors.New("fonts: short table directory")
	}
	tables := map[string][]byte{}
	for i := 0; i < n; i++ {
		r := ttf[12+16*i:]
		off, size := binary.BigEndian.Uint32(r[8:]), binary.BigEndian.Uint32(r[12:])
		if uint64(off)+uint64(size) > uint64(len(ttf)) {
			return nil, fmt.Errorf("fonts: table %q outside the file", r[:4])
		}
		tables[string(r[:4])] = ttf[off : off+size]
	}
	return tables, nil
}

func writeTables(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	n := len(tags)
	entry := 1
	for entry*2 <= n {
		entry *= 2
	}
	log2 := 0
	for 1<<(log2+1) <= entry {
		log2++
	}
	font := binary.BigEndian.AppendUint32(nil, 0x00010000)
	font = binary.BigEndian.AppendUint16(font, uint16(n))
	font = binary.BigEndian.AppendUint16(font, uint16(entry*16))
	font = binary.BigEndian.AppendUint16(font, uint16(log2))
	font = binary.BigEndian.AppendUint16(font, uint16(n*16-entry*16))
	off := 12 + 16*n
	var body []byte
	for _, tag := range tags {
		t := tables[tag]
		font = append(font, tag...)
		font = binary.BigEndian.AppendUint32(font, checksum(t))
		font = binary.BigEndian.AppendUint32(font, uint32(off+len(body)))
		font = binary.BigEndian.AppendUint32(font, uint32(len(t)))
		body = append(body, t...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(font, body...)
}

func headOffset(font []byte) int {
	n := int(binary.BigEndian.Uint16(font[4:]))
	for i := 0; i < n; i++ {
		r := font[12+16*i:]
		if string(r[:4]) == "head" {
			return int(binary.BigEndian.Uint32(r[8:]))
		}
	}
	panic("fonts: no head table written")
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

func readGlyphs(loca, glyf []byte, numGlyphs int, long bool) ([][]byte, error) {
	at := func(i int) (int, bool) {
		if long {
			if 4*i+4 > len(loca) {
				return 0, false
			}
			return int(binary.BigEndian.Uint32(loca[4*i:])), true
		}
		if 2*i+2 > len(loca) {
			return 0, false
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:])), true
	}
	glyphs := make([][]byte, numGlyphs)
	for g := range glyphs {
		a, ok1 := at(g)
		b, ok2 := at(g + 1)
		if !ok1 || !ok2 || a > b || b > len(glyf) {
			return nil, fmt.Errorf("fonts: glyph %d: bad loca", g)
		}
		glyphs[g] = glyf[a:b]
	}
	return glyphs, nil
}

// Composite glyph flags.
const (
	argsAreWords    = 0x0001
	haveScale       = 0x0008
	moreComponents  = 0x0020
	haveXYScale     = 0x0040
	haveTwoByTwo    = 0x0080
	haveInstruction = 0x0100
)

// walkComposite calls f with the offset of each component's flags and returns the
// offset just past the last component.
func walkComposite(g []byte, f func(at int)) (int, error) {
	i := 10
	for {
		if i+4 > len(g) {
			return 0, errors.New("short composite glyph")
		}
		flags := binary.BigEndian.Uint16(g[i:])
		f(i)
		n := 4 + 2
		if flags&argsAreWords != 0 {
			n += 2
		}
		switch {
		case flags&haveScale != 0:
			n += 2
		case flags&haveXYScale != 0:
			n += 4
		case flags&haveTwoByTwo != 0:
			n += 8
		}
		i += n
		if i > len(g) {
			return 0, errors.New("short composite glyph")
		}
		if flags&moreComponents == 0 {
			return i, nil
		}
	}
}

func components(g []byte) ([]uint16, error) {
	if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil, nil
	}
	var out []uint16
	_, err := walkComposite(g, func(at int) { out = append(out, binary.BigEndian.Uint16(g[at+2:])) })
	return out, err
}

// unhinted is a glyph without its instructions.
func unhinted(g []byte) ([]byte, error) {
	if len(g) == 0 {
		return nil, nil
	}
	if len(g) < 10 {
		return nil, errors.New("short glyph")
	}
	contours := int(int16(binary.BigEndian.Uint16(g)))
	if contours < 0 {
		end, err := walkComposite(g, func(int) {})
		if err != nil {
			return nil, err
		}
		out := append([]byte(nil), g[:end]...)
		_, err = walkComposite(out, func(at int) {
			binary.BigEndian.PutUint16(out[at:], binary.BigEndian.Uint16(out[at:])&^haveInstruction)
		})
		return out, err
	}
	n := 10 + 2*contours
	if n+2 > len(g) {
		return nil, errors.New("short simple glyph")
	}
	ins := int(binary.BigEndian.Uint16(g[n:]))
	if n+2+ins > len(g) {
		return nil, errors.New("instructions past the glyph's end")
	}
	out := append([]byte(nil), g[:n]...)
	out = append(out, 0, 0)
	return append(out, g[n+2+ins:]...), nil
}

// readCmap reads the runes of the font's Unicode BMP subtable (format 4).
func readCmap(cmap []byte) (map[rune]uint16, error) {
	if len(cmap) < 4 {
		return nil, errors.New("fonts: short cmap")
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	for i := 0; i < n; i++ {
		if 4+8*i+8 > len(cmap) {
			break
		}
		r := cmap[4+8*i:]
		pid, eid, off := binary.BigEndian.Uint16(r), binary.BigEndian.Uint16(r[2:]), int(binary.BigEndian.Uint32(r[4:]))
		if !(pid == 3 && eid == 1 || pid == 0 && eid == 3) || off+4 > len(cmap) || binary.BigEndian.Uint16(cmap[off:]) != 4 {
			continue
		}
		return readFormat4(cmap[off:])
	}
	return nil, errors.New("fonts: no Unicode BMP cmap (format 4)")
}

func readFormat4(t []byte) (map[rune]uint16, error) {
	if len(t) < 14 {
		return nil, errors.New("fonts: short cmap format 4")
	}
	segs := int(binary.BigEndian.Uint16(t[6:])) / 2
	if 16+8*segs > len(t) {
		return nil, errors.New("fonts: short cmap format 4")
	}
	ends, starts := t[14:], t[16+2*segs:]
	deltas, ranges := t[16+4*segs:], t[16+6*segs:]
	out := map[rune]uint16{}
	for s := 0; s < segs; s++ {
		end, start := int(binary.BigEndian.Uint16(ends[2*s:])), int(binary.BigEndian.Uint16(starts[2*s:]))
		delta, ro := binary.BigEndian.Uint16(deltas[2*s:]), int(binary.BigEndian.Uint16(ranges[2*s:]))
		for c := start; c <= end && c != 0xFFFF; c++ {
			g := uint16(c) + delta
			if ro != 0 {
				at := 16 + 6*segs + 2*s + ro + 2*(c-start)
				if at+2 > len(t) {
					return nil, errors.New("fonts: cmap glyph index outside the table")
				}
				g = binary.BigEndian.Uint16(t[at:])
				if g != 0 {
					g += delta
				}
			}
			if g != 0 {
				out[rune(c)] = g
			}
		}
	}
	return out, nil
}

// writeCmap is a cmap with one subtable, Windows Unicode BMP (format 4), of runes.
func writeCmap(runes map[rune]uint16) []byte {
	codes := make([]int, 0, len(runes))
	for r := range runes {
		codes = append(codes, int(r))
	}
	sort.Ints(codes)
	type seg struct{ start, end, delta int }
	var segs []seg
	for _, c := range codes {
		d := int(runes[rune(c)]) - c
		if k := len(segs) - 1; k >= 0 && segs[k].end == c-1 && segs[k].delta == d {
			segs[k].end = c
			continue
		}
		segs = append(segs, seg{c, c, d})
	}
	segs = append(segs, seg{0xFFFF, 0xFFFF, 1})
	n := len(segs)
	entry := 1
	for entry*2 <= n {
		entry *= 2
	}
	log2 := 0
	for 1<<(log2+1) <= entry {
		log2++
	}
	t := make([]byte, 0, 16+8*n)
	for _, v := range []int{4, 16 + 8*n, 0, 2 * n, 2 * entry, log2, 2*n - 2*entry} {
		t = binary.BigEndian.AppendUint16(t, uint16(v))
	}
	for _, s := range segs {
		t = binary.BigEndian.AppendUint16(t, uint16(s.end))
	}
	t = binary.BigEndian.AppendUint16(t, 0) // reservedPad
	for _, s := range segs {
		t = binary.BigEndian.AppendUint16(t, uint16(s.start))
	}
	for _, s := range segs {
		t = binary.BigEndian.AppendUint16(t, uint16(s.delta))
	}
	for range segs {
		t = binary.BigEndian.AppendUint16(t, 0) // idRangeOffset: deltas only
	}
	out := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	return append(out, t...)
}
