/**
 * The colour each layer's section outline is drawn in: the layer's material colour, saturated
 * and brought to a lightness that reads on the dark backdrop and in the 2D panel. Dental
 * materials are mostly pale ivory and grey, so two arches would come out alike: a colour too close
 * to one already given turns its hue until it stands apart, and none takes the measurements'
 * amber. Pure.
 */

const SATURATION = 0.85;
const LIGHTNESS = 0.62;
/** Contrast (WCAG) kept against the lightest part of the backdrop (tokens.css --viewer-backdrop). */
const BACKDROP_LIGHT = '#23384c';
const MIN_CONTRAST = 4.6;
/** Hues closer than this (degrees) are hard to tell apart on a thin line. */
export const MIN_HUE_APART = 50;
/** The measurement colour's hue band (MEASURE_COLOUR #ffb020 is at 40°). */
const MEASURE_BAND: readonly [number, number] = [28, 52];
/** Below this saturation a colour is a grey: its hue says nothing. */
const GREY = 0.04;
const GREY_HUE = 195;
/** Turns tried, in order, when a hue is taken. */
const TURNS = [0, 120, -120, 60, -60, 180, 30, -30, 90, -90, 150, -150];

export function hexToHsl(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? Number.parseInt(m[1]!, 16) : 0xffffff;
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(h * 60 + 360) % 360, s, l];
}

export function hslToHex(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  const hex = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v + m)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** Circular distance between two hues (degrees, 0–180). */
export function hueApart(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}

const inMeasureBand = (h: number) => h >= MEASURE_BAND[0] && h <= MEASURE_BAND[1];

/** Out of the measurements' amber: to the nearer side of its band. */
function clearOfMeasure(h: number): number {
  if (!inMeasureBand(h)) return h;
  const mid = (MEASURE_BAND[0] + MEASURE_BAND[1]) / 2;
  return h < mid ? MEASURE_BAND[0] - 6 : MEASURE_BAND[1] + 6;
}

/**
 * One outline colour per layer, in the layers' order (the first keeps its material's hue):
 * saturated, at a lightness that reads on dark, at least MIN_HUE_APART from every earlier one
 * while there is room on the colour wheel.
 */
export function outlineColours(materialColours: readonly string[]): string[] {
  const taken: number[] = [];
  return materialColours.map((c) => {
    const [h0, s] = hexToHsl(c);
    const base = clearOfMeasure(s < GREY ? GREY_HUE : h0);
    const free = (h: number) =>
      !inMeasureBand(h) && taken.every((t) => hueApart(t, h) >= MIN_HUE_APART);
    const turned = TURNS.map((t) => (((base + t) % 360) + 360) % 360).find(free);
    const hue = turned ?? farthestHue(taken);
    taken.push(hue);
    return readable(hue);
  });
}

/** The hue farthest from every taken one (5° steps, off the measurements' amber). */
function farthestHue(taken: readonly number[]): number {
  let best = GREY_HUE;
  let bestApart = -1;
  for (let h = 0; h < 360; h += 5) {
    if (inMeasureBand(h)) continue;
    const apart = Math.min(...taken.map((t) => hueApart(t, h)));
    if (apart > bestApart) {
      bestApart = apart;
      best = h;
    }
  }
  return best;
}

/** The hue at SATURATION, lightened until it reads on the backdrop (blues need more light). */
function readable(hue: number): string {
  for (let l = LIGHTNESS; l < 0.9; l += 0.02) {
    const hex = hslToHex(hue, SATURATION, l);
    if (contrastRatio(hex, BACKDROP_LIGHT) >= MIN_CONTRAST) return hex;
  }
  return hslToHex(hue, SATURATION, 0.9);
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
