// The score sheet in the browser: keep the screen awake, show the fields of the chosen
// entry mode and rule set, keep an untouched deal form in step with the polled sheet,
// copy links and print. No inline script anywhere (the CSP forbids it); everything is
// delegated from the document, so fragments swapped in by htmx need no re-binding.
(function () {
  "use strict";

  // --- Screen Wake Lock: feature-detected, re-acquired when the page is shown again. ---
  var wakeLock = null;
  function wantsWake() { return document.querySelector("[data-sheet]") !== null; }
  function acquire() {
    if (!("wakeLock" in navigator) || !wantsWake() || document.visibilityState !== "visible") return;
    if (wakeLock !== null && !wakeLock.released) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.wakeLock = "on";
      lock.addEventListener("release", function () {
        document.documentElement.dataset.wakeLock = "off";
      });
    }).catch(function () { /* refused (battery saver, no gesture): silently absent */ });
  }
  document.addEventListener("visibilitychange", acquire);
  document.addEventListener("click", acquire, { once: true });

  // --- Entry mode: hands or result (cards or scores in Cox's game). ---
  function applyModes(root) {
    (root || document).querySelectorAll("[data-deal-form]").forEach(function (form) {
      var checked = form.querySelector("input[name=mode]:checked");
      if (!checked) return;
      form.querySelectorAll("[data-mode]").forEach(function (el) {
        el.hidden = el.getAttribute("data-mode") !== checked.value;
      });
    });
  }

  // --- Start form: only the options of the chosen rule set. ---
  function applyRules(root) {
    (root || document).querySelectorAll("[data-start-form]").forEach(function (form) {
      var checked = form.querySelector("input[name=rules]:checked");
      if (!checked) return;
      form.querySelectorAll("[data-rules]").forEach(function (el) {
        var list = el.getAttribute("data-rules").split(" ");
        el.hidden = list.indexOf(checked.value) === -1;
      });
    });
  }

  function init(root) { applyModes(root); applyRules(root); acquire(); }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "mode") applyModes(target.form && target.form.parentNode);
    if (target.name === "rules") applyRules(target.form && target.form.parentNode);
  });

  // --- A deal form someone has typed into is "dirty": the poller must not touch it. ---
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("[data-deal-form]");
    if (form) form.dataset.dirty = "true";
  });

  // The poller replaces the whole sheet: a "Why" the reader has opened stays open (each
  // deal's article keeps its id across the swap).
  var openWhy = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "live") return;
    openWhy = Array.prototype.map.call(
      document.querySelectorAll("article.deal details.why[open]"),
      function (details) { return details.closest("article.deal").id; }
    );
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "live") return;
    openWhy.forEach(function (id) {
      var article = document.getElementById(id);
      var details = article && article.querySelector("details.why");
      if (details) details.open = true;
    });
    openWhy = [];
  });

  // After the poller swapped in a newer sheet: an untouched form follows it (new version,
  // next dealer); a form with input keeps its old version, so the server answers 409 and
  // shows the new deal beside what was typed instead of recording a deal twice.
  document.addEventListener("htmx:afterSwap", function (event) {
    var live = document.getElementById("live");
    var form = document.querySelector("#sheet [data-deal-form]");
    if (live && form && form.dataset.dirty !== "true" && event.detail.target === live) {
      var version = form.querySelector("input[name=version]");
      if (version) version.value = live.dataset.version;
      var dealer = form.querySelector("select[name=dealer]");
      if (dealer && live.dataset.nextDealer !== "") dealer.value = live.dataset.nextDealer;
    }
    init(document);
  });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });

  // After a form sent with htmx comes back, show its outcome: the first field to correct
  // (focused, so a screen reader says its message), a conflict, or the confirmation.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.target || event.detail.target.id !== "sheet") return;
    var sheet = document.getElementById("sheet");
    if (!sheet) return;
    var invalid = sheet.querySelector("[aria-invalid=true]");
    var alert = sheet.querySelector(".conflict, .problem, .form-errors");
    var notice = sheet.querySelector(".messages .notice");
    if (invalid) {
      invalid.scrollIntoView({ block: "center" });
      invalid.focus({ preventScroll: true });
    } else if (alert) {
      alert.scrollIntoView({ block: "start" });
    } else if (notice) {
      notice.scrollIntoView({ block: "start" });
    }
  });

  // --- Copy a link, print. ---
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (button) {
      var input = document.getElementById(button.getAttribute("data-copy"));
      if (!input) return;
      input.select();
      var done = function () { button.textContent = "Copied"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, function () {});
      } else if (document.execCommand && document.execCommand("copy")) {
        done();
      }
      return;
    }
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
})();
