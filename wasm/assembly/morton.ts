// Morton (Z-order) sort of points for the distance engine: points near each other in space end
// up near each other in the order. The BVH groups triangles in this order (triangleBvh.ts), and
// queries run in it (distance.ts) so that consecutive ones visit the same nodes.
import { arenaAlloc } from './arena';

const BITS: u32 = 10;
const CELLS: u32 = 1 << BITS;

/** After mortonSort: the Morton code (u32, sorted) and the index of each point in order. */
export let sortedKeys: usize = 0;
export let sortedOrder: usize = 0;

function spread10(v: u32): u32 {
  // 10 bits → every third bit of 30.
  v = (v | (v << 16)) & 0x030000ff;
  v = (v | (v << 8)) & 0x0300f00f;
  v = (v | (v << 4)) & 0x030c30c3;
  v = (v | (v << 2)) & 0x09249249;
  return v;
}

function cell(v: f32, lo: f32, scale: f32): u32 {
  const q = <i32>((v - lo) * scale);
  return <u32>(q < 0 ? 0 : q > <i32>CELLS - 1 ? <i32>CELLS - 1 : q);
}

// LSD radix sort of (key, value) pairs by 30-bit keys, 10 bits per pass; result in k0/v0.
function radixSort(k0: usize, v0: usize, k1: usize, v1: usize, n: u32, hist: usize): void {
  const a0 = k0;
  const b0 = v0;
  for (let pass: u32 = 0; pass < 3; pass++) {
    const shift = pass * BITS;
    memory.fill(hist, 0, <usize>CELLS * 4);
    for (let i: u32 = 0; i < n; i++) {
      const h = hist + ((<usize>((load<u32>(k0 + ((<usize>i) << 2)) >> shift) & (CELLS - 1))) << 2);
      store<u32>(h, load<u32>(h) + 1);
    }
    let sum: u32 = 0;
    for (let b: usize = 0; b < <usize>CELLS; b++) {
      const c = load<u32>(hist + (b << 2));
      store<u32>(hist + (b << 2), sum);
      sum += c;
    }
    for (let i: u32 = 0; i < n; i++) {
      const k = load<u32>(k0 + ((<usize>i) << 2));
      const h = hist + ((<usize>((k >> shift) & (CELLS - 1))) << 2);
      const at = load<u32>(h);
      store<u32>(h, at + 1);
      store<u32>(k1 + ((<usize>at) << 2), k);
      store<u32>(v1 + ((<usize>at) << 2), load<u32>(v0 + ((<usize>i) << 2)));
    }
    // The sorted pass becomes the next input.
    const tk = k0;
    k0 = k1;
    k1 = tk;
    const tv = v0;
    v0 = v1;
    v1 = tv;
  }
  // An odd number of passes leaves the result in the second buffers.
  memory.copy(a0, k0, (<usize>n) << 2);
  memory.copy(b0, v0, (<usize>n) << 2);
}

/**
 * Sorts `count` points (f32 x, y, z at p + i · stride) by their Morton code over their bounding
 * cube, 10 bits per axis; sets sortedKeys / sortedOrder (allocated here with scratch space the
 * caller may release after copying). False when memory runs out.
 */
export function mortonSort(p: usize, count: u32, stride: usize): bool {
  const n = (<u64>count) << 2;
  const k0 = arenaAlloc(n);
  const v0 = arenaAlloc(n);
  const k1 = arenaAlloc(n);
  const v1 = arenaAlloc(n);
  const hist = arenaAlloc(<u64>CELLS * 4);
  if (k0 == 0 || v0 == 0 || k1 == 0 || v1 == 0 || hist == 0) return false;
  let mnx = f32.MAX_VALUE;
  let mny = f32.MAX_VALUE;
  let mnz = f32.MAX_VALUE;
  let mxx = -f32.MAX_VALUE;
  let mxy = -f32.MAX_VALUE;
  let mxz = -f32.MAX_VALUE;
  for (let i: u32 = 0; i < count; i++) {
    const q = p + <usize>i * stride;
    mnx = Mathf.min(mnx, load<f32>(q));
    mny = Mathf.min(mny, load<f32>(q, 4));
    mnz = Mathf.min(mnz, load<f32>(q, 8));
    mxx = Mathf.max(mxx, load<f32>(q));
    mxy = Mathf.max(mxy, load<f32>(q, 4));
    mxz = Mathf.max(mxz, load<f32>(q, 8));
  }
  const extent = Mathf.max(mxx - mnx, Mathf.max(mxy - mny, mxz - mnz));
  const scale: f32 = extent > 0 ? <f32>CELLS / extent : 0;
  for (let i: u32 = 0; i < count; i++) {
    const q = p + <usize>i * stride;
    const code =
      spread10(cell(load<f32>(q), mnx, scale)) |
      (spread10(cell(load<f32>(q, 4), mny, scale)) << 1) |
      (spread10(cell(load<f32>(q, 8), mnz, scale)) << 2);
    store<u32>(k0 + ((<usize>i) << 2), code);
    store<u32>(v0 + ((<usize>i) << 2), i);
  }
  radixSort(k0, v0, k1, v1, count, hist);
  sortedKeys = k0;
  sortedOrder = v0;
  return true;
}
