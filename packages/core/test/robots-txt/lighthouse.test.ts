/**
 * Issue 40: Lighthouse's own "robots.txt is valid" audit (the `lighthouse` package, headless
 * Debian Chromium, on 127.0.0.1) against robots.txt files robots-kit writes with every option.
 * Each line it rejects must be one the README names, so that a user knows which form to choose.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRobotsTxt, type RobotsTxtOptions } from '../../src/index.js';
import { findChromium, NO_CHROMIUM, runLighthouse, serveFolder } from '../helpers/lighthouse.js';

const chromium = findChromium();
if (chromium === undefined) process.stderr.write(`robots.txt Lighthouse test: ${NO_CHROMIUM}\n`);
// Hard-wrapped prose: compared with its line breaks as spaces.
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

/** Every robots.txt option robots-kit has, at once. */
const EVERY_OPTION: RobotsTxtOptions = {
  groups: [
    { userAgent: '*', disallow: ['/private/', '/*.pdf$'], allow: ['/private/open/'], comment: 'everyone' },
    {
      userAgent: ['Googlebot', 'Bingbot'],
      disallow: ['/drafts/'],
      crawlDelay: 2,
      contentSignal: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no', use: 'reference' },
      contentUsage: { 'train-ai': 'n' },
      contentUsagePaths: { '/gallery/': { search: 'n' } },
    },
  ],
  sitemap: ['https://example.com/sitemap-index.xml'],
  blockAiBots: { extra: ['NewAIBot'] },
  contentSignal: { search: 'yes', 'ai-train': 'no' },
  contentUsage: { 'train-ai': 'n', extensions: { 'x-example': 'n' } },
  contentUsagePaths: { '/photos/': { 'train-ai': 'n' } },
};
const context = { indexable: true, site: 'https://example.com', now: new Date('2026-11-28T12:00:00Z') };

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
/** The lines Lighthouse's `robots-txt` audit rejects in `text`, with its message for each. */
async function rejectedLines(text: string): Promise<{ score: number | null; lines: Array<[string, string]> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'robots-kit-lighthouse-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'robots.txt'), text);
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><html lang="en"><title>t</title><p>t</p></html>');
  const server = await serveFolder(folder);
  try {
    const url = `${server.origin}/`;
    const audit = (await runLighthouse([url], ['robots-txt'])).get(url)!['robots-txt'];
    // Lighthouse's table: `index` (line number), `line` (the line as written), `message`.
    const items = audit!.items as Array<{ index: number; line: string; message: string }>;
    return { score: audit!.score, lines: items.map((item) => [item.line, item.message]) };
  } finally {
    await server.close();
  }
}

describe.skipIf(chromium === undefined)("Lighthouse's robots.txt audit on what robots-kit writes", () => {
  it('rejects only the lines the README names: Content-Usage, and Content-Signal before Lighthouse 13', async () => {
    const text = generateRobotsTxt(EVERY_OPTION, context);
    const { score, lines } = await rejectedLines(text);
    // The test can fail: these options do write lines Lighthouse rejects.
    expect(score).toBe(0);
    const keys = [...new Set(lines.map(([content]) => content.slice(0, content.indexOf(':'))))];
    expect(keys.sort()).toEqual(['Content-Signal', 'Content-Usage']);
    for (const [, message] of lines) expect(message).toBe('Unknown directive');
    // Each rejected key is named in the README, with what to do about it.
    for (const key of keys) expect(README).toContain(`rejects every \`${key}:\` line`);
  }, 120_000);

  it('passes the same file without the AI preference lines: every other option is valid to it', async () => {
    const { contentSignal: _s, contentUsage: _u, contentUsagePaths: _p, ...rest } = EVERY_OPTION;
    const groups = rest.groups!.map(
      ({ contentSignal: _gs, contentUsage: _gu, contentUsagePaths: _gp, ...group }) => group,
    );
    const { score, lines } = await rejectedLines(generateRobotsTxt({ ...rest, groups, blockAiBots: true }, context));
    expect(lines).toEqual([]);
    expect(score).toBe(1);
  }, 120_000);
});
