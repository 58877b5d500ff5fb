/* How answers are merged into a page (htmx's extension "morph", Idiomorph, vendored).
 *
 * A calculator's form and a score sheet's history are merged, not replaced, when the server
 * sends them again: an element keeps its identity, so
 *  - the field the reader is typing in keeps what was typed since the request left and its
 *    focus (Idiomorph leaves the active element's value alone); every other field, error
 *    and attribute follows the server;
 *  - a <details> the reader opened stays open: whether it is open is the reader's, not the
 *    server's.
 * Loaded after the extension, on the pages that ask for it with hx-ext="morph".
 */
(function () {
  "use strict";
  if (typeof Idiomorph === "undefined") { return; }
  Idiomorph.defaults.ignoreActiveValue = true;
  Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, element) {
    return !(name === "open" && element.tagName === "DETAILS");
  };
})();
