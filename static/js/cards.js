/* At the table: card entry by tapping the on-screen pack, by typing, and by keyboard.
 *
 * Progressive: without this file every button submits the GET form and the server
 * re-renders (tap=CODE puts a card in the box chosen to replace or else the first empty
 * one, clear=H-P empties a box and chooses it). htmx alone sends the form on every change
 * (hx-trigger="change, submit") and swaps in only the result, never the fields.
 * This file adds, on the showdown and comparison pages and in the score sheet's deal form
 * (any form marked data-card-board, its boxes .card-field in a .slot, data-who naming
 * their player where the pack's words say a name rather than "hand 2"):
 *  - a tapped card goes straight into a box: the one the player emptied with x to replace
 *    its card (said beside the pack: "Next card: hand 1, card 2, in place of K♠"), or else
 *    the first empty box. A full box is never overwritten; focusing an empty box chooses it;
 *  - a whole hand typed or pasted into one box (AS 2H 3D, as,2h,3d) is spread over the
 *    hand's boxes at once;
 *  - used cards are shown taken, and the fields are marked and tidied from the answer
 *    (a field the player has changed since, or is typing in, is left alone).
 * Cards are never parsed here: the only codes this file knows are the canonical ones
 * the server renders into data-card attributes; splitting a hand only splits on spaces,
 * commas and semicolons, as the server does.
 */
