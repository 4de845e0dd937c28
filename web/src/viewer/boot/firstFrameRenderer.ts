/**
 * The first frame in raw WebGL 2, drawn into the page's canvas before React, three.js and R3F
 * have even been downloaded. It draws what the interactive viewer's first frame
 * draws — the same arrays, the same opening pose (viewFrame.ts), the same lights in camera space
 * (SceneLights.tsx), three's standard material with its GGX highlight, ACES filmic tone mapping
 * and sRGB output — so that the viewer can take over without a jump. The lighting is computed per
 * vertex on the CPU (firstFrameShading.ts) and the GPU only interpolates it: on a software GPU
 * the per-pixel material's pipeline compile was most of the first frame's draw (~130 of ~210 ms
 * on SwiftShader; the draw takes ~120 ms now, the shading included). A few hundred lines of
 * three.js shading
 * are approximated: no environment light (the viewer adds it only after its first frame too),
 * no multiple-scattering compensation.
 */
import type { DecodedModel } from '../mesh/modelDecode';
import { linearOfHex } from '../mesh/materials';
import type { CameraPose } from '../scene/viewFrame';
import { shadeVertices, type ShadingLights } from './firstFrameShading';

/** One model of the first frame, in layer order. */
export interface FirstFrameModel {
  /** The URL the model was downloaded from (a coarse level where the model has one). */
  url: string;
  /** Linear RGB of the layer's material (a model with its own colours is drawn in those). */
  color: [number, number, number];
  roughness: number;
  metalness: number;
}

/** The lights and tone of the viewer's first frame (scene/SceneLights.tsx, the render profile). */
export interface FirstFrameLook {
  exposure: number;
  hemisphere: number;
  key: number;
  fill: number;
  rim: number;
}

// The colours are lit per vertex on the CPU (firstFrameShading.ts): a software GPU compiles
// this pipeline in a fraction of the time a per-pixel standard material takes.
const VERTEX = `#version 300 es
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
uniform vec3 uOffset;
uniform float uScale;
uniform mat4 uView;
uniform mat4 uProjection;
out vec3 vColor;
void main() {
  vColor = aColor.rgb;
  gl_Position = uProjection * uView * vec4(uOffset + uScale * aPosition, 1.0);
}`;

const FRAGMENT = `#version 300 es
precision highp float;
in vec3 vColor;
out vec4 outColor;
void main() {
  outColor = vec4(vColor, 1.0);
}`;

/** Directions (position − target, camera space) of SceneLights' key, fill and rim lights. */
const LIGHT_DIRECTIONS: readonly [number, number, number][] = [
  [8, 10, 4],
  [-6, -2, 6],
  [0, 6, -10],
];
const SKY = linearOfHex('#ffffff');
const GROUND = linearOfHex('#6b7785');

/** What the GPU needs of a decoded model. */
type GpuSource = Pick<
  DecodedModel,
  | 'positions'
  | 'stride'
  | 'normals'
  | 'colors'
  | 'indices'
  | 'offset'
  | 'scale'
  | 'triangles'
  | 'doubleSided'
>;

interface GpuModel {
  vao: WebGLVertexArrayObject;
  buffers: WebGLBuffer[];
  /** The lit colours' buffer (attribute 1), filled at each draw. */
  shaded: WebGLBuffer;
  /** What the colours are lit from; dropped once the frame is drawn (the viewer takes them). */
  source: GpuSource | undefined;
  count: number;
  indexType: number | null;
  offset: [number, number, number];
  scale: number;
  doubleSided: boolean;
}

type Vec3 = readonly [number, number, number];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const normalise = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * The camera of a pose as the viewer sets it (scene/cameraPose.ts: three's lookAt, near at a
 * hundredth of the distance, far at twenty times it): view and projection matrices, column-major.
 */
export function cameraMatrices(
  pose: CameraPose,
  fovDeg: number,
  aspect: number,
): { view: Float32Array; projection: Float32Array } {
  const back = normalise(sub(pose.position, pose.target));
  const right = normalise(cross(pose.up, back));
  const up = cross(back, right);
  const e = pose.position;
  const view = new Float32Array(16);
  const rows = [right, up, back];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) view[c * 4 + r] = rows[r]![c]!;
    view[12 + r] = -dot(rows[r]!, e);
  }
  view[15] = 1;
  const distance = Math.hypot(...sub(pose.position, pose.target));
  const near = Math.max(distance / 100, 1e-3);
  const far = Math.max(distance * 20, pose.far * 2);
  const f = 1 / Math.tan((fovDeg * Math.PI) / 360);
  const projection = new Float32Array(16);
  projection[0] = f / aspect;
  projection[5] = f;
  projection[10] = (far + near) / (near - far);
  projection[11] = -1;
  projection[14] = (2 * far * near) / (near - far);
  return { view, projection };
}

/** The drawing buffer's size in device pixels and the camera's vertical field of view. */
export interface DrawSize {
  width: number;
  height: number;
  fovDeg: number;
}

export class FirstFrameRenderer {
  private readonly gl: WebGL2RenderingContext;
  private readonly program: WebGLProgram;
  private readonly uniforms = new Map<string, WebGLUniformLocation | null>();
  private readonly models = new Map<string, GpuModel>();

