package scenes

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// The input layer: mouse, touch and keys become intents — pointer presses, moves and
// releases (one pointer at a time: the mouse or the first finger), typed characters and
// a few named keys. Scenes read intents, never Ebitengine's input functions.

// PointerKind is what a pointer did.
type PointerKind uint8

const (
	Press PointerKind = iota
	Drag
	Release
)

// PointerEvent is one pointer change in screen (device) pixels.
type PointerEvent struct {
	Kind  PointerKind
	X, Y  float64
	Touch bool
}

// Intents are the input of one tick.
type Intents struct {
	Pointer []PointerEvent
	// Down: a pointer is held at (X, Y) for Ticks ticks and Held time (long press: by
	// time, since a busy page runs fewer ticks a second).
	Down  bool
	X, Y  float64
	Ticks int
	Held  time.Duration
	// Hover is the mouse position when no button is held (a tower inspector shows on it).
	HoverX, HoverY float64
	Hover          bool
	Chars          []rune
	Enter, Back    bool
	Escape         bool
	Left, Right    bool
	Home, End      bool
	Wheel          float64
}

// Pressed is the first press of the tick, ok false if none.
func (in *Intents) Pressed() (PointerEvent, bool) {
	for _, e := range in.Pointer {
		if e.Kind == Press {
			return e, true
		}
	}
	return PointerEvent{}, false
}

type inputReader struct {
	touch    ebiten.TouchID
	touching bool
	mouse    bool
	x, y     float64
	ticks    int
	since    time.Time // when the held pointer went down
	ids      []ebiten.TouchID
}

// read turns this tick's Ebitengine input into intents. While the page shows a dialog
// (busy) the canvas gets nothing.
func (r *inputReader) read(busy bool) *Intents {
	in := &Intents{}
	if busy {
		r.touching, r.mouse = false, false
		return in
	}
	// Touch: follow the first finger down until it lifts.
	if r.touching {
		if inpututil.IsTouchJustReleased(r.touch) {
			x, y := inpututil.TouchPositionInPreviousTick(r.touch)
			in.Pointer = append(in.Pointer, PointerEvent{Release, float64(x), float64(y), true})
			r.touching = false
		} else {
			x, y := ebiten.TouchPosition(r.touch)
			if fx, fy := float64(x), float64(y); fx != r.x || fy != r.y {
				r.x, r.y = fx, fy
				in.Pointer = append(in.Pointer, PointerEvent{Drag, fx, fy, true})
			}
			r.ticks++
		}
	} else if !r.mouse {
		r.ids = inpututil.AppendJustPressedTouchIDs(r.ids[:0])
		if len(r.ids) > 0 {
			r.touch, r.touching, r.ticks, r.since = r.ids[0], true, 0, time.Now()
			x, y := ebiten.TouchPosition(r.touch)
			r.x, r.y = float64(x), float64(y)
			in.Pointer = append(in.Pointer, PointerEvent{Press, r.x, r.y, true})
		}
	}
	// Mouse (browsers also send mouse events after a touch; those come with a touch held
	// or just released, and are ignored).
	if !r.touching && len(in.Pointer) == 0 {
		cx, cy := ebiten.CursorPosition()
		x, y := float64(cx), float64(cy)
		switch {
		case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
			r.mouse, r.x, r.y, r.ticks, r.since = true, x, y, 0, time.Now()
			in.Pointer = append(in.Pointer, PointerEvent{Press, x, y, false})
		case r.mouse && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft):
			r.mouse = false
			in.Pointer = append(in.Pointer, PointerEvent{Release, x, y, false})
		case r.mouse:
			if x != r.x || y != r.y {
				r.x, r.y = x, y
				in.Pointer = append(in.Pointer, PointerEvent{Drag, x, y, false})
			}
			r.ticks++
		default:
			in.Hover, in.HoverX, in.HoverY = true, x, y
		}
	}
	in.Down = r.touching || r.mouse
	in.X, in.Y, in.Ticks = r.x, r.y, r.ticks
	if in.Down {
		in.Held = time.Since(r.since)
	}

	in.Chars = ebiten.AppendInputChars(nil)
	in.Enter = inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter)
	in.Back = inpututil.IsKeyJustPressed(ebiten.KeyBackspace)
	in.Escape = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
	in.Left = inpututil.IsKeyJustPressed(ebiten.KeyArrowLeft)
	in.Right = inpututil.IsKeyJustPressed(ebiten.KeyArrowRight)
	in.Home = inpututil.IsKeyJustPressed(ebiten.KeyHome)
	in.End = inpututil.IsKeyJustPressed(ebiten.KeyEnd)
	_, in.Wheel = ebiten.Wheel()
	return in
}
