import { LOADING } from '../messages';
import { Spinner } from './Spinner';

export interface LoadingBlockProps {
  /** Visible text under the spinner; default the spec's 'Loading...'. */
  text?: string;
}

/** A centred spinner with a text, for whole-page or whole-panel loading. */
export function LoadingBlock({ text = LOADING }: LoadingBlockProps) {
  return (
    <div className="loading-block" role="status" aria-live="polite">
      <Spinner size="lg" label="" />
      <span>{text}</span>
    </div>
  );
}
