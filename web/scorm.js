// WatchScope on a course platform: the SCORM runtime of a lesson launched
// from the package `make scorm` writes (web/scorm.go). A learning platform
// (Moodle, Canvas, Docebo, ...) opens index.html?lesson=ID&sco=1&mastery=M&
// questions=Q in a frame or a window and puts its runtime API in an
// ancestor: window.API (SCORM 1.2) or window.API_1484_11 (SCORM 2004). This
// script finds it the standard way (walking parent frames, then the opener's)
// and reports, through it:
//
//   where the learner is       cmi.core.lesson_location  the steps played
//                              cmi.suspend_data          {"v":1,"l":ID,"s":N,"a":{step:0|1}}
//   how they score             cmi.core.score.raw/min/max  percent of questions right
//   whether they are done      cmi.core.lesson_status    incomplete while going; at the
//                              last step passed or failed against the mastery score,
//                              or completed for a lesson without questions
//   how long                   cmi.core.session_time     HHHH:MM:SS.SS
//
// It commits at each step and answer, and finishes at the last step and
// when the page is hidden for good (pagehide). Every call's result is
// checked; the first failure is shown once, in words, and the lesson goes
// on. Without a platform's API nothing of this runs.
//
// window.watchscopeSCORM = {api: "1.2"|"2004"|null, errors: [...], status,
// score, location} says what it did, for tests.
"use strict";

