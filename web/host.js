// An example host page for WatchScope's postMessage API (README.md,
// "Embedding"): buttons post requests into the iframe, and every message
// the stage posts back is listed. window.hostLog keeps them for tests.
"use strict";

(() => {
  const frame = document.getElementById("stage");
  const log = document.getElementById("log");
  const status = document.getElementById("status");
  const stageOrigin = new URL(frame.src, location.href).origin;
  let ref = 0;
  window.hostLog = [];

  // ask posts one request to the stage.
  function ask(msg) {
    msg = { watchscope: 1, ref: ++ref, ...msg };
    frame.contentWindow.postMessage(msg, stageOrigin);
    show("sent", msg, "sent");
  }

  function summary(m) {
    switch (m.type) {
      case "ready": return m.lesson ? `${m.lesson} at step ${m.step} of ${m.steps}` : `${m.mode}`;
      case "step": return `${m.lesson || m.mode} ${m.pending ? "question for step " + m.shown : "step " + m.step} of ${m.steps}` +
        (m.title ? ` — ${m.title}` : "");
      case "prediction": return `step ${m.step}: picked ${m.choice ?? "nothing"}, answer ${m.correct} (${m.correctText}) — ` +
        (m.right ? "right" : "not right");
      case "finished": return `${m.lesson}: ${m.passed} checks passed, ${m.failed} failed`;
      case "reply": return `${m.to} #${m.ref}: ` + (m.ok ? "ok" : m.error) + (m.state ? ` (time ${m.state.time}, revision ${m.state.revision})` : "");
      default: return JSON.stringify(m);
    }
  }

  function show(kind, m, cls) {
    const li = document.createElement("li");
    li.className = cls;
    const t = document.createElement("span");
    t.className = "type";
    t.textContent = kind;
    li.append(t, " ", kind === "sent" ? JSON.stringify(m) : summary(m));
    log.prepend(li);
    while (log.childElementCount > 200) log.lastElementChild.remove();
  }

  window.addEventListener("message", (e) => {
    const m = e.data;
    if (e.source !== frame.contentWindow || e.origin !== stageOrigin || !m || m.watchscope !== 1) return;
    window.hostLog.push(m);
    let cls = m.type;
    if (m.type === "prediction") cls += m.right ? " right" : " wrong";
    if (m.type === "reply" && !m.ok) cls += " error";
    if (m.type === "finished" && m.failed > 0) cls += " failed";
    show(m.type, m, cls);
    if (m.type === "ready" || m.type === "step") {
      status.innerHTML = "";
      const b = document.createElement("b");
      b.textContent = m.lesson ? `${m.lesson}: step ${m.step} of ${m.steps}` : m.mode;
      status.append("Stage ready — ", b);
    }
  });

  for (const b of document.querySelectorAll("[data-send]")) {
    b.addEventListener("click", () => ask({ type: "send", cmd: b.dataset.send }));
  }
  document.getElementById("open-lesson").addEventListener("click", () =>
    ask({ type: "lesson", id: document.getElementById("lesson-id").value }));
  document.getElementById("get-state").addEventListener("click", () => ask({ type: "state" }));
})();
