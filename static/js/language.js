// The language switch goes to the page the reader is on now: htmx may have changed the
// address since the page was made (a card tapped, a calculator answered), and the part after
// "#" (a ruling's permalink) never reaches the server. Without JavaScript the link still goes
// to the page as it was served.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-switch-language]");
  if (!link) return;
  const url = new URL(link.href);
  url.searchParams.set("next", location.pathname + location.search + location.hash);
  link.href = url.toString();
});