  /** Throws where the canvas gives no WebGL 2 context or the program does not link. */
  constructor(canvas: HTMLCanvasElement) {
    const gl = canvas.getContext('webgl2', {
      alpha: true,
      antialias: false,
      premultipliedAlpha: true,
      preserveDrawingBuffer: true,
      powerPreference: 'high-performance',
    });
    if (!gl) throw new Error('no WebGL 2');
    this.gl = gl;
    const program = gl.createProgram();
    for (const [type, source] of [
      [gl.VERTEX_SHADER, VERTEX],
      [gl.FRAGMENT_SHADER, FRAGMENT],
    ] as const) {
      const shader = gl.createShader(type)!;
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
      throw new Error(`first frame program: ${gl.getProgramInfoLog(program) ?? 'link failed'}`);
    }
    this.program = program;
  }

  private uniform(name: string): WebGLUniformLocation | null {
    if (!this.uniforms.has(name)) {
      this.uniforms.set(name, this.gl.getUniformLocation(this.program, name));
    }
    return this.uniforms.get(name)!;
  }

  /** Copies a decoded model to the GPU; its arrays may be transferred elsewhere afterwards. */
  upload(url: string, m: GpuSource): void {
    const gl = this.gl;
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    const buffer = (target: number, data: ArrayBufferView) => {
      const b = gl.createBuffer();
      gl.bindBuffer(target, b);
      gl.bufferData(target, data, gl.STATIC_DRAW);
      return b;
    };
    const buffers = [buffer(gl.ARRAY_BUFFER, m.positions)];
    if (m.stride === 4) gl.vertexAttribPointer(0, 3, gl.UNSIGNED_SHORT, true, 8, 0);
    else gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 12, 0);
    gl.enableVertexAttribArray(0);
    const shaded = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, shaded);
    gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, 4, 0);
    gl.enableVertexAttribArray(1);
    buffers.push(shaded);
    if (m.indices) buffers.push(buffer(gl.ELEMENT_ARRAY_BUFFER, m.indices));
    gl.bindVertexArray(null);
    // Grid positions are normalised: world = offset + scale × (value / 65535).
    this.models.set(url, {
      vao,
      buffers,
      shaded,
      source: m,
      count: m.indices ? m.indices.length : m.triangles * 3,
      indexType: m.indices
        ? m.indices instanceof Uint32Array
          ? gl.UNSIGNED_INT
          : gl.UNSIGNED_SHORT
        : null,
      offset: m.offset,
      scale: m.scale,
      doubleSided: m.doubleSided,
    });
  }

  private forget(url: string): void {
    const m = this.models.get(url);
    if (!m) return;
    this.gl.deleteVertexArray(m.vao);
    for (const b of m.buffers) this.gl.deleteBuffer(b);
    this.models.delete(url);
  }

  has(url: string): boolean {
    return this.models.has(url);
  }

  /** Draws the models (in layer order) from this pose and waits until the GPU has drawn them. */
  draw(
    scene: readonly FirstFrameModel[],
    pose: CameraPose,
    size: DrawSize,
    look: FirstFrameLook,
  ): void {
    const gl = this.gl;
    const { view, projection } = cameraMatrices(pose, size.fovDeg, size.width / size.height);
    gl.viewport(0, 0, size.width, size.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(this.uniform('uView'), false, view);
    gl.uniformMatrix4fv(this.uniform('uProjection'), false, projection);
    const screen = {
      width: size.width,
      height: size.height,
      focalX: projection[0]!,
      focalY: projection[5]!,
    };
    const lights: ShadingLights = {
      directions: LIGHT_DIRECTIONS.map(normalise),
      intensities: [look.key, look.fill, look.rim],
      sky: SKY.map((c) => c * look.hemisphere) as [number, number, number],
      ground: GROUND.map((c) => c * look.hemisphere) as [number, number, number],
      // The hemisphere light shines from world +y; in camera space that is the view's second column.
      up: [view[4]!, view[5]!, view[6]!],
      exposure: look.exposure,
    };
    scene.forEach((s, order) => {
      const m = this.models.get(s.url);
      if (!m?.source) return;
      gl.bindBuffer(gl.ARRAY_BUFFER, m.shaded);
      gl.bufferData(
        gl.ARRAY_BUFFER,
        shadeVertices(m.source, s, view, screen, lights),
        gl.STATIC_DRAW,
      );
      m.source = undefined;
      if (m.doubleSided) gl.disable(gl.CULL_FACE);
      else gl.enable(gl.CULL_FACE);
      // As LayerMesh: each later layer pulled toward the camera, so coincident surfaces don't fight.
      if (order > 0) {
        gl.enable(gl.POLYGON_OFFSET_FILL);
        gl.polygonOffset(-Math.min(order, 8), -4 * Math.min(order, 8));
      } else gl.disable(gl.POLYGON_OFFSET_FILL);
      gl.uniform3fv(this.uniform('uOffset'), m.offset);
      gl.uniform1f(this.uniform('uScale'), m.scale);
      gl.bindVertexArray(m.vao);
      if (m.indexType === null) gl.drawArrays(gl.TRIANGLES, 0, m.count);
      else gl.drawElements(gl.TRIANGLES, m.count, m.indexType, 0);
    });
    gl.bindVertexArray(null);
    // One pixel read back: the frame is drawn, not just queued (as the viewer's FrameProbe).
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  /** Frees the GPU memory and the context. */
  dispose(): void {
    const gl = this.gl;
    for (const url of [...this.models.keys()]) this.forget(url);
    gl.deleteProgram(this.program);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
