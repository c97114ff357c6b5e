// Hanafuda cards in SVG: each month's flower, the kind's subject (bright, animal, ribbon)
// and the month number in a corner, so a card can be read at a glance.
import {s, svgRoot} from '../dom.js';

const W = 60;
const H = 96;
const INK = '#231712';

function blossom(x, y, r, petal, centre = '#f7e27a') {
  const g = s('g', {});
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    g.append(s('circle', {cx: x + r * 0.62 * Math.cos(a), cy: y + r * 0.62 * Math.sin(a),
      r: r * 0.5, fill: petal}));
  }
  g.append(s('circle', {cx: x, cy: y, r: r * 0.32, fill: centre}));
  return g;
}

function star(x, y, r, inner, points, fill, rotate = 0) {
  const pts = [];
  for (let i = 0; i < points * 2; i++) {
    const rr = i % 2 ? inner : r;
    const a = (i * Math.PI) / points - Math.PI / 2 + rotate;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return s('polygon', {points: pts.join(' '), fill});
}

function chrysanthemum(x, y, r, fill) {
  const g = s('g', {});
  for (let i = 0; i < 14; i++) {
    const a = (i * 360) / 14;
    g.append(s('ellipse', {cx: x, cy: y - r * 0.55, rx: r * 0.16, ry: r * 0.5, fill,
      transform: `rotate(${a} ${x} ${y})`}));
  }
  g.append(s('circle', {cx: x, cy: y, r: r * 0.3, fill: '#c0651d'}));
  return g;
}

function bird(x, y, scale, body, wing, beak = '#e2a33a') {
  return s('g', {transform: `translate(${x} ${y}) scale(${scale})`},
    s('path', {d: 'M-12 2 Q-2 -9 11 -2 Q4 6 -12 2 Z', fill: body}),
    s('path', {d: 'M-6 -1 Q0 -14 6 -3 Z', fill: wing}),
    s('circle', {cx: 9, cy: -3, r: 1.2, fill: INK}),
    s('path', {d: 'M11 -3 L16 -2 L11 0 Z', fill: beak}),
    s('path', {d: 'M-12 2 L-18 -1 L-17 5 Z', fill: body}));
}

function sky(colour, height = 38) {
  return s('path', {d: `M0 0 H${W} V${height} Q45 ${height - 7} 30 ${height} T0 ${height} Z`,
    fill: colour});
}

function ribbon(kind) {
  const fill = kind === 'blue' ? '#2d4f9e' : '#c42a22';
  const g = s('g', {transform: 'rotate(-14 30 48)'},
    s('rect', {x: 24, y: 24, width: 12, height: 50, rx: 1.5, fill, stroke: INK,
      'stroke-width': 0.8}));
  if (kind === 'poetry') {
    for (const y of [31, 40, 49, 58]) {
      g.append(s('path', {d: `M27.5 ${y} q2.5 -2 5 0 M28.5 ${y + 3} h3`, stroke: INK,
        'stroke-width': 1.3, fill: 'none', 'stroke-linecap': 'round'}));
    }
  }
  return g;
}

// The flower of each month, drawn behind the subject.
const MONTH = {
  1: (g) => {
    g.append(sky('#c8321e'));
    g.append(s('path', {d: 'M8 96 Q22 70 18 52 Q30 62 40 40', stroke: '#5b3a22',
      'stroke-width': 5, fill: 'none'}));
    for (const [x, y, r] of [[18, 50, 10], [40, 38, 11], [30, 66, 9], [47, 60, 8]]) {
      g.append(s('ellipse', {cx: x, cy: y, rx: r * 1.3, ry: r * 0.7, fill: '#1f5a2e'}),
        s('ellipse', {cx: x, cy: y - 2, rx: r, ry: r * 0.45, fill: '#2f7d3f'}));
    }
  },
  2: (g) => {
    g.append(sky('#c8321e', 30));
    g.append(s('path', {d: 'M4 90 Q20 60 14 40 Q30 50 56 20 M20 62 Q36 66 48 56',
      stroke: '#3a2416', 'stroke-width': 3.5, fill: 'none'}));
    for (const [x, y] of [[14, 38], [30, 46], [46, 28], [24, 64], [42, 58], [52, 44]]) {
      g.append(blossom(x, y, 7, '#d63a52', '#fbe0a0'));
    }
  },
  3: (g) => {
    g.append(sky('#c8321e', 26));
    for (const [x, y, r] of [[14, 34, 9], [30, 30, 10], [46, 36, 9], [20, 50, 8], [40, 52, 8],
      [30, 44, 7]]) {
      g.append(blossom(x, y, r, '#f2a4ba', '#d9546e'));
    }
  },
  4: (g) => {
    g.append(s('path', {d: 'M10 0 Q14 20 8 40 M30 0 Q34 22 28 44 M50 0 Q54 20 48 38',
      stroke: INK, 'stroke-width': 1.6, fill: 'none'}));
    for (const x of [10, 30, 50]) {
      for (let i = 0; i < 6; i++) {
        g.append(s('ellipse', {cx: x + (i % 2 ? 3 : -2), cy: 8 + i * 6, rx: 4 - i * 0.35,
          ry: 3, fill: i % 2 ? '#8a5bb5' : '#6a3f96'}));
      }
    }
  },
  5: (g) => {
    for (const x of [14, 26, 40, 50]) {
      g.append(s('path', {d: `M${x} 96 Q${x - 4} 70 ${x + 3} 48`, stroke: '#2f7d3f',
        'stroke-width': 3, fill: 'none'}));
    }
    for (const [x, y] of [[18, 46], [44, 40]]) {
      g.append(s('path', {d: `M${x} ${y} q-9 -4 -8 -13 q6 4 8 10 q2 -8 8 -12 q2 8 -8 15 z`,
        fill: '#5b3a9c'}), s('circle', {cx: x, cy: y - 2, r: 2, fill: '#f1d35b'}));
    }
  },
  6: (g) => {
    for (const [x, y] of [[14, 70], [44, 76], [30, 60]]) {
      g.append(s('ellipse', {cx: x, cy: y, rx: 11, ry: 6, fill: '#2f7d3f',
        transform: `rotate(-25 ${x} ${y})`}));
    }
    for (const [x, y, r] of [[20, 42, 12], [42, 50, 11]]) {
      g.append(s('circle', {cx: x, cy: y, r, fill: '#c9243f'}),
        s('circle', {cx: x, cy: y, r: r * 0.68, fill: '#e0506a'}),
        s('circle', {cx: x, cy: y, r: r * 0.3, fill: '#f3c64b'}));
    }
  },
  7: (g) => {
    g.append(s('path', {d: 'M2 82 Q30 30 58 60', fill: 'none', stroke: '#3a2416',
      'stroke-width': 2}));
    g.append(s('path', {d: 'M4 40 Q30 10 56 34', fill: 'none', stroke: '#3a2416',
      'stroke-width': 2}));
    for (let i = 0; i < 12; i++) {
      const t = i / 11;
      g.append(s('ellipse', {cx: 4 + 52 * t, cy: 40 - 36 * t * (1 - t) * 2.2 + (i % 2 ? 4 : -3),
        rx: 3, ry: 1.8, fill: i % 3 ? '#b8322a' : '#7a9b3a'}));
      g.append(s('ellipse', {cx: 2 + 56 * t, cy: 82 - 60 * t * (1 - t) * 2.4 + (i % 2 ? 3 : -3),
        rx: 3, ry: 1.8, fill: i % 3 ? '#b8322a' : '#7a9b3a'}));
    }
  },
  8: (g) => {
    g.append(s('rect', {x: 0, y: 0, width: W, height: 50, fill: '#d8cfb8'}));
    g.append(s('path', {d: `M0 52 Q30 34 60 50 V${H} H0 Z`, fill: INK}));
    for (let i = 0; i < 9; i++) {
      g.append(s('path', {d: `M${4 + i * 6.5} ${H} Q${6 + i * 6.5} 60 ${2 + i * 7} 44`,
        stroke: '#efe7d2', 'stroke-width': 1, fill: 'none'}));
    }
  },
  9: (g) => {
    g.append(s('path', {d: 'M10 96 Q16 70 12 52 M36 96 Q40 72 46 56', stroke: '#2f7d3f',
      'stroke-width': 2.5, fill: 'none'}));
    g.append(chrysanthemum(16, 42, 13, '#f2c230'), chrysanthemum(44, 52, 11, '#e0742a'));
  },
  10: (g) => {
    for (const [x, y, r, c, a] of [[16, 24, 11, '#c62a1f', 0.2], [42, 30, 12, '#e06a1b', -0.3],
      [26, 50, 10, '#b51f1a', 0.5], [48, 60, 9, '#d9471c', 0], [12, 68, 9, '#e28c24', 0.3]]) {
      g.append(star(x, y, r, r * 0.45, 5, c, a));
    }
  },
  11: (g) => {
    g.append(s('rect', {x: 0, y: 0, width: W, height: H, fill: '#3d4a52'}));
    for (let i = 0; i < 6; i++) {
      g.append(s('path', {d: `M${6 + i * 10} 0 Q${2 + i * 10} 36 ${8 + i * 10} 70`,
        stroke: '#6f9b54', 'stroke-width': 2, fill: 'none'}));
    }
  },
  12: (g) => {
    for (const [x, y] of [[16, 70], [44, 72], [30, 82]]) {
      g.append(s('path', {d: `M${x} ${y + 12} C${x - 18} ${y} ${x - 8} ${y - 14} ${x} ${y - 4}`
        + ` C${x + 8} ${y - 14} ${x + 18} ${y} ${x} ${y + 12} Z`, fill: '#1f4d2c'}));
    }
    g.append(s('path', {d: 'M30 60 V16', stroke: '#2f7d3f', 'stroke-width': 2}));
    for (let i = 0; i < 5; i++) {
      g.append(s('ellipse', {cx: 30 + (i % 2 ? 5 : -5), cy: 20 + i * 7, rx: 4, ry: 3,
        fill: '#8055a8'}));
    }
  },
};

// The subject of bright, animal and special plain cards.
const SUBJECT = {
  '1b': (g) => {
    g.append(s('circle', {cx: 40, cy: 26, r: 13, fill: '#d8321e'}));
    g.append(s('ellipse', {cx: 28, cy: 72, rx: 15, ry: 8, fill: '#fbfaf4', stroke: INK,
      'stroke-width': 0.8}));
    g.append(s('path', {d: 'M38 68 Q46 54 40 44', stroke: '#fbfaf4', 'stroke-width': 3,
      fill: 'none'}));
    g.append(s('circle', {cx: 40, cy: 43, r: 3.2, fill: '#fbfaf4'}),
      s('circle', {cx: 40, cy: 41.5, r: 1.6, fill: '#d8321e'}),
      s('path', {d: 'M14 72 L8 66 M16 74 L10 72', stroke: INK, 'stroke-width': 2}),
      s('path', {d: 'M24 80 V90 M30 80 V90', stroke: INK, 'stroke-width': 1.5}));
  },
  '2a': (g) => { g.append(bird(34, 66, 1.2, '#7f9a2a', '#5b7420')); },
  '3b': (g) => {
    const curtain = s('g', {});
    for (let i = 0; i < 6; i++) {
      curtain.append(s('rect', {x: i * 10, y: 62, width: 10, height: 28,
        fill: i % 2 ? '#f3ead8' : '#c8321e'}));
    }
    curtain.append(s('path', {d: 'M0 62 Q30 72 60 62', stroke: '#d4a017', 'stroke-width': 3,
      fill: 'none'}));
    g.append(curtain);
  },
  '4a': (g) => {
    g.append(s('path', {d: 'M44 10 a10 10 0 1 0 8 16 a8 8 0 1 1 -8 -16 z', fill: '#f2d35a'}));
    g.append(bird(30, 62, 1.1, '#2c2a2a', '#444', '#e2a33a'));
  },
  '5a': (g) => {
    g.append(s('path', {d: 'M0 74 L20 64 L40 76 L60 66', stroke: '#7a4a24', 'stroke-width': 7,
      fill: 'none'}));
    g.append(s('path', {d: 'M0 74 L20 64 L40 76 L60 66', stroke: '#b07a46', 'stroke-width': 3,
      fill: 'none'}));
  },
  '6a': (g) => {
    for (const [x, y, c] of [[20, 20, '#3a6fc0'], [42, 30, '#e0a22a']]) {
      g.append(s('ellipse', {cx: x - 5, cy: y, rx: 6, ry: 8, fill: c,
        transform: `rotate(-20 ${x - 5} ${y})`}), s('ellipse', {cx: x + 5, cy: y, rx: 6, ry: 8,
        fill: c, transform: `rotate(20 ${x + 5} ${y})`}),
      s('rect', {x: x - 1, y: y - 7, width: 2, height: 14, fill: INK}));
    }
  },
  '7a': (g) => {
    g.append(s('ellipse', {cx: 30, cy: 74, rx: 20, ry: 11, fill: '#6b4326'}),
      s('path', {d: 'M48 70 L58 74 L48 80 Z', fill: '#6b4326'}),
      s('circle', {cx: 46, cy: 72, r: 1.5, fill: '#f3ead8'}),
      s('path', {d: 'M18 84 V92 M26 85 V92 M36 85 V92 M42 84 V92', stroke: '#4a2d18',
        'stroke-width': 3}));
  },
  '8b': (g) => {
    g.append(s('rect', {x: 0, y: 0, width: W, height: 52, fill: '#c8321e'}));
    g.append(s('circle', {cx: 30, cy: 28, r: 17, fill: '#f8f1d8'}));
    g.append(s('path', {d: `M0 52 Q30 34 60 50 V${H} H0 Z`, fill: INK}));
  },
  '8a': (g) => {
    g.append(s('rect', {x: 0, y: 0, width: W, height: 46, fill: '#c8321e'}));
    for (const [x, y] of [[16, 18], [30, 12], [44, 24]]) {
      g.append(s('path', {d: `M${x - 7} ${y} L${x} ${y + 4} L${x + 7} ${y} L${x} ${y + 1} Z`,
        fill: INK}));
    }
  },
  '9a': (g) => {
    g.append(s('path', {d: 'M14 60 Q30 78 46 60 Z', fill: '#c42a22', stroke: INK,
      'stroke-width': 0.8}), s('rect', {x: 25, y: 70, width: 10, height: 6, fill: '#c42a22'}),
    s('circle', {cx: 30, cy: 64, r: 4.5, fill: '#e8c14a'}));
  },
  '10a': (g) => {
    g.append(s('ellipse', {cx: 28, cy: 74, rx: 15, ry: 9, fill: '#a8642e'}),
      s('path', {d: 'M40 70 Q46 58 44 52', stroke: '#a8642e', 'stroke-width': 5, fill: 'none'}),
      s('ellipse', {cx: 46, cy: 51, rx: 5, ry: 3.5, fill: '#a8642e'}),
      s('path', {d: 'M44 48 L40 38 L36 40 M40 38 L42 34 M48 48 L52 38 L56 40 M52 38 L50 34',
        stroke: '#5b3a22', 'stroke-width': 1.5, fill: 'none'}),
      s('path', {d: 'M18 80 V92 M24 82 V92 M32 82 V92 M38 80 V92', stroke: '#7a4a24',
        'stroke-width': 2.2}));
  },
  '11b': (g) => {
    g.append(s('path', {d: 'M12 46 Q30 26 48 46 Z', fill: '#e9b92e', stroke: INK,
      'stroke-width': 0.8}), s('path', {d: 'M30 46 V70', stroke: INK, 'stroke-width': 1.5}),
    s('path', {d: 'M22 50 Q24 72 34 78 L38 70 Q34 58 30 50 Z', fill: '#c8321e'}),
    s('circle', {cx: 26, cy: 50, r: 3.5, fill: '#f1d9b5'}),
    s('ellipse', {cx: 46, cy: 84, rx: 5, ry: 3.5, fill: '#6b8e2f'}));
  },
  '11a': (g) => {
    g.append(s('path', {d: 'M14 40 Q30 30 44 38 L56 30 L48 42 L58 46 L44 44 Q30 52 14 40 Z',
      fill: '#15171c'}), s('circle', {cx: 17, cy: 40, r: 1.8, fill: '#c8321e'}));
  },
  '11p': (g) => {
    g.append(s('rect', {x: 0, y: 0, width: W, height: H, fill: '#b8261d'}));
    g.append(s('path', {d: 'M0 30 Q30 10 60 34 V0 H0 Z', fill: INK}));
    g.append(s('path', {d: 'M34 36 L22 56 L32 56 L20 82 L42 50 L32 50 L42 36 Z',
      fill: '#f2d35a', stroke: INK, 'stroke-width': 0.8}));
  },
  '12b': (g) => {
    g.append(s('circle', {cx: 46, cy: 16, r: 8, fill: '#d8321e'}));
    const tail = ['#c8321e', '#2d6fb8', '#e9b92e', '#2f8a57', '#8055a8'];
    tail.forEach((c, i) => {
      g.append(s('path', {d: `M28 50 Q${4 + i * 4} ${30 - i * 3} ${2 + i * 5} ${58 - i * 8}`,
        stroke: c, 'stroke-width': 4, fill: 'none', 'stroke-linecap': 'round'}));
    });
    g.append(s('ellipse', {cx: 34, cy: 50, rx: 10, ry: 6, fill: '#e9b92e'}),
      s('circle', {cx: 44, cy: 42, r: 3.5, fill: '#2f8a57'}),
      s('path', {d: 'M47 42 L52 43 L47 45 Z', fill: '#e2a33a'}));
  },
  '12p3': (g) => { g.append(s('rect', {x: 0, y: 0, width: W, height: 18, fill: '#e9c232'})); },
};

const KIND_MARK = {
  bright: (g) => g.append(s('circle', {cx: 50, cy: 10, r: 4.8, fill: '#f3d46a'}),
    s('circle', {cx: 50, cy: 10, r: 2, fill: '#c8321e'})),
  animal: (g) => g.append(s('path', {d: 'M50 5 L55 10 L50 15 L45 10 Z', fill: '#5fcf8a'})),
  ribbon: (g) => g.append(s('rect', {x: 47.5, y: 4.5, width: 5, height: 11, rx: 1,
    fill: '#ff6a55'})),
  plain: () => {},
};

/** A face-up card; `card` is the view's {code, month, kind, ribbon, name}. */
export function cardSvg(card, width, attrs = {}) {
  const svg = svgRoot(W, H, {width, height: (width * H) / W, class: 'hanafuda', ...attrs});
  svg.append(s('rect', {x: 0, y: 0, width: W, height: H, rx: 5, fill: '#2a1a12'}));
  const face = s('svg', {x: 2.5, y: 2.5, width: W - 5, height: H - 5,
    viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none'});
  face.append(s('rect', {x: 0, y: 0, width: W, height: H, fill: '#f6eedb'}));
  const art = s('g', {});
  MONTH[card.month](art);
  if (card.kind === 'ribbon') art.append(ribbon(card.ribbon));
  (SUBJECT[card.code] || (() => {}))(art);
  face.append(art);
  svg.append(face);
  svg.append(s('circle', {cx: 10, cy: 10, r: 7, fill: 'rgba(20,12,8,.82)'}),
    s('text', {x: 10, y: 13.6, 'text-anchor': 'middle', class: 'month-number'},
      String(card.month)));
  if (card.kind !== 'plain') {
    svg.append(s('circle', {cx: 50, cy: 10, r: 7.5, fill: 'rgba(20,12,8,.82)'}));
  }
  KIND_MARK[card.kind](svg);
  return svg;
}

/** The back of a card. */
export function backSvg(width, attrs = {}) {
  const svg = svgRoot(W, H, {width, height: (width * H) / W, class: 'hanafuda back', ...attrs});
  svg.append(s('rect', {x: 0, y: 0, width: W, height: H, rx: 5, fill: '#2a1a12'}),
    s('rect', {x: 5, y: 5, width: W - 10, height: H - 10, rx: 3, fill: '#5a1d17',
      stroke: '#b8862e', 'stroke-width': 1}),
    s('circle', {cx: 30, cy: 48, r: 12, fill: 'none', stroke: '#b8862e', 'stroke-width': 1.5}),
    star(30, 48, 7, 3, 5, '#b8862e'));
  return svg;
}
