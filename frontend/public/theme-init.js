/* global window, document */
// Applies the colour scheme before the app bundle runs, so a dark page does not flash white: the
// saved choice (the theme button), else the system's (prefers-color-scheme; light when it has
// none), as Mantine's `auto` does once the app runs. Kept as a file (not inline) because the
// server's CSP forbids inline scripts.
(function () {
  var scheme = 'light';
  try {
    var v = window.localStorage.getItem('eve-toolkit-color-scheme');
    if (v === 'dark' || v === 'light') scheme = v;
    else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    scheme = 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
