/**
 * Every upload ends, on the file store and on S3 (s3rver), on both database
 * drivers, against a listening server and raw sockets: a client killed mid-file, a body that
 * never sends its closing boundary, a body that trickles, a wrong boundary and no boundary. Each
 * answers (or, for the killed client, ends) promptly and leaves no blob, no temporary file, no
 * event and no multipart upload that was not aborted.
 */
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3BlobStore } from '../../../api/src/blobs/s3.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { fixture, multipart, projectData, signUp, type TestUser } from '../../support/projects.js';
import { startS3Server, type TestS3 } from '../../support/s3Server.js';

const WINDOW_MS = 1_500;
const molar = fixture('mesh', 'molar-crown-fdi16.stl');

/** A binary STL of `n` triangles, the molar's records repeated. */
function bigStl(n: number): Buffer {
  const records = (molar.length - 84) / 50;
  const out = Buffer.alloc(84 + 50 * n);
  out.writeUInt32LE(n, 80);
  for (let i = 0; i < n; i++)
    molar.copy(out, 84 + 50 * i, 84 + 50 * (i % records), 84 + 50 * ((i % records) + 1));
  return out;
}

interface RawAnswer {
  status: number | undefined;
  body: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  ms: number;
}

/**
 * Sends `head` and then `body` chunk by chunk (waiting `gapMs` between chunks) on a raw socket,
 * then keeps the socket open until the server answers or closes it (or `maxMs` passes).
 */
function rawRequest(
  port: number,
  head: string,
  chunks: Buffer[],
  opts: { gapMs?: number; maxMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(limit);
      socket.destroy();
      const text = Buffer.concat(got).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({
        status: m ? Number(m[1]) : undefined,
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
        ms: Date.now() - started,
      });
    };
    const limit = setTimeout(finish, opts.maxMs ?? 20_000);
    socket.on('data', (d: Buffer) => {
      got.push(d);
      if (/\r\n\r\n/.test(Buffer.concat(got).toString('latin1'))) setTimeout(finish, 200);
    });
    socket.on('close', finish).on('error', finish);
    socket.write(head);
    let i = 0;
    const next = () => {
      if (done || i >= chunks.length) return;
      socket.write(chunks[i++]!);
      if (opts.gapMs) setTimeout(next, opts.gapMs);
      else next();
    };
    next();
  });
}

const requestHead = (
  user: TestUser,
  contentType: string,
  contentLength: number,
  url = '/api/projects',
) =>
  `POST ${url} HTTP/1.1\r\nHost: cusp.test\r\nAuthorization: ${user.auth.authorization}\r\n` +
  `Content-Type: ${contentType}\r\nContent-Length: ${contentLength}\r\n\r\n`;

/** A create body split where the test wants it: up to the file's bytes, the file, the end. */
function createBody(file: Buffer) {
  const boundary = '----cuspEnds7f3a';
  const start = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n` +
      `${JSON.stringify(projectData())}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="models"; filename="big.stl"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { boundary, start, file, end, length: start.length + file.length + end.length };
}

type Store = 'fs' | 's3';
const cases = testDrivers().flatMap((d) => (['fs', 's3'] as Store[]).map((s) => [d, s] as const));

