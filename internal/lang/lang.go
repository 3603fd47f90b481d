// Package lang is the page's text catalogue. Every text a person reads goes through T
// or F, keyed by its English wording, so that the code reads as English and a missing
// translation shows English rather than a key.
package lang

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// Languages are the languages of the catalogue, English first (the fallback).
var Languages = []string{"en", "ru"}

var current atomic.Value // string

func init() { current.Store("en") }

// catalogues maps a language to its translations of the English texts.
var catalogues = map[string]map[string]string{
	"ru": merge(russian, russianFriend, russianGame),
}

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// Set chooses the language by a code such as "ru" or a browser's "ru-RU"; it reports
// false, changing nothing, for a language the catalogue lacks.
func Set(code string) bool {
	code = strings.ToLower(code)
	if i := strings.IndexAny(code, "-_"); i >= 0 {
		code = code[:i]
	}
	for _, l := range Languages {
		if l == code {
			current.Store(l)
			return true
		}
	}
	return false
}

// Current is the language in use.
func Current() string { return current.Load().(string) }

// T translates an English text into the current language.
func T(en string) string {
	if tr, ok := catalogues[Current()][en]; ok {
		return tr
	}
	return en
}

// F translates an English format and fills it in like fmt.Sprintf.
func F(en string, args ...any) string { return fmt.Sprintf(T(en), args...) }

// names are the languages as their speakers write them, for the switch.
var names = map[string]string{"en": "English", "ru": "Русский"}

// Name is language code's own name ("Русский"), the code itself if unknown.
func Name(code string) string {
	if n, ok := names[code]; ok {
		return n
	}
	return code
}

// N marks an English text for the catalogue without translating it: the text is kept
// and translated with T where it is shown (so it follows a change of language).
func N(en string) string { return en }
