// WatchScope export: a PNG of the current frame and an animated GIF of a
// chosen time range, for slides. Key E (or watchscopeExport.open()) opens
// the panel.
//
// All the work is the app's (ui/page/export.go): watchscope.exportPNG()
// and watchscope.exportGIF({from, to, fps, width}) return Promises of a
// File; state().export has the default range and the GIF's progress. The
// GIF is recorded on a hidden copy of the world, so the stage goes on
// while the panel shows the progress.
//
// window.watchscopeExport = {open(), close(), toggle()} for tests and
// embedding pages.
"use strict";

(() => {
  const css = `
  #export { position: fixed; inset: 0; z-index: 20; display: flex; align-items: center; justify-content: center;
    background: rgba(14, 17, 22, 0.86); color: #ECEFF4;
    font: 22px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  #export[hidden] { display: none; }
  #export .card { display: flex; gap: 48px; align-items: flex-start; max-width: min(1500px, 94vw);
    padding: 40px 48px; background: #161B22; border: 1px solid #2A313C; border-radius: 12px;
    box-shadow: 0 16px 48px rgba(0, 0, 0, 0.5); }
  #export .controls { flex: 0 0 560px; }
  #export h2 { margin: 0 0 8px; font-size: 40px; font-weight: 600; }
  #export h3 { margin: 32px 0 12px; font-size: 26px; font-weight: 600; }
  #export .what { margin: 0 0 24px; color: #959EAC; }
  #export .row { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin: 0 0 16px; }
  #export label { color: #959EAC; }
  #export input, #export select { font: 22px/1.3 ui-monospace, "Go Mono", Menlo, Consolas, monospace;
    width: 5.5em; padding: 8px 10px; background: #0E1116; color: #ECEFF4;
    border: 1px solid #2A313C; border-radius: 6px; }
  #export select { width: auto; }
  #export button { font: inherit; padding: 12px 24px; border-radius: 6px; cursor: pointer;
    border: 1px solid #2A313C; background: #20252E; color: #ECEFF4; }
  #export button.primary { background: #56B4E9; border-color: #56B4E9; color: #0E1116; font-weight: 600; }
  #export button:disabled { opacity: 0.45; cursor: default; }
  #export :focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
  #export .bar { height: 10px; border-radius: 5px; background: #20252E; overflow: hidden; margin: 8px 0; }
  #export .bar div { height: 100%; width: 0; background: #56B4E9; }
  #export .status { color: #959EAC; min-height: 1.4em; font-variant-numeric: tabular-nums; }
  #export .status.failed { color: #E69F00; }
  #export .result { flex: 1 1 560px; min-width: 0; }
  #export .preview { width: 100%; aspect-ratio: 16 / 9; display: flex; align-items: center; justify-content: center;
    background: #0E1116; border: 1px solid #2A313C; border-radius: 8px; color: #959EAC; overflow: hidden; }
  #export .preview img { max-width: 100%; max-height: 100%; }
  #export a.download { display: inline-block; margin-top: 16px; color: #56B4E9; word-break: break-all; }
  #export .hint { margin: 28px 0 0; color: #959EAC; font-size: 18px; }
  #export .hint kbd { font: inherit; padding: 1px 8px; border: 1px solid #2A313C; border-radius: 4px; }
  `;

  let panel = null;
  let url = null; // the object URL of the last result
  let running = false;
  const $ = (sel) => panel.querySelector(sel);

  function build() {
    panel = window.watchscopeDialog("export", css, `
      <div class="card">
        <div class="controls">
          <h2 id="export-title">Export for slides</h2>
          <p class="what"></p>
          <div class="row"><button type="button" class="primary png">PNG of this frame</button></div>
          <h3>Animated GIF</h3>
          <div class="row">
            <label for="export-from">From</label><input id="export-from" class="from" inputmode="decimal">
            <label for="export-to">to</label><input id="export-to" class="to" inputmode="decimal">
            <span class="unit"></span>
          </div>
          <div class="row">
            <label for="export-fps">fps</label>
            <select id="export-fps" class="fps"><option>5</option><option selected>10</option><option>15</option><option>20</option><option>30</option></select>
            <label for="export-width">width</label>
            <select id="export-width" class="width"><option>640</option><option selected>960</option><option>1280</option><option>1920</option></select>
          </div>
          <div class="row">
            <button type="button" class="primary gif">Make GIF</button>
            <button type="button" class="cancel" disabled>Cancel</button>
            <button type="button" class="close">Close</button>
          </div>
          <div class="bar" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-label="GIF progress"><div></div></div>
          <div class="status" role="status" aria-live="polite"></div>
          <p class="hint"><kbd>E</kbd> or <kbd>Esc</kbd> closes. <kbd>Enter</kbd> in a field makes the GIF.</p>
        </div>
        <div class="result">
          <div class="preview">The PNG or GIF shows here.</div>
          <a class="download" hidden></a>
        </div>
      </div>`);
    $(".png").addEventListener("click", png);
    $(".gif").addEventListener("click", gif);
    $(".cancel").addEventListener("click", () => window.watchscope.exportCancel());
    $(".close").addEventListener("click", close);
    panel.addEventListener("click", (e) => { if (e.target === panel) close(); });
  }

  function state() {
    const ws = window.watchscope;
    return ws && ws.ready ? JSON.parse(ws.state()) : null;
  }

  // prefill puts the app's default range into the fields.
  function prefill() {
    const st = state();
    if (!st || !st.export) return false;
    const ex = st.export;
    const steps = ex.unit === "step";
    $(".from").value = steps ? ex.from : ex.from.toFixed(1);
    $(".to").value = steps ? ex.to : ex.to.toFixed(1);
    $(".unit").textContent = steps ? `steps (0 to ${ex.max})` : `seconds (0 to ${ex.max.toFixed(1)})`;
    $(".what").textContent = steps
      ? `Lesson ${st.lesson}: each step is shown for 2 s with its packets moving.`
      : `Sandbox at ${st.time}: the GIF replays a range of its past (at most 60 s).`;
    return true;
  }

  function status(text, failed) {
    const s = $(".status");
    s.textContent = text;
    s.classList.toggle("failed", !!failed);
  }

  function progress(frac) {
    $(".bar div").style.width = (100 * frac).toFixed(1) + "%";
    $(".bar").setAttribute("aria-valuenow", Math.round(100 * frac));
  }

  function show(file) {
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(file);
    const box = $(".preview");
    box.textContent = "";
    const img = document.createElement("img");
    img.src = url;
    img.alt = "Preview of " + file.name;
    box.appendChild(img);
    const a = $(".download");
    a.href = url;
    a.download = file.name;
    a.textContent = `Download ${file.name} (${size(file.size)})`;
    a.hidden = false;
  }

  function size(n) {
    return n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + " MB" : Math.max(1, Math.round(n / 1024)) + " KB";
  }

  async function png() {
    status("Reading the frame…");
    try {
      const f = await window.watchscope.exportPNG();
      show(f);
      status(`PNG ready: ${size(f.size)}`);
      $(".download").focus();
    } catch (err) {
      status(err.message, true);
    }
  }

  // watch shows the app's progress while the GIF is made.
  function watch() {
    if (!running) return;
    const st = state();
    const ex = st && st.export;
    if (ex && ex.running && ex.frames) {
      progress(ex.frame / ex.frames);
      status(`Frame ${ex.frame} of ${ex.frames} · ${size(ex.bytes)}`);
    }
    setTimeout(watch, 100);
  }

  async function gif() {
    if (running) return;
    const opts = { from: $(".from").value, to: $(".to").value, fps: +$(".fps").value, width: +$(".width").value };
    running = true;
    $(".gif").disabled = true;
    $(".cancel").disabled = false;
    progress(0);
    status("Recording…");
    watch();
    try {
      const f = await window.watchscope.exportGIF(opts);
      progress(1);
      show(f);
      status(`GIF ready: ${size(f.size)}`);
      $(".download").focus();
    } catch (err) {
      progress(0);
      status(err.message, true);
    } finally {
      running = false;
      $(".gif").disabled = false;
      $(".cancel").disabled = true;
    }
  }

  function open() {
    if (!panel) build();
    if (!prefill()) return false;
    window.watchscopeDialog.show(panel, $(".png"));
    return true;
  }

  function close() {
    window.watchscopeDialog.hide(panel);
  }

  function toggle() {
    return panel && !panel.hidden ? (close(), false) : open();
  }

  const isOpen = () => panel && !panel.hidden;

  // Keys typed in the panel are the panel's: this listener is on the
  // window's capture phase and registered before the app's, so digits,
  // "-" and "." typed into a field never reach the stage as commands.
  window.addEventListener("keydown", (e) => {
    if (!isOpen() || !panel.contains(e.target)) return;
    e.stopImmediatePropagation();
    const cmd = window.watchscopeKeys.command(e, "stage");
    if (cmd === "close") {
      close();
    } else if (e.key === "Enter" && e.target.tagName === "INPUT") {
      gif();
    } else if (cmd === "export" && e.target.tagName !== "INPUT" && !e.repeat) {
      close();
    }
  }, true);

  document.addEventListener("keydown", (e) => {
    const key = window.watchscopeDialog.pageKey(e);
    if (key === "export") {
      toggle();
      e.preventDefault();
    } else if (key === "close") {
      close();
    }
  });

  window.watchscopeExport = { open, close, toggle };
})();
