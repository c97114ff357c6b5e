// QR codes for the links a table hands out, so a phone at the same table opens them with
// its camera. Byte mode, error correction level M, versions 1 to 10 (up to 213 bytes),
// drawn as SVG.

import {s} from './dom.js';

/** Per version: error correction codewords per block, then [blocks, data codewords]
 * for each group of blocks (level M). */
const BLOCKS = [
  [10, [1, 16]], [16, [1, 28]], [26, [1, 44]], [18, [2, 32]], [24, [2, 43]],
  [16, [4, 27]], [18, [4, 31]], [22, [2, 38], [2, 39]], [22, [3, 36], [2, 37]],
  [26, [4, 43], [1, 44]],
];

/** Per version: the rows (and columns) at which alignment patterns are centred. */
const ALIGNMENT = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38],
  [6, 24, 42], [6, 26, 46], [6, 28, 50]];

const QUIET = 4;

// Arithmetic in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1, by powers of its generator 2.
const EXP = new Array(512);
const LOG = new Array(256);
for (let i = 0, value = 1; i < 255; i++) {
  EXP[i] = value;
  LOG[value] = i;
  value <<= 1;
  if (value & 0x100) value ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];

function times(a, b) {
  return a && b ? EXP[LOG[a] + LOG[b]] : 0;
}

/** The generator polynomial of `degree` error correction codewords, highest power first
 * and without its leading 1. */
function generator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(poly.length + 1).fill(0);
    poly.forEach((coefficient, j) => {
      next[j] ^= coefficient;
      next[j + 1] ^= times(coefficient, EXP[i]);
    });
    poly = next;
  }
  return poly.slice(1);
}

/** The error correction codewords of `data`: the remainder of data · x^n by the
 * generator of degree n. */
function correction(data, degree) {
  const divisor = generator(degree);
  const rest = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    divisor.forEach((coefficient, i) => { rest[i] ^= times(coefficient, factor); });
  }
  return rest;
}

/** The data blocks of `version` as lengths, in order. */
function blockLengths(version) {
  const [, ...groups] = BLOCKS[version - 1];
  return groups.flatMap(([count, length]) => new Array(count).fill(length));
}

/** The codewords of `bytes` at `version`: data with padding, split into blocks, each
 * block's correction appended, and both interleaved. */
function codewords(bytes, version) {
  const lengths = blockLengths(version);
  const capacity = lengths.reduce((sum, n) => sum + n, 0);
  const bits = [];
  const put = (value, count) => {
    for (let i = count - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((byte) => put(byte, 8));
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - bits.length % 8) % 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) {
    data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);
  const degree = BLOCKS[version - 1][0];
  const blocks = [];
  let at = 0;
  for (const length of lengths) {
    blocks.push(data.slice(at, at + length));
    at += length;
  }
  const checks = blocks.map((block) => correction(block, degree));
  const out = [];
  for (let i = 0; i < Math.max(...lengths); i++) {
    blocks.forEach((block) => { if (i < block.length) out.push(block[i]); });
  }
  for (let i = 0; i < degree; i++) checks.forEach((check) => out.push(check[i]));
  return out;
}

/** The remainder of `value` · x^shift divided by `poly` (BCH codes of the format and
 * version information). */
function bch(value, poly, shift) {
  let rest = value << shift;
  const top = 31 - Math.clz32(poly);
  for (let bit = 31 - Math.clz32(rest); bit >= top; bit--) {
    if (rest & (1 << bit)) rest ^= poly << (bit - top);
  }
  return (value << shift) | rest;
}

const MASKS = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => (r * c) % 2 + (r * c) % 3 === 0,
  (r, c) => ((r * c) % 2 + (r * c) % 3) % 2 === 0,
  (r, c) => ((r + c) % 2 + (r * c) % 3) % 2 === 0,
];

/** The modules of one version: dark or light, and which belong to the fixed patterns. */
class Grid {
  constructor(version) {
    this.version = version;
    this.size = 17 + 4 * version;
    this.dark = Array.from({length: this.size}, () => new Array(this.size).fill(false));
    this.fixed = Array.from({length: this.size}, () => new Array(this.size).fill(false));
    this.patterns();
  }

  set(row, col, dark) {
    this.dark[row][col] = dark;
    this.fixed[row][col] = true;
  }

