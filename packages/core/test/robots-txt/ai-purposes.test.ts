/**
 * Issue 16 part 2: AI controls by purpose (`blockAiBots: { purposes, except, extra }`), tokens
 * with digits, and Content-Signal / Content-Usage per group and per path.
 */
import { describe, expect, it } from 'vitest';
import {
  AI_BOTS,
  findGroupTraps,
  generateRobotsTxt,
  generateRobotsTxtReport,
  isAllowed,
  parseRobotsTxt,
  type RobotsTxtContext,
} from '../../src/index.js';
import { thrown } from './thrown.js';

const live: RobotsTxtContext = { indexable: true, now: new Date('2026-11-28T12:00:00Z') };
/** The user-agent lines of the group that disallows `/` for AI agents. */
function aiGroup(text: string): string[] {
  const start = text.indexOf('# AI agents for');
  expect(start, text).toBeGreaterThanOrEqual(0);
  const block = text.slice(start).split('\n\n')[0]!;
  return block
    .split('\n')
    .filter((line) => line.startsWith('User-agent: '))
    .map((line) => line.slice('User-agent: '.length));
}

describe('blockAiBots: true', () => {
  it('blocks every entry of the list, all four purposes, in list order', () => {
    const text = generateRobotsTxt({ blockAiBots: true }, live);
    expect(aiGroup(text)).toEqual(AI_BOTS.map((bot) => bot.userAgent));
    expect(text).toContain(
      '# AI agents for ai-training, ai-search, ai-user, ai-control (robots-kit blockAiBots, list reviewed 2026-11-28)\n',
    );
  });
});

describe('blockAiBots: true with the whole list', () => {
  it('is deterministic and far within the 500 KiB Google reads', () => {
    const first = generateRobotsTxt({ blockAiBots: true }, live);
    expect(generateRobotsTxt({ blockAiBots: true }, live)).toBe(first);
    const bytes = new TextEncoder().encode(first).length;
    expect(bytes).toBeLessThan(500 * 1024);
    expect(bytes).toBeGreaterThan(AI_BOTS.length * 'User-agent: '.length);
  });
});

describe('blockAiBots: { purposes, except, extra }', () => {
  it('keeps the entries of the chosen purposes only', () => {
    const text = generateRobotsTxt({ blockAiBots: { purposes: ['ai-training'] } }, live);
    const tokens = aiGroup(text);
    expect(tokens).toEqual(AI_BOTS.filter((bot) => bot.purpose === 'ai-training').map((bot) => bot.userAgent));
    expect(tokens).toContain('GPTBot');
    expect(tokens).not.toContain('OAI-SearchBot');
    expect(tokens).not.toContain('ChatGPT-User');
    const parsed = parseRobotsTxt(text);
    expect(isAllowed(parsed, 'GPTBot', '/')).toBe(false);
    expect(isAllowed(parsed, 'OAI-SearchBot', '/')).toBe(true);
    expect(text).toContain('# AI agents for ai-training (robots-kit blockAiBots');
  });

  it('leaves `except` tokens out (any case) and adds `extra` ones once', () => {
    const tokens = aiGroup(
      generateRobotsTxt(
        {
          blockAiBots: {
            purposes: ['ai-training', 'ai-search'],
            except: ['ccbot', 'GPTBot'],
            extra: ['NewAIBot', 'gptbot2', 'ClaudeBot'],
          },
        },
        live,
      ),
    );
    expect(tokens).not.toContain('CCBot');
    expect(tokens).not.toContain('GPTBot');
    expect(tokens.slice(-2)).toEqual(['NewAIBot', 'gptbot2']);
    expect(tokens.filter((token) => token === 'ClaudeBot')).toHaveLength(1);
  });

  it('defaults to every purpose, and writes no group when nothing is left', () => {
    expect(aiGroup(generateRobotsTxt({ blockAiBots: { except: ['ChatGPT-User'] } }, live))).toHaveLength(
      AI_BOTS.length - 1,
    );
    const none = generateRobotsTxt(
      {
        blockAiBots: {
          purposes: ['ai-control'],
          except: AI_BOTS.filter((bot) => bot.purpose === 'ai-control').map((bot) => bot.userAgent),
        },
      },
      live,
    );
    expect(none).toBe('User-agent: *\nDisallow:\n');
  });

  it("warns when the user's own group still lets a chosen agent in, and only for chosen ones", () => {
    const existing = 'User-agent: GPTBot\nAllow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n';
    const report = generateRobotsTxtReport({ blockAiBots: { purposes: ['ai-search'] } }, { ...live, existing });
    expect(report.warnings.map((warning) => warning.value)).toEqual(['OAI-SearchBot']);
  });

  it('refuses an unknown purpose with a did-you-mean, naming the key', () => {
    const error = thrown(() => generateRobotsTxt({ blockAiBots: { purposes: ['ai-trainin' as 'ai-training'] } }, live));
    expect(error.message).toBe(
      '[@robots-kit/core] key `robotsTxt.blockAiBots.purposes[0]`: unknown AI bot purpose `ai-trainin`; expected `ai-training`, `ai-search`, `ai-user`, `ai-control`. Did you mean `ai-training`?',
    );
    expect(
      thrown(() => generateRobotsTxt({ blockAiBots: { purposes: ['training' as 'ai-training'] } }, live)).details
        .suggestion,
    ).toBe('ai-training');
    expect(thrown(() => generateRobotsTxt({ blockAiBots: { purposes: [] } }, live)).message).toContain(
      'names no purpose',
    );
  });

  it('refuses an `except` token the list does not have, suggesting the closest', () => {
    const error = thrown(() => generateRobotsTxt({ blockAiBots: { except: ['ChatGPT-Usr'] } }, live));
    expect(error.details.key).toBe('robotsTxt.blockAiBots.except[0]');
    expect(error.message).toContain('not a token of the AI bot list');
    expect(error.message).toContain('Did you mean `ChatGPT-User`?');
  });

  it('refuses bad `extra` tokens and unknown keys', () => {
    expect(thrown(() => generateRobotsTxt({ blockAiBots: { extra: ['*'] } }, live)).message).toContain(
      '`*` is every crawler',
    );
    expect(thrown(() => generateRobotsTxt({ blockAiBots: { extra: ['New Bot'] } }, live)).message).toContain(
      'Did you mean `New-Bot`?',
    );
    expect(thrown(() => generateRobotsTxt({ blockAiBots: { purpose: ['ai-user'] } as never }, live)).message).toContain(
      'Did you mean `purposes`?',
    );
  });
});

