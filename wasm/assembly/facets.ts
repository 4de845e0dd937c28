import * as E from './errors';
import { arenaEnsure } from './arena';

// HPS facet instruction stream. The edge loop is a circular doubly
// linked list of 16-byte nodes {start, end, prev, next} in one growing arena region; nodes
// removed from the loop go to a free list, and Restart discards the whole pool at once.

const NIL: u32 = 0xffffffff;

let nodes: usize = 0;
let nodeCap: u32 = 0;
let nodeMax: u32 = 0;
let nodeUsed: u32 = 0;
let freeHead: u32 = NIL;
let loopLen: u32 = 0;

let faces: usize = 0;
let emitted: u32 = 0;
let facetLimit: u32 = 0;

/** Byte offset of the instruction that failed (error detail). */
export let facetErrorOffset: u32 = 0;
export let facetsEmitted: u32 = 0;
export let facetsOom = false;

function nStart(i: u32): u32 {
  return load<u32>(nodes + ((<usize>i) << 4));
}
function nEnd(i: u32): u32 {
  return load<u32>(nodes + ((<usize>i) << 4), 4);
}
function nPrev(i: u32): u32 {
  return load<u32>(nodes + ((<usize>i) << 4), 8);
}
function nNext(i: u32): u32 {
  return load<u32>(nodes + ((<usize>i) << 4), 12);
}
function setEnd(i: u32, v: u32): void {
  store<u32>(nodes + ((<usize>i) << 4), v, 4);
}
function setPrev(i: u32, v: u32): void {
  store<u32>(nodes + ((<usize>i) << 4), v, 8);
}
function setNext(i: u32, v: u32): void {
  store<u32>(nodes + ((<usize>i) << 4), v, 12);
}

/** NIL when the pool cannot grow (caller reports out of memory). */
function newNode(s: u32, e: u32): u32 {
  let i: u32;
  if (freeHead != NIL) {
    i = freeHead;
    freeHead = nNext(i);
  } else {
    if (nodeUsed >= nodeCap) {
      let cap = nodeCap < 64 ? <u32>64 : nodeCap << 1;
      if (cap > nodeMax) cap = nodeMax;
      if (cap <= nodeUsed || !arenaEnsure(nodes + ((<usize>cap) << 4))) return NIL;
      nodeCap = cap;
    }
    i = nodeUsed++;
  }
  const a = nodes + ((<usize>i) << 4);
  store<u32>(a, s);
  store<u32>(a, e, 4);
  return i;
}

function unlink(i: u32): void {
  const p = nPrev(i);
  const n = nNext(i);
  setNext(p, n);
  setPrev(n, p);
  setNext(i, freeHead);
  freeHead = i;
  loopLen--;
}

function emit(a: u32, b: u32, c: u32): bool {
  if (emitted >= facetLimit) return false;
  const f = faces + <usize>emitted * 12;
  store<u32>(f, a);
  store<u32>(f, b, 4);
  store<u32>(f, c, 8);
  emitted++;
  return true;
}

function restart(a: u32, b: u32, c: u32): u32 {
  nodeUsed = 0;
  freeHead = NIL;
  const x = newNode(a, b);
  const y = newNode(b, c);
  const z = newNode(c, a);
  if (z == NIL) return NIL;
  setNext(x, y);
  setNext(y, z);
  setNext(z, x);
  setPrev(x, z);
  setPrev(y, x);
  setPrev(z, y);
  loopLen = 3;
  return x;
}

function fail(code: i32, at: usize): i32 {
  facetErrorOffset = <u32>at;
  facetsEmitted = emitted;
  return code;
}

/**
 * Runs the stream [s, s+len) against `vertexCount` vertices, writing at most `facetCount`
 * triangles (u32 triples) to `out`. `pool` is the start of a free arena region for edge nodes.
 * `wide`: opcodes 5 and 7 carry 32-bit indices (what real files do) instead of 16-bit.
 */
