import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchBotCheckConfig } from '../api/botCheck';
import type { BotCheckPurpose, WidgetConfig } from '../api/contract';
import {
  MAX_RETRIES_REACHED,
  SECURITY_CONTAINER_NOT_READY,
  SECURITY_FAILED_TO_CREATE_WIDGET,
  SECURITY_FAILED_TO_LOAD_SCRIPT,
  SECURITY_SCRIPT_LOAD_TIMEOUT,
  SECURITY_SERVICE_NOT_AVAILABLE,
  SECURITY_VERIFICATION_COMPLETED,
  SECURITY_VERIFICATION_FAILED_TRY_AGAIN,
  VERIFICATION_EXPIRED,
  VERIFICATION_FAILED_WIDGET,
} from '../messages';
import { toast } from '../stores/useToastStore';
import { Button } from './Button';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import { cx } from './classNames';
import './botCheck.css';

/** 3 retries, 1 s apart; the provider script is awaited up to 50 × 200 ms. */
export const BOT_CHECK_MAX_RETRIES = 3;
export const BOT_CHECK_RETRY_DELAY_MS = 1_000;
export const BOT_CHECK_SCRIPT_TRIES = 50;
export const BOT_CHECK_SCRIPT_INTERVAL_MS = 200;

export type { BotCheckPurpose };
export type BotCheckStatus = 'loading' | 'success' | 'error';

export interface BotCheckProps {
  /** What the check protects; the server binds the challenge to it. */
  purpose: BotCheckPurpose;
  /** The token to send as `turnstileToken`, or null when there is none (again). */
  onChange: (token: string | null) => void;
  /** Changing it starts a fresh check (the parent bumps it after a failed submit). */
  resetKey?: number;
}

interface TurnstileApi {
  render(
    el: HTMLElement,
    opts: {
      sitekey: string;
      action: string;
      callback: (token: string) => void;
      'error-callback': () => void;
      'expired-callback': () => void;
    },
  ): string;
  remove(id: string): void;
}

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

class WidgetError extends Error {}

/** Loads the Turnstile script once and waits for `window.turnstile`. */
async function loadTurnstile(): Promise<TurnstileApi> {
  const w = window as unknown as { turnstile?: TurnstileApi };
  if (!document.querySelector(`script[src="${TURNSTILE_SRC}"]`)) {
    const s = document.createElement('script');
    s.src = TURNSTILE_SRC;
    s.async = true;
    const failed = new Promise<never>((_, reject) => {
      s.onerror = () => reject(new WidgetError(SECURITY_FAILED_TO_LOAD_SCRIPT));
    });
    document.head.appendChild(s);
    void failed.catch(() => {});
  }
  for (let i = 0; i < BOT_CHECK_SCRIPT_TRIES; i++) {
    if (w.turnstile) return w.turnstile;
    await new Promise((r) => setTimeout(r, BOT_CHECK_SCRIPT_INTERVAL_MS));
  }
  throw new WidgetError(SECURITY_SCRIPT_LOAD_TIMEOUT);
}

/**
 * The security check of the login, register, quick-upload and forgot-password forms: loading → success
 * (a token) or error; error and expiry clear the token and retry up to 3 times, 1 s apart, then
 * show 'Max retries reached' with a manual retry. ALTCHA (default) solves a proof of work in a
 * Web Worker; Turnstile renders Cloudflare's widget when the server is configured for it.
 */
