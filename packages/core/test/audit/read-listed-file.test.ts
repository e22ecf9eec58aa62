import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readListedFileSync } from '../../src/audit/read-files.js';
import { tempSite } from './temp-site.js';

const SHARED = 1024 * 1024;
/** Bytes that differ from one offset to the next, so that a piece read twice or left out shows. */
function bytesOf(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

describe('readListedFileSync (one read per file, issue 21)', () => {
  let cleanup = (): void => {};
  afterEach(() => cleanup());

  it('reads files of every size around the shared buffer whole, byte for byte', () => {
    const sizes = [0, 1, 4095, 4096, 34_435, SHARED - 2, SHARED - 1, SHARED, SHARED + 1, 3 * SHARED + 7];
    const site = tempSite(Object.fromEntries(sizes.map((size) => [`f-${size}.html`, bytesOf(size)])));
    cleanup = site.cleanup;
    for (const size of sizes) {
      const read = readListedFileSync(path.join(site.root, `f-${size}.html`), 16 * SHARED);
      expect(read, `size ${size}`).toBeInstanceOf(Uint8Array);
      expect(read!.length).toBe(size);
      expect(Buffer.compare(Buffer.from(read!), Buffer.from(bytesOf(size)))).toBe(0);
    }
  });

  it('leaves a file over the limit, a link or a missing file to the careful reader', () => {
    const site = tempSite({ 'big.html': bytesOf(2000), 'ok.html': bytesOf(10) });
    cleanup = site.cleanup;
    symlinkSync(path.join(site.root, 'ok.html'), path.join(site.root, 'link.html'));
    expect(readListedFileSync(path.join(site.root, 'big.html'), 1999)).toBeUndefined();
    expect(readListedFileSync(path.join(site.root, 'big.html'), 2000)?.length).toBe(2000);
    expect(readListedFileSync(path.join(site.root, 'link.html'), 2000)).toBeUndefined();
    expect(readListedFileSync(path.join(site.root, 'none.html'), 2000)).toBeUndefined();
  });
});
