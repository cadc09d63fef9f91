// WatchScope loader: downloads app.wasm with real progress, compiles it
// while it streams in, runs it, and removes the loading screen once the
// app has drawn its first frame (window.watchscope.ready).
//
// Progress counts the bytes the fetch body reader yields. Those are
// decompressed bytes, while Content-Length counts compressed ones, so the
// server sends the raw size in X-Uncompressed-Content-Length.
//
// The one-file offline copy (web/standalone.sh) carries app.wasm in the
// page itself, gzip + base64 in <script id="app-wasm">, since a page
// opened from file:// may not fetch files beside it: then the loader
// unpacks that block instead of downloading.
"use strict";

(() => {
  const screen = document.getElementById("loading");
  const bar = screen.querySelector(".bar");
  const fill = screen.querySelector(".fill");
  const phase = screen.querySelector(".phase");
  const count = screen.querySelector(".count");

  const mb = (n) => (n / 1048576).toFixed(1);

  function show(what, done, total) {
    phase.textContent = what;
    if (total > 0) {
      bar.classList.remove("indeterminate");
      const pct = Math.min(100, Math.floor((done * 100) / total));
      fill.style.width = pct + "%";
      count.textContent = `${mb(done)} / ${mb(total)} MB  ${pct}%`;
    } else {
      bar.classList.add("indeterminate");
      count.textContent = done > 0 ? `${mb(done)} MB` : "";
    }
  }

  function fail(err) {
    screen.classList.add("failed");
    bar.classList.remove("indeterminate");
    phase.textContent = "Could not start: " + (err && err.message ? err.message : err);
    console.error("watchscope: loading failed:", err);
  }

  function expectedSize(res) {
    const raw = Number(res.headers.get("X-Uncompressed-Content-Length"));
    if (raw > 0) return raw;
    if (!res.headers.get("Content-Encoding")) return Number(res.headers.get("Content-Length")) || 0;
    return 0;
  }

  // count reads one branch of the body only to measure progress.
  async function count_(stream, total, what) {
    const reader = stream.getReader();
    let done = 0;
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      done += value.byteLength;
      show(what, done, total);
    }
    show("Starting", total || done, total || done);
  }

  // whenReady fades the loading screen out after the app's first frame.
  function whenReady() {
    if (window.watchscope && window.watchscope.ready) {
      screen.classList.add("done");
      setTimeout(() => screen.remove(), 400);
      return;
    }
    requestAnimationFrame(whenReady);
  }

  // embedded decodes the page's own copy of app.wasm (one pass, no copies).
  function embedded(el) {
    if (typeof DecompressionStream !== "function") {
      throw new Error("this browser cannot unpack the app (no DecompressionStream): use a current Chrome, Edge, Firefox or Safari");
    }
    const text = atob(el.textContent.trim());
    el.remove();
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return new Blob([out]).stream().pipeThrough(new DecompressionStream("gzip"));
  }

  // source is app.wasm's bytes as a stream, with its size and what
  // getting them is called on the loading screen.
  async function source() {
    const el = document.getElementById("app-wasm");
    if (el) return { body: embedded(el), total: Number(el.dataset.size), what: "Unpacking" };
    const res = await fetch("app.wasm");
    if (!res.ok) throw new Error(`app.wasm: HTTP ${res.status}`);
    return { body: res.body, total: expectedSize(res), what: "Downloading" };
  }

  async function start() {
    if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
    const { body, total, what } = await source();
    show(what, 0, total);
    // One branch of the body is counted, the other is compiled as it
    // arrives (streaming compilation keeps working).
    const [measured, compiled] = body.tee();
    const go = new Go();
    const wasm = new Response(compiled, { headers: { "Content-Type": "application/wasm" } });
    const [result] = await Promise.all([
      WebAssembly.instantiateStreaming(wasm, go.importObject),
      count_(measured, total, what),
    ]);
    requestAnimationFrame(whenReady);
    await go.run(result.instance);
  }

  start().catch(fail);
})();
