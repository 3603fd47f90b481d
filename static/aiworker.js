// The AI's Web Worker: runs the site's main.wasm off the page's main thread. The wasm is
// both the app and its AI: started in a worker, its main() serves the AI's requests
// (internal/aiclient.ServeWorker) and never opens the app. Messages both ways are JSON
// strings (internal/aiclient). Requests that arrive while the wasm starts wait for it.
//
// Two ways to start:
//   - From the app (index.html's quintetNewAIWorker): the worker is named "quintet-ai",
//     its address is aiworker.js?v=BUILD, and its first message is { module }, the page's
//     own compiled main.wasm (a WebAssembly.Module): nothing is downloaded or compiled again.
//   - Alone (new Worker("aiworker.js")): it loads the build itself, as index.html does:
//     build.json names it, every file is fetched as NAME?v=BUILD, and the wasm comes
//     compressed (main.wasm.br or .gz, decoded by wasmfetch.js).
"use strict";

const pending = [];
let handle = null;
let moduleFromPage = null;
let gotModule;
const posted = new Promise((resolve) => { gotModule = resolve; });

self.onmessage = (e) => {
  if (e.data && typeof e.data === "object" && e.data.module instanceof WebAssembly.Module) {
    gotModule(e.data.module);
    return;
  }
  if (handle) handle(e.data);
  else pending.push(e.data);
};

// inertDOM gives Ebitengine's packages, which read the page's window and document when
// the wasm starts (before main runs and sees it is in a worker), something to read: any
// property of it is itself, calling it gives itself, setting is ignored. Nothing is drawn
// or listened to; the app never starts here.
function inertDOM() {
  const inert = new Proxy(function () {}, {
    get: (target, key) => (key === Symbol.toPrimitive ? () => "" : key === "then" ? undefined : inert),
    set: () => true,
    apply: () => inert,
    construct: () => inert,
    has: () => true,
    getOwnPropertyDescriptor: (target, key) =>
      key === "prototype" ? Reflect.getOwnPropertyDescriptor(target, key)
        : { configurable: true, enumerable: true, get: inert, set: undefined },
  });
  for (const name of ["window", "document", "Document", "screen"]) {
    if (!(name in self)) self[name] = inert;
  }
}

async function load() {
  const build = new URL(self.location.href).searchParams.get("v");
  if (self.name === "quintet-ai" && build) {
    importScripts("wasm_exec.js?v=" + build);
    return { module: await posted };
  }
  const res = await fetch("build.json", { cache: "no-cache" });
  if (!res.ok) throw new Error("build.json: HTTP " + res.status);
  const info = await res.json();
  const v = (name) => name + "?v=" + info.build;
  importScripts(v("wasm_exec.js"), v("wasmfetch.js"));
  const W = self.quintetWasm;
  const main = info.wasm.main;
  const gzip = () => W.fetch(v("main.wasm.gz"), { codec: "gzip", rawSize: main.raw, version: info.build });
  let wasm;
  if (main.br && info.decoder) {
    try {
      wasm = await W.fetch(v("main.wasm.br"), { codec: "br", rawSize: main.raw, version: info.build });
    } catch (err) {
      console.warn("aiworker: main.wasm.br:", err, "- using main.wasm.gz");
      wasm = await gzip();
    }
  } else {
    wasm = await gzip();
  }
  return { response: wasm, W };
}

(async () => {
  try {
    const got = await load();
    const go = new Go();
    let instance;
    if (got.module) instance = await WebAssembly.instantiate(got.module, go.importObject);
    else ({ instance } = await got.W.instantiate(got.response, go.importObject));
    inertDOM();
    go.run(instance); // runs main until it waits for requests; it defines quintetAIRequest
    handle = self.quintetAIRequest;
    if (typeof handle !== "function") throw new Error("main.wasm did not start as the AI's worker");
    for (const m of pending.splice(0)) handle(m);
  } catch (err) {
    self.postMessage(JSON.stringify({ id: 0, kind: "error", error: "could not start the AI: " + err }));
  }
})();
