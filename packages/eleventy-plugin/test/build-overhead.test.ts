/**
 * Issue 21: the plugin's share of a build. The costs themselves are measured in `npm run bench`
 * (Eleventy builds); these tests hold the behaviour the cheaper design must keep: the collection
 * index built once per build even on paginated pages, page data without a global
 * `eleventyComputed` key (kept for paginated templates only), and the same tags everywhere.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuildState, membershipForBuild } from '../src/page-data.js';
import { normalizeOptions } from '@robots-kit/core';
import { createProject, runCli, tagsByUrl } from './helpers/cli-project.js';
import type { EleventyCollectionItem } from '../src/types.js';

const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body>{{ content | safe }}</body>\n</html>\n';

describe('issue 21 item 1: the collection index is built once per build', () => {
  const item = (inputPath: string): EleventyCollectionItem =>
    ({ inputPath, page: { inputPath, url: `/${inputPath}/`, outputPath: false } }) as unknown as EleventyCollectionItem;

  it('is the same for every read of a paginated page’s collections (a new Proxy each time)', () => {
    const collections = { all: [item('a'), item('b')], drafts: [item('b')] };
    const state = createBuildState(normalizeOptions({}));
    // Eleventy's ProxyWrap hands paginated pages a new Proxy of `collections` on every read.
    const first = membershipForBuild(state, { collections: new Proxy(collections, {}) });
    const second = membershipForBuild(state, { collections: new Proxy(collections, {}) });
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect([...(first!.byInputPath.get('b') ?? [])].sort()).toEqual(['all', 'drafts']);
  });

  it('is built again for a new build’s collections', () => {
    const state = createBuildState(normalizeOptions({}));
    const first = membershipForBuild(state, { collections: { all: [item('a')] } });
    const next = membershipForBuild(state, { collections: { all: [item('a'), item('c')] } });
    expect(next).not.toBe(first);
    expect(next!.byInputPath.has('c')).toBe(true);
  });
});

describe('issue 21 item 2: page data by a preprocessor', () => {
  let dir: string;
  let log: string;

  beforeAll(async () => {
    dir = await createProject('build-overhead', {
      'package.json': '{ "name": "build-overhead", "private": true, "type": "module" }\n',
      'eleventy.config.js':
        "import robots from '@robots-kit/eleventy';\nexport default function (eleventyConfig) {\n  eleventyConfig.setUseGitIgnore(false);\n  eleventyConfig.addPlugin(robots, { noindex: { collections: ['drafts'] } });\n}\nexport const config = { dir: { input: 'src' } };\n",
      'src/_includes/page.njk': LAYOUT,
      'src/post.md': '---\nlayout: page.njk\ntitle: Post\nrobots: noarchive\n---\nA post.\n',
      'src/draft.md': '---\nlayout: page.njk\ntitle: Draft\ntags: drafts\n---\nA draft.\n',
      'src/hidden.md':
        '---\nlayout: page.njk\ntitle: Hidden\nrobots: nosnippet\neleventyExcludeFromCollections: true\n---\nIn no collection.\n',
      // A template reading its own data: the capture key is there only on paginated templates.
      'src/probe.11ty.js':
        "export default class {\n  data() { return { permalink: '/probe.json' }; }\n  render(data) { return JSON.stringify({ captureKey: 'robotsKitCapturePageData' in data }); }\n}\n",
      'src/list.njk':
        '---\nlayout: page.njk\ntitle: List\nrobots: noimageindex\ntags: drafts\npagination:\n  data: items\n  size: 1\nitems: [one, two, three]\npermalink: "/list/{{ pagination.pageNumber }}/"\n---\n{{ pagination.items[0] }}\n',
    });
    ({ log } = runCli(dir));
  }, 120_000);

  it('adds no eleventyComputed key to templates that are not paginated', async () => {
    expect(log).not.toMatch(/Error/);
    expect(JSON.parse(await readFile(path.join(dir, '_site', 'probe.json'), 'utf8'))).toEqual({ captureKey: false });
  });

  it('reads every page’s front matter and collections, paginated pages and pages in no collection included', async () => {
    const tags = await tagsByUrl(path.join(dir, '_site'));
    expect(tags['/post/']?.robots).toBe('noarchive');
    expect(tags['/draft/']?.robots).toBe('noindex, follow');
    expect(tags['/hidden/']?.robots).toBe('nosnippet');
    for (const page of ['/list/0/', '/list/1/', '/list/2/'])
      expect(tags[page]?.robots).toBe('noindex, follow, noimageindex');
  });
});

describe('issue 21 item 6: a build loads only what the options use', () => {
  /**
   * The modules a fresh process loads to import the plugin and build the `minimal` stub with
   * `options` (a real Eleventy): in memory, or written to `output` (the after-build steps, the
   * header writers among them, run only then).
   */
  function modulesLoaded(options: string, output?: string): string[] {
    const build = output
      ? `await eleventy.write();
      if (!readFileSync(${JSON.stringify(path.join(output, 'index.html'))}, 'utf8').includes('max-snippet')) throw new Error('the plugin did not run');`
      : `const pages = await eleventy.toJSON();
      if (!pages.some((page) => page.content.includes('max-snippet'))) throw new Error('the plugin did not run');`;
    const script = `
      import { registerHooks } from 'node:module';
      import { readFileSync } from 'node:fs';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      const { Eleventy } = await import('@11ty/eleventy');
      const { default: robots } = await import('@robots-kit/eleventy');
      const eleventy = new Eleventy('stubs/minimal', ${JSON.stringify(output ?? 'stubs/minimal/_site')}, { quietMode: true, config(eleventyConfig) { eleventyConfig.addPlugin(robots, ${options}); } });
      ${build}
      process.stdout.write('\\nloaded: ' + JSON.stringify(loaded));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(fileURLToPath(import.meta.url)),
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    // Eleventy logs what it wrote on stdout first.
    return JSON.parse(result.stdout.slice(result.stdout.lastIndexOf('\nloaded: ') + '\nloaded: '.length)) as string[];
  }
  /**
   * Core's modules that only some options need: the audit, the reports, the CLI, the logs, the
   * header writers (`site/write-header-files.js`, `headers/generate.js`). `audit/site-urls.js`
   * is not the audit: URL helpers with no import but `errors.js`, where the build manifest every
   * build writes (`writeBuildManifest`) lives.
   */
  const heavy = (urls: string[]) =>
    urls.filter((url) =>
      /\/core\/dist\/(?:audit\/(?!site-urls\.js)|report|logs|cli|headers\/generate|site\/write-header-files)\/?|\/jsonc-parser\//.test(
        url,
      ),
    );
  /** The options validation a build loads: the one schema (with zod), and no other validator. */
  const validators = (urls: string[]) =>
    urls
      .filter((url) => /\/core\/dist\/options\/[a-z-]+\.js$/.test(url))
      .map((url) => url.slice(url.lastIndexOf('/options/') + 1))
      .sort();

  it('default and full options without `headers` or `audit`: the options schema, no audit, reports or header writers', () => {
    const minimal = modulesLoaded('{}');
    expect(heavy(minimal)).toEqual([]);
    // Issue 35: one schema validates the options, so zod loads on every build (`npm run bench` measures it).
    expect(validators(minimal)).toEqual([
      'options/body-options.js',
      'options/defaults.js',
      'options/fields.js',
      'options/indexable.js',
      'options/normalize.js',
      'options/robots-txt-schema.js',
      'options/schema.js',
    ]);
    expect(minimal.some((url) => url.includes('/node_modules/zod/'))).toBe(true);
    expect(
      heavy(
        modulesLoaded(
          "{ site: 'https://example.com', noindex: { collections: ['drafts'], paths: ['/tags/**'] }, rules: [{ path: '/p/**', robots: 'noarchive' }], robotsTxt: { sitemap: true, blockAiBots: true } }",
        ),
      ),
    ).toEqual([]);
  });

  it('the bench’s full configuration, `headers` included, written to disk: the header writers, no audit', async () => {
    const output = mkdtempSync(path.join(tmpdir(), 'robots-kit-headers-'));
    try {
      const full =
        "{ site: 'https://example.com', noindex: { collections: ['drafts'], paths: ['/tags/**'] }, rules: [{ path: '/p/**', robots: 'max-snippet:120' }], robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], sitemap: true, blockAiBots: true }, headers: { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] } }";
      const loaded = heavy(modulesLoaded(full, output));
      // The header writers ran (and wrote `_headers`), with the JSONC parser of their `vercel.json` merge.
      const writers = (url: string) =>
        /\/core\/dist\/(?:headers\/generate|site\/write-header-files)\.js$/.test(url) || url.includes('/jsonc-parser/');
      expect(loaded.filter((url) => url.includes('/core/dist/headers/generate'))).toHaveLength(1);
      expect(loaded.filter((url) => url.includes('/core/dist/site/write-header-files'))).toHaveLength(1);
      expect(loaded.filter((url) => !writers(url))).toEqual([]);
      expect(await readFile(path.join(output, '_headers'), 'utf8')).toContain('# robots-kit:begin');
    } finally {
      rmSync(output, { recursive: true, force: true });
    }
  });

  it('a `headers` value of the wrong shape fails the build with normalizeOptions’ error, word for word', () => {
    const script = `
      const { Eleventy } = await import('@11ty/eleventy');
      const { default: robots } = await import('@robots-kit/eleventy');
      const eleventy = new Eleventy('stubs/minimal', 'stubs/minimal/_site', { quietMode: true, config(eleventyConfig) { return eleventyConfig.addPlugin(robots, { headers: { targets: ['netfly'] } }); } });
      try { await eleventy.toJSON(); } catch (error) { let cause = error; while (cause && !String(cause.message).includes('netfly')) cause = cause.originalError ?? cause.cause; process.stdout.write(String(cause?.message)); }
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(fileURLToPath(import.meta.url)),
      encoding: 'utf8',
    });
    const reference = (() => {
      try {
        normalizeOptions(
          { headers: { targets: ['netfly'] } },
          { package: '@robots-kit/eleventy', source: 'addPlugin options' },
        );
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(reference).toMatch(
      /^\[@robots-kit\/eleventy\] addPlugin options, key `headers\.targets\[0\]`: .*`netfly`; expected one of `netlify`/,
    );
    expect(result.stdout).toBe(reference);
  });
});
