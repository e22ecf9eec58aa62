/**
 * Issue 13 item 8 and issue 11 item 16: `headers.vercel.mergeInto` edits the user's vercel.json as
 * text. Only robots-kit's entries change; numbers, key order, escapes, duplicate keys and
 * formatting stay byte for byte, and a file that already says the same is returned as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { mergeVercelJson } from '../../src/headers/vercel-json.js';
import { VERCEL_MARKER, type VercelHeaderEntry } from '../../src/headers/vercel.js';
import { fuzzRuns } from '../fuzz-runs.js';

const entry = (source: string, value = 'noindex'): VercelHeaderEntry => ({
  source,
  headers: [{ key: 'X-Robots-Tag', value }],
  missing: [{ ...VERCEL_MARKER }],
});
const ENTRIES = [entry('/(files/[^/]*\\.pdf/?)'), entry('/(private(?:/[^/]+)*/?)', 'noindex, nofollow')];

const USER_FILE = `{
    "404": "not-found",
    "big": 12345678901234567890,
    "version": 2.0,
    "name": "caf\\u00e9",
    "dup": 1, "dup": 2,
    "headers": [
        { "source": "/a",   "headers": [{ "key": "Cache-Control", "value": "max-age=60" }] },
        { "source": "/b", "headers": [{ "key": "X-Frame-Options", "value": "DENY" }] }
    ],
    "trailingSlash": false
}
`;

