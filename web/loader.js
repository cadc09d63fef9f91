// WatchScope loader: downloads app.wasm with real progress, compiles it
// while it streams in, runs it, and removes the loading screen once the
// app has drawn its first frame (window.watchscope.ready).
//
// Progress counts the bytes the fetch body reader yields. Those are
// decompressed bytes, while Content-Length counts compressed ones, so the
// server sends the raw size in X-Uncompressed-Content-Length.
//
// If app.wasm cannot be loaded, or the Go program stops (a panic, out of
// memory, a trap), the page says so and offers the way back: the link of
// the last moment the app reported (watchscope.moment, ui/page/crash.go),
// with Copy and Reload buttons, so nothing a trainer set up is lost.
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
    const why = String(err && err.message ? err.message : err);
    phase.textContent = "Could not start: " + why;
    console.error("watchscope: loading failed:", err);
    stopped("WatchScope could not start", why, location.href, "This link opens the page as it was asked for.", "Reload");
  }

  // Go's own output (panic and fatal error texts come through fs.writeSync):
  // its first fatal line, so a crash can say why.
  let fatal = null;
  const decoder = new TextDecoder();
  const writeSync = globalThis.fs.writeSync.bind(globalThis.fs);
  let partial = ""; // Go prints a line in pieces
  globalThis.fs.writeSync = (fd, buf) => {
    const lines = (partial + decoder.decode(buf, { stream: true })).split("\n");
    partial = lines.pop();
    for (const l of lines) if (!fatal && /^(panic|fatal error|runtime: out of memory)/.test(l)) fatal = l;
    return writeSync(fd, buf);
  };

  // crashed shows the crash screen once, with the link of the last moment.
  let down = false;
  function crashed(reason) {
    if (down) return;
    down = true;
    const ws = window.watchscope;
    const base = location.href.split(/[?#]/)[0];
    const link = ws && typeof ws.moment === "string" ? base + ws.moment : location.href;
    let why = reason;
    if (fatal && /out of memory/.test(fatal)) why = "The app ran out of memory.";
    else if (fatal) why = "The app hit a bug and stopped: " + fatal;
    stopped("WatchScope stopped", why, link,
      "Nothing you set up is lost: this link reopens the moment it stopped at.", "Reload at this moment");
  }

  // stopped draws the screen: what happened, the link, Copy and Reload.
  function stopped(title, why, link, about, reload) {
    const css = document.createElement("style");
    css.textContent = `
    #stopped { position: fixed; inset: 0; z-index: 100; display: flex; align-items: center; justify-content: center;
      background: rgba(14, 17, 22, 0.94); color: #ECEFF4; font: 22px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    #stopped .card { width: min(900px, 92vw); padding: 36px 44px; background: #161B22; border: 1px solid #2A313C;
      border-left: 6px solid #D55E00; border-radius: 12px; box-sizing: border-box; max-height: 96vh; overflow: auto; }
    #stopped h2 { margin: 0 0 12px; font-size: 36px; font-weight: 600; }
    #stopped .why { margin: 0 0 20px; color: #E69F00; word-break: break-word; }
    #stopped .about { margin: 0 0 12px; color: #959EAC; }
    #stopped .link { display: block; width: 100%; box-sizing: border-box; margin: 0 0 24px; padding: 12px 14px;
      background: #0E1116; color: #ECEFF4; border: 1px solid #2A313C; border-radius: 6px; resize: none;
      font: 17px/1.4 ui-monospace, "Go Mono", Menlo, Consolas, monospace; word-break: break-all; max-height: 7em; }
    #stopped .buttons { display: flex; gap: 16px; flex-wrap: wrap; align-items: center; }
    #stopped button { font: inherit; padding: 12px 24px; border-radius: 6px; cursor: pointer;
      border: 1px solid #2A313C; background: #20252E; color: #ECEFF4; }
    #stopped button.primary { background: #56B4E9; border-color: #56B4E9; color: #0E1116; font-weight: 600; }
    #stopped button:focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
    #stopped .copied { color: #56B4E9; }`;
    document.head.appendChild(css);
    const el = document.createElement("div");
    el.id = "stopped";
    el.setAttribute("role", "alertdialog");
    el.setAttribute("aria-modal", "true");
    el.setAttribute("aria-labelledby", "stopped-title");
    el.innerHTML = `<div class="card"><h2 id="stopped-title"></h2><p class="why"></p><p class="about"></p>
      <textarea class="link" readonly rows="3" aria-label="Link to this moment"></textarea>
      <div class="buttons"><button class="primary reload"></button>
      <button class="copy">Copy link</button><button class="fresh">Open a fresh page</button>
      <span class="copied" aria-live="polite"></span></div></div>`;
    el.querySelector("h2").textContent = title;
    el.querySelector(".why").textContent = why;
    el.querySelector(".about").textContent = about;
    el.querySelector(".link").value = link;
    el.querySelector(".reload").textContent = reload;
    el.querySelector(".reload").onclick = () => (link === location.href ? location.reload() : location.assign(link));
    el.querySelector(".fresh").onclick = () => location.assign(location.href.split(/[?#]/)[0]);
    el.querySelector(".copy").onclick = async () => {
      const note = el.querySelector(".copied");
      try {
        await navigator.clipboard.writeText(link);
        note.textContent = "Copied";
      } catch (e) {
        el.querySelector(".link").select();
        note.textContent = "Select and copy the link above";
      }
    };
    document.body.appendChild(el);
    el.querySelector(".reload").focus();
  }

  // A trap in a callback (the Go program is then dead) reaches the page as
  // an uncaught error; so does a call into a program that has exited.
  addEventListener("error", (e) => {
    if (e.error instanceof WebAssembly.RuntimeError) crashed("The app stopped: " + e.error.message);
  });

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
    // When app.wasm is downloaded and compiled: the first frame's budget
    // test (web/e2e TestPageBudgets) reports the load split by it.
    performance.mark("watchscope-compiled");
    requestAnimationFrame(whenReady);
    await go.run(result.instance);
    // The app never ends on its own: it stopped.
    if (screen.isConnected) screen.remove();
    crashed("The app stopped unexpectedly.");
  }

  start().catch(fail);
})();
