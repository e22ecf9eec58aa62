/**
 * Issue 18, item 2: the `audit` option takes `{ html }` to also write the HTML report, in both
 * adapters. Normalized once, idempotent and JSON-safe like every option; bad values are refused
 * naming `audit.html`.
 */
import { describe, expect, it } from 'vitest';
import { normalizeOptions, RobotsError } from '../src/index.js';

const normalize = (audit: unknown) =>
  normalizeOptions({ audit }, { env: {}, package: '@robots-kit/astro', source: 'robots() options' }).audit;

describe('issue 18: the audit option', () => {
  it.each([
    [undefined, false],
    [false, false],
    [true, true],
    [{}, true],
    [{ html: false }, true],
    [{ html: true }, { html: 'robots-kit-report.html' }],
    [{ html: 'reports/robots.html' }, { html: 'reports/robots.html' }],
  ])('%j normalizes to %j, and that again to itself', (input, expected) => {
    expect(normalize(input)).toEqual(expected);
    const once = normalizeOptions({ audit: input }, { env: {} });
    expect(normalizeOptions(JSON.parse(JSON.stringify(once)), { env: {} })).toEqual(once);
  });

  it.each([
    ['yes', 'key `audit`', 'expected `true`, `false` or an object such as `{ html: true }`'],
    [{ html: 3 }, 'key `audit.html`', 'a file name such as `reports/robots.html`'],
    [{ html: '  ' }, 'key `audit.html`', 'a file name'],
    [{ htm: true }, 'audit.htm', 'html'],
  ])('refuses %j, naming the key and the fix', (input, key, fix) => {
    let error: unknown;
    try {
      normalize(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RobotsError);
    const message = (error as RobotsError).message;
    expect(message).toContain('@robots-kit/astro');
    expect(message).toContain(key);
    expect(message).toContain(fix);
  });
});
