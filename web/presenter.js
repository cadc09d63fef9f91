// WatchScope speaker notes window (presenter.html): follows the stage in
// another window of the same browser over the BroadcastChannel
// "watchscope-present" (the protocol is described in present.js) and
// sends the presenter's keys back, so a clicker works whichever window
// has the focus.
//
// window.watchscopeNotes = {state(), key(cmd)} for tests.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const id = Math.random().toString(36).slice(2);
  const channel = "BroadcastChannel" in window ? new BroadcastChannel("watchscope-present") : null;
  let last = null; // the last {present, timer} from the stage

  // The keys come from the one key table (web/keys.js, made from ui/keys):
  // what a clicker sends (PageDown/PageUp, sometimes B), the stage's own
  // arrows and Space, and T for the talk timer.
  const KEYS = window.watchscopeKeys;

  // showKeys writes the key hints: the footer lists the notes window's
  // keys, and a <kbd data-cmd> shows its command's first key.
  function showKeys() {
    const footer = $("keys");
    footer.textContent = "";
    for (const h of KEYS.hints.notes) {
      const span = document.createElement("span");
      for (const k of h.keys) {
        const kbd = document.createElement("kbd");
        kbd.textContent = k;
        span.append(kbd, " ");
      }
      span.append(h.help);
      footer.append(span);
    }
    for (const kbd of document.querySelectorAll("kbd[data-cmd]")) {
      const h = KEYS.hints.notes.find((x) => x.cmd === kbd.dataset.cmd);
      if (h) kbd.textContent = h.keys[0];
    }
  }
  showKeys();

  function post(m) { if (channel) channel.postMessage(m); }
  function key(cmd) { post({ type: "key", cmd }); }

  function clockText(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
    return (h > 0 ? h + ":" : "") + mm + ":" + String(sec).padStart(2, "0");
  }

  function elapsed(t) { return t.elapsedMs + (t.since !== null ? Date.now() - t.since : 0); }

  // drawTimer runs four times a second: the wall clock moves by itself.
  function drawTimer() {
    if (!last) return;
    const t = last.timer, p = last.present || {};
    const ms = elapsed(t);
    const plan = (p.minutes || 0) * 60000;
    $("clock").textContent = clockText(ms);
    $("plan").textContent = plan ? "of " + clockText(plan) : "no plan";
    $("fill").style.width = plan ? Math.min(100, (100 * ms) / plan).toFixed(1) + "%" : "0";
    const box = $("timer");
    box.classList.toggle("stopped", !t.running);
    box.classList.toggle("late", plan > 0 && ms >= 0.9 * plan && ms < plan);
    box.classList.toggle("over", plan > 0 && ms >= plan);
    $("startpause").textContent = t.running ? "Pause" : elapsed(t) > 0 ? "Resume" : "Start";
  }

  function cueText(c) { return c ? c.label : "—"; }
  function cueStep(c, p) { return c ? `step ${c.step} of ${p.steps}` : "none left in this lesson"; }

  function draw() {
    const p = last && last.present;
    $("waiting").hidden = !!p;
    $("link").textContent = p ? (p.on ? "presenter mode" : "connected") : "not connected";
    $("link").classList.toggle("on", !!(p && p.on));
    if (!p) return;
    $("lesson").textContent = p.title || "WatchScope";
    const step = $("step");
    step.textContent = "";
    if (p.steps > 0) {
      step.append(p.step === 0 ? "Intro" : `Step ${p.step}`);
      const of = document.createElement("span");
      of.className = "of";
      of.textContent = ` of ${p.steps}` + (p.pending ? " · question showing" : "");
      step.append(of);
    } else {
      step.textContent = "Sandbox";
    }
    $("title").textContent = p.stepTitle || "—";
    const n = $("notes");
    n.textContent = p.notes || (p.steps > 0 ? "No speaker notes for this step." : "No lesson is playing.");
    n.classList.toggle("none", !p.notes);
    $("question").hidden = !p.pending || !p.question;
    $("question").textContent = p.question ? "Asking: " + p.question : "";
    $("narration").textContent = p.narration || "";
    $("nexttitle").textContent = p.nextTitle || (p.steps > 0 ? "End of the lesson" : "—");
    $("nextcuelabel").textContent = cueText(p.nextCue);
    $("nextcuestep").textContent = p.steps > 0 ? cueStep(p.nextCue, p) : "";
    $("lastcuelabel").textContent = cueText(p.lastCue);
    $("lastcuestep").textContent = p.lastCue ? `step ${p.lastCue.step}` : "no cue reached yet";
    $("hold").hidden = !p.hold;
    $("holdlabel").textContent = p.hold ? p.hold.label : "";
    document.title = `Notes · ${p.stepTitle || "WatchScope"}`;
    drawTimer();
  }

  if (channel) {
    channel.onmessage = (e) => {
      const m = e.data || {};
      if (m.type === "state") {
        last = { present: m.present, timer: m.timer };
        draw();
      } else if (m.type === "main-hello") {
        post({ type: "hello", id }); // the stage (re)loaded: introduce ourselves again
      }
    };
    post({ type: "hello", id });
  } else {
    $("waiting").querySelector("h2").textContent = "This browser has no BroadcastChannel";
  }
  window.addEventListener("pagehide", () => post({ type: "bye", id }));

  document.addEventListener("keydown", (e) => {
    if (e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
    const cmd = KEYS.command(e, "notes");
    if (cmd === "timer") {
      post({ type: "timer", op: "toggle" });
      e.preventDefault();
      return;
    }
    if (!cmd) return;
    if (e.code === "Space" && e.target instanceof HTMLButtonElement) return; // Space presses a focused button
    key(cmd);
    e.preventDefault();
  });
  // After a click the buttons give the focus back, so a clicker's Space or
  // PageDown moves the stage instead of pressing the button again.
  $("startpause").addEventListener("click", (e) => { post({ type: "timer", op: "toggle" }); e.currentTarget.blur(); });
  $("reset").addEventListener("click", (e) => { post({ type: "timer", op: "reset" }); e.currentTarget.blur(); });
  setInterval(drawTimer, 250);

  window.watchscopeNotes = { state: () => last, key };
})();
