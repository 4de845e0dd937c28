/**
 * The first frame's lighting, per vertex on the CPU: three.js's MeshStandardMaterial
 * direct lighting (GGX highlight, Schlick–SG Fresnel), the hemisphere light as indirect diffuse,
 * ACES filmic tone mapping and the sRGB transfer — what the interactive viewer computes per pixel.
 * Shading the few thousand vertices of the coarse levels here costs a few tens of milliseconds
 * (cold JavaScript); the same math in a fragment shader costs a software GPU (SwiftShader)
 * ~130 ms of pipeline compile on the first frame's critical path (viewer benchmark). Coarse levels are dense enough on screen
 * (a few pixels per triangle) that interpolating the shaded colours matches the viewer's frame.
 */

type Vec3 = readonly [number, number, number];

/** The lights and tone of the viewer's first frame, in camera space. */
export interface ShadingLights {
  /** Unit directions toward the key, fill and rim lights, camera space. */
  directions: readonly Vec3[];
  /** Their intensities. */
  intensities: readonly number[];
  /** Hemisphere light: sky and ground colours (linear, times intensity) and world up in camera space. */
  sky: Vec3;
  ground: Vec3;
  up: Vec3;
  exposure: number;
}

/** One model's arrays as the first frame holds them. */
export interface ShadedSource {
  /** xyz(w) per vertex: normalised uint16 grid (stride 4) or float (stride 3). */
  positions: Uint16Array | Float32Array;
  stride: 3 | 4;
  normals: Float32Array;
  /** RGBA bytes per vertex, when the model carries its own colours. */
  colors: Uint8Array | undefined;
  offset: readonly [number, number, number];
  scale: number;
  /** Drawn from both sides (else back faces are culled). */
  doubleSided: boolean;
  /** Triangles as vertex indices; consecutive vertices where absent. */
  indices: Uint16Array | Uint32Array | undefined;
}

/** Where the vertices land: the drawing buffer's size and the camera's focal scales. */
export interface ShadingScreen {
  width: number;
  height: number;
  /** projection[0] and projection[5] of the camera (a symmetric perspective). */
  focalX: number;
  focalY: number;
}

export interface ShadedMaterial {
  /** Linear RGB. */
  color: readonly [number, number, number];
  roughness: number;
  metalness: number;
}

const PI = Math.PI;

function acesChannel(v: number): number {
  const a = v * (v + 0.0245786) - 0.000090537;
  const b = v * (0.983729 * v + 0.432951) + 0.238081;
  return a / b;
}

function srgbByte(c: number): number {
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, s)) * 255);
}

/**
 * RGBA bytes per vertex: the model lit from camera space (`view`: column-major world → camera).
 * On a two-sided model a vertex whose normal faces away from the camera is lit as its front side
 * (the shader's `gl_FrontFacing`, per vertex); a one-sided model shows front faces only.
 */
