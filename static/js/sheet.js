// The score sheet in the browser: keep the screen awake, show the fields of the chosen
// entry mode and rule set, keep an untouched deal form in step with the polled sheet, keep
// an error answer where it belongs, remember the sheets recorded on (for a showdown judged
// at the table), copy links and print. No inline script anywhere (the CSP forbids it);
// everything is delegated from the document, so fragments swapped in by htmx need no
// re-binding.
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

  // --- The sheets this browser records on, for "record this deal on a sheet". ---
  var STORE = "rulesite-sheets";
  function remembered() {
    try { return JSON.parse(window.localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function remember() {
    var sheet = document.querySelector("[data-scorer]");
    if (!sheet) return;
    var url = sheet.getAttribute("data-scorer");
    var list = remembered().filter(function (s) { return s.url !== url; });
    list.unshift({ url: url, title: sheet.getAttribute("data-title") || "A score sheet", at: Date.now() });
    try { window.localStorage.setItem(STORE, JSON.stringify(list.slice(0, 5))); } catch (e) { /* private mode */ }
  }
  function offerRemembered() {
    var box = document.querySelector("[data-recent-sheets]");
    if (!box) return;
    var query = box.getAttribute("data-query");
    var list = remembered();
    if (!query || !list.length) return;
    var ul = box.querySelector("ul");
    list.forEach(function (s) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = s.url + "?" + query + "#deal-form";
      a.textContent = (box.getAttribute("data-record-on") || "Record it on “{title}”").replace("{title}", s.title);
      li.appendChild(a);
      ul.appendChild(li);
    });
    box.hidden = false;
  }

  function init(root) { applyModes(root); applyRules(root); acquire(); offerShare(root); }
  // A share button needs JavaScript: shown when the script runs (the link is there anyway).
  function offerShare(root) {
    if (!root || !root.querySelectorAll) return;
    root.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = false; });
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "mode") applyModes(target.form && target.form.parentNode);
    if (target.name === "rules") applyRules(target.form && target.form.parentNode);
  });

  // Enter in a card's box goes on to the next box, as at the table, and a tapped card goes
  // into a box: cards.js, shared with the table (the deal form is its data-card-board).

  // --- A deal form someone has typed into is "dirty": the poller must not touch it. ---
  // (A tapped card is a change: cards.js sends no input event for it.)
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = event.target.closest && event.target.closest("[data-deal-form]");
      if (form) form.dataset.dirty = "true";
    });
  });

  // An answer the sheet sends with an error status (a field to correct, a conflict, a deal
  // already undone) is an answer to show, not a crash: keep django-htmx's debug-mode error
  // page (a listener on document) from replacing the whole page with it. A server error
  // swaps nothing and says so where the answers go.
  window.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    var elt = event.detail.elt;
    if (!xhr || xhr.status < 400 || !elt || !elt.closest || !elt.closest("[data-sheet]")) return;
    event.stopPropagation();
    if (xhr.status >= 500) {
      var messages = document.getElementById("messages");
      if (messages) {
        messages.innerHTML = "";
        var p = document.createElement("p");
        p.className = "error problem";
        var said = elt.closest("[data-sheet]").getAttribute("data-server-error") ||
          "The server could not answer ({status}): nothing was changed. Try again in a moment.";
        p.textContent = said.replace("{status}", xhr.status);
        messages.appendChild(p);
      }
    }
  }, true);

  // A link the sheet's keeper replaced answers 410 (a poll, or a deal sent with it) with a
  // page that says what happened and what to do: its words go where the answers go, the
  // page stays as it was (nothing typed is lost), and the poll stops asking.
  var replaced = false;
  window.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    var elt = event.detail.elt;
    if (!xhr || xhr.status !== 410 || !elt || !elt.closest || !elt.closest("[data-sheet]")) return;
    event.preventDefault();
    replaced = true;
    var messages = document.getElementById("messages");
    var answer = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var main = answer.getElementById("main");
    var title = main && main.querySelector("h1");
    if (!messages || !title) return;
    messages.innerHTML = "";
    var said = document.createElement("p");
    said.className = "error problem";
    var strong = document.createElement("strong");
    strong.textContent = title.textContent.trim();
    said.appendChild(strong);
    said.appendChild(document.createTextNode(" "));
    messages.appendChild(said);
    main.querySelectorAll("h1 ~ p").forEach(function (part, n) {
      // The first says what happened and what to do; the next one links to a new sheet.
      var words = part.textContent.trim().replace(/\s+/g, " ");
      if (n === 0) said.appendChild(document.createTextNode(words));
      else messages.appendChild(document.importNode(part, true));
    });
  }, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (replaced && event.detail.elt && event.detail.elt.id === "live") event.preventDefault();
  });

  // After the accounts were swapped in (a poll, or this phone's own deal): an untouched
  // form follows the sheet (new version, next dealer, the deal's number); a form with input
  // keeps its old version, so the server answers 409 and shows the new deal beside what was
  // typed instead of recording a deal twice. The small forms (undo, finish) follow too: the
  // page now shows the sheet they act on.
  function followLive() {
    var live = document.getElementById("live");
    if (!live) return;
    var version = live.dataset.version;
    document.querySelectorAll("#sheet form").forEach(function (form) {
      var field = form.querySelector("input[name=version]");
      if (!field) return;
      if (form.matches("[data-deal-form]")) {
        if (form.dataset.dirty === "true") return;
        // The hands' form names it "dealer", a game's own fields "entry-dealer".
        var dealer = form.querySelector("select[name=dealer], select[name='entry-dealer']");
        if (dealer && live.dataset.nextDealer !== "") dealer.value = live.dataset.nextDealer;
        form.querySelectorAll("[data-next-number]").forEach(function (el) {
          el.textContent = live.dataset.nextNumber;
        });
      }
      field.value = version;
    });
  }
  document.addEventListener("htmx:afterSettle", function () {
    followLive();
    init(document);
  });

  // A poll sent before this phone's own deal can come back after the deal's answer has drawn
  // the sheet: what it appends (a deal's account, a grid row) is then already on the page, and
  // is not added twice.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var fragment = event.detail && event.detail.fragment;
    if (!fragment || !fragment.children) return;
    // Only what is appended (its top level, or inside htmx's wrapper without an id): a part
    // replaced by its id is meant to exist already.
    var appended = [];
    Array.prototype.slice.call(fragment.children).forEach(function (el) {
      if (!el.id && el.tagName === "DIV") {
        appended = appended.concat(Array.prototype.slice.call(el.children));
      } else {
        appended.push(el);
      }
    });
    appended.forEach(function (el) {
      if (el.id && el.matches("article.deal, tr") && document.getElementById(el.id)) el.remove();
    });
  });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });

  // Seats changed or the evening was finished on another phone: the page has other forms
  // now. Reload it, unless a deal is being typed (its answer will bring the new sheet).
  document.addEventListener("sheet-reload", function () {
    var form = document.querySelector("#sheet [data-deal-form]");
    if (form && form.dataset.dirty === "true") return;
    window.location.reload();
  });

  // After a form sent with htmx comes back, show its outcome: the first field to correct
  // (focused, so a screen reader says its message), a conflict, or the confirmation.
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (!target || (target.id !== "sheet" && target.id !== "deal-form")) return;
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

  // --- Share a link (the system's share sheet, else copied), copy a link, print. ---
  document.addEventListener("click", function (event) {
    var share = event.target.closest && event.target.closest("[data-share]");
    if (share) {
      var address = share.getAttribute("data-share");
      if (navigator.share) {
        navigator.share({ title: share.getAttribute("data-share-title") || "", url: address })
          .catch(function () {});
      } else if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(address).then(function () {
          share.textContent = share.getAttribute("data-copied") || "Copied";
        }, function () {});
      }
      return;
    }
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (button) {
      var input = document.getElementById(button.getAttribute("data-copy"));
      if (!input) return;
      input.select();
      var sheet = button.closest("[data-sheet]");
      var copied = (sheet && sheet.getAttribute("data-copied")) || "Copied";
      var done = function () { button.textContent = copied; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, function () {});
      } else if (document.execCommand && document.execCommand("copy")) {
        done();
      }
      return;
    }
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });

  function start() { init(document); remember(); offerRemembered(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
