package wake

import "testing"

func TestUp(t *testing.T) {
	Up() // nothing set: nothing happens
	n := 0
	Set(func() { n++ })
	Up()
	Up()
	if n != 2 {
		t.Fatalf("Up called the function %d times, want 2", n)
	}
}
