// WatchScope authoring: the browser's part of opening a lesson file from
// disk (the panel itself is the stage's: ui/page/author.go, key O).
//
//   The panel's "Choose a file…", or dropping a .md file anywhere on the
//   page, opens a lesson file. The text goes to watchscope.loadLesson,
//   which parses it with the same code as `go run . lint FILE`: a broken
//   file opens the stage's panel with its problems, file.md:LINE:
//   message, and the lesson that was playing keeps playing; a good one
//   opens on the stage, and a note here says so.
//
// Live reload needs a handle on the file itself (File System Access:
// showOpenFilePicker, or a drop's getAsFileSystemHandle, in Chrome and
// Edge). The page then looks at the file's lastModified every second and
// reloads it on save, keeping the step the stage is on. A plain File (an
// <input type=file>, other browsers) is a copy taken once: the panel says
// that live reload is off.
//
// A dropped manifest (.yaml, .yml, .json) is not a lesson: it becomes a
// file of the console's (cat > NAME <<'EOF' ... EOF, sent as a console
// command), for kubectl apply -f NAME.
//
// A recording of a real cluster (.wsrec, `watchscope record`), dropped or
// named by ?recording=URL (fetched from that address), becomes a console
// file the same way and opens the stage's "your cluster" page (the stage
// verb recording NAME); sim replay NAME sends its writes into the
// simulation. With ?live, the page shows the recording serve --live
// makes as it serves, growing every second.
//
// window.watchscopeAuthor = {open(), openText(name, text), openHandle(h),
// dropManifest(name, text), manifestCommand(name, text), status()} for the stage and tests; openHandle takes anything with an
// async getFile() and a name, as a FileSystemFileHandle has.
"use strict";

