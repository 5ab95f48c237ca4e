/**
 * Generates the app's icons (docs/platform.md#the-installable-app theme colour #667eea) into public/icons: an
 * SVG of each design and the PNGs the web manifest lists (src/sw/web-manifest.ts): 'any' icons at 72…512,
 * maskable icons (glyph inside the 80 % safe zone, full-bleed background), the monochrome notification badge,
 * and one icon per shortcut and widget, plus the 180 × 180 apple-touch-icon index.html links for iOS. Node
 * only: the shapes are signed distance fields, rasterised with anti-aliased edges and written as RGBA PNGs
 * with node:zlib, so the PNGs and the SVGs draw the same geometry.
 *
 *   npx tsx scripts/generate-icons.ts           writes the files (deterministic: same bytes every run)
 *   npx tsx scripts/generate-icons.ts --check   writes nothing; exits 1 when a file is missing or differs
 *
 * The app glyph is the favicon's (public/favicon.svg), centred and enlarged.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import {
  ANY_ICON_SIZES,
  BADGE_SIZE,
  BRAND_COLOR,
  DEFAULT_SHORTCUTS,
  DEFAULT_WIDGETS,
  MASKABLE_ICON_SIZES,
  SMALL_ICON_SIZE,
} from '../src/sw/web-manifest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'public', 'icons');

// ---- shapes (in a 64 × 64 design box) ------------------------------------------------------------------------

type Point = readonly [number, number];
type Shape =
  | { kind: 'line'; from: Point; to: Point; width: number }
  | { kind: 'curve'; points: readonly [Point, Point, Point, Point]; width: number }
  | { kind: 'ring'; center: Point; radius: number; width: number }
  | { kind: 'disc'; center: Point; radius: number }
  | { kind: 'box'; from: Point; to: Point; radius: number; outline?: number };

const line = (from: Point, to: Point, width: number): Shape => ({ kind: 'line', from, to, width });

/** The favicon's glyph: a brush (the rounded bar) over a shoulder line, centred in the box. */
const APP_GLYPH: Shape[] = [
  line([32, 20], [32, 32], 8),
  {
    kind: 'curve',
    points: [
      [20, 48],
      [20, 42],
      [25, 40],
      [32, 40],
    ],
    width: 5,
  },
  {
    kind: 'curve',
    points: [
      [32, 40],
      [39, 40],
      [44, 42],
      [44, 48],
    ],
    width: 5,
  },
];

const PLUS: Shape[] = [line([32, 18], [32, 46], 7), line([18, 32], [46, 32], 7)];
const CALENDAR: Shape[] = [
  { kind: 'box', from: [16, 19], to: [48, 49], radius: 5, outline: 4 },
  line([16, 27], [48, 27], 4),
  line([24, 14], [24, 21], 4),
  line([40, 14], [40, 21], 4),
  { kind: 'disc', center: [25, 38], radius: 2.6 },
  { kind: 'disc', center: [32, 38], radius: 2.6 },
  { kind: 'disc', center: [39, 38], radius: 2.6 },
];
const BARS: Shape[] = [
  line([21, 46], [21, 35], 7),
  line([32, 46], [32, 22], 7),
  line([43, 46], [43, 29], 7),
  line([14, 52], [50, 52], 3.5),
];
const MAGNIFIER: Shape[] = [
  { kind: 'ring', center: [28, 28], radius: 11, width: 4.5 },
  line([36.5, 36.5], [48, 48], 6),
];
const RECEIPT: Shape[] = [
  { kind: 'box', from: [19, 13], to: [45, 51], radius: 4, outline: 4 },
  line([25, 24], [39, 24], 3.5),
  line([25, 32], [39, 32], 3.5),
  line([25, 40], [34, 40], 3.5),
];
const BELL: Shape[] = [
  { kind: 'disc', center: [32, 28], radius: 12 },
  { kind: 'box', from: [20, 28], to: [44, 42], radius: 0 },
  { kind: 'box', from: [15, 40], to: [49, 45], radius: 2.5 },
  { kind: 'disc', center: [32, 49], radius: 4 },
  line([32, 12], [32, 16], 4),
];

