package match

import "github.com/quintet-chess/quintet/game/ai"

// Levels are the AI's levels, weakest first, each with its line for the setup screen.
var Levels = ai.Levels
