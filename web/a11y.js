// WatchScope the accessibility layer: a DOM beside the canvas for people
// who do not see the stage, or do not use a mouse.
//
//   <a class="ws-skip">          "Skip to controls", the first Tab stop
//   <nav id="ws-toolbar">        real buttons sending the keys' commands;
//                                off screen until one has the focus
//   <section id="ws-lesson">     the lesson panel in words: title, step k of n,
//                                narration, the question with its choices as
//                                buttons (screen-reader only until focused)
//   <section id="ws-picker">     the lesson picker while it is open: a button
//                                per lesson (state().picker.rows), the same
//                                "pickLesson N" a click on the stage sends
//   <section id="ws-panel">      the page's panel while one is open (share, open a
//                                lesson file, export: watchscope.panel()): its title,
//                                lines and rows of choices, its buttons as real
//                                buttons sending the same commands; the share link
//                                as selectable text
//   <section id="ws-start">      the start screen while it shows: what WatchScope
//                                is, its buttons (state().startScreen), each
//                                sending the command a click on the stage sends
//   <section id="ws-legend">     the legend (K, or the toolbar's Legend) while it
//                                shows: its words by section (state().legend)
//   <div id="ws-feed">           role=log, aria-live=polite: what happened, in
//                                sentences (state().feed.items)
//   <div id="ws-alerts">         role=alert, aria-live=assertive: the errors
//                                only (a 410 Gone, an OOM kill, a failed step)
//
// The words come from the app (ui/live/announce*.go): this file only lays
// them out. It reads window.watchscope.state() ten times a second and
// appends the feed items whose id is above the last one shown.
"use strict";