describe('vercel.json merged as text (issue 13 item 8)', () => {
  it("keeps numbers, key order, escapes and duplicate keys outside robots-kit's entries byte for byte", () => {
    const merged = mergeVercelJson(USER_FILE, ENTRIES, 'vercel.json');
    const arrayStart = USER_FILE.indexOf('"headers": [') + '"headers": ['.length;
    const userEntriesEnd = USER_FILE.indexOf('"DENY" }] }') + '"DENY" }] }'.length;
    expect(merged.slice(0, userEntriesEnd)).toBe(USER_FILE.slice(0, userEntriesEnd));
    expect(merged.endsWith(USER_FILE.slice(USER_FILE.indexOf('\n    ],')))).toBe(true);
    expect(merged).toContain('12345678901234567890');
    expect(merged).toContain('"version": 2.0');
    expect(merged).toContain('"caf\\u00e9"');
    expect(merged).toContain('"dup": 1, "dup": 2');
    expect(merged.indexOf('"404"')).toBe(USER_FILE.indexOf('"404"'));
    expect(JSON.parse(merged).headers).toEqual([...JSON.parse(USER_FILE).headers, ...ENTRIES]);
    expect(merged.slice(arrayStart)).toMatch(/\n {8}\{\n {12}"source": "\/\(files/);
  });

  it('issue 11 item 16: returns the file unchanged when its entries already say the same', () => {
    const merged = mergeVercelJson(USER_FILE, ENTRIES, 'vercel.json');
    expect(mergeVercelJson(merged, ENTRIES, 'vercel.json')).toBe(merged);
    const tabbed =
      '{\n\t"headers": [\n\t\t' + JSON.stringify(ENTRIES[0]) + ',\n\t\t' + JSON.stringify(ENTRIES[1]) + '\n\t]\n}';
    expect(mergeVercelJson(tabbed, ENTRIES, 'vercel.json')).toBe(tabbed);
    expect(mergeVercelJson(USER_FILE, [], 'vercel.json')).toBe(USER_FILE);
    expect(mergeVercelJson('{"cleanUrls":true}', [], 'vercel.json')).toBe('{"cleanUrls":true}');
  });

  it("replaces only its own entries, in place, keeping the user's entries after them", () => {
    const ours = JSON.stringify(entry('/old'));
    const before = `{"headers": [\n  {"source": "/x"},\n  ${ours},\n  {"source":"/y"  }\n], "z": 1e3}`;
    const merged = mergeVercelJson(before, [entry('/new')], 'vercel.json');
    expect(JSON.parse(merged).headers.map((h: { source: string }) => h.source)).toEqual(['/x', '/new', '/y']);
    expect(merged).toContain('{"source":"/y"  }');
    expect(merged).toContain('"z": 1e3}');
    expect(mergeVercelJson(merged, [], 'vercel.json')).toBe(
      '{"headers": [\n  {"source": "/x"},\n  {"source":"/y"  }\n], "z": 1e3}',
    );
  });

  it('keeps a byte order mark, which JSON.parse refuses', () => {
    const withBom = '\uFEFF{\n  "cleanUrls": true\n}\n';
    const merged = mergeVercelJson(withBom, ENTRIES, 'vercel.json');
    expect(merged.startsWith('\uFEFF{\n  "cleanUrls": true,\n  "headers": [')).toBe(true);
    expect(JSON.parse(merged.slice(1)).headers).toEqual(ENTRIES);
    expect(mergeVercelJson(merged, ENTRIES, 'vercel.json')).toBe(merged);
  });

  it.each([
    ['{"headers": [], "headers": []}', /`headers` key appears more than once/],
    ['{"headers": {}}', /`headers` is not an array/],
    ['[1]', /not a JSON object/],
    ['{\n  "a": 1,\n}', /invalid JSON .*line 3, column 1/],
    ['{ // comment\n}', /invalid JSON/],
  ])('refuses %j with a clear error', (text, message) => {
    expect(() => mergeVercelJson(text, ENTRIES, 'vercel.json')).toThrow(RobotsError);
    expect(() => mergeVercelJson(text, ENTRIES, 'vercel.json')).toThrow(message);
  });

  it('on random files: the same JSON plus our entries, the rest of the text kept, and a second merge changes nothing', () => {
    const key = fc.string({ maxLength: 6 }).filter((k) => k !== 'headers');
    const userEntry = fc.record({
      source: fc.string({ maxLength: 8 }),
      headers: fc.constant([{ key: 'A', value: 'b' }]),
    });
    const file = fc.record({
      before: fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      headers: fc.option(fc.array(fc.oneof(userEntry, fc.constant(entry('/stale'))), { maxLength: 4 }), {
        nil: undefined,
      }),
      after: fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      indent: fc.constantFrom(0, 2, 4, '\t'),
    });
    fc.assert(
      fc.property(
        file,
        fc.array(fc.constantFrom(...ENTRIES), { maxLength: 2 }),
        ({ before, headers, after, indent }, entries) => {
          const object: Record<string, unknown> = { ...before };
          if (headers !== undefined) object.headers = headers;
          for (const [name, value] of Object.entries(after)) if (!(name in object)) object[name] = value;
          const text = JSON.stringify(object, null, indent);
          const merged = mergeVercelJson(text, entries, 'vercel.json');
          // Ours go where the first of the old ones was, or last.
          const original = JSON.parse(text) as Record<string, unknown>;
          const list = (original.headers ?? []) as Array<Record<string, unknown>>;
          const first = list.findIndex((h) => 'missing' in h);
          const kept = list.filter((h) => !('missing' in h));
          const at = first === -1 ? kept.length : list.slice(0, first).filter((h) => !('missing' in h)).length;
          const expected = {
            ...original,
            ...(headers !== undefined || entries.length > 0
              ? { headers: [...kept.slice(0, at), ...entries, ...kept.slice(at)] }
              : {}),
          };
          const parsed = JSON.parse(merged);
          expect(parsed).toEqual(expected);
          expect(Object.keys(parsed)).toEqual(Object.keys(expected));
          expect(mergeVercelJson(merged, entries, 'vercel.json')).toBe(merged);
          // Everything before the `headers` value is the user's text, untouched.
          const start = text.indexOf('"headers":');
          if (start >= 0) expect(merged.slice(0, start)).toBe(text.slice(0, start));
        },
      ),
      fuzzRuns(300),
    );
  });
});
