/* The site kept on this device for use without signal: registers the service worker
 * (rulesite/offline.py, templates/offline/sw.js) and, on the home page, says when the site is
 * available offline and how much room it takes. Without a service worker (an old browser,
 * a private window that refuses one) nothing happens and every page works online as before.
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

  window.addEventListener("load", function () {
    navigator.serviceWorker.register(worker, { scope: "/" }).then(show, function () {
      if (state) { state.hidden = true; }
    });
  });
})();