(() => {
  const STYLE = `
    .ws-sr { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
      overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
    .ws-ui { font: 20px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #ECEFF4; }
    .ws-ui button, .ws-skip { font: inherit; color: #ECEFF4; background: #1B2129; border: 1px solid #2C3440;
      border-radius: 8px; padding: 10px 18px; cursor: pointer; min-height: 48px; }
    .ws-ui button:hover { background: #232A34; }
    .ws-ui button:focus-visible, .ws-skip:focus-visible { outline: 4px solid #56B4E9; outline-offset: 3px; }
    .ws-ui button kbd { font: 15px ui-monospace, Menlo, Consolas, monospace; color: #959EAC; margin-left: 8px; }
    .ws-skip { position: fixed; left: 16px; top: 16px; z-index: 30; text-decoration: none;
      transform: translateY(-200%); transition: transform 120ms ease-out; }
    .ws-skip:focus { transform: none; }
    #ws-toolbar { position: fixed; left: 0; right: 0; top: 16px; margin: 0 auto; width: max-content;
      z-index: 30; display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; max-width: calc(100vw - 64px);
      padding: 10px; background: rgba(14, 17, 22, 0.94); border: 1px solid #2C3440; border-radius: 12px;
      box-shadow: 0 8px 32px rgba(0, 0, 0, 0.5);
      transform: translateY(calc(-100% - 40px)); transition: transform 120ms ease-out; }
    #ws-toolbar:focus-within { transform: none; }
    #ws-lesson:focus-within { position: fixed !important; width: min(720px, 90vw); height: auto; margin: 0;
      clip: auto; clip-path: none; white-space: normal; overflow: auto; max-height: 60vh;
      left: 50%; bottom: 24px; transform: translateX(-50%); z-index: 30; padding: 20px 24px;
      background: rgba(14, 17, 22, 0.96); border: 1px solid #2C3440; border-radius: 12px; }
    #ws-lesson h2, #ws-picker h2 { font-size: 24px; margin: 0 0 4px; }
    #ws-picker:focus-within { position: fixed !important; width: min(1280px, 92vw); height: auto; margin: 0;
      clip: auto; clip-path: none; white-space: normal; overflow: auto; max-height: 88vh;
      left: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 30; padding: 24px 28px;
      background: rgba(14, 17, 22, 0.98); border: 1px solid #2C3440; border-radius: 12px;
      box-shadow: 0 0 0 100vmax rgba(14, 17, 22, 0.88); }
    #ws-panel:focus-within { position: fixed !important; width: min(1280px, 92vw); height: auto; margin: 0;
      clip: auto; clip-path: none; white-space: normal; overflow: auto; max-height: 88vh;
      left: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 30; padding: 24px 28px;
      background: rgba(14, 17, 22, 0.98); border: 1px solid #2C3440; border-radius: 12px; }
    #ws-panel h2 { font-size: 24px; margin: 0 0 4px; }
    #ws-panel p { margin: 4px 0; color: #959EAC; word-break: break-all; }
    #ws-picker ol { padding: 0; margin: 16px 0; list-style: none; display: grid; gap: 8px;
      grid-template-columns: repeat(auto-fill, minmax(380px, 1fr)); }
    #ws-picker button { width: 100%; text-align: left; }
    #ws-start:focus-within, #ws-legend:focus-within { position: fixed !important; width: min(1280px, 92vw);
      height: auto; margin: 0; clip: auto; clip-path: none; white-space: normal; overflow: auto; max-height: 88vh;
      left: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 30; padding: 24px 28px;
      background: rgba(14, 17, 22, 0.98); border: 1px solid #2C3440; border-radius: 12px; }
    #ws-start ol, #ws-legend ul { padding: 0; margin: 12px 0; list-style: none; display: grid; gap: 8px; }
    #ws-start button { width: 100%; text-align: left; }
    #ws-start h2, #ws-legend h2 { font-size: 24px; margin: 0 0 4px; }
    #ws-legend h3 { font-size: 18px; margin: 16px 0 0; color: #959EAC; }
    #ws-lesson p { margin: 4px 0; color: #959EAC; }
    #ws-lesson ol { padding: 0; list-style: none; display: grid; gap: 8px; }
    #ws-lesson button { width: 100%; text-align: left; }
    #ws-lesson button[aria-pressed="true"] { border-color: #56B4E9; }
    @media (prefers-reduced-motion: reduce) { .ws-skip, #ws-toolbar { transition: none; } }
  `;

  // The toolbar: the stage keys' commands, in the order a lesson uses them.
  // Each button shows the first key bound to its command (web/keys.js).
  // toolbar: generated from ui/keys/verbs.go by go test ./ui/keys -update
  const BUTTONS = [
    {"id":"back","label":"Back","name":"Previous step","cmd":"back"},
    {"id":"next","label":"Next","name":"Next step","cmd":"next"},
    {"id":"play","label":"Pause","name":"Pause the clock","cmd":"toggle"},
    {"id":"lessons","label":"Lessons","name":"Open the lesson picker","cmd":"picker"},
    {"id":"why","label":"Why?","name":"Explain the newest marked event","cmd":"why"},
    {"id":"legend-open","label":"Legend","name":"What each glyph, colour and marker means","cmd":"legend"},
    {"id":"help","label":"Help","name":"Show the keys","cmd":"help"},
    {"id":"theme","label":"Theme","name":"Switch the projector theme","cmd":"theme toggle"},
    {"id":"motion","label":"Motion","name":"Toggle reduced motion","cmd":"motion"},
    {"id":"console","label":"Console","name":"Open the stage console","cmd":"console"},
  ];
  // toolbar: end

  // shortcut is the first shown key bound to cmd on the stage: its label,
  // and its name for aria-keyshortcuts (a printable character as itself,
  // any other key by its code: "ArrowLeft"); null when no key sends cmd.
  function shortcut(cmd) {
    const b = window.watchscopeKeys.table.find((k) => k.cmd === cmd && k.label && k.scopes.includes("stage"));
    if (!b) return null;
    return { key: b.label, keys: /^[\x21-\x7e]$/.test(b.label) ? b.label : b.code };
  }
  const FEED_KEEP = 50;

  const el = (tag, props = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v);
    }
    e.append(...kids);
    return e;
  };
  const send = (cmd) => window.watchscope && window.watchscope.send(cmd);

  function build() {
    document.head.append(el("style", { text: STYLE }));
    const root = el("div", { id: "ws-a11y", class: "ws-ui" });
    const skip = el("a", { class: "ws-skip", href: "#ws-toolbar", text: "Skip to controls" });
    skip.addEventListener("click", (e) => {
      e.preventDefault();
      root.querySelector("#ws-toolbar button").focus();
    });
    const bar = el("nav", { id: "ws-toolbar", "aria-label": "Stage controls" });
    for (const b of BUTTONS) {
      const btn = el("button", { type: "button", id: "ws-" + b.id, "aria-label": b.name }, b.label);
      const k = shortcut(b.cmd);
      if (k) {
        btn.append(el("kbd", { "aria-hidden": "true", text: k.key }));
        btn.setAttribute("aria-keyshortcuts", k.keys);
      }
      btn.addEventListener("click", () => send(b.cmd));
      bar.append(btn);
    }
    const lesson = el("section", { id: "ws-lesson", class: "ws-sr", "aria-label": "Lesson" });
    const picker = el("section", { id: "ws-picker", class: "ws-sr", role: "dialog", "aria-label": "Lessons" });
    const panel = el("section", { id: "ws-panel", class: "ws-sr", role: "dialog", "aria-label": "Panel" });
    const start = el("section", { id: "ws-start", class: "ws-sr", "aria-label": "Start" });
    const legend = el("section", { id: "ws-legend", class: "ws-sr", role: "dialog", "aria-label": "Legend" });
    const feed = el("div", { id: "ws-feed", class: "ws-sr", role: "log", "aria-live": "polite",
      "aria-label": "What happens on the stage" });
    const alerts = el("div", { id: "ws-alerts", class: "ws-sr", role: "alert", "aria-live": "assertive" });
    root.append(skip, bar, start, lesson, picker, panel, legend, feed, alerts);
    document.body.prepend(root);
    // Keys the stage must not see (this listener runs first: it is the
    // earliest on window's capture phase). Space and Enter on a button
    // here are the button's (Space would also step the lesson); Tab moves
    // the focus, which Ebiten otherwise prevents, unless the stage's
    // console is typing.
    window.addEventListener("keydown", (e) => {
      const ours = (e.key === " " || e.key === "Enter") && root.contains(e.target);
      const typing = window.watchscope && window.watchscope.typing && window.watchscope.typing();
      if (ours || (e.key === "Tab" && !typing)) e.stopImmediatePropagation();
    }, true);
    return { root, start, lesson, picker, panel, legend, feed, alerts };
  }

  // renderLesson redraws the lesson mirror when its words change, keeping
  // the focus on the choice that had it.
  function renderLesson(box, l) {
    const key = JSON.stringify(l || null);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : "";
    box.replaceChildren();
    if (!l) {
      box.append(el("h2", { text: "Sandbox" }), el("p", { text: "The live cluster of this page, no lesson." }));
      return;
    }
    box.append(el("h2", { text: l.title }), el("p", { id: "ws-stepof", text: `step ${l.step} of ${l.steps}` }));
    if (l.stepTitle && l.stepTitle !== l.title) box.append(el("h3", { text: l.stepTitle }));
    box.append(el("p", { text: l.error || l.narration }));
    if (l.question) {
      const list = el("ol", { "aria-label": l.question });
      l.choices.forEach((c, i) => {
        const n = i + 1;
        const b = el("button", { type: "button", id: "ws-choice-" + n, "aria-pressed": String(l.picked === n) },
          `${n}. ${c}`);
        if (l.right > 0) b.disabled = true;
        b.addEventListener("click", () => send("pick " + n));
        list.append(el("li", {}, b));
      });
      box.append(el("h3", { text: l.right > 0 ? "Answer" : "Predict" }), el("p", { text: l.question }), list);
      if (l.right > 0 && l.why) box.append(el("p", { text: "Answer: " + l.why }));
    }
    if (l.checks && l.checks.length) {
      const ul = el("ul", { "aria-label": "Checked against this run" });
      for (const c of l.checks) {
        ul.append(el("li", { text: (c.pass ? "passes: " : "fails: ") + c.claim + (c.saw && !c.pass ? ` (saw ${c.saw})` : "") }));
      }
      box.append(ul);
    }
    const again = focused && document.getElementById(focused);
    if (again) again.focus();
  }

  // mirror starts redrawing box, the mirror of an overlay the stage opens
  // and closes (the picker, the legend), from what it shows now (null
  // when closed): nothing to do when that is what box already shows; box
  // emptied, and the focus handed back to the toolbar's button opener,
  // when the overlay closed while box had the focus. Otherwise box is
  // emptied for the caller to fill, and mirror returns {take}: whether
  // the caller should put the focus inside box (the overlay was opened
  // from this layer, whose focus is elsewhere than in box).
  function mirror(box, shown, opener) {
    const key = JSON.stringify(shown || null);
    if (box.dataset.key === key) return null;
    box.dataset.key = key;
    const active = document.activeElement;
    const hadFocus = !!active && box.contains(active);
    const inLayer = !!active && box.parentElement.contains(active);
    box.replaceChildren();
    if (!shown) {
      if (hadFocus) document.getElementById(opener).focus();
      return null;
    }
    return { take: inLayer && !hadFocus };
  }

  // renderPicker mirrors the stage's lesson picker while it is open: a
  // button per row and Close. Opened from this layer (the toolbar's
  // Lessons), it takes the focus to its first row; closed while it had
  // the focus, it gives it back to Lessons.
  function renderPicker(box, p) {
    const focus = mirror(box, p && p.rows, "ws-lessons");
    if (!focus) return;
    const list = el("ol", { "aria-label": "Lessons" });
    p.rows.forEach((r, i) => {
      const words = r.progress ? ` (${r.progress})` : "";
      const b = el("button", { type: "button", id: "ws-pick-" + (i + 1), "data-id": r.id }, `${i + 1}. ${r.title}${words}`);
      b.addEventListener("click", () => send("pickLesson " + i));
      list.append(el("li", {}, b));
    });
    const close = el("button", { type: "button", id: "ws-pick-close" }, "Close");
    close.addEventListener("click", () => send("close"));
    // The progress this browser keeps (web/progress.js): forget it here.
    const forget = el("button", { type: "button", id: "ws-pick-forget" }, "Forget my progress");
    forget.addEventListener("click", () => send("progress clear"));
    box.append(el("h2", { text: "Pick a lesson" }), list, forget, close);
    if (focus.take) box.querySelector("button").focus();
  }

  // renderPanel mirrors the page's panel (watchscope.panel()) while one is
  // open: its words, its rows of choices (a group each, named by its
  // caption and value; a chosen one aria-pressed), its status (announced),
  // the preview of the file made (in words), a GIF's progress and its
  // buttons; a share link as a read-only text
  // field, selectable where the clipboard fails.
  function renderPanel(box, p) {
    // The export panel's preview, in the words of its caption: "Preview:
    // GIF, 12 frames, 640×360".
    const preview = p && p.extra && p.extra.preview ? `Preview: ${p.extra.preview.words}` : "";
    const key = JSON.stringify(p ? [p.title, p.lines, p.rows, p.status, p.working && Math.round(100 * p.progress),
      preview, p.buttons.map((b) => [b.label, b.cmd, b.pressed])] : null);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.cmd : "";
    box.replaceChildren();
    if (!p) return;
    box.setAttribute("aria-label", p.title);
    box.append(el("h2", { text: p.title }));
    for (const line of p.lines) box.append(el("p", { text: line }));
    if (p.extra && p.extra.link) {
      box.append(el("textarea", { readonly: "", rows: "3", "aria-label": "Link to this moment", class: "ws-link" }, p.extra.link));
    }
    const groups = {};
    for (const r of p.rows || []) {
      const name = r.value ? `${r.caption}: ${r.value}` : r.caption;
      groups[r.caption] = el("div", { role: "group", "aria-label": name }, el("span", { text: name + " " }));
      box.append(groups[r.caption]);
    }
    for (const b of p.buttons) {
      const btn = el("button", { type: "button", "data-cmd": b.cmd }, b.label);
      if (b.toggle) btn.setAttribute("aria-pressed", String(!!b.pressed));
      btn.addEventListener("click", () => send(b.cmd));
      (groups[b.row] || box).append(btn);
    }
    box.append(el("p", { role: "status", text: p.status }));
    if (preview) box.append(el("p", { class: "ws-preview", text: preview }));
    if (p.working) {
      box.append(el("div", { role: "progressbar", "aria-label": "Progress", "aria-valuemin": "0", "aria-valuemax": "100",
        "aria-valuenow": String(Math.round(100 * p.progress)) }));
    }
    const again = focused && box.querySelector(`button[data-cmd="${focused}"]`);
    if (again) again.focus();
  }

  // renderStart mirrors the start screen while it shows: the sentence and
  // a button per stage button, in the stage's order.
  function renderStart(box, st) {
    const key = JSON.stringify(st || null);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren();
    if (!st) {
      if (hadFocus) document.getElementById("ws-next").focus();
      return;
    }
    const list = el("ol", { "aria-label": "Where to begin" });
    st.buttons.forEach((b, i) => {
      const btn = el("button", { type: "button", id: "ws-start-" + i }, b.label);
      btn.addEventListener("click", () => send(b.cmd));
      list.append(el("li", {}, btn));
    });
    box.append(el("h2", { text: "WatchScope" }), el("p", { text: st.about }), list);
  }

  // renderLegend mirrors the legend while it shows; opened from this layer
  // (the toolbar's Legend), it takes the focus to its Close button, and
  // closing gives it back to Legend.
  function renderLegend(box, lg) {
    const focus = mirror(box, lg, "ws-legend-open");
    if (!focus) return;
    const section = (title, items) => [el("h3", { text: title }),
      el("ul", { "aria-label": title }, ...items.map((t) => el("li", { text: t })))];
    const close = el("button", { type: "button", id: "ws-legend-close" }, "Close");
    close.addEventListener("click", () => send("legend"));
    box.append(el("h2", { text: "Legend" }), ...section("On the stage", lg.stage),
      ...section("Watch events", lg.events), ...section("Timeline markers", lg.markers), close);
    if (focus.take) close.focus();
  }

  // appendFeed adds the items not shown yet: polite ones to the log,
  // assertive ones to the alert region.
  function appendFeed(ui, items, last) {
    for (const it of items) {
      if (it.id <= last) continue;
      last = it.id;
      const region = it.level === "assertive" ? ui.alerts : ui.feed;
      region.append(el("p", { "data-id": String(it.id), "data-kind": it.kind, text: it.text }));
      while (region.childElementCount > FEED_KEEP) region.firstElementChild.remove();
    }
    return last;
  }

  // labelCanvas names the stage for assistive technology, and puts the
  // layer right after it: the stage takes the focus when it starts, so
  // the first Tab from there reaches "Skip to controls".
  function labelCanvas(root, l) {
    const canvas = document.querySelector("canvas");
    if (!canvas) return;
    if (canvas.nextElementSibling !== root && !root.contains(document.activeElement)) canvas.after(root);
    const label = l ? `WatchScope stage: ${l.title}, step ${l.step} of ${l.steps}` : "WatchScope stage: sandbox";
    canvas.setAttribute("role", "img");
    if (canvas.getAttribute("aria-label") !== label) canvas.setAttribute("aria-label", label);
  }

  function start() {
    const ui = build();
    let last = 0;
    let playing = null;
    const tick = () => {
      const api = window.watchscope;
      if (!api || !api.ready) return;
      let s;
      try { s = JSON.parse(api.state()); } catch { return; }
      const feed = s.feed || { items: [] };
      renderLesson(ui.lesson, feed.lesson);
      renderPicker(ui.picker, s.picker);
      let panel = null;
      try { panel = api.panel ? JSON.parse(api.panel()) : null; } catch { panel = null; }
      renderPanel(ui.panel, panel);
      renderStart(ui.start, s.startScreen);
      renderLegend(ui.legend, s.legend);
      last = appendFeed(ui, feed.items || [], last);
      labelCanvas(ui.root, feed.lesson);
      if (playing !== !s.paused) {
        playing = !s.paused;
        const b = document.getElementById("ws-play");
        b.textContent = playing ? "Pause" : "Play";
        b.setAttribute("aria-label", playing ? "Pause the clock" : "Start the clock");
      }
    };
    setInterval(tick, 100);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