export function BotCheck({ purpose, onChange, resetKey = 0 }: BotCheckProps) {
  const [status, setStatus] = useState<BotCheckStatus>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [round, setRound] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const fail = useCallback(
    (text: string) => {
      onChangeRef.current(null);
      setStatus('error');
      toast.error(SECURITY_VERIFICATION_FAILED_TRY_AGAIN);
      if (attempt + 1 >= BOT_CHECK_MAX_RETRIES) {
        setMessage(MAX_RETRIES_REACHED);
        return;
      }
      setMessage(text);
      window.setTimeout(() => setAttempt((a) => a + 1), BOT_CHECK_RETRY_DELAY_MS);
    },
    [attempt],
  );
  const failRef = useRef(fail);
  failRef.current = fail;

  // A parent reset (after a failed submit) starts over with a full set of retries.
  useEffect(() => {
    if (resetKey === 0) return;
    setAttempt(0);
    setRound((r) => r + 1);
  }, [resetKey]);

  useEffect(() => {
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    setStatus('loading');
    setMessage(null);
    onChangeRef.current(null);

    const succeed = (token: string, expiresAtMs?: number) => {
      if (cancelled) return;
      setStatus('success');
      setMessage(null);
      onChangeRef.current(token);
      toast.success(SECURITY_VERIFICATION_COMPLETED);
      if (expiresAtMs) {
        const t = window.setTimeout(
          () => !cancelled && failRef.current(VERIFICATION_EXPIRED),
          Math.max(0, expiresAtMs - Date.now() - 5_000),
        );
        cleanups.push(() => window.clearTimeout(t));
      }
    };

    (async () => {
      let config: WidgetConfig;
      try {
        config = await fetchBotCheckConfig(purpose);
      } catch {
        throw new WidgetError(SECURITY_SERVICE_NOT_AVAILABLE);
      }
      if (cancelled) return;
      if (config.provider === 'altcha') {
        let worker: Worker;
        try {
          worker = new Worker(new URL('./botCheckWorker.ts', import.meta.url), { type: 'module' });
        } catch {
          throw new WidgetError(SECURITY_FAILED_TO_LOAD_SCRIPT);
        }
        cleanups.push(() => worker.terminate());
        const result = await new Promise<{ ok: boolean; payload?: string }>((resolve) => {
          worker.onmessage = (e: MessageEvent<{ ok: boolean; payload?: string }>) =>
            resolve(e.data);
          worker.onerror = () => resolve({ ok: false });
          worker.postMessage({ challenge: config.challenge });
        });
        worker.terminate();
        if (cancelled) return;
        if (!result.ok || !result.payload) throw new WidgetError(VERIFICATION_FAILED_WIDGET);
        const exp = config.challenge.parameters.expiresAt;
        succeed(result.payload, exp ? exp * 1000 : undefined);
        return;
      }
      const turnstile = await loadTurnstile();
      if (cancelled) return;
      const el = containerRef.current;
      if (!el) throw new WidgetError(SECURITY_CONTAINER_NOT_READY);
      let id: string;
      try {
        id = turnstile.render(el, {
          sitekey: config.siteKey,
          action: purpose,
          callback: (token) => succeed(token),
          'error-callback': () => !cancelled && failRef.current(VERIFICATION_FAILED_WIDGET),
          'expired-callback': () => !cancelled && failRef.current(VERIFICATION_EXPIRED),
        });
      } catch {
        throw new WidgetError(SECURITY_FAILED_TO_CREATE_WIDGET);
      }
      cleanups.push(() => turnstile.remove(id));
    })().catch((err: unknown) => {
      if (cancelled) return;
      failRef.current(err instanceof WidgetError ? err.message : VERIFICATION_FAILED_WIDGET);
    });

    return () => {
      cancelled = true;
      for (const c of cleanups) c();
    };
  }, [purpose, attempt, round]);

  const retry = () => {
    setAttempt(0);
    setRound((r) => r + 1);
  };

  return (
    <div
      className={cx('botcheck', `botcheck--${status}`)}
      data-testid="bot-check"
      data-state={status}
      aria-live="polite"
    >
      <div className="botcheck__row">
        <span className="botcheck__status">
          {status === 'loading' ? (
            <Spinner size="sm" label="" />
          ) : (
            <Icon name={status === 'success' ? 'check-circle' : 'alert-circle'} />
          )}
        </span>
        <span className="botcheck__text">
          {status === 'loading'
            ? 'Verifying you are human…'
            : status === 'success'
              ? 'Security check passed'
              : (message ?? VERIFICATION_FAILED_WIDGET)}
        </span>
        {status === 'error' && message === MAX_RETRIES_REACHED ? (
          <Button size="sm" variant="ghost" icon="history" onClick={retry}>
            Try again
          </Button>
        ) : null}
        <span className="botcheck__brand">
          <Icon name="shield" size="sm" /> Security check
        </span>
      </div>
      <div ref={containerRef} className="botcheck__provider" />
    </div>
  );
}
