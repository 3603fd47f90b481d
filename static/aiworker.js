// The AI's Web Worker: runs aiworker.wasm (the rules and the AI, no graphics) off the
// page's main thread. Messages both ways are JSON strings (internal/aiclient). Requests
// that arrive while the wasm loads wait for it.
//
// It loads the build the way index.html does: build.json names it, every file is fetched
// as NAME?v=BUILD, and the wasm comes brotli-compressed (aiworker.wasm.br, decoded by
// wasmfetch.js). Under the service worker all of it comes from the one cached build.
"use strict";

const pending = [];
let handle = null;

self.onmessage = (e) => {
  if (handle) handle(e.data);
  else pending.push(e.data);
};

(async () => {
  try {
    const res = await fetch("build.json", { cache: "no-cache" });
    if (!res.ok) throw new Error("build.json: HTTP " + res.status);
    const build = await res.json();
    const v = (name) => name + "?v=" + build.build;
    importScripts(v("wasm_exec.js"), v("wasmfetch.js"));
    const W = self.quintetWasm;
    const info = build.wasm.aiworker;
    let wasm;
    try {
      wasm = await W.fetch(v("aiworker.wasm.br"), { codec: "br", rawSize: info.raw, version: build.build });
    } catch (err) {
      // No brotli decoder here (an old browser's worker): the gzip file.
      wasm = await W.fetch(v("aiworker.wasm.gz"), { codec: "gzip", rawSize: info.raw, version: build.build });
    }
    const go = new Go();
    const { instance } = await W.instantiate(wasm, go.importObject);
    go.run(instance); // runs main until it waits for requests; it defines quintetAIRequest
    handle = self.quintetAIRequest;
    if (typeof handle !== "function") throw new Error("aiworker.wasm did not start");
    for (const m of pending.splice(0)) handle(m);
  } catch (err) {
    self.postMessage(JSON.stringify({ id: 0, kind: "error", error: "could not start the AI: " + err }));
  }
})();
