import { serverError } from '../messages';
import { TOKEN_KEY } from './client';
import type { CreateAnswer } from './contract';
import { apiUrl, paths } from './paths';

/**
 * Sends the multipart create request with XMLHttpRequest, whose upload events give the progress
 * bar its percentage (fetch has none). Errors: the body's `error` if it is JSON,
 * else 'Server error: {status} {statusText}'.
 */
export function uploadProject(
  mode: 'user' | 'public',
  form: FormData,
  opts: { auth: boolean; idempotencyKey: string; onProgress: (percent: number) => void },
): Promise<CreateAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(mode === 'public' ? paths.publicProjects : paths.projects));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', opts.idempotencyKey);
    if (opts.auth) {
      const token = localStorage.getItem(TOKEN_KEY);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress(100);
        resolve(JSON.parse(xhr.responseText) as CreateAnswer);
        return;
      }
      let message = serverError(xhr.status, xhr.statusText);
      try {
        const body = JSON.parse(xhr.responseText) as { error?: unknown };
        if (typeof body.error === 'string' && body.error) message = body.error;
      } catch {
        // not JSON
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error(serverError(0, 'Network error')));
    xhr.send(form);
  });
}