describe.each(cases)('uploads that end (%s, %s store)', (driver, store) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let user: TestUser;
  let port: number;
  /** S3 multipart uploads started and aborted, by key (from the client's own commands). */
  const created = new Set<string>();
  const aborted = new Set<string>();

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3Server();
    t = await startTestApp(driver, {
      ...(s3?.env ?? {}),
      UPLOAD_BODY_WINDOW_MS: String(WINDOW_MS),
      UPLOAD_MIN_BYTES_PER_SECOND: '1024',
      VIEW_PREBUILD: 'false',
    });
    if (store === 's3') {
      (t.deps.blobs as S3BlobStore).client.middlewareStack.add(
        (next, context) => async (args) => {
          const input = args.input as { Key?: string };
          if (context.commandName === 'CreateMultipartUploadCommand') created.add(input.Key!);
          if (context.commandName === 'AbortMultipartUploadCommand') aborted.add(input.Key!);
          return next(args);
        },
        { step: 'initialize', name: 'cuspUploadWatch' },
      );
    }
    user = await signUp(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const tempFiles = () => {
    const dir = join(t.dataDir, 'blobs', '.tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  async function blobKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const b of t.deps.blobs.list()) keys.push(b.key);
    return keys;
  }
  async function projectEvents(): Promise<number> {
    const { events } = await t.deps.store.readAll({ maxCount: 100_000 });
    return events.filter((e) => e.type === 'ProjectCreated').length;
  }
  async function leavesNothing(before: { keys: string[]; events: number }): Promise<void> {
    expect(tempFiles()).toEqual([]);
    expect(await blobKeys()).toEqual(before.keys);
    expect(await projectEvents()).toBe(before.events);
    for (const key of created)
      expect(aborted.has(key), `multipart upload ${key} aborted`).toBe(true);
  }
  const snapshot = async () => ({ keys: await blobKeys(), events: await projectEvents() });
  async function until(cond: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (cond()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return cond();
  }

  it('ends a request whose client is killed mid-file at once, leaving nothing', async () => {
    const before = await snapshot();
    // 8 MiB of mesh: on S3 the multipart upload is under way when the client goes.
    const body = createBody(bigStl(170_000));
    const startedUploads = created.size;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(requestHead(user, `multipart/form-data; boundary=${body.boundary}`, body.length));
    socket.write(body.start);
    const sent = body.file.subarray(0, 7 * 1024 * 1024);
    for (let o = 0; o < sent.length; o += 256 * 1024)
      socket.write(sent.subarray(o, o + 256 * 1024));
    const underWay = () =>
      store === 'fs' ? tempFiles().length > 0 : created.size > startedUploads;
    expect(await until(underWay, 15_000)).toBe(true);
    socket.destroy();
    const killedAt = Date.now();
    const cleared = () => tempFiles().length === 0 && [...created].every((k) => aborted.has(k));
    expect(await until(cleared, 3_000)).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(3_000);
    await leavesNothing(before);
  });

  it('answers 408 to a body that never sends its closing boundary, leaving nothing', async () => {
    const before = await snapshot();
    const body = createBody(bigStl(2_000));
    // Content-Length promises the closing boundary; it never comes and the socket stays open.
    const res = await rawRequest(
      port,
      requestHead(user, `multipart/form-data; boundary=${body.boundary}`, body.length),
      [body.start, body.file],
    );
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'body_timeout' });
    expect(res.ms).toBeLessThan(WINDOW_MS * 3 + 2_000);
    await leavesNothing(before);
  });

  it('answers 400 to a complete body without its closing boundary, leaving nothing', async () => {
    const before = await snapshot();
    const body = createBody(bigStl(2_000));
    const res = await rawRequest(
      port,
      requestHead(
        user,
        `multipart/form-data; boundary=${body.boundary}`,
        body.start.length + body.file.length,
      ),
      [body.start, body.file],
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'multipart_malformed' });
    await leavesNothing(before);
  });

  it('answers 408 to a body trickling below the minimum rate, leaving nothing', async () => {
    const before = await snapshot();
    const body = createBody(bigStl(2_000));
    const all = Buffer.concat([body.start, body.file, body.end]);
    // 40 bytes every 100 ms: 400 B/s, under the 1 KiB/s minimum.
    const chunks: Buffer[] = [];
    for (let o = 0; o < all.length; o += 40) chunks.push(all.subarray(o, o + 40));
    const res = await rawRequest(
      port,
      requestHead(user, `multipart/form-data; boundary=${body.boundary}`, all.length),
      chunks,
      { gapMs: 100 },
    );
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'body_timeout' });
    expect(res.ms).toBeLessThan(WINDOW_MS * 3 + 2_000);
    await leavesNothing(before);
  });

  it('answers 400 multipart_malformed to a body with another boundary than its header names', async () => {
    const before = await snapshot();
    const body = multipart([
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'molar.stl', data: molar },
    ]);
    const res = await rawRequest(
      port,
      requestHead(user, 'multipart/form-data; boundary=not-the-one', body.payload.length),
      [body.payload],
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'multipart_malformed' });
    await leavesNothing(before);
  });

  it('answers 400 multipart_boundary_missing to a Content-Type without a boundary', async () => {
    const before = await snapshot();
    const body = multipart([
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'molar.stl', data: molar },
    ]);
    for (const url of ['/api/projects', '/api/dcm/convert']) {
      const res = await rawRequest(
        port,
        requestHead(user, 'multipart/form-data', body.payload.length, url),
        [body.payload],
      );
      expect(res.status, url).toBe(400);
      expect(JSON.parse(res.body), url).toMatchObject({ code: 'multipart_boundary_missing' });
    }
    await leavesNothing(before);
  });

  it('still stores a whole upload sent at an ordinary pace', async () => {
    const body = createBody(bigStl(2_000));
    const res = await rawRequest(
      port,
      requestHead(user, `multipart/form-data; boundary=${body.boundary}`, body.length),
      [body.start, body.file, body.end],
    );
    expect(res.status).toBe(201);
  });
});
