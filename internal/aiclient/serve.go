package aiclient

import (
	"context"

	"github.com/quintet-chess/quintet/game/ai"
)

// Serve answers one request message: the worker's loop (ServeWorker, or cmd/aiworker's
// lines natively) calls it for each message it reads.
func Serve(eng *ai.Engine, data string, post func(Reply)) {
	req, err := Decode[Request](data)
	if err != nil {
		post(Reply{Kind: KindError, Error: "bad request: " + err.Error()})
		return
	}
	post(Run(context.Background(), eng, req, post))
}
