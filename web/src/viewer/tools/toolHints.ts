/**
 * The line of help over the canvas while a tool is on, worded for the pointer in hand ("Click"
 * with a mouse, "Tap" with a finger) and naming the keys only where there is a keyboard. Pure.
 */
import type { MeasureKind } from './measureModel';
import { pressVerb, type PointerKind } from './usePointerKind';

export function measureHint(kind: MeasureKind, pointer: PointerKind, preparing: boolean): string {
  if (preparing) return 'Preparing the models for measuring…';
  const verb = pressVerb(pointer);
  const keys = pointer === 'fine';
  switch (kind) {
    case 'polyline':
      return keys
        ? `${verb} points on the model; Enter finishes the line, Esc stops measuring.`
        : `${verb} points on the model, then Finish.`;
    case 'angle':
      return `${verb} three points: the angle is at the second.${keys ? ' Esc stops measuring.' : ''}`;
    case 'distance':
      return `${verb} two points on the model.${keys ? ' Esc stops measuring.' : ''}`;
  }
}

export function sectionHint(pointer: PointerKind): string {
  return pointer === 'fine'
    ? 'Drag the blue arrow to move the cut. Keys [ ] 0.1 mm, with Shift 1 mm. Esc closes.'
    : 'Drag the blue arrow with one finger to move the cut.';
}
