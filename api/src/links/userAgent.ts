import type { DeviceClass } from '../domain/projectLink.js';

/**
 * Device class and browser family from a User-Agent header, for the link's view log. Coarse on
 * purpose: nothing finer than "phone, Safari" is kept.
 */
export function deviceOf(userAgent: string | undefined): { device: DeviceClass; browser: string } {
  const ua = (userAgent ?? '').slice(0, 512);
  return { device: deviceClassOf(ua), browser: browserOf(ua) };
}

function deviceClassOf(ua: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua)) return 'tablet';
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'phone' : 'tablet';
  if (/iPhone|iPod|Windows Phone|Mobile|webOS|BlackBerry/i.test(ua)) return 'phone';
  return 'desktop';
}

/** Order matters: Edge, Opera and Samsung Internet also name Chrome and Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

function browserOf(ua: string): string {
  for (const [re, name] of BROWSERS) if (re.test(ua)) return name;
  return 'Other';
}
