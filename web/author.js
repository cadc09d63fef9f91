// WatchScope authoring: open a lesson file from disk and play it.
//
//   O, or dropping a .md file anywhere on the page, opens a lesson file.
//   The text goes to watchscope.loadLesson (ui/page/author.go), which
//   parses it with the same code as `go run . lint FILE`: a broken file
//   lists its problems here, file.md:LINE: message, and the lesson that
//   was playing keeps playing; a good one opens on the stage.
//
// Live reload needs a handle on the file itself (File System Access:
// showOpenFilePicker, or a drop's getAsFileSystemHandle, in Chrome and
// Edge). The page then looks at the file's lastModified every second and
// reloads it on save, keeping the step the stage is on. A plain File (an
// <input type=file>, other browsers) is a copy taken once: the panel says
// that live reload is off.
//
// window.watchscopeAuthor = {open(), openText(name, text), openHandle(h),
// close(), status()} for tests; openHandle takes anything with an async
// getFile() and a name, as a FileSystemFileHandle has.
"use strict";

(() => {
  const css = `
  #author { position: fixed; inset: 0; z-index: 22; display: flex; align-items: center; justify-content: center;
    background: rgba(14, 17, 22, 0.86); color: #ECEFF4; font: 22px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  #author[hidden], #author-drop[hidden], #author-toast[hidden] { display: none; }
  #author .card { width: min(1400px, 92vw); max-height: 86vh; display: flex; flex-direction: column; box-sizing: border-box;
    padding: 36px 44px; background: #161B22; border: 1px solid #2A313C; border-top: 6px solid #D55E00; border-radius: 12px;
    box-shadow: 0 16px 48px rgba(0, 0, 0, 0.5); }
  #author h2 { margin: 0 0 6px; font-size: 38px; font-weight: 600; }
  #author .what { margin: 0 0 24px; color: #959EAC; }
  #author ol { list-style: none; margin: 0 0 24px; padding: 0; overflow: auto; min-height: 0;
    font: 24px/1.45 ui-monospace, "Go Mono", Menlo, Consolas, monospace; }
  #author li { padding: 10px 0; border-bottom: 1px solid #2A313C; }
  #author li .at { color: #E69F00; white-space: nowrap; }
  #author .reload { margin: 0 0 24px; padding: 12px 16px; border-radius: 6px; background: #0E1116; color: #959EAC; font-size: 20px; }
  #author .reload.on { color: #56B4E9; }
  #author .buttons { display: flex; gap: 16px; }
  #author button, #author-toast button { font: inherit; font-size: 22px; padding: 12px 24px; border-radius: 6px; cursor: pointer;
    border: 1px solid #2A313C; background: #20252E; color: #ECEFF4; }
  #author button.primary { background: #56B4E9; border-color: #56B4E9; color: #0E1116; font-weight: 600; }
  #author button:focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
  #author-drop { position: fixed; inset: 16px; z-index: 23; display: flex; align-items: center; justify-content: center;
    border: 4px dashed #56B4E9; border-radius: 16px; background: rgba(14, 17, 22, 0.8); color: #ECEFF4; pointer-events: none;
    font: 600 40px/1.3 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  #author-toast { position: fixed; left: 24px; bottom: 24px; z-index: 21; max-width: min(900px, 80vw); padding: 14px 20px;
    background: #161B22; color: #ECEFF4; border: 1px solid #2A313C; border-left: 6px solid #56B4E9; border-radius: 8px;
    font: 20px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
    pointer-events: none; } /* a note, never in the way of a click on the stage */
  #author-toast .muted { color: #959EAC; }
  `;

  let panel = null, toast = null, drop = null, input = null;
  let watch = null;      // {handle, name, lastModified, size, timer}: the file being watched
  let toastTimer = 0;
  let current = { name: "", live: false, errors: [] };

  function build() {
    panel = window.watchscopeDialog("author", css, `
      <div class="card">
        <h2 id="author-title"></h2>
        <p class="what"></p>
        <ol class="errors" aria-label="Problems, by line"></ol>
        <p class="reload"></p>
        <div class="buttons">
          <button type="button" class="primary again">Open a lesson file…</button>
          <button type="button" class="close">Close</button>
        </div>
      </div>`);
    panel.querySelector(".again").addEventListener("click", open);
    panel.querySelector(".close").addEventListener("click", close);
    toast = document.createElement("div");
    toast.id = "author-toast";
    toast.hidden = true;
    toast.setAttribute("role", "status");
    toast.setAttribute("aria-live", "polite");
    drop = document.createElement("div");
    drop.id = "author-drop";
    drop.hidden = true;
    drop.textContent = "Drop a lesson file (.md) to play it";
    input = document.createElement("input");
    input.type = "file";
    input.accept = ".md,text/markdown";
    input.id = "author-file";
    input.hidden = true;
    input.setAttribute("aria-label", "Open a lesson file");
    input.addEventListener("change", () => {
      const f = input.files && input.files[0];
      if (f) openFile(f);
      input.value = "";
    });
    document.body.append(panel, toast, drop, input);
  }

  function ensure() { if (!panel) build(); }

  function reloadNote() {
    if (!current.name) return "";
    return current.live
      ? `Watching ${current.name}: save it and the stage reloads, on the same step.`
      : `Live reload is off for ${current.name}: the page got a copy of the file, not the file itself. ` +
        `To reload on every save, open it with O (or drop it) in Chrome or Edge.`;
  }

  // showErrors lists a file's problems, one a line, as lint prints them.
  function showErrors(name, errors, reloading) {
    ensure();
    current.errors = errors;
    const n = errors.length;
    panel.querySelector("#author-title").textContent = `${name} has ${n} problem${n === 1 ? "" : "s"}`;
    panel.querySelector(".what").textContent = reloading
      ? "The saved version did not load; the stage keeps playing the previous one."
      : "Nothing was opened; the stage keeps playing what it was playing.";
    const list = panel.querySelector(".errors");
    list.textContent = "";
    for (const e of errors) {
      const li = document.createElement("li");
      const at = document.createElement("span");
      at.className = "at";
      at.textContent = e.line > 0 ? `${name}:${e.line}:` : `${name}:`;
      li.append(at, " ", e.message); // textContent is the line lint prints
      li.dataset.line = e.line;
      list.appendChild(li);
    }
    const note = panel.querySelector(".reload");
    note.textContent = reloadNote();
    note.classList.toggle("on", current.live);
    if (panel.hidden) {
      panel.hidden = false;
      panel.querySelector(".close").focus();
    }
  }

  function close() {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    const c = document.querySelector("canvas");
    if (c && c.focus) c.focus();
  }

  function say(html, ms) {
    ensure();
    toast.innerHTML = html;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toast.hidden = true; }, ms || 6000);
  }

  function esc(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  // whenReady runs f once the stage has drawn its first frame.
  function whenReady(f) {
    const ws = window.watchscope;
    if (ws && ws.ready && ws.loadLesson) return f(ws);
    setTimeout(() => whenReady(f), 200);
  }

  // load hands a file's text to the app; reload keeps the stage's step.
  function load(name, text, reload) {
    whenReady((ws) => {
      const res = JSON.parse(ws.loadLesson(name, text, !!reload));
      current.name = name;
      if (!res.ok) {
        showErrors(name, res.errors, reload);
        return;
      }
      current.errors = [];
      close();
    });
  }

  window.addEventListener("watchscope:lesson", (e) => {
    let r;
    try { r = JSON.parse(e.detail); } catch (err) { return; }
    if (!r.ok) {
      showErrors(r.file, [{ line: 0, message: r.error }], false);
      return;
    }
    const live = current.live
      ? `<span class="muted"> · watching for saves</span>`
      : `<span class="muted"> · live reload off (a copy of the file)</span>`;
    say(`Playing <b>${esc(r.id)}</b> from ${esc(r.file)}${live}`);
  });

  function stopWatching() {
    if (watch) clearInterval(watch.timer);
    watch = null;
  }

  // openFile reads a plain File once: no live reload.
  async function openFile(file) {
    stopWatching();
    current.live = false;
    load(file.name, await file.text(), false);
  }

  // openHandle reads a file handle and watches it: every second its
  // lastModified (and size) is compared, and a change reloads it.
  async function openHandle(handle) {
    stopWatching();
    const file = await handle.getFile();
    const name = handle.name || file.name;
    current.live = true;
    watch = { handle, name, lastModified: file.lastModified, size: file.size, busy: false };
    watch.timer = setInterval(() => poll(watch), 1000);
    load(name, await file.text(), false);
  }

  async function poll(w) {
    if (w.busy || w !== watch) return;
    w.busy = true;
    try {
      const file = await w.handle.getFile();
      if (w === watch && (file.lastModified !== w.lastModified || file.size !== w.size)) {
        w.lastModified = file.lastModified;
        w.size = file.size;
        load(w.name, await file.text(), true);
      }
    } catch (err) {
      if (w === watch) {
        stopWatching();
        current.live = false;
        say(`Stopped watching ${esc(w.name)}: ${esc(err.message || err)}`, 10000);
      }
    } finally {
      w.busy = false;
    }
  }

  // open asks for a file: a handle where the browser gives one (live
  // reload), else the <input type=file> (a copy).
  async function open() {
    ensure();
    if (window.showOpenFilePicker) {
      try {
        const [h] = await window.showOpenFilePicker({
          types: [{ description: "WatchScope lesson", accept: { "text/markdown": [".md"] } }],
        });
        if (h) await openHandle(h);
        return;
      } catch (err) {
        if (err && err.name === "AbortError") return; // the user closed the picker
      }
    }
    input.click();
  }

  function hasFiles(e) {
    return e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files");
  }

  document.addEventListener("dragover", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    ensure();
    drop.hidden = false;
  });
  document.addEventListener("dragleave", (e) => {
    if (drop && (e.relatedTarget === null || e.target === document.documentElement)) drop.hidden = true;
  });
  document.addEventListener("drop", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    ensure();
    drop.hidden = true;
    const item = Array.from(e.dataTransfer.items || []).find((i) => i.kind === "file");
    // getAsFileSystemHandle must be called now: the items die with the event.
    const handle = item && item.getAsFileSystemHandle ? item.getAsFileSystemHandle() : null;
    const file = item ? item.getAsFile() : e.dataTransfer.files[0];
    Promise.resolve(handle)
      .then((h) => (h && h.kind === "file" ? openHandle(h) : file && openFile(file)))
      .catch(() => file && openFile(file));
  });

  // inForm: the key goes to a form field the user is typing into.
  document.addEventListener("keydown", (e) => {
    const key = window.watchscopeDialog.pageKey(e);
    if (key === "open") {
      e.preventDefault();
      open();
    } else if (key === "close") {
      close();
    }
  });

  window.watchscopeAuthor = {
    open,
    openText: (name, text) => { stopWatching(); current.live = false; load(name, text, false); },
    openHandle,
    close,
    status: () => ({ name: current.name, live: current.live, errors: current.errors, panel: !!panel && !panel.hidden }),
  };
  if (document.body) ensure(); else document.addEventListener("DOMContentLoaded", ensure);
})();
