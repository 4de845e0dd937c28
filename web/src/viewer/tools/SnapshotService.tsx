/**
 * Snapshot: the current view as a PNG, with measurements and the section outline (drawn in the
 * scene) and the measurement labels (drawn over it here, as they are HTML in the viewer, placed
 * apart as on screen by labelLayout.ts), on the
 * viewer's backdrop. Renders a fresh frame and reads it in the same task, so the canvas needs no
 * preserved drawing buffer.
 */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Vector3, type Object3D } from 'three';
import { useViewerStore } from '../store/useViewerStore';
import { labelAnchor } from './labelFeed';
import { leaderEnd, placeLabels, type LabelRequest } from './labelLayout';
import { labelOf } from './measureModel';
import { snapshotFileName } from './snapshotName';
import { useToolStore } from './toolStore';

const _p = new Vector3();

function drawBackdrop(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  const g = ctx.createRadialGradient(w / 2, h * 0.35, 0, w / 2, h * 0.35, Math.max(w, h) * 0.8);
  g.addColorStop(0, '#23384c');
  g.addColorStop(0.55, '#14222f');
  g.addColorStop(1, '#0b141c');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

const LABEL_FONT_PX = 13;
const LABEL_H_PX = 20;

function labelWidth(ctx: CanvasRenderingContext2D, text: string, k: number): number {
  ctx.font = `600 ${Math.round(LABEL_FONT_PX * k)}px system-ui, sans-serif`;
  return ctx.measureText(text).width + 12 * k;
}

function drawLabel(
  ctx: CanvasRenderingContext2D,
  text: string,
  box: { x: number; y: number; w: number; h: number },
  k: number,
) {
  ctx.font = `600 ${Math.round(LABEL_FONT_PX * k)}px system-ui, sans-serif`;
  ctx.fillStyle = 'rgba(17, 24, 39, 0.85)';
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.fillStyle = '#ffd27a';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, box.x + box.w / 2, box.y + box.h / 2 + k);
}

export function SnapshotService() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);

  useEffect(() => {
    const take = async () => {
      const canvas = gl.domElement;
      const w = canvas.width;
      const h = canvas.height;
      const out = document.createElement('canvas');
      out.width = w;
      out.height = h;
      const ctx = out.getContext('2d');
      if (!ctx) throw new Error('no 2D canvas');
      drawBackdrop(ctx, w, h);
      // Handles (the section plane's gizmo) are for the viewer, not for the picture.
      const hidden: Object3D[] = [];
      scene.traverse((o) => {
        if (o.visible && (o.userData as { noSnapshot?: boolean }).noSnapshot) hidden.push(o);
      });
      for (const o of hidden) o.visible = false;
      const autoClear = gl.autoClear;
      gl.autoClear = true;
      gl.render(scene, camera);
      gl.autoClear = autoClear;
      for (const o of hidden) o.visible = true;
      ctx.drawImage(canvas, 0, 0);
      const k = w / Math.max(1, canvas.clientWidth);
      const texts = new Map<string, string>();
      const requests: LabelRequest[] = [];
      for (const m of useToolStore.getState().measure.measurements) {
        const at = labelAnchor(m);
        if (!at) continue;
        _p.set(at[0], at[1], at[2]).project(camera);
        if (_p.z > 1) continue;
        const text = labelOf(m);
        texts.set(m.id, text);
        requests.push({
          id: m.id,
          anchorX: ((_p.x + 1) / 2) * w,
          anchorY: ((1 - _p.y) / 2) * h,
          w: labelWidth(ctx, text, k),
          h: LABEL_H_PX * k,
        });
      }
      const placed = placeLabels(requests, [], { x: 0, y: 0, w, h });
      for (const [i, p] of placed.entries()) {
        const r = requests[i]!;
        if (p.moved) {
          const [x2, y2] = leaderEnd(p.rect, r.anchorX, r.anchorY);
          ctx.strokeStyle = '#ffd27a';
          ctx.lineWidth = k;
          ctx.beginPath();
          ctx.moveTo(r.anchorX, r.anchorY);
          ctx.lineTo(x2, y2);
          ctx.stroke();
        }
        drawLabel(ctx, texts.get(p.id) ?? '', p.rect, k);
      }
      const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('the snapshot could not be encoded');
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = snapshotFileName(useViewerStore.getState().project?.name, new Date());
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    };
    useToolStore.getState().register({ takeSnapshot: take });
    return () => useToolStore.getState().register({ takeSnapshot: null });
  }, [gl, scene, camera]);
  return null;
}
