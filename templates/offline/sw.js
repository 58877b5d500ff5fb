{% load static %}/* rulesite's service worker (rulesite/offline.py), revision {{ revision }}.
 *
 * Workbox, served by the site. Kept at install, each with its revision: every reading page in
 * both languages, the static files, the offline page. A page is asked of the network first
 * (a reader online always gets the deploy's page, and a page visited is kept for later); with
 * no signal the kept page answers, else the offline page of its language. Static files come
 * from what is kept (their revisions change with them). Requests that are not page loads (an
 * htmx answer, a form sent) are the network's: nothing is answered from a cache that could be
 * a stale verdict or a sheet.
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
{% endautoescape %}

self.skipWaiting();
workbox.core.clientsClaim();
cleanupOutdatedCaches();

function offlinePage(path) {
  const homes = Object.keys(OFFLINE_PAGES).sort(function (a, b) { return b.length - a.length; });
  const home = homes.find(function (prefix) { return path.startsWith(prefix); }) || "/";
  return OFFLINE_PAGES[home];
}

const pages = new NetworkFirst({ cacheName: "rulesite-pages-visited", networkTimeoutSeconds: 5 });
registerRoute(new NavigationRoute(async function (options) {
  try {
    return await pages.handle(options);
  } catch (error) {
    const path = options.url.pathname;
    return (await matchPrecache(path)) || (await matchPrecache(offlinePage(path))) ||
      Response.error();
  }
}));

precacheAndRoute(PRECACHE);