const SHORTCUT_GLYPHS: Record<string, Shape[]> = {
  'new-sale': PLUS,
  'new-appointment': CALENDAR,
  reports: BARS,
  'customer-search': MAGNIFIER,
};
const WIDGET_GLYPHS: Record<string, Shape[]> = {
  dashboard: BARS,
  sales: RECEIPT,
  appointments: CALENDAR,
  notifications: BELL,
};

// ---- signed distances ----------------------------------------------------------------------------------------

function segmentDistance(p: Point, a: Point, b: Point): number {
  const [px, py] = p;
  const [ax, ay] = a;
  const [bx, by] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function bezierPoints(points: readonly [Point, Point, Point, Point], steps = 48): Point[] {
  const [p0, p1, p2, p3] = points;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    const x = u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0];
    const y = u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1];
    return [x, y] as const;
  });
}

function boxDistance(p: Point, from: Point, to: Point, radius: number): number {
  const cx = (from[0] + to[0]) / 2;
  const cy = (from[1] + to[1]) / 2;
  const hx = (to[0] - from[0]) / 2 - radius;
  const hy = (to[1] - from[1]) / 2 - radius;
  const qx = Math.abs(p[0] - cx) - hx;
  const qy = Math.abs(p[1] - cy) - hy;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

const curveCache = new WeakMap<Shape, Point[]>();

function distance(shape: Shape, p: Point): number {
  switch (shape.kind) {
    case 'line':
      return segmentDistance(p, shape.from, shape.to) - shape.width / 2;
    case 'curve': {
      let points = curveCache.get(shape);
      if (!points) {
        points = bezierPoints(shape.points);
        curveCache.set(shape, points);
      }
      let best = Number.POSITIVE_INFINITY;
      for (let i = 1; i < points.length; i += 1) {
        best = Math.min(best, segmentDistance(p, points[i - 1] as Point, points[i] as Point));
      }
      return best - shape.width / 2;
    }
    case 'ring':
      return (
        Math.abs(Math.hypot(p[0] - shape.center[0], p[1] - shape.center[1]) - shape.radius) - shape.width / 2
      );
    case 'disc':
      return Math.hypot(p[0] - shape.center[0], p[1] - shape.center[1]) - shape.radius;
    case 'box': {
      const d = boxDistance(p, shape.from, shape.to, shape.radius);
      return shape.outline === undefined ? d : Math.abs(d) - shape.outline / 2;
    }
  }
}

type Bounds = readonly [number, number, number, number];
const boundsCache = new WeakMap<Shape, Bounds>();

/** The shape's box, strokes included: a cheap lower bound of its distance. */
function bounds(shape: Shape): Bounds {
  const cachedBounds = boundsCache.get(shape);
  if (cachedBounds) return cachedBounds;
  const around = (points: readonly Point[], pad: number): Bounds => [
    Math.min(...points.map((q) => q[0])) - pad,
    Math.min(...points.map((q) => q[1])) - pad,
    Math.max(...points.map((q) => q[0])) + pad,
    Math.max(...points.map((q) => q[1])) + pad,
  ];
  let result: Bounds;
  switch (shape.kind) {
    case 'line':
      result = around([shape.from, shape.to], shape.width / 2);
      break;
    case 'curve':
      result = around(shape.points, shape.width / 2);
      break;
    case 'ring':
      result = around([shape.center], shape.radius + shape.width / 2);
      break;
    case 'disc':
      result = around([shape.center], shape.radius);
      break;
    case 'box':
      result = around([shape.from, shape.to], (shape.outline ?? 0) / 2);
      break;
  }
  boundsCache.set(shape, result);
  return result;
}

/**
 * The glyph's distance at p, exact within `reach` of the glyph and +Infinity beyond (only the last pixel of
 * an edge needs the distance; shapes whose box is farther are skipped, which keeps a 512 px icon fast).
 */
function glyphDistance(glyph: readonly Shape[], p: Point, reach: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const shape of glyph) {
    const [x0, y0, x1, y1] = bounds(shape);
    const outside = Math.hypot(Math.max(x0 - p[0], 0, p[0] - x1), Math.max(y0 - p[1], 0, p[1] - y1));
    if (outside > reach) continue;
    best = Math.min(best, distance(shape, p));
  }
  return best;
}

