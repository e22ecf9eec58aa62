import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchHeaderPattern, parseHeadersFile, readHtaccessHeaders } from '@robots-kit/core/internal/adapter';
import { beforeAll, describe, expect, it } from 'vitest';
import robotsPlugin, { type RobotsOptions } from '../src/index.js';
import { relativeToCwd, STUBS, writeStub, type WrittenBuild } from './helpers/build-stub.js';

const DEPLOY = path.join(STUBS, 'deploy');
const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const options: RobotsOptions = {
  site: 'https://example.com',
  robotsTxt: { sitemap: true },
  headers: {
    rules: [{ path: '/files/*.pdf', robots: 'noindex, nofollow' }],
    html: true,
    targets: ['netlify', 'apache'],
  },
  audit: true,
};

function deploy(output?: string): Promise<WrittenBuild> {
  return writeStub(
    'deploy',
    (eleventyConfig) => {
      eleventyConfig.addPassthroughCopy(relativeToCwd(path.join(DEPLOY, 'files')));
      // The site's own _headers, copied into the output, which the plugin merges into.
      eleventyConfig.addPassthroughCopy(relativeToCwd(path.join(DEPLOY, '_headers')));
      eleventyConfig.addPlugin(robotsPlugin, options);
    },
    output === undefined ? {} : { output },
  );
}

/** Which X-Robots-Tag values Apache sends for a URL path under the `.htaccess` rules. */
function htaccessRobotsFor(htaccess: string, urlPath: string): string[] {
  return readHtaccessHeaders(htaccess).flatMap((rule) => {
    const subject = rule.kind === 'file-name' ? path.posix.basename(urlPath) : urlPath;
    if (rule.kind !== 'all' && !new RegExp(rule.pattern ?? '').test(subject)) return [];
    return rule.headers
      .filter((header) => header.name.toLowerCase() === 'x-robots-tag' && header.action === 'set')
      .map((header) => header.value ?? '');
  });
}

/** Which X-Robots-Tag values Netlify sends for a URL path under a `_headers` file. */
function headersFileRobotsFor(headers: string, urlPath: string): string[] {
  return [...parseHeadersFile(headers)]
    .filter(([pattern]) => matchHeaderPattern(pattern, urlPath, 'netlify'))
    .flatMap(([, lines]) =>
      lines.filter((line) => line.name.toLowerCase() === 'x-robots-tag').map((line) => line.value),
    );
}

let build: WrittenBuild;
const written = (file: string) => readFile(path.join(build.output, file), 'utf8');

beforeAll(async () => {
  build = await deploy();
});

describe('X-Robots-Tag header files', () => {
  it('builds', () => {
    expect(build.failure).toBeUndefined();
    expect(build.errors).toEqual([]);
  });

  it("Netlify `_headers`: the PDF rule and each page, merged into the site's own file", async () => {
    const headers = await written('_headers');
    expect(headersFileRobotsFor(headers, '/files/guide.pdf')).toEqual(['noindex, nofollow']);
    expect(headersFileRobotsFor(headers, '/files/other.txt')).toEqual([]);
    expect(headersFileRobotsFor(headers, '/private/')).toEqual(['noindex']);
    expect(headersFileRobotsFor(headers, '/')).toEqual([`googlebot: ${GOOGLEBOT}`]);
    expect(headersFileRobotsFor(headers, '/404.html')).toEqual([]);
    expect(parseHeadersFile(headers).get('/*')).toEqual([{ name: 'X-Frame-Options', value: 'DENY' }]);
    expect(await written('files/guide.pdf')).toMatch(/^%PDF-1\.4/);
  });

  it('Apache `.htaccess`: the same rules', async () => {
    const htaccess = await written('.htaccess');
    expect(htaccessRobotsFor(htaccess, '/files/guide.pdf')).toEqual(['noindex, nofollow']);
    expect(htaccessRobotsFor(htaccess, '/files/guide.txt')).toEqual([]);
    expect(htaccessRobotsFor(htaccess, '/private/')).toEqual(['noindex']);
    expect(htaccessRobotsFor(htaccess, '/')).toEqual([`googlebot: ${GOOGLEBOT}`]);
  });

  it('says what it wrote', () => {
    expect(build.warnings).toContainEqual(
      expect.stringMatching(
        /\[@robots-kit\/eleventy\] X-Robots-Tag header files updated: .*\/_headers, .*\/\.htaccess\.$/,
      ),
    );
  });

  it('replaces its own block on the next build into the same folder', async () => {
    const again = await deploy(build.output);
    expect(again.failure).toBeUndefined();
    for (const file of ['_headers', '.htaccess']) {
      const text = await written(file);
      expect(text.match(/# robots-kit:begin/g), file).toHaveLength(1);
      expect(text.match(/# robots-kit:end/g), file).toHaveLength(1);
    }
    expect((await written('_headers')).match(/X-Frame-Options/g)).toHaveLength(1);
  });
});

describe('audit: true', () => {
  it('audits the written site and logs the summary; a clean site builds', () => {
    expect(build.warnings).toContainEqual(
      expect.stringMatching(
        /\[@robots-kit\/eleventy\] robots-kit audit of .*deploy-\w+\/?: 3 pages, 1 sitemap URL; 0 errors, 0 warnings/,
      ),
    );
  });
});