(function () {
  "use strict";

  // The strict CSP forbids style attributes; never let htmx copy one across a swap.
  if (window.htmx) {
    window.htmx.config.attributesToSettle = window.htmx.config.attributesToSettle.filter(
      function (name) { return name !== "style"; }
    );
  }
  var SEPARATORS = /[\s,;]+/;
  var chosen = null; // id of the box the player chose for the next card (emptied or focused)
  var replacing = ""; // the card that box held, as shown
  var held = null; // the button just tapped and where it was, to keep it under the finger
  var focusFirstOfNewHand = null; // "Add a player" pressed from the keyboard: boxes before it
  var drawn = null; // the board the page holds: a new one (swapped in) numbers its boxes anew

  function board() { return document.querySelector("#board, [data-card-board]"); }
  function who(box) { return box.dataset.who || box.dataset.hand; }
  function fields() {
    var b = board();
    return b ? Array.prototype.slice.call(b.querySelectorAll(".card-field")) : [];
  }
  function isEmpty(field) { return field.value.trim() === ""; }
  function slotOf(field) { return field.closest(".slot"); }

  // Send the form: the same change event the form's hx-trigger listens to for typing.
  function changed(field) { field.dispatchEvent(new Event("change", { bubbles: true })); }

  function target() {
    var box = chosen ? document.getElementById(chosen) : null;
    if (box && isEmpty(box)) { return box; }
    return fields().filter(isEmpty)[0] || null;
  }

  function showTarget() {
    var box = target();
    fields().forEach(function (f) { slotOf(f).classList.toggle("is-target", f === box); });
    var hint = document.querySelector(".pack-target");
    if (!hint) { return; }
    if (!box) {
      hint.textContent = words("allFilled", "Every box is filled.", {});
      return;
    }
    var where = { hand: who(box), position: box.dataset.position, card: replacing };
    hint.textContent = box.id === chosen && replacing
      ? words("nextCardInstead", "Next card: hand {hand}, card {position}, in place of {card}.", where)
      : words("nextCard", "Next card: hand {hand}, card {position}.", where);
  }

  function syncPack() {
    var taken = {};
    fields().forEach(function (f) { if (f.dataset.card) { taken[f.dataset.card] = f.dataset.hand; } });
    document.querySelectorAll("#pack .pc").forEach(function (button) {
      var hand = taken[button.dataset.card];
      button.classList.toggle("taken", Boolean(hand));
      if (hand) { button.setAttribute("aria-disabled", "true"); } else { button.removeAttribute("aria-disabled"); }
      var note = button.querySelector(".taken-note");
      if (note) { note.textContent = hand ? words("taken", ", taken", {}) : ""; }
    });
  }

  // The page's words for what a tap did (data-* of #pack, in the page's language; the
  // English as a fallback), each {name} replaced by its value.
  function words(name, english, values) {
    var pack = document.getElementById("pack");
    var text = (pack && pack.dataset[name]) || english;
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
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

  function setCard(field, code, colour) {
    field.classList.remove("red", "black");
    if (code) {
      field.dataset.card = code;
      field.classList.add(colour);
    } else {
      delete field.dataset.card;
    }
  }

  function place(button) {
    if (button.getAttribute("aria-disabled") === "true") {
      say(words("already", "{card} is already in a hand.", { card: button.dataset.symbol }));
      return;
    }
    var box = target();
    if (!box) {
      say(words("full", "Every box is filled: remove a card (×) to replace it, or add a player.", {}));
      return;
    }
    box.value = button.dataset.symbol;
    setCard(box, button.dataset.card, button.classList.contains("red") ? "red" : "black");
    box.removeAttribute("aria-invalid");
    if (box.id === chosen) { chosen = null; replacing = ""; }
    showClear(box);
    syncPack();
    showTarget();
    say(words("placed", "{card} in hand {hand}.", { card: button.dataset.symbol, hand: who(box) }));
    changed(box);
  }

  function clearField(button, byKeyboard) {
    var field = document.getElementById(button.id.replace(/-clear$/, ""));
    if (!field) { return; }
    replacing = field.value.trim();
    field.value = "";
    setCard(field, null);
    chosen = field.id;
    showClear(field);
    syncPack();
    showTarget();
    say(replacing ? words("removed", "{card} removed: the next card goes in its place.", { card: replacing }) : "");
    // The button hides itself. From the keyboard, go on in the emptied field; after a tap,
    // do not focus it (a phone would open its keyboard over the pack).
    if (byKeyboard) { field.focus({ preventScroll: true }); }
    changed(field);
  }

  function typed(field) {
    setCard(field, null);
    showClear(field);
    syncPack();
    showTarget();
  }

  // A whole hand in one box: spread it over the hand's boxes, as the server reads it
  // (forms.spread), and go on typing after the last card typed.
  function spread(field) {
    if (!SEPARATORS.test(field.value)) { return; }
    var trailing = /[\s,;]$/.test(field.value);
    var own = field.value.split(SEPARATORS).filter(Boolean).length;
    var boxes = fields().filter(function (f) { return f.dataset.hand === field.dataset.hand; });
    var cards = [];
    var ends = 0; // how many cards up to and including the typed box
    boxes.forEach(function (box) {
      var tokens = box.value.split(SEPARATORS).filter(Boolean);
      cards.push.apply(cards, tokens.length ? tokens : [""]);
      if (box === field) { ends = cards.length; }
    });
    while (cards.length > boxes.length && cards.indexOf("") !== -1) {
      var at = cards.lastIndexOf("");
      cards.splice(at, 1);
      if (at < ends) { ends -= 1; }
    }
    if (cards.length > boxes.length) { return; } // too many cards: the server will say so
    boxes.forEach(function (box, i) {
      if (box.value !== cards[i]) { box.value = cards[i]; typed(box); }
    });
    if (own) {
      var focus = trailing && boxes[ends] ? boxes[ends] : boxes[ends - 1];
      if (focus && focus !== document.activeElement) { focus.focus(); }
    }
    changed(field);
  }

  // An answer: mark and tidy each field the player has not changed since it was sent.
  function applyStates() {
    document.querySelectorAll("#board [data-for], [data-card-board] [data-for]").forEach(function (state) {
      var field = document.getElementById(state.dataset.for);
      if (!field || field.value !== state.dataset.sent) { return; }
      if (state.dataset.error) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", state.dataset.error);
      } else {
        field.removeAttribute("aria-invalid");
        field.removeAttribute("aria-describedby");
      }
      setCard(field, state.dataset.card, state.dataset.colour);
      if (field !== document.activeElement) { field.value = state.dataset.shown; }
      showClear(field);
      state.remove();
    });
    syncPack();
    showTarget();
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
        function () { done(button.dataset.copied || "Copied."); },
        function () { done(button.dataset.copyFailed || "Could not copy: press and hold the link instead."); }
      );
    } else {
      done(button.dataset.copyUnavailable || "Could not copy here: press and hold the link instead.");
    }
  }

  function init() {
    document.querySelectorAll(".copy-link").forEach(function (b) { b.hidden = false; });
    drawn = board();
    var at = document.querySelector("#board input[name=at]");
    if (at && !chosen) { chosen = "h" + at.value.replace("-", "c"); }
    if (fields().length) { showTarget(); }
  }

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:historyRestore", init);  // the whole page drawn anew

  document.addEventListener("click", function (event) {
    var el = event.target.closest("button");
    if (el && el.classList.contains("copy-link")) {
      event.preventDefault();
      copyLink(el);
    }
    if (!el || !board() || !board().contains(el)) { return; }
    // The answer may grow or shrink the result and the hands above: keep the button tapped
    // where it was (the browser's scroll anchoring keeps whatever it picked, not this).
    held = { id: el.id, top: el.getBoundingClientRect().top };
    if (el.classList.contains("pc") && document.querySelector(".card-field")) {
      event.preventDefault();
      place(el);
    } else if (el.classList.contains("clear") && el.closest(".slot")) {
      event.preventDefault();
      clearField(el, event.detail === 0);
    }
  });

  // Focusing an empty box chooses it for the next tapped card; a full one is only looked at.
  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (el.classList && el.classList.contains("card-field") && isEmpty(el)) {
      if (chosen !== el.id) { replacing = ""; }
      chosen = el.id;
      showTarget();
    }
  });

  document.addEventListener("input", function (event) {
    var el = event.target;
    if (el.classList && el.classList.contains("card-field")) {
      typed(el);
      spread(el);
    }
  });

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (!el.classList) { return; }
    if (el.classList.contains("card-field") && event.key === "Enter") {
      var all = fields();
      var next = all[all.indexOf(el) + 1];
      var add = document.getElementById("add-player");
      var judge = document.getElementById("judge");
      if (next) {
        event.preventDefault();
        next.focus(); // leaving the field sends it (change)
      } else if (add && all.every(function (f) { return !isEmpty(f); })) {
        // Every box filled: leaving the box brings the verdict, and Enter goes on to "Add a
        // player" (Enter again adds one, and its first box takes the focus).
        event.preventDefault();
        add.focus();
      } else if (judge) {
        event.preventDefault();
        judge.click();
      } // else the form's own first button sends it (the score sheet's deal form)
    } else if (el.classList.contains("pc") && /^Arrow/.test(event.key)) {
      if (moveInPack(el, event.key)) { event.preventDefault(); }
    }
  });

  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    focusFirstOfNewHand = active && active.id === "add-player" ? fields().length : null;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if ((event.detail.target && event.detail.target.id === "table") || board() !== drawn) {
      chosen = null; // the board changed shape: boxes are numbered anew
      replacing = "";
      init();
      var boxes = fields();
      if (focusFirstOfNewHand !== null && boxes[focusFirstOfNewHand]) {
        boxes[focusFirstOfNewHand].focus();
      }
      focusFirstOfNewHand = null;
    }
    applyStates();
    document.querySelectorAll(".copy-link").forEach(function (b) { b.hidden = false; });
    var button = held && document.getElementById(held.id);
    if (button) { window.scrollBy(0, button.getBoundingClientRect().top - held.top); }
    held = null;
  });
})();
