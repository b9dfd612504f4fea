// Starts the app on a page served with a case's snapshot (snapshot-sw.js): after the snapshot's first paint,
// so the case is on screen before the app's code runs. A hidden tab paints nothing: it starts at once.
/* global document, requestAnimationFrame, setTimeout */
const main = document.querySelector('script[data-main]')?.getAttribute('data-main');
let started = false;
const start = () => {
  if (started || !main) return;
  started = true;
  void import(main);
};
if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 100);
} else start();
