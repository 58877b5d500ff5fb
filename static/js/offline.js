/* The site kept on this device for use without signal: registers the service worker
 * (rulesite/offline.py, templates/offline/sw.js) and, on the home page, says when the site is
 * available offline and how much room it takes. Without a service worker (an old browser,
 * a private window that refuses one) nothing happens and every page works online as before.
 *
 * On a table page and on the search page it also keeps the engine's worker
 * (static/js/engine-worker.mjs): the site itself run by Pyodide in this browser. The service
 * worker hands this page each of their requests the network could not answer; the engine's
 * worker answers it as the server would. The worker starts when such a page kept offline has
 * opened, so the first tap or search without signal does not wait for it.
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

  // ------------------------------------------------------------------ the engine's worker
  var engine = null;
  var asked = {};
  var count = 0;
  var root = document.documentElement;

  function startEngine() {
    if (engine || !window.Worker) { return engine; }
    var began = performance.now();
    root.dataset.offlineEngine = "starting";
    engine = new Worker(script.dataset.engine, { type: "module" });
    engine.addEventListener("message", function (event) {
      var message = event.data;
      if (message.ready !== undefined) {
        root.dataset.offlineEngine = "ready";
        root.dataset.offlineEngineMs = String(Math.round(performance.now() - began));
        root.dataset.offlineEngineMemory = String(message.memory || 0);
        root.dataset.offlineEnginePhases = JSON.stringify(message.phases || {});
        root.dataset.offlineEngineKept = (message.kept || []).join();
      } else if (message.failed !== undefined) {
        root.dataset.offlineEngine = "failed";
        root.dataset.offlineEngineError = message.failed;
        Object.keys(asked).forEach(function (id) {
          asked[id]({ error: message.failed });
          delete asked[id];
        });
      } else if (asked[message.id]) {
        asked[message.id](message);
        delete asked[message.id];
      }
    });
    engine.postMessage({ start: {
      pyodide: script.dataset.pyodide,
      site: script.dataset.site,
      warm: window.location.pathname,
    } });
    return engine;
  }

  // A table page or the search page (its form) kept for use without signal starts its engine
  // once it has opened, in the background, so that a tap or a search without signal never
  // waits for it: the signal cannot be known beforehand (a phone with no data getting through
  // says it is online, and the browser's own cache answers a page it has just seen).
  if (document.querySelector(".table-page, .search-form") && script.dataset.engine &&
      navigator.serviceWorker.controller) {
    startEngine();  // a thread of its own: the page is not held up
    window.addEventListener("load", function () {
      if (!fromThisPage()) { drawTheAddress(); }
    });
  }

  // Opened without signal at an address with a board or a query (a permalink, a reload, a
  // form sent without JavaScript's help: the search box in every page's header), the page
  // shown is the kept blank one: htmx draws the page the address asks for, as it does going
  // Back to a page it no longer holds, and the request it sends is the engine's (it is a
  // table page's or the search page's htmx request).
  function drawTheAddress() {
    if (!window.htmx) { return; }
    window.history.replaceState({ htmx: true }, "", window.location.href);
    window.dispatchEvent(new PopStateEvent("popstate", { state: { htmx: true } }));
  }

  // Say so when an answer came from this device rather than from the site: an htmx request's,
  // and a page drawn for its address (htmx's history restore, which swaps the whole page in
  // after its load event).
  function sayWhoAnswered(xhr) {
    var note = document.querySelector(".offline-answer");
    if (note && xhr) { note.hidden = xhr.getResponseHeader("X-Answered-By") !== "this-device"; }
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    sayWhoAnswered(event.detail && event.detail.xhr);
  });
  var restoredBy = null;
  document.addEventListener("htmx:historyCacheMissLoad", function (event) {
    restoredBy = event.detail && event.detail.xhr;
  });
  document.addEventListener("htmx:historyRestore", function () {
    sayWhoAnswered(restoredBy);
    restoredBy = null;
  });

  /* The engine's answer to ``message`` (a request, or a sheet to mirror), as a promise. */
  function ask(message) {
    return new Promise(function (resolve) {
      if (!startEngine() || root.dataset.offlineEngine === "failed") {
        resolve({ error: "no engine here" });
        return;
      }
      count += 1;
      asked[count] = resolve;
      message.id = count;
      engine.postMessage(message);
    });
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var message = event.data || {};
    if (message.rulesite !== "answer" || !event.ports[0]) { return; }
    var port = event.ports[0];
    var request = { url: message.url, headers: message.headers, method: message.method,
                    body: message.body };
    var token = sheetToken(new URL(message.url).pathname);
    var answered = token ? answerForTheSheet(token, request) : ask(request);
    answered.then(function (reply) {
      if (!reply.error) {
        root.dataset.offlineAnswers = String(Number(root.dataset.offlineAnswers || 0) + 1);
      }
      port.postMessage(reply);
    });
  });

  // ------------------------------------------------------------ a score sheet kept here
  // The scorer's page keeps its sheet on the device while there is signal (the sheet's JSON
  // export, its two links and version, in Cache Storage, which the page and its workers
  // share). Without signal, the engine's worker puts that sheet in its own database
  // (rulesite/worker.py mirror) and answers the sheet's forms as the server would: a deal
  // recorded shows at once with the accounts the same engine computes. Each change made so
  // is kept, in order, in the sheet's outbox (there too: a reload or a closed tab keeps it),
  // replayed over the mirror when the worker starts again, and sent to the server in order
  // when the signal is back, each with its one-off key (a deal the server already has is not
  // recorded twice) and at the server's version then (a deal another phone recorded meanwhile
  // stays, and this device's follow it). Then the page is the server's again.
  var SHEETS = "rulesite-sheets-kept";
  var mirrored = {};
  var SHEET_PATH = /^\/(?:[a-z]{2}\/)?sheet\/([A-Za-z0-9_-]{16,64})\//;

  function sheetToken(path) {
    var found = SHEET_PATH.exec(path);
    return found && found[1] !== "view" ? found[1] : null;
  }

  function kept(token, what) {
    return caches.open(SHEETS).then(function (cache) {
      return cache.match("/kept-sheets/" + token + "/" + what);
    }).then(function (response) { return response ? response.json() : null; });
  }

  function keep(token, what, value) {
    return caches.open(SHEETS).then(function (cache) {
      var name = "/kept-sheets/" + token + "/" + what;
      return value === null ? cache.delete(name) : cache.put(name, new Response(JSON.stringify(value)));
    });
  }

  function answerForTheSheet(token, request) {
    return Promise.all([kept(token, "sheet"), kept(token, "outbox")]).then(function (both) {
      var sheet = both[0];
      var outbox = both[1] || [];
      if (!sheet) { return { error: "this sheet is not kept on this device" }; }
      var ready = mirrored[token] ? Promise.resolve() : ask({ mirror: sheet }).then(function () {
        // The changes made here before, over the sheet as the server last gave it.
        return outbox.reduce(function (done, change) {
          return done.then(function () {
            return ask({ url: change.url, headers: { "HX-Request": "true" }, method: "POST",
                         body: change.body });
          });
        }, Promise.resolve());
      }).then(function () { mirrored[token] = true; });
      return ready.then(function () { return ask(request); }).then(function (reply) {
        if (request.method === "POST" && !reply.error && reply.status < 400) {
          outbox.push({ url: request.url, body: request.body });
          return keep(token, "outbox", outbox).then(function () {
            showOutbox(outbox.length);
            return reply;
          });
        }
        return reply;
      });
    });
  }

  function showOutbox(count) {
    var note = document.querySelector(".offline-outbox");
    if (!note) { return; }
    note.hidden = count === 0;
    note.textContent = note.dataset.words.replace("{count}", count);
  }

  var scorer = document.querySelector("[data-sheet][data-offline-view]");
  var scorerToken = scorer && sheetToken(scorer.dataset.scorer);

  function liveVersion(text) {
    var found = /id="live"[^>]*data-version="(\d+)"/.exec(text) ||
      /data-version="(\d+)"/.exec(text);
    return found ? Number(found[1]) : null;
  }

  function fromTheServer(response) {
    return response.ok && response.headers.get("X-Answered-By") !== "this-device";
  }

  // With signal and nothing waiting to be sent: the sheet as the server has it, kept.
  function keepTheSheet() {
    var live = document.getElementById("live");
    if (!scorerToken || !live) { return Promise.resolve(); }
    return kept(scorerToken, "outbox").then(function (outbox) {
      if (outbox && outbox.length) { return null; }
      return fetch(scorer.dataset.scorer + "export.json").then(function (response) {
        if (!fromTheServer(response)) { return null; }
        return response.text().then(function (exported) {
          mirrored[scorerToken] = false;
          return keep(scorerToken, "sheet", {
            exported: exported, token: scorerToken, view: scorer.dataset.offlineView,
            version: Number(live.dataset.version),
          });
        });
      });
    }).catch(function () { /* no signal: the sheet kept before stays */ });
  }

  function csrfHeader() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}"); } catch (e) { return {}; }
  }

  // The signal is back: what was done here goes to the server, in order.
  var sending = false;
  var confirmed = null;

  function review(sheet, outbox, page, version) {
    var panel = document.querySelector(".offline-review");
    if (!panel) { confirmed = version; return; }
    var players = [];
    try { players = JSON.parse(sheet.exported).players || []; } catch (e) { players = []; }
    var dealers = outbox.map(function (change) {
      var body = new URLSearchParams(change.body);
      var index = body.get("dealer");
      if (index === null) {
        body.forEach(function (value, name) { if (/dealer$/.test(name)) { index = value; } });
      }
      return players[Number(index)] || "?";
    });
    var next = /data-next-dealer="(\d*)"/.exec(page);
    panel.querySelector(".offline-review-text").textContent = panel.dataset.words
      .replace("{count}", outbox.length)
      .replace("{dealers}", dealers.join(", "))
      .replace("{next}", next && next[1] !== "" ? players[Number(next[1])] || "?" : "?");
    panel.hidden = false;
    panel.querySelector("button").onclick = function () {
      confirmed = version;
      panel.hidden = true;
      sendTheOutbox();
    };
  }
  function sendTheOutbox() {
    if (!scorerToken || sending) { return Promise.resolve(); }
    sending = true;
    var moved = false;
    return Promise.all([kept(scorerToken, "outbox"), kept(scorerToken, "sheet")]).then(function (both) {
      var outbox = both[0] || [];
      var sheet = both[1];
      if (!outbox.length) { return null; }
      // Whole pages, not htmx's requests: the service worker hands none of these to the
      // worker here (no signal is no signal).
      var headers = csrfHeader();
      return fetch(scorer.dataset.scorer, { headers: headers }).then(function (response) {
        if (!fromTheServer(response)) { throw new Error("no signal yet"); }
        return response.text();
      }).then(function (page) {
        var version = liveVersion(page);
        moved = sheet && version !== null && version !== sheet.version;
        if (moved && confirmed !== version) {
          // Another phone changed the sheet meanwhile: the keeper sees where these deals will
          // go, and who dealt them, before they are sent.
          review(sheet, outbox, page, version);
          throw new Error("waiting for the keeper");
        }
        var sendNext = function () {
          if (!outbox.length) { return null; }
          var change = outbox[0];
          var body = new URLSearchParams(change.body);
          if (body.has("version") && version !== null) { body.set("version", String(version)); }
          // The form's token was drawn here; the page's own (its header) is the server's.
          body.delete("csrfmiddlewaretoken");
          return fetch(change.url, {
            method: "POST", body: body, headers: Object.assign({
              "Content-Type": "application/x-www-form-urlencoded",
            }, headers),
          }).then(function (response) {
            if (!response.ok || response.headers.get("X-Answered-By") === "this-device") {
              throw new Error("refused: " + response.status);
            }
            return response.text();
          }).then(function (answer) {
            var after = liveVersion(answer);
            version = after !== null ? after : version;
            outbox.shift();
            return keep(scorerToken, "outbox", outbox).then(sendNext);
          });
        };
        return sendNext();
      }).then(function () {
        if (moved) {
          window.sessionStorage.setItem("rulesite-sheet-moved", scorerToken);
        }
        return keep(scorerToken, "outbox", null).then(function () {
          window.location.reload();
        });
      });
    }).catch(function () { /* not yet: tried again later */ }).then(function () {
      sending = false;
    });
  }

  if (scorerToken && window.caches) {
    window.addEventListener("load", function () {
      kept(scorerToken, "outbox").then(function (outbox) {
        showOutbox(outbox ? outbox.length : 0);
        if (outbox && outbox.length) {
          // Opened again without signal: the page shown is the server's last; the kept
          // sheet draws it with what was done here since (or, with signal, it is sent).
          if (window.htmx) {
            window.htmx.ajax("GET", scorer.dataset.scorer, { target: "#sheet", swap: "outerHTML" });
          }
          sendTheOutbox();
        } else if (fromThisPage()) {
          keepTheSheet();
        }
      });
      var movedNote = document.querySelector(".offline-moved");
      if (movedNote && window.sessionStorage.getItem("rulesite-sheet-moved") === scorerToken) {
        window.sessionStorage.removeItem("rulesite-sheet-moved");
        movedNote.hidden = false;
      }
    });
    window.addEventListener("online", sendTheOutbox);
    window.setInterval(function () {
      kept(scorerToken, "outbox").then(function (outbox) {
        if (outbox && outbox.length) { sendTheOutbox(); }
      });
    }, 15000);
    document.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail && event.detail.xhr;
      if (xhr && xhr.status < 400 && xhr.getResponseHeader("X-Answered-By") !== "this-device" &&
          event.detail.requestConfig && event.detail.requestConfig.verb === "post") {
        keepTheSheet();
      }
    });
  }

  // A sheet's poll that cannot reach the site (a reader's phone, or a scorer's, without
  // signal): say until when the page is current; the next poll that gets through clears it.
  var lastHeard = new Date();
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var note = document.querySelector(".offline-stale");
    if (!note || !elt || elt.id !== "live") { return; }
    var xhr = event.detail.xhr;
    var heard = !event.detail.failed || (xhr && xhr.status === 304);
    if (heard && xhr && xhr.status && xhr.getResponseHeader("X-Answered-By") !== "this-device") {
      lastHeard = new Date();
      note.hidden = true;
    } else if (!xhr || !xhr.status) {
      var time = lastHeard.toLocaleTimeString(document.documentElement.lang || undefined,
        { hour: "2-digit", minute: "2-digit" });
      note.textContent = note.dataset.words.replace("{time}", time);
      note.hidden = false;
    }
  });

  function fromThisPage() {
    return document.body.dataset.drawnFor === window.location.pathname + window.location.search;
  }

  navigator.serviceWorker.startMessages();

  window.addEventListener("load", function () {
    navigator.serviceWorker.register(worker, { scope: "/" }).then(show, function () {
      if (state) { state.hidden = true; }
    });
  });
})();