describe('product tokens with digits', () => {
  it('are written whole in user groups, with a note (not a warning) on what Google-style parsers read', () => {
    const report = generateRobotsTxtReport(
      { groups: [{ userAgent: '*' }, { userAgent: 'AI2Bot', disallow: ['/'] }] },
      live,
    );
    expect(report.text).toContain('User-agent: AI2Bot\nDisallow: /\n');
    expect(report.warnings).toEqual([]);
    expect(report.notes.map((note) => note.message)).toEqual([
      "[@robots-kit/core] robots.txt: is written whole, as RFC 9309 crawlers that match their own whole token read it; parsers that follow Google's read only letters, `-` and `_`, so to them the line names `AI`, and the crawler falls back to the `*` group. The product token `AI2Bot`.",
    ]);
  });

  it('keep the group-trap warning honest: named as written, with what Google reads', () => {
    const report = generateRobotsTxtReport(
      {
        groups: [
          { userAgent: '*', disallow: ['/private/'] },
          { userAgent: 'AI2Bot', disallow: ['/drafts/'] },
        ],
      },
      live,
    );
    expect(report.warnings.map((warning) => warning.message)).toEqual([
      "[@robots-kit/core] robots.txt: the `AI2Bot` (read as `AI` by parsers that follow Google's) group (line 4) makes AI2Bot ignore the `User-agent: *` group, so it may crawl `/private/` (line 2); expected those Disallow lines repeated in the `AI2Bot` group.",
    ]);
  });

  it("are named as written by findGroupTraps, which the audit's `group-override` uses", () => {
    const traps = findGroupTraps('User-agent: *\nDisallow: /private/\n\nUser-agent: AI2Bot\nDisallow: /drafts/\n');
    expect(traps.map((trap) => [trap.userAgent, trap.written])).toEqual([['AI', 'AI2Bot']]);
    expect(
      findGroupTraps('User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /drafts/\n')[0],
    ).not.toHaveProperty('written');
  });

  it('do not merge with another token that Google reads the same', () => {
    const text = generateRobotsTxt(
      {
        groups: [
          { userAgent: 'AI2Bot', disallow: ['/a/'] },
          { userAgent: 'AI3Bot', disallow: ['/b/'] },
        ],
      },
      live,
    );
    expect(text).toBe('User-agent: AI2Bot\nDisallow: /a/\n\nUser-agent: AI3Bot\nDisallow: /b/\n');
  });
});

