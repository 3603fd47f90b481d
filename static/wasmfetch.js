// wasmfetch.js — fetch a pre-compressed WebAssembly file and hand back a Response of the
// plain wasm for WebAssembly.instantiateStreaming. A classic script for the page and for a
// Web Worker (importScripts) alike; it defines self.quintetWasm.
//
// The build ships main.wasm.br (brotli: unpacked with DecompressionStream("brotli") where the
// browser has it, else by a small wasm decoder, the npm package brotli-dec-wasm that
// ./build.sh fetches, itself shipped gzip-compressed) and main.wasm.gz (gzip, unpacked with
// DecompressionStream: the fallback). Decoding in the page keeps the bytes on
// the wire the same on any static host. A host that adds Content-Encoding itself (a .gz
// served with "Content-Encoding: gzip") makes fetch hand over the plain wasm: the first
// bytes tell, and nothing is decoded twice.
"use strict";
(() => {
  const isWasm = (b) => b[0] === 0x00 && b[1] === 0x61 && b[2] === 0x73 && b[3] === 0x6d; // "\0asm"

  let decoder = null; // promise of the brotli decoder module, loaded once

  // nativeBrotli: the browser unpacks brotli itself (no decoder to download).
  const nativeBrotli = (() => {
    try {
      new DecompressionStream("brotli");
      return true;
    } catch (_) {
      return false;
    }
  })();

  // brotliDecoder loads the decoder: its glue is an ES module, its wasm a gzip file.
  function brotliDecoder(base, version) {
    if (!decoder) {
      const url = (name) => new URL(name + "?v=" + version, base).href;
      decoder = (async () => {
        const [lib, module] = await Promise.all([
          import(url("brotli/brotli_dec_wasm.js")),
          fetchWasm(url("brotli/brotli_dec_wasm_bg.wasm.gz"), { codec: "gzip" })
            .then((r) => r.arrayBuffer())
            .then((b) => WebAssembly.compile(b)),
        ]);
        lib.initSync({ module });
        return lib;
      })();
      decoder.catch(() => { decoder = null; });
    }
    return decoder;
  }

  // brotliStream is a TransformStream from brotli to plain bytes.
  function brotliStream(lib) {
    const Code = lib.BrotliStreamResultCode;
    const s = new lib.DecompressStream();
    let finished = false;
    return new TransformStream({
      transform(chunk, out) {
        let off = 0;
        for (;;) {
          const r = s.decompress(off ? chunk.subarray(off) : chunk, 1 << 20);
          const buf = r.buf, code = r.code;
          off += r.input_offset;
          r.free();
          if (buf.length) out.enqueue(buf);
          if (code === Code.NeedsMoreOutput) continue;
          if (code === Code.ResultSuccess) finished = true;
          else if (code !== Code.NeedsMoreInput) throw new Error("brotli: result " + code);
          return;
        }
      },
      flush() {
        s.free();
        if (!finished) throw new Error("brotli: the data ends early");
      },
    });
  }

  // fetchWasm fetches url and returns a Response whose body is the plain wasm.
  //   codec:      "br" or "gzip", how the file is compressed
  //   rawSize:    the plain wasm's size (build.json): the stream fails if it differs, so a
  //               file from another build (a deploy while loading) is never run
  //   onProgress: called with (bytes received, bytes expected, plain) as the download goes;
  //               plain tells that the host decoded the file already (Content-Encoding)
  //   base, version: where brotli/ is, and the build (for the decoder's URLs)
  //   response:   the fetch of url if already started (a Response or its promise)
  //   mark:       a performance mark's name, set when the plain wasm has all been handed on
  async function fetchWasm(url, opts) {
    const { codec, rawSize = 0, onProgress, base = self.location.href, version = "", mark = "" } = opts;
    const res = await (opts.response || fetch(url));
    if (!res.ok) throw new Error(url + ": HTTP " + res.status);
    const reader = res.body.getReader();
    const length = Number(res.headers.get("Content-Length")) || 0;

    // Read until the first four bytes are known.
    let head = new Uint8Array(0);
    while (head.length < 4) {
      const { done, value } = await reader.read();
      if (done) break;
      const b = new Uint8Array(head.length + value.length);
      b.set(head);
      b.set(value, head.length);
      head = b;
    }
    const plain = isWasm(head);
    // Bytes received over the wire, as far as the page can see them: with Content-Encoding
    // the stream holds the decoded bytes and the plain size is what is expected.
    const expected = plain ? rawSize || length : length;
    let received = head.length;
    const progress = () => { if (onProgress) onProgress(received, expected, plain); };
    progress();

    let body = new ReadableStream({
      start(c) { if (head.length) c.enqueue(head); },
      async pull(c) {
        const { done, value } = await reader.read();
        if (done) { c.close(); return; }
        received += value.length;
        progress();
        c.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    if (!plain) {
      if (codec === "gzip") body = body.pipeThrough(new DecompressionStream("gzip"));
      else if (codec === "br" && nativeBrotli) body = body.pipeThrough(new DecompressionStream("brotli"));
      else if (codec === "br") body = body.pipeThrough(brotliStream(await brotliDecoder(base, version)));
      else throw new Error(url + ": not WebAssembly, and no codec given");
    }
    if (rawSize) {
      let n = 0;
      body = body.pipeThrough(new TransformStream({
        transform(chunk, c) { n += chunk.length; c.enqueue(chunk); },
        flush() {
          if (n !== rawSize) throw new Error(url + ": " + n + " bytes, not the " + rawSize + " of this build (the site changed while loading: reload)");
          if (mark) performance.mark(mark);
        },
      }));
    }
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  }

  // instantiate compiles and instantiates while the bytes arrive.
  async function instantiate(response, imports) {
    if (WebAssembly.instantiateStreaming) return WebAssembly.instantiateStreaming(response, imports);
    return WebAssembly.instantiate(await response.arrayBuffer(), imports);
  }

  self.quintetWasm = { fetch: fetchWasm, instantiate, decoder: brotliDecoder, nativeBrotli };
})();
