/* Payout calculators: small progressive touches over htmx.
 *
 * Without this file the calculators work as plain GET forms (and, with htmx alone, update
 * in place). While people type in a deal's form, the server answers with the result alone,
 * so nothing typed is touched. An answer that replaces the whole calculator (a deal's form
 * whose errors change; Pool Commerce's deals and Cox's game, whose form follows the result)
 * could overwrite what was typed while it was on its way; with this file:
 *  - such an answer is not swapped in if the player typed something more since the request
 *    was sent (a button pressed always swaps); the next change asks again;
 *  - after "Add a player" the new player's first field takes the focus, after "Remove" the
 *    "Add a player" button does.
 * No rule of any game is known here.
 */
(function () {
  "use strict";

  var lastAction = null; // name of the button that sent the request in flight, if any

  function serialize(form) {
    var parts = [];
    new FormData(form).forEach(function (value, key) { parts.push(key + "=" + value); });
    return parts.join("&");
  }

  function calculatorForm(elt) {
    return elt && elt.matches && elt.matches("form.pay-form") ? elt : null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = calculatorForm(event.detail.elt);
    if (!form) { return; }
    form.dataset.sent = serialize(form);
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    lastAction = submitter && submitter.name ? submitter.name : null;
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = calculatorForm(event.detail.requestConfig && event.detail.requestConfig.elt);
    var whole = event.detail.target && event.detail.target.id === "calculator";
    if (!form || !whole || !form.isConnected || form.dataset.sent === undefined) { return; }
    if (!lastAction && serialize(form) !== form.dataset.sent) {
      event.detail.shouldSwap = false; // typed since: keep it, and let the next change ask
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.target || event.detail.target.id !== "calculator") { return; }
    var focus = null;
    if (lastAction === "add") {
      var players = document.querySelectorAll(".pay-player-list > li");
      var last = players[players.length - 1];
      focus = last ? last.querySelector("input") : null;
    } else if (lastAction === "remove") {
      focus = document.getElementById("add-player");
    }
    lastAction = null;
    if (focus) { focus.focus(); }
  });
})();
