/**
 * The rendering budget by device class. Mobile: width below 768 px, ~15 fps while moving,
 * idle stop after 1.5 s, pixel ratio ≤ 1.8. Desktop: 60 fps, idle stop after 5 s, pixel ratio
 * ≤ 2.5. Lighting and exposure differ by class (mobile gets cheaper materials, fewer lights and a
 * little more exposure to make up for them).
 */
export const MOBILE_MAX_WIDTH = 768;

export type DeviceClass = 'mobile' | 'desktop';

export interface RenderProfile {
  deviceClass: DeviceClass;
  /** Frame-rate cap while the view moves. */
  fps: number;
  /** Rendering stops this long after the last interaction. */
  idleMs: number;
  /** Upper bound of the canvas pixel ratio. */
  dprCap: number;
  /** Tone-mapping exposure. */
  exposure: number;
  /**
   * MSAA on the WebGL context. Off for both classes: on a software or weak GPU 4× MSAA costs
   * more than the rest of the first frame (tests/bench/viewer.bench.ts); edges are smoothed by
   * supersampling instead once the view rests (`stillDpr`).
   */
  antialias: boolean;
  /**
   * Clear-coat physical materials. Off for both classes: the physical shader costs 5–10× the
   * compile time of the standard one (70 s against 8 s on SwiftShader under load), which a doctor
   * on a weak laptop would feel as a blank canvas; the gloss it adds on enamel is minor.
   */
  physicalMaterials: boolean;
  hemisphere: number;
  /** Strength of the image-based (room) light. */
  environment: number;
  key: number;
  fill: number;
  rim: number;
}

export const RENDER_PROFILES: Readonly<Record<DeviceClass, RenderProfile>> = {
  mobile: {
    deviceClass: 'mobile',
    fps: 15,
    idleMs: 1500,
    dprCap: 1.8,
    exposure: 1.15,
    antialias: false,
    physicalMaterials: false,
    hemisphere: 0.05,
    environment: 0.16,
    key: 2.8,
    fill: 0.25,
    rim: 0,
  },
  desktop: {
    deviceClass: 'desktop',
    fps: 60,
    idleMs: 5000,
    dprCap: 2.5,
    exposure: 1.0,
    antialias: false,
    physicalMaterials: false,
    hemisphere: 0.05,
    environment: 0.14,
    key: 3.0,
    fill: 0.25,
    rim: 0.6,
  },
};

export function deviceClassForWidth(width: number): DeviceClass {
  return width < MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

/**
 * The pixel ratio once the view rests: twice the device's (2×2 supersampling), within the class
 * cap. Equal to the moving one when the device already reaches the cap.
 */
export function stillDpr(devicePixelRatio: number, profile: RenderProfile): number {
  return Math.min(2 * cappedDpr(devicePixelRatio, profile), profile.dprCap);
}

/** The canvas pixel ratio: the device's, capped by the class. */
export function cappedDpr(devicePixelRatio: number, profile: RenderProfile): number {
  const dpr = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return Math.min(dpr, profile.dprCap);
}