(() => {
  const css = `
  #author-drop[hidden], #author-toast[hidden] { display: none; }
  #author-drop { position: fixed; inset: 16px; z-index: 23; display: flex; align-items: center; justify-content: center;
    border: 4px dashed #56B4E9; border-radius: 16px; background: rgba(14, 17, 22, 0.8); color: #ECEFF4; pointer-events: none;
    font: 600 40px/1.3 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  #author-toast { position: fixed; left: 24px; bottom: 24px; z-index: 21; max-width: min(900px, 80vw); padding: 14px 20px;
    background: #161B22; color: #ECEFF4; border: 1px solid #2A313C; border-left: 6px solid #56B4E9; border-radius: 8px;
    font: 20px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
    pointer-events: none; } /* a note, never in the way of a click on the stage */
  #author-toast .muted { color: #959EAC; }
  `;

  let toast = null, drop = null, input = null;
  let watch = null;      // {handle, name, lastModified, size, timer}: the file being watched
  let toastTimer = 0;
  let current = { name: "", live: false, errors: [] };

  function build() {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.appendChild(style);
    toast = document.createElement("div");
    toast.id = "author-toast";
    toast.hidden = true;
    toast.setAttribute("role", "status");
    toast.setAttribute("aria-live", "polite");
    drop = document.createElement("div");
    drop.id = "author-drop";
    drop.hidden = true;
    drop.textContent = "Drop a lesson file (.md) to play it, or a manifest (.yaml) for kubectl apply -f";
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
    document.body.append(toast, drop, input);
  }

  function ensure() { if (!toast) build(); }

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
  // A broken file's problems show in the stage's panel (the app opens it).
  function load(name, text, reload) {
    whenReady((ws) => {
      const res = JSON.parse(ws.loadLesson(name, text, !!reload, current.live));
      current.name = name;
      current.errors = res.ok ? [] : res.errors;
    });
  }

  window.addEventListener("watchscope:lesson", (e) => {
    let r;
    try { r = JSON.parse(e.detail); } catch (err) { return; }
    if (!r.ok) return; // the stage's panel shows the error
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
    const dropped = item ? item.getAsFile() : e.dataTransfer.files[0];
    if (dropped && MANIFEST.test(dropped.name)) {
      dropped.text().then((text) => dropManifest(dropped.name, text));
      return;
    }
    if (dropped && RECORDING.test(dropped.name)) {
      dropped.text().then((text) => openRecording(dropped.name, text));
      return;
    }
    // getAsFileSystemHandle must be called now: the items die with the event.
    const handle = item && item.getAsFileSystemHandle ? item.getAsFileSystemHandle() : null;
    const file = item ? item.getAsFile() : e.dataTransfer.files[0];
    Promise.resolve(handle)
      .then((h) => (h && h.kind === "file" ? openHandle(h) : file && openFile(file)))
      .catch(() => file && openFile(file));
  });

  // A dropped manifest (.yaml, .yml, .json) becomes a file of the
  // console's, written by a console command anyone can read in the log:
  // cat > NAME <<'EOF' ... EOF (a delimiter no line of the file is).
  const MANIFEST = /\.(ya?ml|json)$/i;
  function manifestCommand(name, text) {
    const lines = text.replace(/\r\n/g, "\n").replace(/\n$/, "").split("\n");
    let delim = "EOF";
    while (lines.includes(delim)) delim += "_";
    const file = /^[A-Za-z0-9._+-]+$/.test(name) ? name : "'" + name.replace(/'/g, "'\\''") + "'";
    return { file, cmd: `cat > ${file} <<'${delim}'\n${lines.join("\n")}\n${delim}` };
  }
  function dropManifest(name, text) {
    const m = manifestCommand(name, text);
    if (window.watchscope && window.watchscope.send) window.watchscope.send(m.cmd);
    say(`${esc(name)} is a file of the console's now: <b>kubectl apply -f ${esc(m.file)}</b> <span class="muted">(cat ${esc(m.file)} prints it)</span>`, 8000);
  }

  // openRecording sends a recording to the console as a file and opens
  // its page once the stage runs.
  const RECORDING = /\.wsrec$/i;
  function openRecording(name, text) {
    const m = manifestCommand(name.replace(/[^A-Za-z0-9._+-]/g, "_"), text);
    whenReady((ws) => { ws.send(m.cmd); ws.send("recording " + m.file); });
  }
  const recURL = new URLSearchParams(location.search).get("recording");
  if (recURL) {
    fetch(recURL)
      .then((r) => { if (!r.ok) throw new Error(`${r.status} ${r.statusText}`); return r.text(); })
      .then((text) => openRecording(decodeURIComponent(recURL.split("?")[0].split("/").pop()) || "recording.wsrec", text))
      .catch((err) => { ensure(); say(`Could not fetch the recording ${esc(recURL)}: ${esc(err.message || err)}`, 12000); });
  }

  // ?live (serve --live): the recording the server makes as it serves
  // arrives line by line as Server-Sent Events (EventSource goes on after
  // its last line by itself when the connection drops); every second the
  // lines that came since go to the stage (the first hand-over, or one the
  // page could not queue, sends the whole text so far). The stage keeps
  // the recording whole and shows it on its "your cluster" page until
  // that is closed; `recording live` shows it again.
  if (new URLSearchParams(location.search).has("live")) {
    let text = "", sent = 0, warned = false;
    const es = new EventSource("live/events");
    es.onmessage = (e) => { text += e.data + "\n"; warned = false; };
    es.onerror = () => {
      if (warned) return;
      warned = true;
      ensure();
      say("The live recording is not reachable: serve it with <b>go run . serve --live</b>", 10000);
    };
    let waiting = false;
    setInterval(() => {
      if (sent === text.length || waiting) return;
      waiting = true;
      whenReady((ws) => {
        waiting = false;
        const upTo = text.length, more = sent > 0;
        if (ws.showRecording("live", text.slice(sent, upTo), more)) sent = upTo;
        else sent = 0;
      });
    }, 1000);
  }

  window.watchscopeAuthor = {
    open,
    openText: (name, text) => { stopWatching(); current.live = false; load(name, text, false); },
    openHandle,
    dropManifest,
    manifestCommand,
    openRecording,
    status: () => {
      const p = window.watchscope && window.watchscope.panel && JSON.parse(window.watchscope.panel());
      return { name: current.name, live: current.live, errors: current.errors, panel: !!p && p.name === "open" };
    },
  };
  if (document.body) ensure(); else document.addEventListener("DOMContentLoaded", ensure);
})();
