/* Payout calculators: one small touch over htmx.
 *
 * Without this file the calculators work as plain GET forms, and with htmx they update in
 * place: while people type the server answers with the result alone, and an answer that
 * brings the whole calculator (Pool Commerce's deals and Cox's game, whose form follows the
 * result) is merged into it (hx-ext="morph", static/js/morph.js), so what is being typed is
 * never overwritten. This file only moves the focus where a keyboard user expects it after
 * the calculator changed shape: after "Add a player" to the new player's first field, after
 * "Remove" to the "Add a player" button. No rule of any game is known here.
 */
(function () {
  "use strict";

  var lastAction = null; // name of the button that sent the request in flight, if any

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || !form.matches || !form.matches("form.pay-form")) { return; }
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    lastAction = submitter && submitter.name ? submitter.name : null;
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