describe('Content-Signal and Content-Usage per group and per path', () => {
  it("writes a group's own lines in that group, and the top-level ones in `*`", () => {
    const text = generateRobotsTxt(
      {
        contentSignal: { search: 'yes', 'ai-train': 'no' },
        groups: [
          { userAgent: '*' },
          {
            userAgent: 'Googlebot',
            contentSignal: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' },
            contentUsage: { 'train-ai': 'n' },
          },
        ],
      },
      live,
    );
    expect(text).toBe(
      [
        'User-agent: *',
        'Content-Signal: search=yes, ai-train=no',
        'Disallow:',
        '',
        'User-agent: Googlebot',
        'Content-Signal: search=yes, ai-input=yes, ai-train=no',
        'Content-Usage: train-ai=n',
        'Disallow:',
        '',
      ].join('\n'),
    );
  });

  it("writes Content-Usage for paths (the attachment draft's path form), sorted, after the group-wide line", () => {
    const text = generateRobotsTxt(
      {
        contentUsage: { 'train-ai': 'n' },
        contentUsagePaths: { '/open-data/': { 'train-ai': 'y' }, '/gallery/': { 'train-ai': 'n', search: 'y' } },
      },
      live,
    );
    expect(text).toBe(
      'User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /gallery/ search=y, train-ai=n\nContent-Usage: /open-data/ train-ai=y\nDisallow:\n',
    );
    const parsed = parseRobotsTxt(text);
    expect(parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });

  it("merges with the site's own file per path: the same path set differently is a conflict, another path is not", () => {
    const existing = 'User-agent: *\nContent-Usage: /gallery/ train-ai=y\n';
    const other = generateRobotsTxt({ contentUsagePaths: { '/open/': { 'train-ai': 'y' } } }, { ...live, existing });
    expect(other).toContain('Content-Usage: /gallery/ train-ai=y\n');
    expect(other).toContain('Content-Usage: /open/ train-ai=y\n');
    const same = generateRobotsTxt({ contentUsagePaths: { '/gallery/': { 'train-ai': 'y' } } }, { ...live, existing });
    expect(same.match(/Content-Usage/g)).toHaveLength(1);
    const conflict = thrown(() =>
      generateRobotsTxt({ contentUsagePaths: { '/gallery/': { 'train-ai': 'n' } } }, { ...live, existing }),
    );
    expect(conflict.message).toContain('robotsTxt.contentUsagePaths./gallery/');
  });

  it('checks paths and values of the new options', () => {
    expect(
      thrown(() => generateRobotsTxt({ contentUsagePaths: { 'gallery/': { 'train-ai': 'n' } } }, live)).message,
    ).toContain('Did you mean `/gallery/`?');
    expect(
      thrown(() => generateRobotsTxt({ contentUsagePaths: { '/g/': { 'train-ai': 'no' as 'n' } } }, live)).message,
    ).toContain('Did you mean `n`?');
    expect(
      thrown(() =>
        generateRobotsTxt(
          { groups: [{ userAgent: 'Googlebot', contentSignal: { 'ai-training': 'no' } as never }] },
          live,
        ),
      ).message,
    ).toContain('key `robotsTxt.groups[0].contentSignal.ai-training`');
  });
});

describe('the audit of a robots.txt with tokens with digits', () => {
  it('reports nothing for the listed AI tokens blockAiBots writes, and info for other tokens with digits', async () => {
    const { auditSite } = await import('../../src/audit/audit-site.js');
    const { tempSite, PAGE } = await import('../audit/temp-site.js');
    const robotsTxt = generateRobotsTxt(
      { blockAiBots: true, groups: [{ userAgent: '*' }, { userAgent: 'Foo2Bot', disallow: ['/'] }] },
      live,
    );
    const site = tempSite({ 'index.html': PAGE, 'robots.txt': robotsTxt });
    try {
      const report = await auditSite(site.root, {});
      const syntax = report.findings.filter((finding) => finding.id === 'robots-txt-syntax');
      expect(syntax.map((finding) => [finding.severity, finding.message.includes('Foo2Bot')])).toEqual([
        ['info', true],
      ]);
    } finally {
      site.cleanup();
    }
  });
});
