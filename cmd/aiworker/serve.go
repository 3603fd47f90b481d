package main

import (
	"context"

	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/aiclient"
)

// serve answers one request message.
func serve(eng *ai.Engine, data string, post func(aiclient.Reply)) {
	req, err := aiclient.Decode[aiclient.Request](data)
	if err != nil {
		post(aiclient.Reply{Kind: aiclient.KindError, Error: "bad request: " + err.Error()})
		return
	}
	post(aiclient.Run(context.Background(), eng, req, post))
}
