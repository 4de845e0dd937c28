import { describe, expect, it } from 'vitest';
import {
  initialPanel,
  isReviewing,
  panelLabel,
  PANELS,
} from '../../../../../web/src/viewer/layout/panels';

describe('the viewer opens with its panels', () => {
  it('shows the project info beside the model on a wide screen', () => {
    expect(initialPanel('wide', false)).toBe('info');
  });

  it('gives a narrow screen to the model, with no sheet open', () => {
    expect(initialPanel('narrow', false)).toBeNull();
  });

  it('opens the conversation on either when the link asks for it', () => {
    expect(initialPanel('wide', true)).toBe('thread');
    expect(initialPanel('narrow', true)).toBe('thread');
  });

  it('names each panel once, in the order of its tabs', () => {
    expect(PANELS.map((p) => panelLabel(p.id))).toEqual(['Layers', 'Info', 'Conversation']);
  });

  it('keeps Approve and Comment for the doctor and the demo, not the owner', () => {
    expect(isReviewing('review')).toBe(true);
    expect(isReviewing('demo')).toBe(true);
    expect(isReviewing('owner')).toBe(false);
  });
});
