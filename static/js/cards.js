/* At the table: card entry by tapping the on-screen pack, by typing, and by keyboard.
 *
 * Progressive: without this file every button submits the GET form and the server
 * re-renders (tap=CODE puts a card in the first empty field, clear=H-P removes one).
 * With it, a tapped card goes straight into the chosen field (the focused one, or the
 * next empty), used cards are shown taken at once, and htmx fetches the result.
 * Cards are never parsed here: the only codes this file knows are the canonical ones
 * the server renders into data-card attributes.
 */
(function () {
  "use strict";

  var LIVE = "X-Table-Live";
  // The strict CSP forbids style attributes; never let htmx copy one across a swap.
  if (window.htmx) {
    window.htmx.config.attributesToSettle = window.htmx.config.attributesToSettle.filter(
      function (name) { return name !== "style"; }
    );
  }
  var target = null; // id of the field the next tapped card goes to
  var chosen = false; // true when the player picked that field himself
  var sent = {}; // field id -> value sent with the last request

  function board() { return document.getElementById("board"); }
  function fields() {
    var b = board();
    return b ? Array.prototype.slice.call(b.querySelectorAll(".card-field")) : [];
  }
  // Every text field of the board (Cox's rack too): what the player typed is kept across swaps.
  function textFields() {
    var b = board();
    return b ? Array.prototype.slice.call(b.querySelectorAll(".card-field, .cox-field")) : [];
  }
  function isEmpty(field) { return field.value.trim() === ""; }

  function request() {
    var b = board();
    if (b && window.htmx) { window.htmx.trigger(b, "cards-changed"); }
  }

  function slotOf(field) { return field.closest(".slot"); }

  function nextEmpty(after) {
    var all = fields();
    var start = after ? all.indexOf(after) + 1 : 0;
    for (var i = 0; i < all.length; i++) {
      var f = all[(start + i) % all.length];
      if (isEmpty(f)) { return f; }
    }
    return null;
  }

  function setTarget(field, byPlayer) {
    fields().forEach(function (f) { slotOf(f).classList.remove("is-target"); });
    target = field ? field.id : null;
    chosen = Boolean(field && byPlayer);
    var hint = document.querySelector(".pack-target");
    if (field) {
      slotOf(field).classList.add("is-target");
      if (hint) {
        hint.textContent = "Next card: hand " + field.dataset.hand + ", card " + field.dataset.position + ".";
        hint.dataset.target = field.id;
      }
    } else if (hint && hint.dataset.target) {
      // Keep the server's verdict there; only a hint that named a field is out of date.
      hint.textContent = "Every card is entered.";
      delete hint.dataset.target;
    }
  }

  function syncPack() {
    var taken = {};
    fields().forEach(function (f) { if (f.dataset.card) { taken[f.dataset.card] = f.dataset.hand; } });
    document.querySelectorAll("#pack .pc").forEach(function (button) {
      var hand = taken[button.dataset.card];
      button.classList.toggle("taken", Boolean(hand));
      if (hand) { button.setAttribute("aria-disabled", "true"); } else { button.removeAttribute("aria-disabled"); }
      var note = button.querySelector(".taken-note");
      if (note) { note.textContent = hand ? ", taken" : ""; }
    });
  }

  function say(text) {
    var status = document.getElementById("board-status");
    if (status) { status.textContent = text; }
  }

  function showClear(field) {
    var clear = document.getElementById(field.id + "-clear");
    if (clear) { clear.hidden = isEmpty(field); }
    slotOf(field).classList.toggle("is-empty", isEmpty(field));
  }

  function place(button) {
    if (button.getAttribute("aria-disabled") === "true") {
      say(button.dataset.symbol + " is already in a hand.");
      return;
    }
    var field = target ? document.getElementById(target) : null;
    if (!field || (!chosen && !isEmpty(field))) { field = nextEmpty(field); }
    if (!field) {
      say("Every hand is full: remove a card (×) to replace it, or add a player.");
      return;
    }
    field.value = button.dataset.symbol;
    field.dataset.card = button.dataset.card;
    field.classList.remove("red", "black");
    field.classList.add(button.classList.contains("red") ? "red" : "black");
    field.removeAttribute("aria-invalid");
    showClear(field);
    syncPack();
    setTarget(nextEmpty(field), false);
    say(button.dataset.symbol + " in hand " + field.dataset.hand + ".");
    request();
  }

  function clearField(button, byKeyboard) {
    var field = document.getElementById(button.id.replace(/-clear$/, ""));
    if (!field) { return; }
    field.value = "";
    delete field.dataset.card;
    field.classList.remove("red", "black");
    showClear(field);
    syncPack();
    setTarget(field, true);
    // The button hides itself. From the keyboard, go on in the emptied field; after a tap,
    // do not focus it (a phone would open its keyboard over the pack).
    if (byKeyboard) { field.focus({ preventScroll: true }); }
    request();
  }

  function typed(field) {
    delete field.dataset.card;
    field.classList.remove("red", "black");
    showClear(field);
    syncPack();
  }

  function moveInPack(button, key) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("#pack .pack-row"));
    var row = button.closest(".pack-row");
    var r = rows.indexOf(row);
    var cards = Array.prototype.slice.call(row.querySelectorAll(".pc"));
    var c = cards.indexOf(button);
    var next = null;
    if (key === "ArrowRight") { next = cards[c + 1] || (rows[r + 1] && rows[r + 1].querySelector(".pc")); }
    if (key === "ArrowLeft") { next = cards[c - 1] || (rows[r - 1] && rows[r - 1].querySelector(".pc:last-child")); }
    if (key === "ArrowDown" || key === "ArrowUp") {
      var other = rows[r + (key === "ArrowDown" ? 1 : -1)];
      if (other) {
        var list = other.querySelectorAll(".pc");
        next = list[Math.min(c, list.length - 1)];
      }
    }
    if (next) { next.focus(); }
    return Boolean(next);
  }

  function copyLink(button) {
    var link = document.getElementById(button.dataset.copy);
    var status = button.parentNode.querySelector(".copy-status");
    var url = new URL(link.getAttribute("href"), window.location.href).href;
    function done(text) { if (status) { status.textContent = text; } }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(
        function () { done("Copied."); },
        function () { done("Could not copy: press and hold the link instead."); }
      );
    } else {
      done("Could not copy here: press and hold the link instead.");
    }
  }

  function init() {
    document.querySelectorAll(".copy-link").forEach(function (b) { b.hidden = false; });
    var all = fields();
    if (!all.length) { return; }
    var keep = target ? document.getElementById(target) : null;
    if (keep && (chosen || isEmpty(keep))) {
      setTarget(keep, chosen);
    } else {
      setTarget(nextEmpty(null), false);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    init();
    sent = snapshot();
  });

  document.addEventListener("click", function (event) {
    var el = event.target.closest("button");
    if (!el || !board() || !board().contains(el)) { return; }
    if (el.classList.contains("pc") && document.querySelector(".card-field")) {
      event.preventDefault();
      place(el);
    } else if (el.classList.contains("clear") && el.closest(".slot")) {
      event.preventDefault();
      clearField(el, event.detail === 0);
    } else if (el.classList.contains("copy-link")) {
      event.preventDefault();
      copyLink(el);
    }
  });

  document.addEventListener("focusin", function (event) {
    if (event.target.classList && event.target.classList.contains("card-field")) {
      setTarget(event.target, true);
    }
  });

  document.addEventListener("input", function (event) {
    if (event.target.classList && event.target.classList.contains("card-field")) { typed(event.target); }
  });

  function changed(field) {
    if (field.value !== sent[field.id]) { request(); }
  }

  document.addEventListener("change", function (event) {
    var el = event.target;
    if (!board() || !board().contains(el)) { return; }
    if (el.classList.contains("card-field") || el.classList.contains("cox-field")) { changed(el); } else if (el.matches("select, input[type=radio]")) { request(); }
  });

  document.addEventListener("focusout", function (event) {
    var el = event.target;
    if (el.classList && (el.classList.contains("card-field") || el.classList.contains("cox-field")) &&
        board() && board().contains(el)) { changed(el); }
  });

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (!el.classList) { return; }
    if (el.classList.contains("card-field") && event.key === "Enter") {
      event.preventDefault();
      var all = fields();
      var next = all[all.indexOf(el) + 1];
      if (next) {
        next.focus();
        changed(el);
      } else if (board().requestSubmit) {
        board().requestSubmit(document.getElementById("judge"));
      }
    } else if (el.classList.contains("pc") && /^Arrow/.test(event.key)) {
      if (moveInPack(el, event.key)) { event.preventDefault(); }
    }
  });

  // A 400 here is an answer (a card to fix, shown beside it), not a crash: keep django-htmx's
  // debug-mode error page (a listener on document) from replacing the whole page with it.
  window.addEventListener("htmx:beforeOnLoad", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 400 && event.target === board()) {
      event.stopPropagation();
    }
  }, true);

  // htmx: say which updates are live (an empty field is not yet an error), drop an answer
  // overtaken by a newer request, and keep whatever the player typed while it was on its way.
  var latest = 0;
  var typing = {};
  function snapshot() {
    var values = {};
    textFields().forEach(function (f) { values[f.id] = f.value; });
    return values;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.target !== board()) { return; }
    var trigger = event.detail.triggeringEvent;
    if (trigger && trigger.type === "cards-changed") {
      event.detail.headers[LIVE] = "1";
      // htmx would send the last submit button clicked (a card of the pack, a ×) again:
      // this update already holds its effect.
      ["tap", "clear", "add", "drop"].forEach(function (name) {
        event.detail.parameters.delete(name);
      });
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.target !== board() || !event.detail.xhr) { return; }
    latest += 1;
    event.detail.xhr.tableSeq = latest;
    event.detail.xhr.tableSent = snapshot();
    sent = event.detail.xhr.tableSent;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !xhr.tableSeq) { return; }
    if (xhr.tableSeq !== latest) {
      event.detail.shouldSwap = false; // a newer answer is coming
      return;
    }
    typing = {};
    textFields().forEach(function (f) {
      if (f.value !== xhr.tableSent[f.id]) { typing[f.id] = f.value; }
    });
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target !== board()) { return; }
    var now = {};
    textFields().forEach(function (f) {
      if (Object.prototype.hasOwnProperty.call(typing, f.id)) {
        f.value = typing[f.id];
        if (f.classList.contains("card-field")) { typed(f); }
        now[f.id] = sent[f.id]; // still to be sent
      } else {
        now[f.id] = f.value;
      }
    });
    sent = now;
    typing = {};
    init();
  });
})();
