// The page's colours, set before it is first drawn: the scheme chosen in the top bar
// (kept in localStorage), else the system's, following the system while it changes.
// A classic script, so it runs before the stylesheet paints anything.
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
  window.addEventListener('spieltisch-theme', apply);
})();