export function shadeVertices(
  m: ShadedSource,
  material: ShadedMaterial,
  view: Float32Array,
  screen: ShadingScreen,
  lights: ShadingLights,
): Uint8Array {
  const vertices = m.normals.length / 3;
  const out = new Uint8Array(vertices * 4);
  const unit = m.stride === 4 ? m.scale / 65535 : m.scale;
  const v = view;
  // Camera-space position's direction to the eye, camera-space normal, pixel position.
  const eye = new Float32Array(vertices * 3);
  const normal = new Float32Array(vertices * 3);
  const pixel = new Float32Array(vertices * 2);
  for (let i = 0; i < vertices; i++) {
    const p = i * m.stride;
    const wx = m.offset[0] + unit * m.positions[p]!;
    const wy = m.offset[1] + unit * m.positions[p + 1]!;
    const wz = m.offset[2] + unit * m.positions[p + 2]!;
    const cx = v[0]! * wx + v[4]! * wy + v[8]! * wz + v[12]!;
    const cy = v[1]! * wx + v[5]! * wy + v[9]! * wz + v[13]!;
    const cz = v[2]! * wx + v[6]! * wy + v[10]! * wz + v[14]!;
    const vl = Math.hypot(cx, cy, cz) || 1;
    const vx = -cx / vl;
    const vy = -cy / vl;
    const vz = -cz / vl;
    const ox = m.normals[i * 3]!;
    const oy = m.normals[i * 3 + 1]!;
    const oz = m.normals[i * 3 + 2]!;
    const nx = v[0]! * ox + v[4]! * oy + v[8]! * oz;
    const ny = v[1]! * ox + v[5]! * oy + v[9]! * oz;
    const nz = v[2]! * ox + v[6]! * oy + v[10]! * oz;
    const nl = Math.hypot(nx, ny, nz) || 1;
    const facing = m.doubleSided && nx * vx + ny * vy + nz * vz < 0 ? -1 : 1;
    eye[i * 3] = vx;
    eye[i * 3 + 1] = vy;
    eye[i * 3 + 2] = vz;
    normal[i * 3] = (facing * nx) / nl;
    normal[i * 3 + 1] = (facing * ny) / nl;
    normal[i * 3 + 2] = (facing * nz) / nl;
    const w = Math.max(-cz, 1e-9);
    pixel[i * 2] = ((screen.focalX * cx) / w) * 0.5 * screen.width;
    pixel[i * 2 + 1] = ((screen.focalY * cy) / w) * 0.5 * screen.height;
  }
  // The shader's geometry roughness, max(|dFdx(n)|, |dFdy(n)|): how fast the normal turns per
  // pixel along each triangle edge, the largest at each vertex. High where a surface turns away
  // (silhouettes), it keeps the grazing GGX highlight from flaring there.
  const turn = new Float32Array(vertices);
  const idx = m.indices;
  const corners = idx ? idx.length : vertices;
  for (let c = 0; c < corners; c++) {
    // Each corner with the next one of its triangle: the triangle's three edges.
    const a = idx ? idx[c]! : c;
    const n = c % 3 === 2 ? c - 2 : c + 1;
    const b = idx ? idx[n]! : n;
    const length = Math.max(
      Math.hypot(pixel[a * 2]! - pixel[b * 2]!, pixel[a * 2 + 1]! - pixel[b * 2 + 1]!),
      1,
    );
    const d =
      Math.max(
        Math.abs(normal[a * 3]! - normal[b * 3]!),
        Math.abs(normal[a * 3 + 1]! - normal[b * 3 + 1]!),
        Math.abs(normal[a * 3 + 2]! - normal[b * 3 + 2]!),
      ) / length;
    if (d > turn[a]!) turn[a] = d;
    if (d > turn[b]!) turn[b] = d;
  }
  const metal = material.metalness;
  const exposure = lights.exposure / 0.6;
  const count = lights.directions.length;
  for (let i = 0; i < vertices; i++) {
    const vx = eye[i * 3]!;
    const vy = eye[i * 3 + 1]!;
    const vz = eye[i * 3 + 2]!;
    const nx = normal[i * 3]!;
    const ny = normal[i * 3 + 1]!;
    const nz = normal[i * 3 + 2]!;
    const roughness = Math.min(Math.max(material.roughness, 0.0525) + turn[i]!, 1);
    const alpha0 = Math.max(roughness, 0.045);
    const alpha = alpha0 * alpha0;
    const a2 = alpha * alpha;
    let br = material.color[0];
    let bg = material.color[1];
    let bb = material.color[2];
    if (m.colors) {
      // The shader reads vertex colours as normalised bytes.
      br = m.colors[i * 4]! / 255;
      bg = m.colors[i * 4 + 1]! / 255;
      bb = m.colors[i * 4 + 2]! / 255;
    }
    const dr = br * (1 - metal);
    const dg = bg * (1 - metal);
    const db = bb * (1 - metal);
    const fr = 0.04 + (br - 0.04) * metal;
    const fg = 0.04 + (bg - 0.04) * metal;
    const fb = 0.04 + (bb - 0.04) * metal;
    const dotNV = Math.min(Math.max(nx * vx + ny * vy + nz * vz, 0), 1);
    let lr = 0;
    let lg = 0;
    let lb = 0;
    for (let k = 0; k < count; k++) {
      const l = lights.directions[k]!;
      const intensity = lights.intensities[k]!;
      const dotNL = Math.min(Math.max(nx * l[0] + ny * l[1] + nz * l[2], 0), 1);
      if (dotNL === 0) continue;
      let hx = l[0] + vx;
      let hy = l[1] + vy;
      let hz = l[2] + vz;
      const hl = Math.hypot(hx, hy, hz) || 1;
      hx /= hl;
      hy /= hl;
      hz /= hl;
      const dotNH = Math.min(Math.max(nx * hx + ny * hy + nz * hz, 0), 1);
      const dotVH = Math.min(Math.max(vx * hx + vy * hy + vz * hz, 0), 1);
      const fw = Math.pow(2, (-5.55473 * dotVH - 6.98316) * dotVH);
      const gv = dotNL * Math.sqrt(a2 + (1 - a2) * dotNV * dotNV);
      const gl = dotNV * Math.sqrt(a2 + (1 - a2) * dotNL * dotNL);
      const vis = 0.5 / Math.max(gv + gl, 1e-6);
      const d = dotNH * dotNH * (a2 - 1) + 1;
      const spec = (vis * a2) / (PI * d * d);
      const diffuseScale = (1 - (0.04 * (1 - fw) + fw)) / PI;
      const irradiance = dotNL * intensity;
      lr += irradiance * ((fr * (1 - fw) + fw) * spec + dr * diffuseScale);
      lg += irradiance * ((fg * (1 - fw) + fw) * spec + dg * diffuseScale);
      lb += irradiance * ((fb * (1 - fw) + fw) * spec + db * diffuseScale);
    }
    const h = 0.5 * (nx * lights.up[0] + ny * lights.up[1] + nz * lights.up[2]) + 0.5;
    lr += ((lights.ground[0] + (lights.sky[0] - lights.ground[0]) * h) * dr) / PI;
    lg += ((lights.ground[1] + (lights.sky[1] - lights.ground[1]) * h) * dg) / PI;
    lb += ((lights.ground[2] + (lights.sky[2] - lights.ground[2]) * h) * db) / PI;
    // ACES filmic as three.js fits it: input matrix, RRT+ODT fit, output matrix (GLSL columns).
    const r = lr * exposure;
    const g = lg * exposure;
    const b = lb * exposure;
    const ir = acesChannel(0.59719 * r + 0.35458 * g + 0.04823 * b);
    const ig = acesChannel(0.076 * r + 0.90834 * g + 0.01566 * b);
    const ib = acesChannel(0.0284 * r + 0.13383 * g + 0.83777 * b);
    out[i * 4] = srgbByte(1.60475 * ir - 0.53108 * ig - 0.07367 * ib);
    out[i * 4 + 1] = srgbByte(-0.10208 * ir + 1.10813 * ig - 0.00605 * ib);
    out[i * 4 + 2] = srgbByte(-0.00327 * ir - 0.07276 * ig + 1.07602 * ib);
    out[i * 4 + 3] = 255;
  }
  return out;
}