// ---- designs -------------------------------------------------------------------------------------------------

interface Design {
  glyph: readonly Shape[];
  /** Where the 64-unit design box lands, as fractions of the icon: [offset, size]. */
  glyphBox: readonly [number, number];
  background: 'rounded' | 'full' | 'none';
}

const DESIGNS = {
  // The glyph's box is x 17…47, y 16…50 (strokes included): 'any' makes it 58 % of the icon's height.
  any: { glyph: APP_GLYPH, glyphBox: [-0.063, 1.09], background: 'rounded' },
  // Maskable: launchers crop to a circle of 80 % of the icon; the glyph's corners stay inside a 68 % one.
  maskable: { glyph: APP_GLYPH, glyphBox: [-0.01, 0.99], background: 'full' },
  // Badge: Android draws only the alpha channel, in its own colour; the glyph fills 90 % of it.
  badge: { glyph: APP_GLYPH, glyphBox: [-0.373, 1.694], background: 'none' },
  // iOS home screen: the 'any' glyph on a full square. iOS rounds the corners itself and paints transparent
  // pixels black, so the background must reach every corner.
  apple: { glyph: APP_GLYPH, glyphBox: [-0.063, 1.09], background: 'full' },
} as const satisfies Record<string, Design>;

/** The size iOS asks for on current iPhones and iPads (index.html <link rel="apple-touch-icon" sizes>). */
export const APPLE_TOUCH_ICON_SIZE = 180;
export const APPLE_TOUCH_ICON = `apple-touch-icon-${APPLE_TOUCH_ICON_SIZE}.png`;

const small = (glyph: Shape[]): Design => ({ glyph, glyphBox: [0.1, 0.8], background: 'rounded' });

function hexColor(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

const BRAND = hexColor(BRAND_COLOR);
/** The rounded square's corner, as a fraction of the icon (iOS-like). */
const CORNER = 0.22;

const clamp01 = (value: number): number => Math.max(0, Math.min(1, value));

function render(design: Design, size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const [offset, extent] = design.glyphBox;
  const unit = (extent * size) / 64;
  const origin = offset * size;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      let background = 0;
      if (design.background === 'full') background = 1;
      else if (design.background === 'rounded') {
        background = clamp01(0.5 - boxDistance([px, py], [0, 0], [size, size], CORNER * size));
      }
      const d = glyphDistance(design.glyph, [(px - origin) / unit, (py - origin) / unit], 1 / unit) * unit;
      const glyph = clamp01(0.5 - d);
      const i = (y * size + x) * 4;
      if (design.background === 'none') {
        pixels[i] = 255;
        pixels[i + 1] = 255;
        pixels[i + 2] = 255;
        pixels[i + 3] = Math.round(glyph * 255);
        continue;
      }
      // White glyph over the brand colour; the glyph never leaves the background.
      for (let c = 0; c < 3; c += 1)
        pixels[i + c] = Math.round((BRAND[c] as number) * (1 - glyph) + 255 * glyph);
      pixels[i + 3] = Math.round(background * 255);
    }
  }
  return pixels;
}

// ---- PNG -----------------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG, filter 0 on every row; no timestamps, so the same pixels give the same bytes. */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width * 4 + 1)] = 0;
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- SVG -----------------------------------------------------------------------------------------------------

const n = (value: number): string => String(Math.round(value * 1000) / 1000);