(() => {
  const params = new URLSearchParams(location.search);
  const report = { api: null, errors: [], status: "", score: null, location: 0, finished: false };
  window.watchscopeSCORM = report;

  // find walks win's parents (at most 10, as the ADL sample does) for name.
  function find(win, name) {
    for (let i = 0; win && i <= 10; i++) {
      try {
        if (win[name]) return win[name];
      } catch (e) {
        return null; // another origin: a platform's API is never there
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  function discover() {
    for (const [name, version] of [["API_1484_11", "2004"], ["API", "1.2"]]) {
      let api = find(window, name);
      if (!api && window.opener) api = find(window.opener, name);
      if (api) return { api, version };
    }
    return null;
  }

  // The two versions' calls and fields, behind one set of names.
  const dialects = {
    "1.2": {
      init: "LMSInitialize", get: "LMSGetValue", set: "LMSSetValue", commit: "LMSCommit",
      finish: "LMSFinish", lastError: "LMSGetLastError", errorString: "LMSGetErrorString",
      location: "cmi.core.lesson_location", suspend: "cmi.suspend_data", entry: "cmi.core.entry",
      exit: "cmi.core.exit", mastery: "cmi.student_data.mastery_score", time: "cmi.core.session_time",
      raw: "cmi.core.score.raw", min: "cmi.core.score.min", max: "cmi.core.score.max",
      suspendMax: 4096, duration: timespan12,
    },
    "2004": {
      init: "Initialize", get: "GetValue", set: "SetValue", commit: "Commit",
      finish: "Terminate", lastError: "GetLastError", errorString: "GetErrorString",
      location: "cmi.location", suspend: "cmi.suspend_data", entry: "cmi.entry",
      exit: "cmi.exit", mastery: "cmi.scaled_passing_score", time: "cmi.session_time",
      raw: "cmi.score.raw", min: "cmi.score.min", max: "cmi.score.max",
      suspendMax: 64000, duration: duration2004,
    },
  };

  // timespan12 is SCORM 1.2's CMITimespan: HHHH:MM:SS.SS, hours 2 to 4 digits.
  function timespan12(ms) {
    const cs = Math.min(Math.floor(ms / 10), 9999 * 360000 + 359999);
    const two = (n) => String(n).padStart(2, "0");
    const h = Math.floor(cs / 360000), m = Math.floor(cs / 6000) % 60, s = Math.floor(cs / 100) % 60;
    return `${two(h)}:${two(m)}:${two(s)}.${two(cs % 100)}`;
  }

  // duration2004 is SCORM 2004's ISO 8601 duration: PT#H#M#S.
  function duration2004(ms) {
    const cs = Math.floor(ms / 10);
    return `PT${Math.floor(cs / 360000)}H${Math.floor(cs / 6000) % 60}M${(cs % 6000) / 100}S`;
  }

  const found = discover();
  if (!found) return;
  const { api, version } = found;
  const d = dialects[version];
  report.api = version;

  // call runs one API function and checks its result: "true" for the
  // calls that answer a verdict, an error code of "0" for GetValue.
  function call(fn, ...args) {
    let result;
    try {
      result = api[fn](...args);
    } catch (e) {
      fail(`${fn}(${args.join(", ")}) threw ${e && e.message ? e.message : e}`);
      return null;
    }
    if (fn === d.get) {
      const code = String(api[d.lastError]());
      if (code !== "0" && code !== "") {
        fail(`${fn}(${args[0]}) failed with error ${code}${words(code)}`);
        return null;
      }
      return result;
    }
    if (String(result) !== "true") {
      const code = String(api[d.lastError]());
      fail(`${fn}(${args.join(", ")}) failed with error ${code}${words(code)}`);
      return null;
    }
    return result;
  }

  function words(code) {
    try {
      const s = api[d.errorString](code);
      return s ? ` (${s})` : "";
    } catch (e) {
      return "";
    }
  }

  // fail records a platform error and shows the first one, once.
  function fail(text) {
    report.errors.push(text);
    if (report.errors.length > 1) return;
    const show = () => {
      const bar = document.createElement("div");
      bar.id = "scorm-error";
      bar.setAttribute("role", "alert");
      bar.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:30;padding:12px 24px;" +
        "background:#20252E;color:#ECEFF4;border-bottom:3px solid #E69F00;" +
        "font:18px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;display:flex;gap:24px;align-items:center";
      const msg = document.createElement("span");
      msg.textContent = `The course platform did not record your progress: ${text}. The lesson goes on.`;
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = "Dismiss";
      close.style.cssText = "font:inherit;padding:6px 16px;border-radius:6px;border:1px solid #2A313C;background:#161B22;color:#ECEFF4;cursor:pointer";
      close.onclick = () => bar.remove();
      bar.append(msg, close);
      document.body.append(bar);
    };
    if (document.body) show();
    else document.addEventListener("DOMContentLoaded", show);
  }

  const started = Date.now();
  const lesson = params.get("lesson") || "";
  const questions = Math.max(0, parseInt(params.get("questions"), 10) || 0);
  let saved = { v: 1, l: lesson, s: 0, a: {} };
  let mastery = 50;
  let live = call(d.init, "") !== null;

  if (live) {
    const raw = call(d.get, d.suspend);
    try {
      const s = raw ? JSON.parse(raw) : null;
      if (s && s.v === 1 && s.l === lesson && s.a && typeof s.a === "object") saved = s;
    } catch (e) {
      // Not ours (or cut): start over rather than stop.
    }
    const where = parseInt(call(d.get, d.location), 10);
    if (where > 0) saved.s = where;
    const m = parseFloat(call(d.get, d.mastery));
    const fromURL = parseInt(params.get("mastery"), 10);
    // 1.2 gives 0-100; 2004 a scaled -1..1 passing score.
    if (!isNaN(m)) mastery = version === "2004" ? m * 100 : m;
    else if (fromURL >= 0 && fromURL <= 100) mastery = fromURL;
    const status = version === "1.2" ? call(d.get, "cmi.core.lesson_status") : call(d.get, "cmi.completion_status");
    if (!status || status === "not attempted" || status === "unknown") setStatus("incomplete");
    call(d.commit, "");
  }

  function setStatus(status) {
    report.status = status;
    if (version === "1.2") return call(d.set, "cmi.core.lesson_status", status);
    if (status === "passed" || status === "failed") {
      call(d.set, "cmi.success_status", status);
      return call(d.set, "cmi.completion_status", "completed");
    }
    return call(d.set, "cmi.completion_status", status);
  }

  function score() {
    const right = Object.values(saved.a).filter((v) => v === 1).length;
    return questions > 0 ? Math.round((100 * right) / questions) : 0;
  }

  function save() {
    let data = JSON.stringify(saved);
    if (data.length > d.suspendMax) data = JSON.stringify({ v: 1, l: lesson, s: saved.s, a: {} });
    call(d.set, d.location, String(saved.s));
    call(d.set, d.suspend, data);
    report.location = saved.s;
  }

  function reportScore() {
    if (questions === 0) return;
    const raw = score();
    report.score = raw;
    call(d.set, d.raw, String(raw));
    call(d.set, d.min, "0");
    call(d.set, d.max, "100");
    if (version === "2004") call(d.set, "cmi.score.scaled", String(raw / 100));
  }

  // finish ends the session: done at the last step, suspended otherwise
  // (the platform then launches the next attempt with entry "resume").
  function finish(done) {
    if (!live) return;
    live = false;
    if (done) {
      if (questions === 0) setStatus("completed");
      else setStatus(score() >= mastery ? "passed" : "failed");
    }
    call(d.set, d.exit, done ? "" : "suspend");
    call(d.set, d.time, d.duration(Date.now() - started));
    call(d.commit, "");
    call(d.finish, "");
    report.finished = true;
  }

  const ws = () => (window.watchscope && window.watchscope.ready ? window.watchscope : null);
  let resumeTo = -1; // the step a resume is playing to; -1: not resuming
  let resumeUntil = 0;
  let seen = null;

  function poll() {
    if (!live || !ws()) return;
    const s = JSON.parse(ws().state());
    if (s.mode !== "lesson" || s.lesson !== lesson) return;
    if (resumeTo === -1) {
      // Resume where the learner was: the deep link opened the lesson at
      // its introduction; goto plays the steps they had played. Nothing is
      // saved until the stage is there, so a resume never forgets the step.
      resumeTo = Math.min(saved.s, s.steps);
      resumeUntil = Date.now() + 10000;
      if (s.step < resumeTo) ws().send("goto " + resumeTo);
    }
    if (s.step < resumeTo && Date.now() < resumeUntil) return;
    const answer = s.feed && s.feed.answer;
    const now = { step: s.step, seq: answer ? answer.seq : 0, done: !!s.done };
    const was = seen || { step: -1, seq: 0, done: false };
    seen = now;
    let changed = false;
    if (now.seq > was.seq && answer.lesson === lesson) {
      saved.a[answer.step] = answer.right ? 1 : 0;
      reportScore();
      changed = true;
    }
    if (now.step !== was.step) {
      saved.s = now.step;
      changed = true;
    }
    if (changed) {
      save();
      call(d.commit, "");
    }
    if (now.done && s.step >= s.steps) finish(true);
  }

  setInterval(poll, 100);
  // pagehide fires when the tab closes or the platform navigates away.
  window.addEventListener("pagehide", () => {
    poll();
    finish(false);
  });
})();
