import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipFile } from '../../../../api/src/downloads/zipStream.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const mtime = new Date(2026, 10, 26, 10, 30);

/** A file given in 64 KiB pieces, as a decrypted blob arrives. */
function file(name: string, bytes: Buffer, recorded: string | null = sha256(bytes)) {
  const opened: Readable[] = [];
  const f: ZipFile = {
    name,
    sha256: recorded,
    open: async () => {
      const pieces: Buffer[] = [];
      for (let o = 0; o < bytes.length; o += 65536) pieces.push(bytes.subarray(o, o + 65536));
      const r = Readable.from(pieces, { objectMode: false });
      opened.push(r);
      return r;
    },
  };
  return { f, opened };
}

describe('the streamed zip', () => {
  it('unpacks to the files, the texts and a SHA256SUMS of what it holds', async () => {
    const a = randomBytes(200_000);
    const b = Buffer.from('solid b\nendsolid b\n');
    const zip = await buffer(
      zipStream([file('a.stl', a).f, file('b.stl', b, null).f], {
        mtime,
        texts: [{ name: 'NOTE.txt', text: 'a note' }],
      }),
    );
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(['a.stl', 'b.stl', 'NOTE.txt', 'SHA256SUMS']);
    expect(Buffer.from(files['a.stl']!).equals(a)).toBe(true);
    expect(Buffer.from(files['b.stl']!).equals(b)).toBe(true);
    expect(new TextDecoder().decode(files['NOTE.txt'])).toBe('a note');
    expect(new TextDecoder().decode(files.SHA256SUMS)).toBe(
      `${sha256(a)}  a.stl\n${sha256(b)}  b.stl\n`,
    );
  });

  it('breaks off, rather than ship a SHA256SUMS that lies, when a file is not what was recorded', async () => {
    const z = zipStream([file('a.stl', randomBytes(1000), 'f'.repeat(64)).f], { mtime });
    await expect(buffer(z)).rejects.toThrow(/do not match their recorded SHA-256/);
  });

  it('reads each file only as the client takes the zip, and a client gone closes the file it was reading', async () => {
    const first = file('a.bin', randomBytes(4 * 1024 * 1024));
    const second = file('b.bin', randomBytes(1000));
    const z = zipStream([first.f, second.f], { mtime });
    z.pause();
    await once(z, 'readable');
    const chunk = z.read() as Buffer | null;
    expect(chunk).not.toBeNull();
    // A few chunks in: the first file is open and mostly unread, the second not opened at all.
    expect(first.opened).toHaveLength(1);
    expect(second.opened).toHaveLength(0);
    expect(first.opened[0]!.readableEnded).toBe(false);
    z.destroy();
    await once(z, 'close');
    await new Promise((r) => setImmediate(r));
    expect(first.opened[0]!.destroyed).toBe(true);
    expect(second.opened).toHaveLength(0);
  });
});