function svgShape(shape: Shape, color: string): string {
  switch (shape.kind) {
    case 'line':
      return `<line x1="${n(shape.from[0])}" y1="${n(shape.from[1])}" x2="${n(shape.to[0])}" y2="${n(shape.to[1])}" stroke="${color}" stroke-width="${n(shape.width)}" stroke-linecap="round"/>`;
    case 'curve': {
      const [p0, p1, p2, p3] = shape.points;
      return `<path d="M${n(p0[0])} ${n(p0[1])}C${n(p1[0])} ${n(p1[1])} ${n(p2[0])} ${n(p2[1])} ${n(p3[0])} ${n(p3[1])}" fill="none" stroke="${color}" stroke-width="${n(shape.width)}" stroke-linecap="round"/>`;
    }
    case 'ring':
      return `<circle cx="${n(shape.center[0])}" cy="${n(shape.center[1])}" r="${n(shape.radius)}" fill="none" stroke="${color}" stroke-width="${n(shape.width)}"/>`;
    case 'disc':
      return `<circle cx="${n(shape.center[0])}" cy="${n(shape.center[1])}" r="${n(shape.radius)}" fill="${color}"/>`;
    case 'box': {
      const attrs = `x="${n(shape.from[0])}" y="${n(shape.from[1])}" width="${n(shape.to[0] - shape.from[0])}" height="${n(shape.to[1] - shape.from[1])}" rx="${n(shape.radius)}"`;
      return shape.outline === undefined
        ? `<rect ${attrs} fill="${color}"/>`
        : `<rect ${attrs} fill="none" stroke="${color}" stroke-width="${n(shape.outline)}"/>`;
    }
  }
}

function svg(design: Design): string {
  const size = 64;
  const [offset, extent] = design.glyphBox;
  const scale = extent;
  const background =
    design.background === 'full'
      ? `<rect width="${size}" height="${size}" fill="${BRAND_COLOR}"/>`
      : design.background === 'rounded'
        ? `<rect width="${size}" height="${size}" rx="${n(CORNER * size)}" fill="${BRAND_COLOR}"/>`
        : '';
  const color = '#fff';
  const shapes = design.glyph.map((shape) => svgShape(shape, color)).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="Salon POS">`,
    background,
    `<g transform="translate(${n(offset * size)} ${n(offset * size)}) scale(${n(scale)})">${shapes}</g>`,
    '</svg>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

// ---- files ---------------------------------------------------------------------------------------------------

/** The apple-touch-icon alone: rendering every icon takes seconds of CPU, this one a fraction of it. */
export function appleTouchIconFile(): Buffer {
  return encodePng(
    render(DESIGNS.apple, APPLE_TOUCH_ICON_SIZE),
    APPLE_TOUCH_ICON_SIZE,
    APPLE_TOUCH_ICON_SIZE,
  );
}

export function iconFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const add = (name: string, design: Design, size: number) =>
    files.set(name, encodePng(render(design, size), size, size));
  for (const size of ANY_ICON_SIZES) add(`icon-${size}.png`, DESIGNS.any, size);
  for (const size of MASKABLE_ICON_SIZES) add(`maskable-${size}.png`, DESIGNS.maskable, size);
  add(`badge-${BADGE_SIZE}.png`, DESIGNS.badge, BADGE_SIZE);
  files.set(APPLE_TOUCH_ICON, appleTouchIconFile());
  for (const shortcut of DEFAULT_SHORTCUTS) {
    const glyph = SHORTCUT_GLYPHS[shortcut.id];
    if (!glyph) throw new Error(`No glyph for the shortcut ${shortcut.id}`);
    add(`shortcut-${shortcut.id}.png`, small(glyph), SMALL_ICON_SIZE);
  }
  for (const widget of DEFAULT_WIDGETS) {
    const glyph = WIDGET_GLYPHS[widget.id];
    if (!glyph) throw new Error(`No glyph for the widget ${widget.id}`);
    add(`widget-${widget.id}.png`, small(glyph), SMALL_ICON_SIZE);
  }
  files.set('icon.svg', Buffer.from(svg(DESIGNS.any)));
  files.set('maskable.svg', Buffer.from(svg(DESIGNS.maskable)));
  return files;
}

function main(): void {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  if (!check) mkdirSync(OUT, { recursive: true });
  for (const [name, bytes] of iconFiles()) {
    const file = path.join(OUT, name);
    const same = existsSync(file) && readFileSync(file).equals(bytes);
    if (same) continue;
    if (check) stale.push(name);
    else writeFileSync(file, bytes);
  }
  if (stale.length > 0) {
    console.error(
      `Stale or missing icons in public/icons: ${stale.join(', ')}. Run: npx tsx scripts/generate-icons.ts`,
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
