/**
 * Issue 40: the AI Preferences vocabulary as published (`train-ai`, `search`; removed terms refused
 * with the reason, others only as `extensions`), Content Signals' `use=` and signals passed through,
 * and `blockAiBots.bing`.
 */
import { describe, expect, it } from 'vitest';
import {
  generateRobotsTxt,
  generateRobotsTxtReport,
  normalizeOptions,
  resolvePage,
  type RobotsTxtContext,
  type RobotsTxtOptions,
} from '../../src/index.js';
import { validateRobotsTxtOptions } from '../../src/robots-txt/validate-options.js';
import { robotsTxtOptionsSchema } from '../../src/options/schema.js';
import { thrown } from './thrown.js';

const live: RobotsTxtContext = { indexable: true, now: new Date('2026-11-28T12:00:00Z') };
const messageFor = (options: unknown) => thrown(() => validateRobotsTxtOptions(options)).message;

describe('contentUsage: the AI Preferences vocabulary as published', () => {
  it('accepts `train-ai` and `search` and writes them by name', () => {
    expect(generateRobotsTxt({ contentUsage: { 'train-ai': 'n', search: 'y' } }, live)).toContain(
      'Content-Usage: search=y, train-ai=n\n',
    );
  });

  it.each([
    ['bots', 'removed from the vocabulary in November 2025'],
    ['ai-output', 'removed from the vocabulary in November 2025'],
  ])('refuses the removed term `%s` with the reason and the current terms', (term, reason) => {
    const message = messageFor({ contentUsage: { [term]: 'y' } });
    expect(message).toContain(`key \`robotsTxt.contentUsage.${term}\``);
    expect(message).toContain(`\`${term}\` is no longer an AI Preferences term`);
    expect(message).toContain(reason);
    expect(message).toContain('`train-ai` and `search`');
  });

  it('says which current term a removed or borrowed term became (did-you-mean)', () => {
    expect(messageFor({ contentUsage: { 'train-genai': 'n' } })).toContain('Did you mean `train-ai`?');
    // Content Signals' name for the same preference.
    expect(messageFor({ contentUsage: { 'ai-train': 'n' } })).toContain('Did you mean `train-ai`?');
    expect(messageFor({ contentUsagePaths: { '/a/': { serch: 'n' } } })).toContain('Did you mean `search`?');
  });

  it('refuses an unknown term unless it is marked as an extension, and writes extensions after the terms', () => {
    const message = messageFor({ contentUsage: { 'x-foo': 'n' } });
    expect(message).toContain('not a term of the IETF AI Preferences vocabulary');
    expect(message).toContain("`{ extensions: { 'x-foo': 'n' } }`");
    const text = generateRobotsTxt(
      { contentUsage: { 'train-ai': 'n', extensions: { 'x-foo': 'y', 'a-bar': 'n' } } },
      live,
    );
    expect(text).toContain('Content-Usage: train-ai=n, a-bar=n, x-foo=y\n');
    expect(messageFor({ contentUsage: { extensions: { X_Foo: 'n' } } })).toContain(
      'key `robotsTxt.contentUsage.extensions.X_Foo`',
    );
    expect(messageFor({ contentUsage: { extensions: { 'x-foo': 'no' } } })).toContain('Did you mean `n`?');
  });

  it('checks the same way per group and per path', () => {
    expect(messageFor({ groups: [{ userAgent: '*', contentUsage: { bots: 'n' } }] })).toContain(
      'key `robotsTxt.groups[0].contentUsage.bots`',
    );
    expect(messageFor({ contentUsagePaths: { '/g/': { 'ai-output': 'n' } } })).toContain(
      'no longer an AI Preferences term',
    );
  });

  it("has a zod shape that agrees: the adapter's schema refuses `bots` and takes `extensions`", () => {
    expect(robotsTxtOptionsSchema.safeParse({ contentUsage: { bots: 'n' } }).success).toBe(false);
    expect(robotsTxtOptionsSchema.safeParse({ contentUsage: { extensions: { 'x-foo': 'n' } } }).success).toBe(true);
  });
});

describe('contentSignal: `use` and signals passed through', () => {
  it.each(['immediate', 'reference', 'full'] as const)('writes `use=%s` after the other signals', (use) => {
    const text = generateRobotsTxt({ contentSignal: { use, 'ai-train': 'no', search: 'yes' } }, live);
    expect(text).toContain(`Content-Signal: search=yes, ai-train=no, use=${use}\n`);
  });

  it('refuses a `use` value it does not define, and yes/no values elsewhere', () => {
    const message = messageFor({ contentSignal: { use: 'yes' } });
    expect(message).toContain('invalid content-signal value `yes`');
    expect(message).toContain('`immediate` or `reference` or `full`');
    expect(messageFor({ contentSignal: { use: 'Reference' } })).toContain('Did you mean `reference`?');
    expect(messageFor({ contentSignal: { search: 'reference' } })).toContain('`yes` or `no`');
  });

  it('passes another well-formed signal through, written after the known ones, with a warning that says so', () => {
    const options: RobotsTxtOptions = { contentSignal: { 'ai-train': 'no', 'ai-agent': 'no' } };
    const report = generateRobotsTxtReport(options, live);
    expect(report.text).toContain('Content-Signal: ai-train=no, ai-agent=no\n');
    expect(report.warnings.map((warning) => [warning.code, warning.message])).toEqual([
      ['content-signal-passed-through', expect.stringContaining('`robotsTxt.contentSignal.ai-agent`')],
    ]);
    expect(report.warnings[0]!.message).toContain('written as given');
  });

  it('still refuses a typo of a known signal, and a key that is no word', () => {
    expect(messageFor({ contentSignal: { 'ai-trian': 'no' } })).toContain('Did you mean `ai-train`?');
    expect(messageFor({ contentSignal: { 'ai agent': 'no' } })).toContain('Did you mean `ai-agent`?');
  });
});

describe('blockAiBots.bing', () => {
  it('gives every page `bingbot: noarchive, nocache`, and nothing to other crawlers', () => {
    const options = normalizeOptions({ robotsTxt: { blockAiBots: { bing: true } } });
    const tags = resolvePage({ url: '/post/' }, options);
    expect(tags.bingbot).toBe('noarchive, nocache');
    expect(tags.robots).toBeUndefined();
    expect(
      resolvePage({ url: '/post/' }, normalizeOptions({ robotsTxt: { blockAiBots: true } })).bingbot,
    ).toBeUndefined();
  });

  it('is a boolean', () => {
    const message = messageFor({ blockAiBots: { bing: 'nocache' } });
    expect(message).toContain('key `robotsTxt.blockAiBots.bing`');
    expect(message).toContain('Did you mean `true`?');
  });
});
