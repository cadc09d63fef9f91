// WatchScope offline: registers the service worker (sw.js) that keeps the
// app working with the network off after the first load, and asks it to
// cache the current build.
//
// window.watchscopeOffline says how far it got:
//   state    "unsupported" (no service workers: file://, an old browser, a
//            private window), "registering", "caching", "ready", "error"
//   ready    true once the worker controls this page and has every file of
//            the build (offline.json) in its cache
//   version, cached, total, error
"use strict";

(() => {
  const st = { state: "registering", ready: false, version: "", cached: 0, total: 0, error: "" };
  window.watchscopeOffline = st;
  // A lesson a course platform launched (the SCORM package, web/scorm.go)
  // does not install a worker in the platform's origin; the package has none.
  const sco = new URLSearchParams(location.search).get("sco") === "1";
  if (sco || !("serviceWorker" in navigator) || !window.isSecureContext || location.protocol === "file:") {
    st.state = "unsupported";
    return;
  }

  // ask sends the active worker a message and waits for its answer.
  function ask(worker, msg) {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = (e) => resolve(e.data);
      worker.postMessage(msg, [ch.port2]);
    });
  }

  function controlled() {
    return new Promise((resolve) => {
      if (navigator.serviceWorker.controller) return resolve();
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
    });
  }

  async function start() {
    await navigator.serviceWorker.register("sw.js");
    const reg = await navigator.serviceWorker.ready;
    st.state = "caching";
    // sync: a worker installed by an earlier build picks up this one.
    const answer = await ask(reg.active, "sync");
    if (answer.error) throw new Error(answer.error);
    Object.assign(st, { version: answer.version, cached: answer.cached, total: answer.total });
    await controlled();
    st.ready = answer.total > 0 && answer.cached === answer.total;
    st.state = st.ready ? "ready" : "error";
    if (!st.ready) st.error = "missing " + answer.missing.join(", ");
  }

  // Registration waits until the app has drawn: the service worker's own
  // downloads then revalidate what the browser's cache already holds
  // instead of competing with the first download of app.wasm.
  function whenReady() {
    if (!(window.watchscope && window.watchscope.ready)) return setTimeout(whenReady, 250);
    start().catch((err) => {
      st.state = "error";
      st.error = String(err && err.message ? err.message : err);
      console.warn("watchscope: offline mode unavailable:", st.error);
    });
  }
  whenReady();
})();
