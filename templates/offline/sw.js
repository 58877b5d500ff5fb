{% load static %}/* rulesite's service worker (rulesite/offline.py), revision {{ revision }}.
 *
 * Workbox, served by the site. Kept at install, each with its revision: every reading page in
 * both languages (the table pages and the search page blank), the static files, the offline
 * page. A page is asked of the network first (a reader online always gets the deploy's page,
 * and a page visited is kept for later); with no signal the kept page answers, else the
 * offline page of its language. Static files come from what is kept (their revisions change
 * with them). Requests that are not page loads (an htmx answer, a form sent) are the
 * network's: nothing is answered from a cache that could be a stale verdict or a sheet.
 *
 * One exception, and no cache in it: a table page's htmx request, the search page's, or a
 * score sheet's (its scorer's page and forms), that the network cannot answer (no signal, or
 * none within 5 s) is handed to the page that sent it, whose engine's worker runs this very
 * site in the browser (static/js/offline.js, engine-worker.mjs) and answers as the server
 * would; htmx gets that answer as if it came from the server.
 */
importScripts(
  "{% static 'workbox/workbox-core.prod.js' %}",
  "{% static 'workbox/workbox-routing.prod.js' %}",
  "{% static 'workbox/workbox-strategies.prod.js' %}",
  "{% static 'workbox/workbox-precaching.prod.js' %}"
);

const { NavigationRoute, registerRoute } = workbox.routing;
const { NetworkFirst } = workbox.strategies;
const { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } = workbox.precaching;

{% autoescape off %}{# JSON of our own addresses, written by the view (rulesite/offline.py) #}
const PRECACHE = {{ precache }};
const OFFLINE_PAGES = {{ offline_pages }};
const ANSWERED_HERE = {{ answered_here }};
{% endautoescape %}
const NETWORK_WAIT_MS = 5000;
const ENGINE_WAIT_MS = 60000;

self.skipWaiting();
workbox.core.clientsClaim();
cleanupOutdatedCaches();

function offlinePage(path) {
  const homes = Object.keys(OFFLINE_PAGES).sort(function (a, b) { return b.length - a.length; });
  const home = homes.find(function (prefix) { return path.startsWith(prefix); }) || "/";
  return OFFLINE_PAGES[home];
}

const pages = new NetworkFirst({
  cacheName: "rulesite-pages-visited",
  networkTimeoutSeconds: 5,
});
registerRoute(new NavigationRoute(async function (options) {
  try {
    return await pages.handle(options);
  } catch (error) {
    const path = options.url.pathname;
    return (await matchPrecache(path)) || (await matchPrecache(offlinePage(path))) ||
      Response.error();
  }
}));

const SHEET_WRITES = /^\/(?:[a-z]{2}\/)?sheet\/[A-Za-z0-9_-]{16,64}\//;

// A table page's htmx request, or the search page's (a search typed, or the page drawn for
// an address with a query: offline.js), under the addresses the view lists.
function answeredHereRequest({ request, url }) {
  return request.method === "GET" && url.origin === self.location.origin &&
    request.headers.get("HX-Request") === "true" &&
    ANSWERED_HERE.some(function (prefix) { return url.pathname.startsWith(prefix); });
}

// A score sheet's scorer page and what its forms send (its own link: not the read-only one),
// asked by htmx: without signal, the sheet kept on the device answers (offline.js).
function sheetRequest({ request, url }) {
  return url.origin === self.location.origin && request.headers.get("HX-Request") === "true" &&
    SHEET_WRITES.test(url.pathname);
}

async function answeredHere(event, request) {
  const client = event.clientId && await self.clients.get(event.clientId);
  if (!client) { return Response.error(); }
  const headers = {};
  request.headers.forEach(function (value, name) {
    if (name.startsWith("hx-")) { headers[name] = value; }
  });
  const body = request.method === "GET" ? "" : await request.text();
  const channel = new MessageChannel();
  const reply = new Promise(function (resolve) {
    channel.port1.onmessage = function (message) { resolve(message.data); };
    setTimeout(function () { resolve({ error: "the engine did not answer" }); }, ENGINE_WAIT_MS);
  });
  client.postMessage({
    rulesite: "answer", url: request.url, headers: headers, method: request.method, body: body,
  }, [channel.port2]);
  const answer = await reply;
  if (answer.error) { return Response.error(); }
  const answerHeaders = new Headers(answer.headers);
  answerHeaders.set("X-Answered-By", "this-device");
  return new Response(answer.body, { status: answer.status, headers: answerHeaders });
}

async function networkElseHere({ request, event }) {
  const kept = request.clone();
  try {
    return await fetch(request, { signal: AbortSignal.timeout(NETWORK_WAIT_MS) });
  } catch (error) {
    return answeredHere(event, kept);
  }
}

registerRoute(answeredHereRequest, networkElseHere);
registerRoute(sheetRequest, networkElseHere, "POST");
registerRoute(sheetRequest, networkElseHere);

precacheAndRoute(PRECACHE);
