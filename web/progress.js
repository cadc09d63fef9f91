// WatchScope progress: where the learner stands in each lesson, kept in
// this browser's localStorage and nowhere else. This script watches
// state() as the learner plays and keeps, per lesson, the steps played,
// whether they reached its end, and their answers to its questions:
//
//   localStorage["watchscope.progress.v1"] =
//     {"revisions": {"step": 3, "steps": 6, "done": false, "answers": {"2": 1}}, ...}
//
// It hands the record to the stage (the verb `progress JSON`, see
// ui/live/progress.go), which shows it in the lesson picker and resumes a
// started lesson at its step. `progress clear` (the picker's Delete key,
// or the accessibility layer's button) makes the stage forget it; this
// script sees state().progress.cleared grow and empties its copy.
//
// window.watchscopeProgress = {record(), clear()} for tests.
"use strict";

(() => {
  const KEY = "watchscope.progress.v1";
  const store = (() => {
    try {
      const s = window.localStorage;
      s.getItem(KEY);
      return s;
    } catch (e) {
      return null; // storage refused (a sandboxed frame, a strict privacy setting): nothing is kept
    }
  })();

  function load() {
    if (!store) return {};
    try {
      const r = JSON.parse(store.getItem(KEY) || "{}");
      return r && typeof r === "object" && !Array.isArray(r) ? r : {};
    } catch (e) {
      return {};
    }
  }

  let record = load();
  let sent = null; // what the stage was last handed
  let cleared = -1; // state().progress.cleared when last seen
  let seq = 0; // the last answer recorded

  const ws = () => (window.watchscope && window.watchscope.ready ? window.watchscope : null);

  function save() {
    if (store) {
      try {
        store.setItem(KEY, JSON.stringify(record));
      } catch (e) {
        // Full or refused: the stage still shows this visit's progress.
      }
    }
    const text = JSON.stringify(record);
    if (text !== sent && ws() && ws().send("progress " + text)) sent = text;
  }

  function poll() {
    const api = ws();
    if (!api) return;
    const s = JSON.parse(api.state());
    const p = s.progress || { cleared: 0 };
    if (cleared === -1) {
      cleared = p.cleared;
      save(); // the stage starts knowing what this browser kept
    } else if (p.cleared > cleared) {
      cleared = p.cleared;
      record = {};
      sent = "{}";
      if (store) store.removeItem(KEY);
      return;
    }
    if (s.mode !== "lesson" || !s.lesson || !s.steps) return;
    const was = record[s.lesson] || { step: 0, steps: s.steps, done: false, answers: {} };
    // A lesson opened at its introduction (a link, the picker after the
    // end) keeps the step the learner had reached until they play on.
    const step = s.step === 0 && !s.done ? was.step : s.step;
    const now = { step, steps: s.steps, done: was.done || !!s.done, answers: { ...was.answers } };
    const a = s.feed && s.feed.answer;
    if (a && a.seq > seq) {
      seq = a.seq;
      if (a.lesson === s.lesson) now.answers[a.step] = a.right ? 1 : 0;
    }
    if (JSON.stringify(now) !== JSON.stringify(record[s.lesson])) {
      record[s.lesson] = now;
      save();
    }
  }

  window.watchscopeProgress = {
    record: () => JSON.parse(JSON.stringify(record)),
    clear: () => ws() && ws().send("progress clear"),
  };
  setInterval(poll, 300);
})();
