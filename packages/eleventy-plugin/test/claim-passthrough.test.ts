import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EleventyPassthroughEntry } from '../src/types.js';
import { claimPassthroughRobotsTxt } from '../src/robots-txt.js';
import { relativeToCwd, STUBS } from './helpers/build-stub.js';

const MERGE = relativeToCwd(path.join(STUBS, 'robots-txt-merge'));
const directories = { input: `${MERGE}/input-file/`, output: `${MERGE}/_site/` };
const file = `${MERGE}/input-file/robots.txt`;
const folder = `${MERGE}/public`;

function claim(entries: Record<string, EleventyPassthroughEntry>) {
  const claimed = claimPassthroughRobotsTxt(entries, directories);
  return { claimed, entries };
}

describe('which passthrough copies write robots.txt, as Eleventy would copy them', () => {
  it.each([
    ['the file, to its own place in the input folder', { [file]: { outputPath: true } }],
    ['the file, to /robots.txt', { [file]: { outputPath: '/robots.txt' } }],
    ['the file, to robots.txt', { [file]: { outputPath: 'robots.txt' } }],
    ['the file, to the root folder', { [file]: { outputPath: '/' } }],
    ['the file, to an empty target', { [file]: { outputPath: '' } }],
  ] as const)('%s: removed, and read instead', (_form, entries) => {
    const result = claim({ ...entries, 'css/': { outputPath: true } });
    expect(result.claimed).toEqual([file]);
    expect(Object.keys(result.entries)).toEqual(['css/']);
  });

  it('a folder copied to the site root: kept, without its robots.txt', () => {
    const userFilter = (relative: string) => !relative.endsWith('.psd');
    const result = claim({ [folder]: { outputPath: '/', copyOptions: { filter: userFilter, dot: true } } });
    expect(result.claimed).toEqual([path.join(folder, 'robots.txt')]);
    expect(result.entries[folder]).toEqual({
      outputPath: '/',
      copyOptions: { filter: [userFilter, '!robots.txt'], dot: true },
    });
  });

  it('a folder without a filter gets one that keeps everything else', () => {
    const result = claim({ [folder]: { outputPath: '' } });
    expect(result.entries[folder]?.copyOptions?.filter).toEqual(['**', '!robots.txt']);
  });

  it.each([
    ['the file to a subfolder', { [file]: { outputPath: '/static/' } }],
    ['the file renamed', { [file]: { outputPath: '/robots-old.txt' } }],
    ['a file outside the input folder, to its own place', { [`${MERGE}/public/robots.txt`]: { outputPath: true } }],
    ['a folder to a subfolder', { [folder]: { outputPath: '/public/' } }],
    ['a folder to its own place', { [folder]: { outputPath: true } }],
    ['a glob', { [`${MERGE}/extra/*.txt`]: { outputPath: '/' } }],
  ] as const)('%s: left alone', (_form, entries) => {
    const before = structuredClone(entries);
    const result = claim({ ...entries });
    expect(result.claimed).toEqual([]);
    expect(result.entries).toEqual(before);
  });
});
