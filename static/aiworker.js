// The AI's Web Worker: runs aiworker.wasm (the rules and the AI, no graphics) off the
// page's main thread. Messages both ways are JSON strings (internal/aiclient). Requests
// that arrive while the wasm loads wait for it.
"use strict";
importScripts("wasm_exec.js");

const pending = [];
let handle = null;

self.onmessage = (e) => {
  if (handle) handle(e.data);
  else pending.push(e.data);
};

(async () => {
  try {
    const go = new Go();
    const { instance } = await WebAssembly.instantiateStreaming(fetch("aiworker.wasm"), go.importObject);
    go.run(instance); // runs main until it waits for requests; it defines quintetAIRequest
    handle = self.quintetAIRequest;
    if (typeof handle !== "function") throw new Error("aiworker.wasm did not start");
    for (const m of pending.splice(0)) handle(m);
  } catch (err) {
    self.postMessage(JSON.stringify({ id: 0, kind: "error", error: "could not start the AI: " + err }));
  }
})();
