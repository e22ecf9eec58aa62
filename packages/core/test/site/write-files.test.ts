/**
 * Issue 13 (items 7, 8 and the minor items about writing) and issue 11 items 10 and 16: header
 * files and other output are written without changing a byte robots-kit does not own, and not
 * at all when nothing would change.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeHeaderFiles } from '../../src/adapter.js';
import { normalizeOptions, RobotsError } from '../../src/index.js';

const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));
function project(): { root: string; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'robots-kit-write-'));
  made.push(root);
  const out = join(root, 'dist');
  mkdirSync(out);
  writeFileSync(join(out, 'index.html'), '<!doctype html><title>x</title>');
  return { root, out };
}
const RULES = [{ path: '/private/**', robots: 'noindex' }];

describe('issue 13 item 7: merging works on bytes outside the managed block', () => {
  it.each([
    ['_headers', 'netlify', Buffer.from('# caf\xe9 headers\n/a\n  X-Frame-Options: DENY\n', 'latin1')],
    ['.htaccess', 'apache', Buffer.from('# r\xe9gles du site\nOptions -Indexes\r\n', 'latin1')],
  ])('keeps a Latin-1 byte in %s exactly, on the first build and the next', (file, target, userBytes) => {
    const { root, out } = project();
    writeFileSync(join(out, file), userBytes);
    writeHeaderFiles({ targets: [target], rules: RULES }, { indexable: true, outputDir: out, projectDir: root });
    const first = readFileSync(join(out, file));
    expect(first.subarray(0, userBytes.length).equals(userBytes)).toBe(true);
    expect(first.includes(0xe9)).toBe(true);
    expect(first.includes(Buffer.from('\ufffd', 'utf8'))).toBe(false);
    expect(first.toString('latin1')).toContain('# robots-kit:begin');
    const [again] = writeHeaderFiles(
      { targets: [target], rules: [{ path: '/drafts/**', robots: 'noindex' }] },
      { indexable: true, outputDir: out, projectDir: root },
    );
    const second = readFileSync(join(out, file));
    expect(again!.status).toBe('updated');
    expect(second.subarray(0, userBytes.length).equals(userBytes)).toBe(true);
    expect(second.toString('latin1')).toContain('/drafts');
  });

  it("keeps a UTF-8 file's byte order mark", () => {
    const { root, out } = project();
    writeFileSync(join(out, '_headers'), '\uFEFF/a\n  X-Frame-Options: DENY\n');
    writeHeaderFiles({ targets: ['netlify'], rules: RULES }, { indexable: true, outputDir: out, projectDir: root });
    expect([...readFileSync(join(out, '_headers')).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('issue 11 items 10 and 16: a header file whose content would not change is not rewritten', () => {
  it('leaves vercel.json (mergeInto) byte-identical, same inode and mtime, and says `unchanged`', () => {
    const { root, out } = project();
    const user = '{\n  "big": 12345678901234567890,\n  "v": 2.0\n}\n';
    writeFileSync(join(root, 'vercel.json'), user);
    const options = { targets: ['vercel', 'netlify'], rules: RULES, vercel: { mergeInto: 'vercel.json' } };
    const first = writeHeaderFiles(options, { indexable: true, outputDir: out, projectDir: root });
    expect(first.map((file) => [file.path, file.status])).toEqual([
      ['_headers', 'created'],
      ['vercel.json', 'updated'],
    ]);
    const merged = readFileSync(join(root, 'vercel.json'), 'utf8');
    expect(merged.startsWith('{\n  "big": 12345678901234567890,\n  "v": 2.0,\n  "headers": [')).toBe(true);
    const before = statSync(join(root, 'vercel.json'));
    const second = writeHeaderFiles(options, { indexable: true, outputDir: out, projectDir: root });
    expect(second.map((file) => [file.path, file.status, file.changed])).toEqual([
      ['_headers', 'unchanged', false],
      ['vercel.json', 'unchanged', false],
    ]);
    const after = statSync(join(root, 'vercel.json'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('a preview build leaves vercel.json as committed and writes no vercel-headers.json', () => {
    const { root, out } = project();
    writeFileSync(join(root, 'vercel.json'), '{ "cleanUrls": true }');
    const files = writeHeaderFiles(
      { targets: ['vercel', 'netlify'], rules: RULES, vercel: { mergeInto: 'vercel.json' } },
      { indexable: false, outputDir: out, projectDir: root },
    );
    expect(readFileSync(join(root, 'vercel.json'), 'utf8')).toBe('{ "cleanUrls": true }');
    expect(files.find((file) => file.path === 'vercel.json')).toMatchObject({ status: 'unchanged' });
    writeHeaderFiles({ targets: ['vercel'], rules: RULES }, { indexable: false, outputDir: out, projectDir: root });
    expect(readdirSync(root)).not.toContain('vercel-headers.json');
  });
});

describe('issue 13 minor items: writing files', () => {
  it('a header file that is a folder gives a clear error naming it, not a bare EISDIR', () => {
    const { root, out } = project();
    mkdirSync(join(out, '_headers'));
    const write = () =>
      writeHeaderFiles({ targets: ['netlify'], rules: RULES }, { indexable: true, outputDir: out, projectDir: root });
    expect(write).toThrow(RobotsError);
    expect(write).toThrow(
      /a folder is where robots-kit writes a file, at `.*_headers`; expected a file, or nothing, at that path/,
    );
  });

  it('a symlinked vercel.json stays a link, its target is updated and keeps its mode', () => {
    const { root, out } = project();
    mkdirSync(join(root, 'config'));
    writeFileSync(join(root, 'config', 'vercel.json'), '{}\n');
    chmodSync(join(root, 'config', 'vercel.json'), 0o640);
    symlinkSync('config/vercel.json', join(root, 'vercel.json'));
    writeHeaderFiles(
      { targets: ['vercel'], rules: RULES, vercel: { mergeInto: 'vercel.json' } },
      { indexable: true, outputDir: out, projectDir: root },
    );
    expect(lstatSync(join(root, 'vercel.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(root, 'vercel.json'))).toBe('config/vercel.json');
    expect(JSON.parse(readFileSync(join(root, 'config', 'vercel.json'), 'utf8')).headers).toHaveLength(1);
    expect(statSync(join(root, 'config', 'vercel.json')).mode & 0o777).toBe(0o640);
  });

  it('removes the temporary file a killed run left behind, and no other', () => {
    const { out } = project();
    // A process that has exited: its pid names no running process.
    const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));
    const stale = `.robots.txt.${dead}.${Date.now()}.tmp`;
    const live = `.robots.txt.${process.ppid}.${Date.now()}.tmp`;
    const other = `.sitemap.xml.${dead}.${Date.now()}.tmp`;
    for (const name of [stale, live, other]) writeFileSync(join(out, name), 'half');
    expect(writeFileAtomic(join(out, 'robots.txt'), 'User-agent: *\n')).toBe('created');
    expect(readdirSync(out).sort()).toEqual([live, other, 'index.html', 'robots.txt'].sort());
    expect(writeFileAtomic(join(out, 'robots.txt'), 'User-agent: *\n')).toBe('unchanged');
  });

  it.each(['../../victim.json', '/etc/vercel.json', 'C:\\\\x\\\\vercel.json', 'a/../../vercel.json', '.'])(
    'refuses mergeInto %j outside the project',
    (mergeInto) => {
      const options = { headers: { targets: ['vercel'], vercel: { mergeInto } } };
      expect(() => normalizeOptions(options, { env: {} })).toThrow(RobotsError);
      expect(() => normalizeOptions(options, { env: {} })).toThrow(
        /key `headers\.vercel\.mergeInto`: path (leaves the project folder|names a folder, not a file)/,
      );
    },
  );

  it('accepts mergeInto inside the project', () => {
    const normalized = normalizeOptions(
      { headers: { targets: ['vercel'], vercel: { mergeInto: './apps/web/vercel.json' } } },
      { env: {} },
    );
    expect(normalized.headers).toMatchObject({ vercel: { mergeInto: './apps/web/vercel.json' } });
  });
});
