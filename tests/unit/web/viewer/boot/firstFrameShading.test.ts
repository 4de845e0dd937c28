import { describe, expect, it } from 'vitest';
import {
  shadeVertices,
  type ShadedSource,
  type ShadingLights,
  type ShadingScreen,
} from '../../../../../web/src/viewer/boot/firstFrameShading.js';

/** Camera at the origin looking down -z: the view matrix is the identity (column-major). */
const VIEW = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
const SCREEN: ShadingScreen = { width: 800, height: 800, focalX: 3, focalY: 3 };
/** The viewer's desktop look: key, fill and rim in camera space, a white-over-grey hemisphere. */
const LIGHTS: ShadingLights = {
  directions: [
    [8, 10, 4],
    [-6, -2, 6],
    [0, 6, -10],
  ].map(([x, y, z]) => {
    const l = Math.hypot(x!, y!, z!);
    return [x! / l, y! / l, z! / l] as const;
  }),
  intensities: [2.2, 0.9, 0.6],
  sky: [0.9, 0.9, 0.9],
  ground: [0.13, 0.17, 0.22],
  up: [0, 1, 0],
  exposure: 1,
};
const WHITE = {
  color: [0.89, 0.86, 0.79] as [number, number, number],
  roughness: 0.55,
  metalness: 0,
};

/** One triangle 10 units in front of the camera, with the given vertex normals. */
function triangle(normals: number[], extra: Partial<ShadedSource> = {}): ShadedSource {
  return {
    positions: new Float32Array([-1, -1, -10, 1, -1, -10, 0, 1, -10]),
    stride: 3,
    normals: new Float32Array(normals),
    colors: undefined,
    offset: [0, 0, 0],
    scale: 1,
    doubleSided: false,
    indices: undefined,
    ...extra,
  };
}

const rgb = (bytes: Uint8Array, v: number) => [bytes[v * 4]!, bytes[v * 4 + 1]!, bytes[v * 4 + 2]!];
const luma = (c: number[]) => c[0]! + c[1]! + c[2]!;

describe('first frame shading (per vertex, as the viewer shades per pixel)', () => {
  it('gives every vertex an opaque sRGB colour', () => {
    const out = shadeVertices(triangle([0, 0, 1, 0, 0, 1, 0, 0, 1]), WHITE, VIEW, SCREEN, LIGHTS);
    expect(out).toHaveLength(12);
    expect([out[3], out[7], out[11]]).toEqual([255, 255, 255]);
    // Facing the camera, lit by key and fill: a light warm grey, not clipped to white.
    const c = rgb(out, 0);
    expect(Math.min(...c)).toBeGreaterThan(120);
    expect(c[0]).toBeGreaterThanOrEqual(c[2]!);
  });

  it('lights a surface turned toward the key light brighter than one turned from it', () => {
    const k = LIGHTS.directions[0]!;
    const toward = [k[0] * 0.5, k[1] * 0.5, 0.8];
    const away = [-k[0] * 0.5, -k[1] * 0.5, 0.8];
    const out = shadeVertices(triangle([...toward, ...away, 0, 0, 1]), WHITE, VIEW, SCREEN, LIGHTS);
    expect(luma(rgb(out, 0))).toBeGreaterThan(luma(rgb(out, 1)) + 60);
  });

  it("draws a model with its own colours in them, not in the layer's material", () => {
    const colors = new Uint8Array([200, 30, 30, 255, 200, 30, 30, 255, 200, 30, 30, 255]);
    const out = shadeVertices(
      triangle([0, 0, 1, 0, 0, 1, 0, 0, 1], { colors }),
      WHITE,
      VIEW,
      SCREEN,
      LIGHTS,
    );
    const [r, g, b] = rgb(out, 0);
    expect(r).toBeGreaterThan(g! + 80);
    expect(r).toBeGreaterThan(b! + 80);
  });

  it('lights the back of a two-sided model as its front, and leaves a one-sided back unlit by the key', () => {
    const back = [0, 0, -1, 0, 0, -1, 0, 0, -1];
    const front = shadeVertices(triangle(back.map((x) => -x)), WHITE, VIEW, SCREEN, LIGHTS);
    const twoSided = shadeVertices(
      triangle(back, { doubleSided: true }),
      WHITE,
      VIEW,
      SCREEN,
      LIGHTS,
    );
    const oneSided = shadeVertices(triangle(back), WHITE, VIEW, SCREEN, LIGHTS);
    expect(rgb(twoSided, 0)).toEqual(rgb(front, 0));
    expect(luma(rgb(oneSided, 0))).toBeLessThan(luma(rgb(front, 0)) - 100);
  });

  it('roughens the highlight where the normal turns fast on screen (the shader’s geometry roughness)', () => {
    // A vertex whose normal is the key light's half vector (the highlight's peak) beside two
    // facing the camera: seen from afar the same turn spans a few pixels, and the peak dims.
    const k = LIGHTS.directions[0]!;
    const h = [k[0], k[1], k[2] + 1];
    const l = Math.hypot(h[0]!, h[1]!, h[2]!);
    const normals = [h[0]! / l, h[1]! / l, h[2]! / l, 0, 0, 1, 0, 0, 1];
    // Exposed low, so tone mapping does not saturate the peak.
    const dim = { ...LIGHTS, exposure: 0.25 };
    const near = shadeVertices(triangle(normals), WHITE, VIEW, SCREEN, dim);
    const far = shadeVertices(
      triangle(normals),
      WHITE,
      VIEW,
      { ...SCREEN, focalX: 0.05, focalY: 0.05 },
      dim,
    );
    expect(luma(rgb(far, 0))).toBeLessThan(luma(rgb(near, 0)) - 5);
  });

  it('reads normalised uint16 grid positions (offset + scale × value / 65535) and indexed triangles', () => {
    const grid = triangle([0, 0, 1, 0, 0, 1, 0, 0, 1], {
      positions: new Uint16Array([0, 0, 0, 0, 65535, 0, 0, 0, 32768, 65535, 0, 0]),
      stride: 4,
      offset: [-1, -1, -10],
      scale: 2,
      indices: new Uint16Array([0, 1, 2]),
    });
    const soup = triangle([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(shadeVertices(grid, WHITE, VIEW, SCREEN, LIGHTS)).toEqual(
      shadeVertices(soup, WHITE, VIEW, SCREEN, LIGHTS),
    );
  });
});
