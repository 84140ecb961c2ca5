/* global window, document */
// Applies the saved colour scheme before the app bundle runs, so a dark-theme reload does not
// flash white. Kept as a file (not inline) because the server's CSP forbids inline scripts.
(function () {
  try {
    var v = window.localStorage.getItem('eve-toolkit-color-scheme');
    document.documentElement.setAttribute('data-mantine-color-scheme', v === 'dark' ? 'dark' : 'light');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
