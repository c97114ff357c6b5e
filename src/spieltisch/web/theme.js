// The page's colours, set before it is first drawn: the scheme chosen in the top bar
// (kept in localStorage), else the system's, following the system while it changes.
// A classic script, so it runs before the stylesheet paints anything. The top bar asks
// for a scheme with the event `spieltisch-theme` ({detail: 'light' | 'dark'}); one equal
// to the system's is not kept, so the page follows the system again.
(() => {
  const KEY = 'spieltisch.theme';
  const system = matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let chosen = null;
    try { chosen = localStorage.getItem(KEY); } catch { chosen = null; }
    const dark = chosen === 'dark' || (chosen !== 'light' && system.matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  };
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('spieltisch-theme', (event) => {
    if ((event.detail === 'dark') === system.matches) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, event.detail);
    apply();
  });
})();
