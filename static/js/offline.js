/* The site kept on this device for use without signal: registers the service worker
 * (rulesite/offline.py, templates/offline/sw.js) and, on the home page, says when the site is
 * available offline and how much room it takes. Without a service worker (an old browser,
 * a private window that refuses one) nothing happens and every page works online as before.
 *
 * On a table page it also keeps the engine's worker (static/js/engine-worker.mjs): the site
 * itself run by Pyodide in this browser. The service worker hands this page each table
 * request the network could not answer; the engine's worker answers it as the server would.
 * The worker starts when a table page kept offline has opened, so the first tap without
 * signal does not wait for it.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) { return; }
  var worker = script.dataset.worker;
  var state = document.getElementById("offline-state");

  function megabytes(bytes) {
    var mb = bytes / (1024 * 1024);
    return (mb < 10 ? mb.toFixed(1) : Math.round(mb)) + " MB";
  }

  function show() {
    if (!state) { return; }
    state.textContent = state.dataset.preparing;
    state.hidden = false;
    navigator.serviceWorker.ready.then(function () {
      var estimate = navigator.storage && navigator.storage.estimate ?
        navigator.storage.estimate() : Promise.resolve({ usage: 0 });
      return estimate;
    }).then(function (estimate) {
      state.textContent = state.dataset.ready.replace("{size}", megabytes(estimate.usage || 0));
      state.classList.add("is-ready");
    });
  }

  // ------------------------------------------------------------------ the engine's worker
  var engine = null;
  var asked = {};
  var count = 0;
  var root = document.documentElement;

  function startEngine() {
    if (engine || !window.Worker) { return engine; }
    var began = performance.now();
    root.dataset.offlineEngine = "starting";
    engine = new Worker(script.dataset.engine, { type: "module" });
    engine.addEventListener("message", function (event) {
      var message = event.data;
      if (message.ready !== undefined) {
        root.dataset.offlineEngine = "ready";
        root.dataset.offlineEngineMs = String(Math.round(performance.now() - began));
        root.dataset.offlineEngineMemory = String(message.memory || 0);
      } else if (message.failed !== undefined) {
        root.dataset.offlineEngine = "failed";
        Object.keys(asked).forEach(function (id) {
          asked[id].postMessage({ error: message.failed });
          delete asked[id];
        });
      } else if (asked[message.id]) {
        asked[message.id].postMessage(message);
        delete asked[message.id];
        root.dataset.offlineAnswers = String(Number(root.dataset.offlineAnswers || 0) + 1);
      }
    });
    engine.postMessage({ start: {
      pyodide: script.dataset.pyodide,
      site: script.dataset.site,
      warm: window.location.pathname,
    } });
    return engine;
  }

  // A table page kept for use without signal starts its engine once it has opened, in the
  // background, so that a tap without signal never waits for it: the signal cannot be known
  // beforehand (a phone with no data getting through says it is online, and the browser's own
  // cache answers a page it has just seen).
  if (document.querySelector(".table-page") && script.dataset.engine) {
    window.addEventListener("load", function () {
      if (!navigator.serviceWorker.controller) { return; }
      if (document.body.dataset.drawnFor !== window.location.pathname + window.location.search) {
        drawTheAddress();
      }
      (window.requestIdleCallback || window.setTimeout)(startEngine);
    });
  }

  // Opened without signal at an address with a board (a permalink, a reload, a form sent
  // without JavaScript's help), the page shown is the kept blank one: htmx draws the page the
  // address asks for, as it does going Back to a page it no longer holds, and the request it
  // sends is the engine's (it is a table page's htmx request).
  function drawTheAddress() {
    if (!window.htmx) { return; }
    window.history.replaceState({ htmx: true }, "", window.location.href);
    window.dispatchEvent(new PopStateEvent("popstate", { state: { htmx: true } }));
  }

  // Say so when an answer came from this device rather than from the site.
  document.addEventListener("htmx:afterRequest", function (event) {
    var note = document.querySelector(".offline-answer");
    var xhr = event.detail && event.detail.xhr;
    if (note && xhr) { note.hidden = xhr.getResponseHeader("X-Answered-By") !== "this-device"; }
  });

  navigator.serviceWorker.addEventListener("message", function (event) {
    var message = event.data || {};
    if (message.rulesite !== "answer" || !event.ports[0]) { return; }
    if (!startEngine() || root.dataset.offlineEngine === "failed") {
      event.ports[0].postMessage({ error: "no engine here" });
      return;
    }
    count += 1;
    asked[count] = event.ports[0];
    engine.postMessage({ id: count, url: message.url, headers: message.headers });
  });
  navigator.serviceWorker.startMessages();

  window.addEventListener("load", function () {
    navigator.serviceWorker.register(worker, { scope: "/" }).then(show, function () {
      if (state) { state.hidden = true; }
    });
  });
})();
