/* How answers are merged into a page (htmx's extension "morph", Idiomorph, vendored).
 *
 * A calculator's form and a score sheet's history are merged, not replaced, when the server
 * sends them again: an element keeps its identity, so
 *  - the field the reader is typing in keeps what was typed since the request left and its
 *    focus (Idiomorph leaves the active element's value alone); every other field, error
 *    and attribute follows the server;
 *  - a text field the reader changed after the request this answer answers had left keeps
 *    the reader's value too, even when focus has moved on (a name typed, then a box ticked,
 *    while an older answer was on its way): the newer request carries it;
 *  - a <details> the reader opened stays open: whether it is open is the reader's, not the
 *    server's;
 *  - an answer to a question (a GET) is merged only if no newer question was asked of the
 *    same place since: the newer answer is on its way, and an older one would put back
 *    what the reader has since changed, in the fields and in the pushed address. hx-sync
 *    aborts an older request of the same form, but not one sent by an element an answer
 *    has since replaced.
 * Loaded after the extension, on the pages that ask for it with hx-ext="morph".
 */
(function () {
  "use strict";
  if (typeof Idiomorph === "undefined") { return; }
  Idiomorph.defaults.ignoreActiveValue = true;
  Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, element) {
    return !(name === "open" && element.tagName === "DETAILS");
  };

  var TYPED = /^(text|search|number|tel|email|url|)$/;
  function typedFields(root) {
    var form = root && root.closest ? (root.closest("form") || root) : null;
    if (!form || !form.querySelectorAll) { return []; }
    return Array.prototype.filter.call(form.querySelectorAll("input, textarea"), function (f) {
      return f.tagName === "TEXTAREA" || TYPED.test(f.getAttribute("type") || "");
    });
  }
  var asked = 0;  // questions asked so far
  var latest = Object.create(null);  // a place (its id) -> the newest question asked of it
  var question = new WeakMap();  // a request -> [its place, its number]
  function place(event) {
    var target = event.detail.target;
    return target && target.id ? target.id : null;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    var where = place(event);
    if (!where || !config || String(config.verb).toLowerCase() !== "get") { return; }
    asked += 1;
    latest[where] = asked;
    question.set(event.detail.xhr, [where, asked]);
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var asking = question.get(event.detail.xhr);
    if (asking && latest[asking[0]] !== asking[1]) {
      event.detail.shouldSwap = false;  // nor is its address pushed
    }
  });

  var sentWith = new WeakMap();  // a request -> each typed field's value when it left
  var answering = null;  // that map, while the request's answer is merged in
  document.addEventListener("htmx:beforeRequest", function (event) {
    var values = new Map();
    typedFields(event.detail.elt).forEach(function (f) { values.set(f, f.value); });
    sentWith.set(event.detail.xhr, values);
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    answering = sentWith.get(event.detail.xhr) || null;
  });
  document.addEventListener("htmx:afterSettle", function () { answering = null; });
  Idiomorph.defaults.callbacks.beforeNodeMorphed = function (oldNode) {
    if (answering && answering.has(oldNode) && answering.get(oldNode) !== oldNode.value) {
      oldNode.dataset.keptValue = oldNode.value;
    }
    return true;
  };
  Idiomorph.defaults.callbacks.afterNodeMorphed = function (oldNode) {
    if (oldNode.dataset && oldNode.dataset.keptValue !== undefined) {
      oldNode.value = oldNode.dataset.keptValue;
      delete oldNode.dataset.keptValue;
    }
  };
})();
