/**
 * A horseshoe of 1,536 triangles — an arch's rough shape — in the view derivative's layout
 * (normalised uint16 grid, 4 values per vertex): the first frame measures it once while the
 * models download (firstFrame.ts), so that the frame math is compiled before the real frame.
 */
import type { MeshArrays } from '../geometry/meshArrays';

const AROUND = 48;
const ACROSS = 16;
/** The arch spans −30…30 mm on every axis: grid value = (mm + 30) / 60 × 65535. */
const OFFSET: [number, number, number] = [-30, -30, -30];
const SIZE = 60;
/** The two triangles of each grid cell, as (around, across) steps from its corner. */
const CELL = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 0],
  [1, 1],
  [0, 1],
] as const;

function build(): MeshArrays {
  const vertexCount = AROUND * ACROSS * CELL.length;
  const positions = new Uint16Array(vertexCount * 4);
  let o = 0;
  for (let i = 0; i < AROUND; i++) {
    for (let j = 0; j < ACROSS; j++) {
      for (const [di, dj] of CELL) {
        const a = Math.PI * ((i + di) / AROUND);
        const b = 2 * Math.PI * ((j + dj) / ACROSS);
        const r = 25 + 4 * Math.cos(b);
        const p = [r * Math.cos(a), 4 * Math.sin(b), r * Math.sin(a)];
        for (let k = 0; k < 3; k++) {
          positions[o + k] = Math.round(((p[k]! - OFFSET[k]!) / SIZE) * 65535);
        }
        o += 4;
      }
    }
  }
  return {
    positions,
    stride: 4,
    unit: 1 / 65535,
    indices: undefined,
    vertexCount,
    triangleCount: vertexCount / 3,
    offset: OFFSET,
    scale: SIZE,
  };
}

let arch: MeshArrays | undefined;

/** The warm-up arch, built on first use. */
export function warmUpArch(): MeshArrays {
  arch ??= build();
  return arch;
}
