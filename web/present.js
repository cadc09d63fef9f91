// WatchScope presenter mode, the main page's half. The speaker's notes
// window (presenter.html, key N) and this page talk over a
// BroadcastChannel named "watchscope-present":
//
//   main -> notes  {type: "state", present, timer}
//                  present: watchscope.present() (ui/live/present.go): the
//                  lesson, the step on screen, its notes, the next step,
//                  the next and last cue, the hold; sent on every change
//                  timer: {elapsedMs, since, running}: the talk's wall
//                  clock, kept here so a notes window opened late (or
//                  reloaded) shows the same time
//   main -> notes  {type: "main-hello"}  this page (re)started: say hello
//   notes -> main  {type: "hello", id}   a notes window opened: presenter
//                  mode goes on and the state is sent at once
//   notes -> main  {type: "bye", id}     it closed; the last one turns
//                  presenter mode off
//   notes -> main  {type: "key", cmd}    a key pressed in the notes window
//                  (next, back, space, blank, cue back): the stage obeys
//   notes -> main  {type: "timer", op}   start, pause, toggle or reset
//
// Keys here (web/keys.js, made from ui/keys): "notes" (N) opens the notes
// window; the stage itself runs "cue back" (R).
// window.watchscopePresent = {open(), timer(), notesWindows()} for tests.
"use strict";

(() => {
  const CHANNEL = "watchscope-present";
  // The commands a notes window may send: the stage commands its keys are
  // bound to (web/keys.js), nothing else.
  const ALLOWED = new Set(window.watchscopeKeys.table
    .filter((b) => b.scopes.includes("notes") && b.by === "go").map((b) => b.cmd));

  const channel = "BroadcastChannel" in window ? new BroadcastChannel(CHANNEL) : null;
  const notes = new Set(); // ids of the notes windows said hello
  let present = null;      // the last watchscope.present(), parsed
  let wantOn = false;      // a notes window said hello before the stage could hear it
  const timer = { elapsedMs: 0, since: null, touched: false };

  function send(cmd) {
    const ws = window.watchscope;
    return !!(ws && ws.ready && ws.send(cmd));
  }

  function timerState() {
    return { elapsedMs: timer.elapsedMs, since: timer.since, running: timer.since !== null };
  }

  function publish() {
    if (channel) channel.postMessage({ type: "state", present, timer: timerState() });
  }

  function timerOp(op) {
    const now = Date.now();
    const running = timer.since !== null;
    if (op === "start" || (op === "toggle" && !running)) {
      if (!running) timer.since = now;
    } else if (op === "pause" || op === "toggle") {
      if (running) { timer.elapsedMs += now - timer.since; timer.since = null; }
    } else if (op === "reset") {
      timer.elapsedMs = 0;
      timer.since = null;
    }
    timer.touched = op !== "reset";
    publish();
  }

  // The talk starts with its first step: in presenter mode, a timer nobody
  // has touched starts by itself when the stage leaves the intro.
  function autoStart() {
    if (present && present.on && present.step > 0 && !timer.touched && timer.since === null && timer.elapsedMs === 0) {
      timer.since = Date.now();
      timer.touched = true;
    }
  }

  // ensureOn turns presenter mode on for a notes window that said hello,
  // as soon as the stage is ready to take the command.
  function ensureOn() {
    if (wantOn && (present && present.on || send("present on"))) wantOn = false;
  }

  window.addEventListener("watchscope:present", (e) => {
    try { present = JSON.parse(e.detail); } catch (err) { return; }
    ensureOn();
    autoStart();
    publish();
  });

  if (channel) {
    channel.onmessage = (e) => {
      const m = e.data || {};
      switch (m.type) {
        case "hello":
          notes.add(m.id);
          wantOn = true;
          ensureOn();
          publish();
          break;
        case "bye":
          notes.delete(m.id);
          if (notes.size === 0) send("present off");
          break;
        case "key":
          if (ALLOWED.has(m.cmd)) send(m.cmd);
          break;
        case "timer":
          timerOp(m.op);
          break;
      }
    };
    channel.postMessage({ type: "main-hello" });
  }

  function open() {
    const w = window.open("presenter.html", "watchscope-notes", "popup,width=1280,height=800");
    if (w) w.focus();
    return !!w;
  }

  // pageKey is a keydown's command in the key table (web/keys.js, made
  // from ui/keys), or "": an unbound key, a repeat or a chord, a key the
  // stage's console is typing, or a key typed into a form field.
  function pageKey(e) {
    if (e.repeat || e.ctrlKey || e.metaKey || e.altKey) return "";
    const ws = window.watchscope;
    if (ws && ws.typing && ws.typing()) return "";
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return "";
    return window.watchscopeKeys.command(e, "stage");
  }

  document.addEventListener("keydown", (e) => {
    const key = pageKey(e);
    if (!window.watchscope || !window.watchscope.ready) return;
    if (key === "notes") {
      open();
      e.preventDefault();
    }
  });

  window.watchscopePresent = { open, timer: timerState, notesWindows: () => notes.size };
})();
