// WatchScope embedding: the postMessage API between a host page and this
// page in an iframe. README.md ("Embedding") is the reference; in short:
//
//   host -> stage   {watchscope: 1, type: "send", cmd: "next", ref}
//                   {watchscope: 1, type: "state", ref}
//                   {watchscope: 1, type: "lesson", id: "gone-410", step: 0, ref}
//                   {watchscope: 1, type: "hello", ref}
//   stage -> host   {watchscope: 1, type: "reply", to, ref, ok, error?, state?}
//                   {watchscope: 1, type: "ready" | "step" | "prediction" | "finished", ...}
//
// Origins: a request is answered to its sender (event.source, at
// event.origin) and only if it comes from the parent window. With
// ?origin=https://course.example in the iframe's URL, only that origin is
// listened to and events go only to it; without it, events go to any
// parent ("*"): they carry lesson progress, never anything private.
//
// Versioning: `watchscope` is the API's major version. This page speaks
// 1 and refuses other versions with a reply naming the one it speaks.
// Within 1, fields and event types are only ever added: hosts ignore
// what they do not know.
"use strict";

(() => {
  if (window.parent === window) return; // not in a frame: no host to talk to
  const VERSION = 1;
  const only = new URLSearchParams(location.search).get("origin");
  const target = only || "*";
  const waiting = []; // requests that came before the app was ready
  let seen = null; // what the last poll saw, to tell what changed

  const api = () => (window.watchscope && window.watchscope.ready ? window.watchscope : null);
  const post = (msg, to = window.parent, origin = target) =>
    to.postMessage({ watchscope: VERSION, ...msg }, origin);
  const state = () => JSON.parse(api().state());

  // handle answers one request; the reply goes back where it came from.
  function handle(m, source, origin) {
    const reply = (extra) => post({ type: "reply", to: m.type, ref: m.ref === undefined ? null : m.ref, ...extra }, source, origin);
    if (m.watchscope !== VERSION) {
      reply({ ok: false, error: `unsupported version ${m.watchscope}: this page speaks ${VERSION}` });
      return;
    }
    const ws = api();
    switch (m.type) {
      case "send":
        if (typeof m.cmd !== "string" || m.cmd.trim() === "") return reply({ ok: false, error: "send needs cmd, a string" });
        return reply(ws.send(m.cmd) ? { ok: true } : { ok: false, error: "the command queue is full; try again" });
      case "lesson": {
        if (typeof m.id !== "string" || !/^[a-z0-9-]+$/.test(m.id)) return reply({ ok: false, error: "lesson needs id, a lesson id" });
        let ok = ws.send("lesson " + m.id);
        if (ok && Number.isInteger(m.step) && m.step > 0) ok = ws.send("goto " + m.step);
        return reply(ok ? { ok: true } : { ok: false, error: "the command queue is full; try again" });
      }
      case "state":
        return reply({ ok: true, state: state() });
      case "hello":
        reply({ ok: true });
        return post(readyEvent(state()), source, origin);
      default:
        return reply({ ok: false, error: `unknown type ${JSON.stringify(m.type)}` });
    }
  }

  window.addEventListener("message", (e) => {
    const m = e.data;
    if (!m || typeof m !== "object" || !("watchscope" in m)) return; // not ours
    if (e.source !== window.parent || (only && e.origin !== only)) return;
    if (!api()) waiting.push([m, e.source, e.origin]);
    else handle(m, e.source, e.origin);
  });

  const lessonOf = (s) => (s.feed && s.feed.lesson) || null;

  function readyEvent(s) {
    const l = lessonOf(s);
    return { type: "ready", version: VERSION, mode: s.mode, lesson: s.lesson || null,
      title: l ? l.title : null, step: s.step, steps: s.steps };
  }

  // watch compares each poll with the last and posts what changed.
  function watch(s) {
    const l = lessonOf(s);
    const now = { lesson: s.lesson || null, step: s.step, pending: !!s.pending, done: !!s.done,
      seq: s.feed && s.feed.answer ? s.feed.answer.seq : 0 };
    const was = seen;
    seen = now;
    if (!was) return;
    if (now.lesson !== was.lesson || now.step !== was.step || now.pending !== was.pending) {
      post({ type: "step", mode: s.mode, lesson: now.lesson, step: s.step, steps: s.steps, pending: now.pending,
        shown: l ? l.step : 0, title: l ? l.stepTitle : null });
    }
    if (now.seq > was.seq) {
      const a = s.feed.answer;
      post({ type: "prediction", lesson: a.lesson, step: a.step, question: a.question, choice: a.choice || null,
        choiceText: a.choiceText || null, correct: a.correct, correctText: a.correctText, right: a.right });
    }
    if (now.done && !(was.done && was.lesson === now.lesson) && now.lesson) {
      post({ type: "finished", lesson: now.lesson, steps: s.steps, passed: s.passed, failed: s.failed });
    }
  }

  const poll = () => {
    if (!api()) return;
    const s = state();
    if (!seen && s.busy) return; // a deep link's late step is still replaying: not there yet
    if (!seen) {
      post(readyEvent(s));
      for (const [m, source, origin] of waiting.splice(0)) handle(m, source, origin);
    }
    watch(s);
  };
  setInterval(poll, 100);
})();
