import { PNG } from 'pngjs';

/**
 * Picture captcha tiles, drawn on the server as PNG rasters. Each tile shows one figure of a
 * shape class at a random size, rotation, position and colour, over coloured noise with a few
 * distractor strokes, so neither the markup, the file names nor the bytes say which is which.
 */

/** Shapes that stay distinct at any rotation (no diamond: a turned square looks like one). */
export const SHAPES = ['circle', 'square', 'triangle', 'star', 'cross', 'hexagon', 'moon'] as const;
export type Shape = (typeof SHAPES)[number];

export const TILE_SIZE = 72;

type Point = [number, number];

function polygon(shape: Shape): Point[] | null {
  const regular = (n: number, start = -Math.PI / 2): Point[] =>
    Array.from({ length: n }, (_, i) => [Math.cos(start + (2 * Math.PI * i) / n), Math.sin(start + (2 * Math.PI * i) / n)]);
  switch (shape) {
    case 'square':
      return regular(4, Math.PI / 4);
    case 'triangle':
      return regular(3);
    case 'hexagon':
      return regular(6);
    case 'star':
      return Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 ? 0.42 : 1;
        const a = -Math.PI / 2 + (Math.PI * i) / 5;
        return [r * Math.cos(a), r * Math.sin(a)] as Point;
      });
    case 'cross':
      return [
        [-0.3, -1],
        [0.3, -1],
        [0.3, -0.3],
        [1, -0.3],
        [1, 0.3],
        [0.3, 0.3],
        [0.3, 1],
        [-0.3, 1],
        [-0.3, 0.3],
        [-1, 0.3],
        [-1, -0.3],
        [-0.3, -0.3],
      ];
    default:
      return null;
  }
}

function inPolygon(x: number, y: number, poly: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const POLYGONS = new Map(SHAPES.map((s) => [s, polygon(s)]));

/** Is the unit-space point inside the shape (radius 1, centred)? */
export function insideShape(shape: Shape, x: number, y: number): boolean {
  if (x * x + y * y > 1.5) return false;
  if (shape === 'circle') return x * x + y * y <= 1;
  if (shape === 'moon') return x * x + y * y <= 1 && (x - 0.45) ** 2 + (y + 0.1) ** 2 > 0.6;
  return inPolygon(x, y, POLYGONS.get(shape)!);
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** One tile as PNG bytes. */
export function renderTile(shape: Shape, random: () => number, size = TILE_SIZE): Buffer {
  const png = new PNG({ width: size, height: size });
  const bgHue = random() * 360;
  const fgHue = (bgHue + 120 + random() * 120) % 360;
  const [fr, fg, fb] = hsl(fgHue, 0.55 + random() * 0.35, 0.3 + random() * 0.25);
  const scale = size * (0.26 + random() * 0.12);
  const cx = size / 2 + (random() - 0.5) * size * 0.2;
  const cy = size / 2 + (random() - 0.5) * size * 0.2;
  const angle = random() * Math.PI * 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const strokes = Array.from({ length: 3 }, () => ({
    a: random() * Math.PI,
    d: (random() - 0.5) * size,
    w: 0.6 + random() * 0.9,
    c: hsl(random() * 360, 0.5, 0.45),
  }));
  // Pixels are drawn into a plain array and copied into the PNG once (element writes into a
  // Buffer are slow where tests run code in a separate realm).
  const data = new Uint8ClampedArray(size * size * 4);
  const [br, bg, bb] = hsl(bgHue, 0.35, 0.85);
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const n = (random() - 0.5) * 36;
      let px: [number, number, number] = [
        clamp(br + n + (random() - 0.5) * 16),
        clamp(bg + n),
        clamp(bb + n - (random() - 0.5) * 16),
      ];
      for (const s of strokes) {
        const dist = Math.abs((x - size / 2) * Math.cos(s.a) + (y - size / 2) * Math.sin(s.a) - s.d);
        if (dist < s.w) px = s.c;
      }
      const dx = (x - cx) / scale;
      const dy = (y - cy) / scale;
      if (insideShape(shape, dx * cos + dy * sin, -dx * sin + dy * cos)) {
        const n = (random() - 0.5) * 40;
        px = [fr + n, fg + n, fb + n].map((v) => Math.max(0, Math.min(255, Math.round(v)))) as [number, number, number];
      }
      data[i] = px[0];
      data[i + 1] = px[1];
      data[i + 2] = px[2];
      data[i + 3] = 255;
    }
  }
  png.data.set(data);
  return PNG.sync.write(png, { filterType: 1, deflateLevel: 6 });
}

export function toDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

export interface CaptchaPuzzle {
  target: Shape;
  /** 16 shapes, at least 3 and at most 7 of them the target. */
  tiles: Shape[];
  /** 16 characters of 0 and 1: which tiles show the target. */
  answer: string;
}

/** Picks the target and the 16 tiles' shapes. */
export function makePuzzle(random: () => number, tiles = 16): CaptchaPuzzle {
  const target = SHAPES[Math.floor(random() * SHAPES.length)];
  const others = SHAPES.filter((s) => s !== target);
  const hits = 3 + Math.floor(random() * 5);
  const shapes: Shape[] = Array.from({ length: tiles }, (_, i) =>
    i < hits ? target : others[Math.floor(random() * others.length)],
  );
  for (let i = shapes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shapes[i], shapes[j]] = [shapes[j], shapes[i]];
  }
  return { target, tiles: shapes, answer: shapes.map((s) => (s === target ? '1' : '0')).join('') };
}
