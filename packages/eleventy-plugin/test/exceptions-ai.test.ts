/**
 * Issue 16 parts 2 and 4 on a real Eleventy build (`test/fixtures/exceptions`): an exception in
 * `noindex.paths` lets a page out, a page whose own `index` a rule overrides is named once at the
 * end of the build, `noimageai` is written with `strict: true`, and robots.txt carries the AI
 * group by purpose and per-group / per-path content signals. With and without `pathPrefix`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AI_BOTS, isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { describe, expect, it } from 'vitest';
import robotsPlugin, { type RobotsOptions } from '../src/index.js';
import { writeStub, type WrittenBuild } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/exceptions/', import.meta.url));
const options: RobotsOptions = {
  site: 'https://example.com',
  strict: true,
  noindex: { paths: ['/tags/**', '!/tags/featured/**'] },
  robotsTxt: {
    blockAiBots: { purposes: ['ai-training'], except: ['CCBot'], extra: ['NewAIBot'] },
    groups: [{ userAgent: '*' }, { userAgent: 'Googlebot', contentSignal: { search: 'yes', 'ai-train': 'no' } }],
    contentUsagePaths: { '/gallery/': { 'train-ai': 'n' } },
  },
};

async function build(pathPrefix?: string): Promise<WrittenBuild> {
  const result = await writeStub('exceptions', (eleventyConfig) => eleventyConfig.addPlugin(robotsPlugin, options), {
    input: FIXTURE,
    ...(pathPrefix === undefined ? {} : { pathPrefix }),
  });
  expect(result.failure).toBeUndefined();
  return result;
}
const tagsOf = async (result: WrittenBuild, url: string): Promise<Record<string, string>> =>
  robotsTags(await readFile(path.join(result.output, url, 'index.html'), 'utf8'));

describe.each([undefined, '/blog/'])('exceptions and AI controls (pathPrefix %s)', (pathPrefix) => {
  it('lets the excepted page out, keeps the others in, and names the overridden page once', async () => {
    const result = await build(pathPrefix);
    expect(await tagsOf(result, 'tags/robots')).toMatchObject({ robots: 'noindex, follow' });
    expect((await tagsOf(result, 'tags/featured')).robots).toBeUndefined();
    expect(await tagsOf(result, 'tags/popular')).toMatchObject({ robots: 'noindex, follow' });
    expect(await tagsOf(result, 'gallery/sunset')).toMatchObject({ robots: 'noimageai' });

    const overridden = result.warnings.filter((line) => line.includes('asks to be indexed'));
    expect(overridden).toHaveLength(1);
    expect(overridden[0]).toMatch(
      /^\[11ty\] \[@robots-kit\/eleventy\] \S*tags\/popular\.md, key `robots`: the page `\/tags\/popular\/` asks to be indexed, but `noindex\.paths\[0\]` \(`\/tags\/\*\*`\) keeps it out of search results \(the most restrictive source wins\), so it carries `noindex` despite its own value `index`; expected an exception for the page in `noindex\.paths`: a glob starting with `!`\. Did you mean `\["\/tags\/\*\*","!\/tags\/featured\/\*\*","!\/tags\/popular\/"\]`\?$/,
    );
    // The exception left a page out, so it is not reported as unused.
    expect(result.warnings.filter((line) => line.includes('noindex.paths[1]'))).toEqual([]);
  });

  it('writes the AI group by purpose and the content signals where they belong', async () => {
    const result = await build(pathPrefix);
    const text = await readFile(path.join(result.output, 'robots.txt'), 'utf8');
    const parsed = parseRobotsTxt(text);
    expect(isAllowed(parsed, 'GPTBot', '/')).toBe(false);
    expect(isAllowed(parsed, 'NewAIBot', '/')).toBe(false);
    expect(isAllowed(parsed, 'CCBot', '/')).toBe(true);
    expect(isAllowed(parsed, 'OAI-SearchBot', '/')).toBe(true);
    expect(isAllowed(parsed, 'ChatGPT-User', '/')).toBe(true);
    for (const bot of AI_BOTS.filter((one) => one.purpose === 'ai-training' && one.userAgent !== 'CCBot'))
      expect(text).toContain(`\nUser-agent: ${bot.userAgent}\n`);
    expect(text).toContain('User-agent: *\nContent-Usage: /gallery/ train-ai=n\nDisallow:\n');
    expect(text).toContain('User-agent: Googlebot\nContent-Signal: search=yes, ai-train=no\nDisallow:\n');
    expect(text).toContain('# AI agents for ai-training (robots-kit blockAiBots');
    // AI2Bot is in the training group: written whole, its Google reading said in the file, no build warning.
    expect(text).toContain('\nUser-agent: AI2Bot\n');
    expect(result.warnings.filter((line) => /AI2Bot|group|blockAiBots/.test(line))).toEqual([]);
  });
});
