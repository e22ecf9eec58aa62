/**
 * Issue 11, item 15, in Astro: `unavailable_after: 2030-02-30` unquoted is turned by YAML into
 * a Date of 2 March 2030. The build must fail as it does for the quoted `'2030-02-30'`, naming
 * the file and the date as written, whether the page is a Markdown page or a collection entry.
 */
import robots from '@robots-kit/astro';
import { build } from 'astro';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureRoot } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';

const ROOT = fixtureRoot('dates');

/** Builds one source folder of the fixture; the error it fails with, or undefined. */
async function buildDates(srcDir: string): Promise<(Error & { hint?: string }) | undefined> {
  try {
    await build({
      root: fileURLToPath(ROOT),
      configFile: false,
      site: 'https://example.com',
      srcDir: `./${srcDir}`,
      outDir: `./dist/${srcDir}`,
      cacheDir: `./node_modules/.astro-${srcDir}`,
      logLevel: 'silent',
      integrations: [robots()],
    });
    return undefined;
  } catch (error) {
    return error as Error & { hint?: string };
  }
}

/** The message without the file's location, which differs between the folders. */
function problem(error: Error | undefined): string | undefined {
  return error?.message.replace(/^\[@robots-kit\/astro\] [^,]+, /, '');
}

describe('issue 11 item 15: impossible unquoted YAML dates in Astro', () => {
  it('fails on a quoted impossible date, naming the page', async () => {
    const error = await buildDates('quoted');
    expect(error?.message).toContain('quoted/pages/page.md');
    expect(error?.message).toContain('`2030-02-30`');
  });

  it('fails on the same date unquoted, with the same message, instead of rolling it over to March', async () => {
    const [quoted, unquoted] = [await buildDates('quoted'), await buildDates('unquoted')];
    expect(unquoted?.message).toContain('unquoted/pages/page.md');
    expect(problem(unquoted)).toBe(problem(quoted));
    expect(unquoted?.message).not.toContain('2030-03-02');
  });

  it('fails on the unquoted date in a collection entry that robotsSchema() kept', async () => {
    const error = await buildDates('entry');
    expect(error?.message).toContain('entry/content/notes/expiring.md');
    expect(error?.message).toContain('`2030-02-30`');
  });

  it('keeps a real unquoted date', async () => {
    expect(await buildDates('valid')).toBeUndefined();
    const html = await readFile(new URL('dist/valid/page/index.html', ROOT), 'utf8');
    expect(robotsTags(html).filter(([name]) => name === 'robots')).toEqual([
      ['robots', 'unavailable_after: 2030-02-28'],
    ]);
  });
});
