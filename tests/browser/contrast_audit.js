// Every visible line of page text whose contrast with what lies behind it is below
// WCAG AA (4.5:1, large text 3:1), as "ratio < need: element "text"". Backgrounds are
// the element's and its ancestors' colours composited; a gradient on the way counts
// with each of its colours. Text in SVG, offscreen text and disabled controls (also those
// only marked so, which stay in reach of the keyboard) are left out.
() => {
  const parse = (css) => {
    const parts = css.match(/rgba?\(([^)]+)\)/)[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const colours = (css) => (css.match(/rgba?\([^)]+\)/g) || []).map(parse);
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]))
    .concat([1]);
  const luminance = (c) => {
    const f = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const backgrounds = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (style.backgroundImage.includes('gradient')) {
        layers.push(colours(style.backgroundImage));
        break;
      }
      const c = parse(style.backgroundColor);
      if (c[3] > 0) layers.push([c]);
      if (c[3] >= 1) break;
    }
    let result = [parse(getComputedStyle(document.documentElement).backgroundColor)];
    if (result[0][3] < 1) result = [[255, 255, 255, 1]];
    for (const layer of layers.reverse()) {
      result = result.flatMap((bottom) => layer.map((top) => over(top, bottom)));
    }
    return result;
  };
  const low = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el)) continue;
    seen.add(el);
    if (el.closest('svg, .offscreen, [disabled], [aria-disabled="true"], option, [hidden]')) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const style = getComputedStyle(el);
    let opacity = 1;
    for (let n = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    const ink = parse(style.color);
    ink[3] *= opacity;
    const size = parseFloat(style.fontSize);
    const need = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66) ? 3 : 4.5;
    const worst = Math.min(...backgrounds(el).map((bg) => ratio(over(ink, bg), bg)));
    if (worst < need) {
      low.push(`${worst.toFixed(2)} < ${need}: ${el.tagName.toLowerCase()}`
        + `${[...el.classList].map((c) => `.${c}`).join('')} "${node.textContent.trim().slice(0, 40)}"`);
    }
  }
  return low;
}