export function runFacets(
  s: usize,
  len: usize,
  vertexCount: u32,
  facetCount: u32,
  out: usize,
  pool: usize,
  wide: bool,
): i32 {
  nodes = pool;
  nodeCap = 0;
  // Live edges never exceed 3 + triangles emitted, so this bounds the pool.
  nodeMax = facetCount + 4;
  nodeUsed = 0;
  freeHead = NIL;
  loopLen = 0;
  faces = out;
  emitted = 0;
  facetLimit = facetCount;
  facetsOom = false;
  let cur: u32 = NIL;
  let vp: u64 = 0;
  const n = <u64>vertexCount;
  const w: usize = wide ? 4 : 2;
  let pos: usize = 0;
  while (pos < len) {
    const at = pos;
    const op = <u32>load<u8>(s + pos);
    pos++;
    switch (op) {
      case 0: {
        if (cur == NIL) return fail(E.E_INVALID_FACET_STREAM, at);
        if (vp >= n) return fail(E.E_INDEX_OUT_OF_RANGE, at);
        const v = <u32>vp;
        vp++;
        const st = nStart(cur);
        const en = nEnd(cur);
        if (!emit(v, en, st)) return fail(E.E_FACET_COUNT_MISMATCH, at);
        const nn = newNode(v, en);
        if (nn == NIL) {
          facetsOom = true;
          return fail(E.E_OUT_OF_MEMORY, at);
        }
        setEnd(cur, v);
        const nx = nNext(cur);
        setPrev(nn, cur);
        setNext(nn, nx);
        setNext(cur, nn);
        setPrev(nx, nn);
        loopLen++;
        cur = nx;
        break;
      }
      case 7:
      case 8: {
        const width: usize = op == 8 ? 4 : w;
        if (pos + width > len) return fail(E.E_TRUNCATED_FACETS, at);
        const v = width == 4 ? load<u32>(s + pos) : <u32>load<u16>(s + pos);
        pos += width;
        if (cur == NIL) return fail(E.E_INVALID_FACET_STREAM, at);
        if (<u64>v >= n) return fail(E.E_INDEX_OUT_OF_RANGE, at);
        const st = nStart(cur);
        const en = nEnd(cur);
        if (!emit(v, en, st)) return fail(E.E_FACET_COUNT_MISMATCH, at);
        const nn = newNode(v, en);
        if (nn == NIL) {
          facetsOom = true;
          return fail(E.E_OUT_OF_MEMORY, at);
        }
        setEnd(cur, v);
        const nx = nNext(cur);
        setPrev(nn, cur);
        setNext(nn, nx);
        setNext(cur, nn);
        setPrev(nx, nn);
        loopLen++;
        cur = nx;
        break;
      }
      case 1: {
        if (cur == NIL || loopLen < 2) return fail(E.E_INVALID_FACET_STREAM, at);
        const pv = nPrev(cur);
        const st = nStart(cur);
        const en = nEnd(cur);
        if (!emit(st, nStart(pv), en)) return fail(E.E_FACET_COUNT_MISMATCH, at);
        setEnd(pv, en);
        unlink(cur);
        cur = nNext(pv);
        break;
      }
      case 2: {
        if (cur == NIL || loopLen < 2) return fail(E.E_INVALID_FACET_STREAM, at);
        const nx = nNext(cur);
        const nEndV = nEnd(nx);
        if (!emit(nStart(cur), nEndV, nEnd(cur))) return fail(E.E_FACET_COUNT_MISMATCH, at);
        setEnd(cur, nEndV);
        unlink(nx);
        cur = nNext(cur);
        break;
      }
      case 3: {
        if (cur == NIL) return fail(E.E_INVALID_FACET_STREAM, at);
        cur = nNext(cur);
        break;
      }
      case 4:
      case 5:
      case 6: {
        let a: u32, b: u32, c: u32;
        if (op == 4) {
          if (vp + 3 > n) return fail(E.E_INDEX_OUT_OF_RANGE, at);
          a = <u32>vp;
          b = a + 1;
          c = a + 2;
          vp += 3;
        } else {
          const width: usize = op == 6 ? 4 : w;
          if (pos + 3 * width > len) return fail(E.E_TRUNCATED_FACETS, at);
          if (width == 4) {
            a = load<u32>(s + pos);
            b = load<u32>(s + pos + 4);
            c = load<u32>(s + pos + 8);
          } else {
            a = load<u16>(s + pos);
            b = load<u16>(s + pos + 2);
            c = load<u16>(s + pos + 4);
          }
          pos += 3 * width;
          if (<u64>a >= n || <u64>b >= n || <u64>c >= n) return fail(E.E_INDEX_OUT_OF_RANGE, at);
        }
        if (!emit(a, b, c)) return fail(E.E_FACET_COUNT_MISMATCH, at);
        cur = restart(a, b, c);
        if (cur == NIL) {
          facetsOom = true;
          return fail(E.E_OUT_OF_MEMORY, at);
        }
        break;
      }
      case 9: {
        if (cur == NIL) return fail(E.E_INVALID_FACET_STREAM, at);
        const q = nPrev(cur);
        const en = nEnd(cur);
        if (nStart(q) == en && loopLen > 2) {
          const x = nNext(cur);
          const wv = nPrev(q);
          unlink(q);
          unlink(cur);
          setEnd(wv, nStart(x));
          cur = x;
        } else if (loopLen == 1) {
          unlink(cur);
          cur = NIL;
          nodeUsed = 0;
          freeHead = NIL;
        } else {
          setEnd(q, en);
          const x = nNext(cur);
          unlink(cur);
          cur = x;
        }
        break;
      }
      case 10: {
        vp++;
        if (vp > n) return fail(E.E_INDEX_OUT_OF_RANGE, at);
        break;
      }
      default:
        return fail(E.E_INVALID_FACET_STREAM, at);
    }
  }
  facetsEmitted = emitted;
  if (emitted != facetCount) return fail(E.E_FACET_COUNT_MISMATCH, len);
  return E.OK;
}
