//go:build !js

package main

import (
	"flag"
	"os"

	"github.com/quintet-chess/quintet/internal/pageurl"
	"github.com/quintet-chess/quintet/scenes"
)

// pageOptions are the flags natively: -variant, -side, -opponent, -play.
func pageOptions() pageurl.Page {
	v := flag.String("variant", pageurl.DefaultVariant, "game to show")
	side := flag.String("side", "", "white, black or random")
	opp := flag.String("opponent", "", "an AI level or person")
	play := flag.Bool("play", false, "start the game at once")
	flag.Parse()
	return pageurl.Page{Variant: *v, Side: *side, Opponent: *opp, Start: *play}
}

// serveAIWorker: natively the AI runs in goroutines (internal/aiclient), never as a worker.
func serveAIWorker() bool { return false }

func newHost() scenes.Host { return nil }

// browserLanguages natively are the locale's (LANG=ru_RU.UTF-8).
func browserLanguages() []string { return []string{os.Getenv("LANG")} }

// reducedMotion: natively no device setting is read.
func reducedMotion() bool { return false }

// attachHost does nothing natively: the window has no page around it.
func attachHost(*counted) {}

// mark does nothing natively (the page's performance marks).
func mark(string) {}

// reloaded: natively there is no page to have been reloaded.
func reloaded() bool { return false }
