/**
 * Issue 40: `headers.contentUsage` and `headers.rules[].contentUsage` write the `Content-Usage`
 * response header (IETF AI Preferences) in every header-file target and on on-demand responses.
 */
import { describe, expect, it } from 'vitest';
import { generateHeaderFiles, normalizeOptions, type HeaderFile } from '../../src/index.js';
import { resolveResponse } from '../../src/resolve/response-header.js';
import { thrown } from '../robots-txt/thrown.js';
import {
  APACHE_MODULES,
  apacheBinary,
  apacheSetup,
  hasNginx,
  nginxSetup,
  removeDir,
  serveAndFetch,
} from './servers.js';

const context = { indexable: true, readExisting: () => undefined };
const files = (options: unknown): Record<string, string> =>
  Object.fromEntries(generateHeaderFiles(options, context).map((file: HeaderFile) => [file.path, file.content]));
const all = ['netlify', 'vercel', 'apache', 'nginx'];

describe('headers.contentUsage', () => {
  const written = files({ targets: all, contentUsage: { 'train-ai': 'n' } });

  it('writes Content-Usage for every path in _headers', () => {
    expect(written._headers).toContain('/*\n  Content-Usage: train-ai=n\n');
  });
  it('writes it in vercel.json', () => {
    const entries = JSON.parse(written['vercel-headers.json']!).headers as Array<{ headers: unknown[] }>;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.headers).toEqual([{ key: 'Content-Usage', value: 'train-ai=n' }]);
  });
  it('writes it in .htaccess, at top level', () => {
    expect(written['.htaccess']).toContain('\nHeader set Content-Usage "train-ai=n"\n');
  });
  it('writes it in the nginx snippet, at server level', () => {
    expect(written['robots-headers.nginx.conf']).toContain('\nset $robots_kit_usage "train-ai=n";\n');
    expect(written['robots-headers.nginx.conf']).toContain('\nadd_header Content-Usage $robots_kit_usage;\n');
  });

  it('repeats it in a rule of its own, since nginx and a single-rule host apply one rule per path', () => {
    const nested = files({
      targets: all,
      contentUsage: { 'train-ai': 'n' },
      rules: [{ path: '/files/**', robots: 'noindex' }],
    });
    expect(nested['robots-headers.nginx.conf']).toContain(
      '    set $robots_kit_1 "noindex";\n    set $robots_kit_usage "train-ai=n";\n}',
    );
    expect(nested._headers).toContain('/files/:p1/*\n  X-Robots-Tag: noindex\n  Content-Usage: train-ai=n\n');
  });
});

describe('headers.rules[].contentUsage', () => {
  const options = {
    targets: all,
    contentUsage: { 'train-ai': 'n', search: 'y' },
    rules: [{ path: '/gallery/**', contentUsage: { search: 'n', extensions: { 'x-foo': 'n' } } }],
  };
  const written = files(options);

  it('needs no `robots`, and replaces the site-wide terms term by term inside its paths', () => {
    expect(written._headers).toContain('/gallery/:p1/*\n  Content-Usage: search=n, train-ai=n, x-foo=n\n');
    expect(written['.htaccess']).toContain('  Header set Content-Usage "search=n, train-ai=n, x-foo=n"\n');
    expect(written['robots-headers.nginx.conf']).toContain(
      '    set $robots_kit_usage "search=n, train-ai=n, x-foo=n";\n',
    );
    const vercel = JSON.parse(written['vercel-headers.json']!).headers as Array<{ source: string; headers: unknown[] }>;
    expect(vercel.at(-1)!.headers).toEqual([{ key: 'Content-Usage', value: 'search=n, train-ai=n, x-foo=n' }]);
  });

  it('is sent on an on-demand response, with the X-Robots-Tag values', () => {
    const normalized = normalizeOptions({ headers: options });
    const rules = [{ path: ['/gallery/**'], key: 'headers.rules[0]', contentUsage: options.rules[0]!.contentUsage }];
    const inGallery = resolveResponse({ url: '/gallery/cat/' }, normalized, { kind: 'html', headerRules: rules });
    expect(inGallery.contentUsage).toBe('search=n, train-ai=n, x-foo=n');
    const elsewhere = resolveResponse({ url: '/blog/' }, normalized, { kind: 'other', headerRules: rules });
    expect(elsewhere.contentUsage).toBe('search=y, train-ai=n');
    expect(resolveResponse({ url: '/blog/' }, normalizeOptions({}), { kind: 'html' }).contentUsage).toBeUndefined();
  });
});

describe('bad Content-Usage options', () => {
  it('refuses a removed term with the reason, as robotsTxt.contentUsage does', () => {
    const error = thrown(() => generateHeaderFiles({ targets: ['netlify'], contentUsage: { bots: 'n' } }, context));
    expect(error.message).toContain('key `headers.contentUsage.bots`');
    expect(error.message).toContain('no longer an AI Preferences term');
  });
  it('refuses a rule that sets no header', () => {
    const error = thrown(() => generateHeaderFiles({ targets: ['netlify'], rules: [{ path: '/a/**' }] }, context));
    expect(error.message).toContain('key `headers.rules[0]`');
    expect(error.message).toContain('`robots` (an X-Robots-Tag), `contentUsage` (a Content-Usage header), or both');
  });
});

describe.each([
  { name: 'nginx', available: hasNginx, file: 'robots-headers.nginx.conf', setup: nginxSetup },
  {
    name: 'apache',
    available: apacheBinary !== undefined && APACHE_MODULES !== undefined,
    file: '.htaccess',
    setup: apacheSetup,
  },
] as const)('$name sends Content-Usage over HTTP as written', ({ name, available, file, setup }) => {
  it.skipIf(!available)(
    'site-wide, replaced term by term in a rule, beside X-Robots-Tag',
    async () => {
      const content = files({
        targets: [name],
        contentUsage: { 'train-ai': 'n', search: 'y' },
        rules: [
          { path: '/files/**', robots: 'noindex' },
          { path: '/gallery/**', contentUsage: { search: 'n' } },
        ],
      })[file]!;
      const site = { 'index.html': 'home', 'files/a.pdf': 'pdf', 'gallery/cat.png': 'png' };
      const server = setup(content, site);
      try {
        const responses = await serveAndFetch(server, ['/', '/files/a.pdf', '/gallery/cat.png']);
        expect(
          Object.fromEntries([...responses].map(([path, r]) => [path, [r.status, r.robots, r.contentUsage]])),
        ).toEqual({
          '/': [200, null, 'search=y, train-ai=n'],
          '/files/a.pdf': [200, 'noindex', 'search=y, train-ai=n'],
          '/gallery/cat.png': [200, null, 'search=n, train-ai=n'],
        });
      } finally {
        removeDir(server.dir);
      }
    },
    60_000,
  );
});
