//go:build !js

package scenes

import "time"

// Natively there is no page: no address, clipboard or share sheet.

func pageFragment() string                             { return "" }
func pageBase() string                                 { return "http://127.0.0.1:8080/" }
func setPageFragment(string)                           {}
func pageNetOverride() (relays, ice []string, ok bool) { return nil, nil, false }
func pageAwayOverride() time.Duration                  { return 0 }
func copyText(string) bool                             { return false }
func shareURL(title, u string) bool                    { return false }
func askButton(string) string                          { return "" }
func restoreAskButton(string)                          {}
func setAskPlaceholder(string)                         {}