  patterns() {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [top, left] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
      for (let r = -1; r <= 7; r++) {
        for (let c = -1; c <= 7; c++) {
          const row = top + r;
          const col = left + c;
          if (row < 0 || col < 0 || row >= n || col >= n) continue;
          const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
          this.set(row, col, ring !== 2 && ring !== 4);
        }
      }
    }
    const centres = ALIGNMENT[this.version - 1];
    const last = centres[centres.length - 1];
    for (const row of centres) {
      for (const col of centres) {
        if ((row === 6 && (col === 6 || col === last)) || (row === last && col === 6)) continue;
        for (let r = -2; r <= 2; r++) {
          for (let c = -2; c <= 2; c++) {
            this.set(row + r, col + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
          }
        }
      }
    }
    this.format(0);
    if (this.version >= 7) {
      const bits = bch(this.version, 0x1f25, 12);
      for (let i = 0; i < 18; i++) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = n - 11 + i % 3;
        const b = Math.floor(i / 3);
        this.set(b, a, dark);
        this.set(a, b, dark);
      }
    }
  }

  /** Write the format information of level M with `mask`, both copies. */
  format(mask) {
    const n = this.size;
    const bits = bch(mask, 0x537, 10) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.set(i, 8, bit(i));
    this.set(7, 8, bit(6));
    this.set(8, 8, bit(7));
    this.set(8, 7, bit(8));
    for (let i = 9; i < 15; i++) this.set(8, 14 - i, bit(i));
    for (let i = 0; i < 8; i++) this.set(8, n - 1 - i, bit(i));
    for (let i = 8; i < 15; i++) this.set(n - 15 + i, 8, bit(i));
    this.set(n - 8, 8, true);
  }

  /** Lay `words` into the free modules, two columns at a time in a zigzag from the
   * bottom right. */
  place(words) {
    const n = this.size;
    let index = 0;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((n - 1 - right) >> 1) % 2 === 0;
      for (let step = 0; step < n; step++) {
        const row = upward ? n - 1 - step : step;
        for (const col of [right, right - 1]) {
          if (this.fixed[row][col]) continue;
          const word = words[index >> 3];
          this.dark[row][col] = word !== undefined && ((word >>> (7 - (index & 7))) & 1) === 1;
          index++;
        }
      }
    }
  }

  flip(mask) {
    const test = MASKS[mask];
    for (let r = 0; r < this.size; r++) {
      for (let c = 0; c < this.size; c++) {
        if (!this.fixed[r][c] && test(r, c)) this.dark[r][c] = !this.dark[r][c];
      }
    }
    this.format(mask);
  }

  /** The penalty the standard gives a masked symbol; the mask with the least is used. */
  penalty() {
    const n = this.size;
    const m = this.dark;
    let score = 0;
    const lines = [];
    for (let i = 0; i < n; i++) {
      lines.push(m[i]);
      lines.push(m.map((row) => row[i]));
    }
    const finder = [true, false, true, true, true, false, true];
    for (const line of lines) {
      for (let start = 0; start < n;) {
        let end = start;
        while (end < n && line[end] === line[start]) end++;
        if (end - start >= 5) score += end - start - 2;
        start = end;
      }
      for (let i = 0; i + 7 <= n; i++) {
        if (!finder.every((dark, k) => line[i + k] === dark)) continue;
        // The quiet zone around the symbol is light too.
        const light = (from, to) => line.slice(Math.max(0, from), to).every((dark) => !dark);
        if (light(i - 4, i) || light(i + 7, i + 11)) score += 40;
      }
    }
    let darkCount = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (m[r][c]) darkCount++;
        if (r + 1 < n && c + 1 < n && m[r][c] === m[r][c + 1] && m[r][c] === m[r + 1][c]
            && m[r][c] === m[r + 1][c + 1]) score += 3;
      }
    }
    const percent = (darkCount * 100) / (n * n);
    return score + 10 * Math.floor(Math.abs(percent - 50) / 5);
  }
}

/** The modules of the QR code of `text` (true: dark), at the smallest version that holds
 * it and with `mask` (0–7; the one the standard prefers if not given); null when the text
 * is over 213 bytes.
 * @returns {{version: number, mask: number, modules: boolean[][]} | null}
 */
export function qrModules(text, mask = null) {
  const bytes = [...new TextEncoder().encode(text)];
  const version = BLOCKS.findIndex((_, i) => {
    const capacity = blockLengths(i + 1).reduce((sum, n) => sum + n, 0);
    return 4 + (i + 1 < 10 ? 8 : 16) + 8 * bytes.length <= capacity * 8;
  }) + 1;
  if (version === 0) return null;
  const words = codewords(bytes, version);
  const masked = (chosen) => {
    const grid = new Grid(version);
    grid.place(words);
    grid.flip(chosen);
    return grid;
  };
  const penalties = mask === null ? MASKS.map((_, m) => masked(m).penalty()) : [];
  const chosen = mask ?? penalties.indexOf(Math.min(...penalties));
  return {version, mask: chosen, modules: masked(chosen).dark};
}

/** The QR code of `text` as an SVG image named `label`, dark on white with its quiet
 * zone; null when the text is too long for one. */
export function qrCode(text, label) {
  const code = qrModules(text);
  if (!code) return null;
  const width = code.modules.length + 2 * QUIET;
  let path = '';
  code.modules.forEach((row, r) => row.forEach((dark, c) => {
    if (dark) path += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
  }));
  return s('svg', {class: 'qr', viewBox: `0 0 ${width} ${width}`, role: 'img',
    'aria-label': label, 'shape-rendering': 'crispEdges'},
  s('rect', {width, height: width, fill: '#fff'}),
  s('path', {d: path, fill: '#000'}));
}
