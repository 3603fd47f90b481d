package scenes

import "time"

// message is the line about the last thing that happened (a move's events, an error, an
// answer), shown for msgFor under the status line.
type message struct {
	text  string
	at    time.Time // when it was said
	check bool      // it says only check: any next move clears it
}

// expire forgets the message once it has been shown long enough at time now.
func (m *message) expire(now time.Time) {
	if m.text != "" && now.Sub(m.at) > msgFor {
		m.text = ""
	}
}
