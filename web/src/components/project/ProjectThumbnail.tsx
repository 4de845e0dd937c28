import { useEffect, useState } from 'react';
import { projectsApi } from '../../api/projects';
import { cx } from '../../ui/classNames';
import { Icon } from '../../ui/Icon';
import './thumbnail.css';

export interface ProjectThumbnailProps {
  /** The list's `thumbnailUrl`; null or absent while the server builds it. */
  url: string | null | undefined;
  /** Size: a dashboard card or an admin table row. */
  size: 'card' | 'row';
  className?: string;
}

/**
 * A project's picture. The address needs the bearer token, so the image is fetched
 * and shown from a blob; a placeholder stands in while there is none, while it loads, and when
 * it fails. Decorative: the project's name is next to it.
 */
export function ProjectThumbnail({ url, size, className }: ProjectThumbnailProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setSrc(null);
    setFailed(false);
    if (!url) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    projectsApi
      .thumbnail(url, abort.signal)
      .then((blob) => {
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return (
    <div
      className={cx('thumb', `thumb--${size}`, className)}
      data-testid="project-thumbnail"
      data-state={src ? 'image' : 'placeholder'}
      aria-hidden="true"
    >
      {src && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <Icon name="cube" size={size === 'card' ? 'lg' : 'sm'} />
      )}
    </div>
  );
}
