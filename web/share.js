// WatchScope share exactly: the share panel (key S) with the link of the
// current moment, a "Copy link" button and the same link as a QR code for
// the audience.
//
// The link comes from the app (watchscope.state().share.query, see
// ui/live/share.go): it replays the same seed and commands to the same
// virtual time, so whoever opens it sees the same world, trace hash and
// all. The panel takes the moment when it opens and keeps it (a QR code
// that changed under the audience's phones would be useless); "Update"
// takes the moment again.
//
// window.watchscopeShare = {open(), close(), toggle(), link()} for tests
// and embedding pages.
"use strict";

(() => {
  const css = `
  #share { position: fixed; inset: 0; z-index: 20; display: flex; align-items: center; justify-content: center;
    background: rgba(14, 17, 22, 0.86); color: #ECEFF4;
    font: 22px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  #share[hidden] { display: none; }
  #share .card { display: flex; gap: 48px; align-items: center; max-width: min(1500px, 94vw);
    padding: 40px 48px; background: #161B22; border: 1px solid #2A313C; border-radius: 12px;
    box-shadow: 0 16px 48px rgba(0, 0, 0, 0.5); }
  #share .qr { flex: none; width: min(62vh, 560px); height: min(62vh, 560px); display: flex;
    align-items: center; justify-content: center; background: #FFFFFF; border-radius: 8px; }
  #share .qr img { width: 100%; height: 100%; image-rendering: pixelated; image-rendering: crisp-edges; }
  #share .qr .none { color: #0E1116; padding: 32px; font-size: 20px; text-align: center; }
  #share .text { min-width: 0; flex: 1 1 520px; }
  #share h2 { margin: 0 0 8px; font-size: 40px; font-weight: 600; }
  #share .what { margin: 0 0 28px; color: #959EAC; font-size: 22px; }
  #share .note { margin: -12px 0 24px; color: #E69F00; font-size: 20px; }
  #share .note:empty { display: none; }
  #share .url { display: block; width: 100%; box-sizing: border-box; margin: 0 0 24px; padding: 14px 16px;
    background: #0E1116; color: #ECEFF4; border: 1px solid #2A313C; border-radius: 6px;
    font: 18px/1.4 ui-monospace, "Go Mono", Menlo, Consolas, monospace; word-break: break-all;
    max-height: 8.6em; overflow: auto; resize: none; }
  #share .buttons { display: flex; gap: 16px; flex-wrap: wrap; align-items: center; }
  #share button { font: inherit; font-size: 22px; padding: 12px 24px; border-radius: 6px; cursor: pointer;
    border: 1px solid #2A313C; background: #20252E; color: #ECEFF4; }
  #share button.primary { background: #56B4E9; border-color: #56B4E9; color: #0E1116; font-weight: 600; }
  #share button:focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
  #share .copied { color: #56B4E9; min-width: 8em; }
  #share .copied.failed { color: #E69F00; }
  #share .hint { margin: 28px 0 0; color: #959EAC; font-size: 18px; }
  #share .hint.offline { margin-top: 8px; }
  #share .hint.offline:empty { display: none; }
  #share .hint kbd { font: inherit; padding: 1px 8px; border: 1px solid #2A313C; border-radius: 4px; }
  `;

  let panel = null;
  let current = null; // the moment the panel shows: {url, share, state}

  // link reads the current moment from the app: the page's own address
  // (file:// included) plus the app's query.
  function link() {
    const ws = window.watchscope;
    if (!ws || !ws.ready) return null;
    const st = JSON.parse(ws.state());
    if (!st.share) return null;
    const base = location.href.split(/[?#]/)[0];
    return { url: base + st.share.query, share: st.share, state: st };
  }

  function describe(m) {
    const s = m.state;
    const t = (m.share.timeMs / 1000).toFixed(1) + " s";
    const hash = "trace " + m.share.hash.slice(0, 12);
    if (s.mode === "lesson") {
      // As the stage counts: the step whose question is showing, or the last played.
      const step = s.pending ? s.step + 1 : s.step;
      const where = step === 0 ? "introduction" : `step ${step} of ${s.steps}`;
      const q = s.pending ? " · question showing" : "";
      return `Lesson ${s.lesson} · ${where}${q} · ${hash}`;
    }
    const n = m.share.commands;
    return `Sandbox at ${t} · ${n} command${n === 1 ? "" : "s"} · ${hash}`;
  }

  function build() {
    panel = window.watchscopeDialog("share", css, `
      <div class="card">
        <div class="qr"></div>
        <div class="text">
          <h2 id="share-title">Share this moment</h2>
          <p class="what"></p>
          <p class="note" role="note"></p>
          <textarea class="url" readonly rows="3" aria-label="Link to this moment"></textarea>
          <div class="buttons">
            <button type="button" class="primary copy">Copy link</button>
            <button type="button" class="update">Update to now</button>
            <button type="button" class="close">Close</button>
            <span class="copied" role="status" aria-live="polite"></span>
          </div>
          <p class="hint">Opens paused at the same moment, in any browser. <kbd>S</kbd> or <kbd>Esc</kbd> closes.</p>
          <p class="hint offline"></p>
        </div>
      </div>`);
    panel.querySelector(".copy").addEventListener("click", copy);
    panel.querySelector(".update").addEventListener("click", show);
    panel.querySelector(".close").addEventListener("click", close);
    panel.addEventListener("click", (e) => { if (e.target === panel) close(); });
  }

  // show takes the moment now and draws it.
  function show() {
    const m = link();
    if (!m) return false;
    current = m;
    panel.querySelector(".what").textContent = describe(m);
    panel.querySelector(".note").textContent = m.share.note ? "Note: " + m.share.note + "." : "";
    const area = panel.querySelector(".url");
    area.value = m.url;
    area.rows = Math.min(6, Math.max(2, Math.ceil(m.url.length / 60)));
    panel.querySelector(".copied").textContent = "";
    // Trainers check this before the talk: will it run without Wi-Fi?
    const off = window.watchscopeOffline;
    panel.querySelector(".offline").textContent = off && off.ready
      ? "✓ This browser keeps a copy of WatchScope: it works with the network off."
      : "";
    const box = panel.querySelector(".qr");
    box.textContent = "";
    const code = window.watchscope.qr(m.url);
    if (code.png) {
      const img = document.createElement("img");
      img.src = code.png;
      img.alt = "QR code of the link";
      img.dataset.modules = code.modules;
      box.appendChild(img);
    } else {
      const p = document.createElement("p");
      p.className = "none";
      p.textContent = `This link is too long for a QR code (${m.url.length} characters): copy it instead.`;
      box.appendChild(p);
    }
    return true;
  }

  async function copy() {
    const note = panel.querySelector(".copied");
    note.classList.remove("failed");
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(current.url);
      } else {
        fallbackCopy();
      }
      note.textContent = "Copied ✓";
    } catch (err) {
      try {
        fallbackCopy();
        note.textContent = "Copied ✓";
      } catch (err2) {
        note.classList.add("failed");
        note.textContent = "Select the link and copy it";
      }
    }
  }

  // fallbackCopy copies the selected text area (no clipboard API: file://
  // in some browsers, an iframe without the clipboard permission).
  function fallbackCopy() {
    const area = panel.querySelector(".url");
    area.focus();
    area.select();
    if (!document.execCommand("copy")) throw new Error("copy refused");
  }


  function open() {
    if (!panel) build();
    if (!show()) return false;
    window.watchscopeDialog.show(panel, panel.querySelector(".copy"));
    return true;
  }

  function close() {
    window.watchscopeDialog.hide(panel);
  }

  function toggle() {
    return panel && !panel.hidden ? (close(), false) : open();
  }

  document.addEventListener("keydown", (e) => {
    const key = window.watchscopeDialog.pageKey(e);
    if (key === "share") {
      toggle();
      e.preventDefault();
    } else if (key === "close") {
      close();
    }
  });

  window.watchscopeShare = { open, close, toggle, link: () => { const m = link(); return m && m.url; } };
})();
