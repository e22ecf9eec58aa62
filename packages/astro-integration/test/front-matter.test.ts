/**
 * Reading the robots key from content files' front matter: files that cannot hold the key are
 * not parsed (issue 21: parsing every post's YAML was most of the cost), and no file that holds
 * it, however it is written, is passed over.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayHaveKeys, scanFrontMatter } from '../src/front-matter.js';

const FILES: Record<string, string> = {
  'plain.md': "---\ntitle: 'A post'\nrobots: noindex\n---\n\nBody.\n",
  'none.md': "---\ntitle: 'A post about robots'\n---\n\nThe body talks about robots too.\n",
  'escaped.md': '---\ntitle: A post\n"\\x72obots": noindex, nofollow\n---\n\nBody.\n',
  'unicode-escaped.md': '---\n"\\u0072obots": nosnippet\n---\n',
  'toml.md': '+++\ntitle = "A post"\nrobots = "noarchive"\n+++\n\nBody.\n',
  'anchor.md': '---\ndefaults: &d\n  robots: noindex\n<<: *d\ntitle: x\n---\n',
  'crlf.md': '---\r\ntitle: x\r\nrobots: noimageindex\r\n---\r\n',
  'data.md': '---\ndraft: true\n---\n',
  'no-front-matter.md': '# Just a heading\n\nrobots: noindex is not front matter.\n',
  'body-only.md': "---\ntitle: 'A post'\n---\n\nrobots: noindex in the body is not front matter.\n",
  'leading-lines.md': '\n\n\n\n---\nrobots: noindex\n---\n',
  'plus-inside.md': '---\ntext: x\n+++\n---\n\nrobots: noindex\n',
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'robots-kit-front-matter-'));
  await mkdir(join(root, 'src', 'content'), { recursive: true });
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(root, 'src', 'content', name), text);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('scanFrontMatter', () => {
  it('reads the key however the front matter writes it, and leaves out files without it', async () => {
    const found = await scanFrontMatter(root, join(root, 'src'), ['robots', 'draft']);
    expect(Object.fromEntries(found)).toEqual({
      'src/content/anchor.md': { robots: 'noindex' },
      'src/content/crlf.md': { robots: 'noimageindex' },
      'src/content/data.md': { draft: true },
      'src/content/escaped.md': { robots: 'noindex, nofollow' },
      'src/content/leading-lines.md': { robots: 'noindex' },
      'src/content/plain.md': { robots: 'noindex' },
      'src/content/toml.md': { robots: 'noarchive' },
      'src/content/unicode-escaped.md': { robots: 'nosnippet' },
    });
  });
});

describe('mayHaveKeys', () => {
  it('is false only for front matter that neither names a key nor has an escape', () => {
    expect(mayHaveKeys("\ntitle: 'A post about robots.txt'\n", ['noindex'])).toBe(false);
    expect(mayHaveKeys('\ntitle: x\n', ['robots', 'draft'])).toBe(false);
    expect(mayHaveKeys('\nrobots: noindex\n', ['robots'])).toBe(true);
    expect(mayHaveKeys('\n"\\x72obots": noindex\n', ['robots'])).toBe(true);
    expect(mayHaveKeys('\ntitle: x\n', ['title'])).toBe(true);
  });
});
