/* The engine's worker: this site, run in the browser by Pyodide, answering the table's and
 * the search page's requests when there is no signal (issue 21, part 2).
 *
 * Started by static/js/offline.js on a table page or the search page. It loads Pyodide (npm,
 * served by the site), unpacks the site itself (/offline/site.zip: its code, templates,
 * rulebooks and catalogues, and the pure-Python libraries it imports; rulesite/offline.py)
 * and asks Django for each request it is handed (rulesite/worker.py): the same views,
 * templates and engine as the server, so the answer is the server's own. Nothing here knows a
 * rule or draws a page.
 *
 * Messages in: {start: {pyodide, site, warm}} once, then {id, url, headers, method, body}, or
 * {id, mirror: {exported, token, view, version}} (a score sheet kept on this device).
 * Messages out: {ready: milliseconds, memory: bytes, phases: {name: ms since the start, and
 * index: the search index's own build, on the search page}, kept: [what an earlier start
 * compiled, read]} once, then {id, status, headers, body},
 * {id, mirrored: entries} or {id, error}.
 */
let answer = null;
let site = null;
const waiting = [];
const SITE = "/home/pyodide/site";
const BYTECODE = "rulesite-engine-bytecode";
const STDLIB_KEPT = "/lib/stdlib-compiled.zip";

/* The modules an earlier start compiled, kept for this revision of the site: the site's
 * ("site", unpacked over it) and the standard library's ("stdlib", a zip put on sys.path). */
async function keptBytecode(revision, part) {
  if (!revision || !self.caches) { return null; }
  const kept = await (await caches.open(BYTECODE)).match(keptAt(revision, part));
  return kept ? kept.arrayBuffer() : null;
}

function keptAt(revision, part) {
  return "/bytecode/" + encodeURIComponent(revision) + "/" + part;
}

async function keepBytecode(revision, parts) {
  if (!self.caches) { return; }
  const cache = await caches.open(BYTECODE);
  for (const old of await cache.keys()) { await cache.delete(old); }  // an earlier deploy's
  for (const [part, bytes] of Object.entries(parts)) {
    await cache.put(keptAt(revision, part), new Response(bytes));
  }
}

async function start(urls) {
  const begun = performance.now();
  const phases = {};
  const mark = function (name) { phases[name] = Math.round(performance.now() - begun); };
  // Pyodide, the site's bundle and the bytecode kept for it, all asked for at once.
  const bundle = fetch(urls.site).then(function (response) {
    if (!response.ok) { throw new Error("the site's bundle: " + response.status); }
    return response;
  });
  const bytes = bundle.then(function (response) { return response.arrayBuffer(); });
  const revision = bundle.then(function (response) { return response.headers.get("ETag"); });
  const kept = revision.then(function (etag) { return keptBytecode(etag, "site"); });
  const keptStdlib = revision.then(function (etag) { return keptBytecode(etag, "stdlib"); })
    .catch(function () { return null; });
  const { loadPyodide } = await import(urls.pyodide + "pyodide.mjs");
  let stdlibKept = false;
  const pyodide = await loadPyodide({
    indexURL: urls.pyodide,
    // The standard library's modules compiled by an earlier start, ahead of Pyodide's own
    // sources (which Python would compile again, Pyodide's start-up among them).
    env: { PYTHONPATH: STDLIB_KEPT },
    fsInit: async function (FS) {
      const compiled = await keptStdlib;
      if (compiled) {
        FS.writeFile(STDLIB_KEPT, new Uint8Array(compiled));
        stdlibKept = true;
      }
    },
  });
  mark("pyodide");
  pyodide.unpackArchive(await bytes, "zip", { extractDir: SITE });
  const bytecode = await kept;
  if (bytecode) { pyodide.unpackArchive(bytecode, "zip", { extractDir: SITE }); }
  mark("unpacked");
  pyodide.runPython(
    "import sys\n" +
    "sys.path.insert(0, '" + SITE + "')\n" +
    "from rulesite import worker\n" +
    "worker.start()\n"
  );
  mark("django");
  site = pyodide.globals.get("worker");
  answer = site.answer;
  // The first answer imports the views, reads the rulebooks and compiles the templates (and
  // on the search page builds its index): done now, so that the first tap or search does not
  // wait for it.
  const index = site.warm(new URL(urls.warm, self.location.href).href);
  mark("warm");
  if (index) { phases.index = Math.round(index); }
  // The WebAssembly memory the site holds and the start's phases (make bench reports them).
  self.postMessage({
    ready: performance.now() - begun, memory: pyodide._module.HEAP8.length, phases: phases,
    kept: [bytecode ? "site" : "", stdlibKept ? "stdlib" : ""].filter(Boolean),
  });
  waiting.splice(0).forEach(handle);
  const etag = await revision;
  if (!(bytecode && stdlibKept) && etag) {
    // Once for each deploy: the modules just imported, compiled, kept for the next start.
    setTimeout(function () {
      const made = site.compiled();
      const stdlib = site.stdlib_compiled();
      keepBytecode(etag, { stdlib: stdlib.toJs(), site: made.toJs() });
      made.destroy();
      stdlib.destroy();
    }, 1000);
  }
}

function handle(message) {
  if (!answer) { waiting.push(message); return; }
  if (message.mirror) {
    // A score sheet kept on this device, put in the site's database here (rulesite/worker.py).
    try {
      const kept = message.mirror;
      const count = site.mirror(kept.exported, kept.token, kept.view, kept.version);
      self.postMessage({ id: message.id, mirrored: count });
    } catch (error) {
      self.postMessage({ id: message.id, error: String(error) });
    }
    return;
  }
  try {
    const reply = JSON.parse(answer(
      message.url, JSON.stringify(message.headers || {}), message.method || "GET", message.body || ""
    ));
    reply.id = message.id;
    self.postMessage(reply);
  } catch (error) {
    self.postMessage({ id: message.id, error: String(error) });
  }
}

self.addEventListener("message", function (event) {
  const message = event.data;
  if (message.start) {
    start(message.start).catch(function (error) {
      self.postMessage({ failed: String(error) });
    });
  } else {
    handle(message);
  }
});
