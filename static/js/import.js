/* The import form (templates/scoresheet/import.html): a file or a paste over the limit is
 * refused here, before anything is sent, with the limit said beside the field, and the
 * form stays as it was typed (the server answers a body over its limit with 413 without
 * reading it, so that page cannot give the paste back).
 *
 * Progressive: without this file the server checks the same limits. The limits and the
 * words (in the page's language, "{size}" where the size goes) are the form's data-
 * attributes: data-max (a file's bytes, a paste's characters), data-max-body (what the
 * whole request may carry), data-too-large-file, -text and -sent.
 */
(function () {
  "use strict";

  var form = document.querySelector("form[data-import]");
  if (!form) { return; }
  var max = Number(form.dataset.max);
  var maxBody = Number(form.dataset.maxBody);
  var file = form.querySelector("input[type=file]");
  var text = form.querySelector("textarea");
  var language = document.documentElement.lang || "en";

  function words(template, size) {
    return template.replace("{size}", size.toLocaleString(language));
  }

  // A browser sends a text area's line breaks as CR LF, and its text as UTF-8.
  function sent(value) {
    var normalised = value.replace(/\r\n|\r|\n/g, "\r\n");
    return { characters: normalised.length, bytes: new Blob([normalised]).size };
  }

  function show(field, message) {
    var box = document.getElementById(field.id + "_limit");
    if (!box) { return; }
    var hint = "import-limit";
    box.textContent = message;
    box.hidden = !message;
    if (message) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", box.id + " " + hint);
    } else {
      field.removeAttribute("aria-invalid");
      field.setAttribute("aria-describedby", hint);
    }
  }

  // What is wrong with the form as it is, field by field ("" where nothing is).
  function problems() {
    var found = { file: "", text: "" };
    var fileBytes = file && file.files && file.files.length ? file.files[0].size : 0;
    var paste = text ? sent(text.value) : { characters: 0, bytes: 0 };
    if (fileBytes > max) {
      found.file = words(form.dataset.tooLargeFile, fileBytes);
    }
    if (paste.characters > max) {
      found.text = words(form.dataset.tooLargeText, paste.characters);
    } else if (!found.file && fileBytes + paste.bytes > maxBody) {
      found[paste.bytes ? "text" : "file"] = words(form.dataset.tooLargeSent, fileBytes + paste.bytes);
    }
    return found;
  }

  function check() {
    var found = problems();
    if (file) { show(file, found.file); }
    if (text) { show(text, found.text); }
    return found;
  }

  if (file) { file.addEventListener("change", check); }
  form.addEventListener("submit", function (event) {
    var found = check();
    if (found.file || found.text) {
      event.preventDefault();
      (found.file ? file : text).focus();
    }
  });
})();
