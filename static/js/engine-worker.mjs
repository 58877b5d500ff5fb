/* The engine's worker: this site, run in the browser by Pyodide, answering the table's
 * requests when there is no signal (issue 21, part 2).
 *
 * Started by static/js/offline.js on a table page. It loads Pyodide (npm, served by the site),
 * unpacks the site itself (/offline/site.zip: its code, templates, rulebooks and catalogues,
 * and the pure-Python libraries it imports; rulesite/offline.py) and asks Django for each
 * request it is handed (rulesite/worker.py): the same views, templates and engine as the
 * server, so the answer is the server's own. Nothing here knows a rule or draws a page.
 *
 * Messages in: {start: {pyodide, site}} once, then {id, url, headers}.
 * Messages out: {ready: milliseconds, memory: bytes} once, then {id, status, headers, body} or {id, error}.
 */
let answer = null;
const waiting = [];

async function start(urls) {
  const begun = performance.now();
  const { loadPyodide } = await import(urls.pyodide + "pyodide.mjs");
  const [pyodide, site] = await Promise.all([
    loadPyodide({ indexURL: urls.pyodide }),
    fetch(urls.site).then(function (response) {
      if (!response.ok) { throw new Error("the site's bundle: " + response.status); }
      return response.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(site, "zip", { extractDir: "/home/pyodide/site" });
  pyodide.runPython(
    "import sys\n" +
    "sys.path.insert(0, '/home/pyodide/site')\n" +
    "from rulesite import worker\n" +
    "worker.start()\n"
  );
  answer = pyodide.globals.get("worker").answer;
  // The first answer imports the views, reads the rulebooks and compiles the templates: done
  // now, so that the first tap does not wait for it.
  answer(new URL(urls.warm, self.location.href).href, JSON.stringify({ "HX-Request": "true" }));
  // The WebAssembly memory the site holds (make bench reports it).
  self.postMessage({ ready: performance.now() - begun, memory: pyodide._module.HEAP8.length });
  waiting.splice(0).forEach(handle);
}

function handle(message) {
  if (!answer) { waiting.push(message); return; }
  try {
    const reply = JSON.parse(answer(message.url, JSON.stringify(message.headers || {})));
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
