//go:build !js

package main

import (
	"flag"

	"github.com/quintet-chess/quintet/internal/pageurl"
	"github.com/quintet-chess/quintet/scenes"
)

// variantName is the -variant flag natively.
func variantName() string {
	v := flag.String("variant", pageurl.DefaultVariant, "game to show")
	flag.Parse()
	return *v
}

// attachHost does nothing natively: the window has no page around it.
func attachHost(*scenes.App) {}
