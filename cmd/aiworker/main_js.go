//go:build js

// Command aiworker is the AI's Web Worker alone: the rules and the AI without Ebitengine,
// for a page that wants the AI without the app. The site itself does not ship it: its
// main.wasm serves as the worker too (internal/aiclient.ServeWorker), so that a visit
// downloads one wasm. static/aiworker.js runs either.
package main

import "github.com/quintet-chess/quintet/internal/aiclient"

func main() { aiclient.ServeWorker() }
