/**
 * Writing header files into a user's project (issue 37): never through a symbolic link to a file
 * outside the project, never over a read-only file without a word, and the bytes beside
 * robots-kit's markers (a byte order mark, a VT byte) kept on every merge.
 */
import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { mergeMarkedBlock } from '../../src/headers/generate.js';
import { writeHeaderFiles } from '../../src/site/write-header-files.js';
import { removeDir, tempDir, writeTree } from './servers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});
function folder(): string {
  const dir = tempDir('robots-kit-write-');
  dirs.push(dir);
  return dir;
}
function write(projectDir: string, targets: string[]) {
  return writeHeaderFiles(
    { targets, rules: [{ path: '/files/**', robots: 'noindex' }], vercel: { mergeInto: 'vercel.json' } },
    { indexable: true, outputDir: join(projectDir, 'dist'), projectDir },
  );
}
function failure(run: () => unknown): RobotsError {
  try {
    run();
  } catch (error) {
    if (error instanceof RobotsError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('header files are not written through links out of the project, nor over read-only files', () => {
  it.each([
    ['_headers', 'netlify', 'dist/_headers'],
    ['vercel.json', 'vercel', 'vercel.json'],
  ])('%s linked to a file outside the project is refused, and the outside file is unchanged', (_, target, link) => {
    const project = folder();
    const outside = join(folder(), 'elsewhere.txt');
    writeFileSync(outside, '{}\n');
    writeTree(project, { 'dist/index.html': 'x' });
    symlinkSync(outside, join(project, link));
    const error = failure(() => write(project, [target]));
    expect(error.code).toBe('unsafe-header-file');
    expect(error.message).toContain(outside);
    expect(readFileSync(outside, 'utf8')).toBe('{}\n');
  });

  it('a link to a file inside the project is still followed', () => {
    const project = folder();
    writeTree(project, { 'dist/index.html': 'x', 'config/vercel.json': '{}\n' });
    symlinkSync('config/vercel.json', join(project, 'vercel.json'));
    write(project, ['vercel']);
    expect(readFileSync(join(project, 'config/vercel.json'), 'utf8')).toMatch(/X-Robots-Tag/);
  });

  it.each([
    ['_headers', 'netlify', 'dist/_headers', '/a\n  X-Frame-Options: DENY\n'],
    ['vercel.json', 'vercel', 'vercel.json', '{}\n'],
  ])('a read-only %s is refused with the fix, and left as it was', (_, target, path, content) => {
    const project = folder();
    writeTree(project, { 'dist/index.html': 'x', [path]: content });
    chmodSync(join(project, path), 0o444);
    const error = failure(() => write(project, [target]));
    expect(error.code).toBe('read-only-header-file');
    expect(error.message).toMatch(/chmod u\+w/);
    expect(readFileSync(join(project, path), 'utf8')).toBe(content);
  });
});

describe('bytes beside the markers survive the next merge', () => {
  it.each([
    ['a byte order mark before the begin marker', '\uFEFF# robots-kit:begin\nold\n# robots-kit:end\n/a\n'],
    ['a VT byte after the end marker', '/a\n# robots-kit:begin\nold\n# robots-kit:end\v\n'],
    ['a VT byte before the begin marker', '/a\n\v# robots-kit:begin\r\nold\r\n# robots-kit:end\r\n'],
  ])('%s', (_, existing) => {
    const merged = mergeMarkedBlock(existing, ['/files/*', '  X-Robots-Tag: noindex'], '_headers');
    const strip = (text: string) => text.replace(/# robots-kit:begin[\s\S]*?# robots-kit:end/, '');
    expect(strip(merged)).toBe(strip(existing));
    expect(merged).toContain('X-Robots-Tag: noindex');
    expect(merged).not.toContain('old');
    expect(mergeMarkedBlock(merged, ['/files/*', '  X-Robots-Tag: noindex'], '_headers')).toBe(merged);
  });
});
