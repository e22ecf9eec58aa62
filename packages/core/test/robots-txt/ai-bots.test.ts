import { describe, expect, it } from 'vitest';
import { AI_BOTS, generateRobotsTxtReport } from '../../src/index.js';
import { AI_BOTS_REVIEWED } from '../../src/adapter.js';
import { isWritableProductToken } from '../../src/robots-txt/validate-options.js';
import { aiBotsListAge } from '../../src/robots-txt/ai-bots.js';

describe('AI_BOTS', () => {
  it('records when it was reviewed', () => {
    expect(AI_BOTS_REVIEWED).toBe('2026-11-28');
    // The list's date is its latest entry's.
    expect(
      AI_BOTS.map((bot) => bot.reviewed)
        .sort()
        .at(-1),
    ).toBe(AI_BOTS_REVIEWED);
  });

  it('holds only valid, unique product tokens', () => {
    for (const bot of AI_BOTS) expect(isWritableProductToken(bot.userAgent), bot.userAgent).toBe(true);
    const lower = AI_BOTS.map((bot) => bot.userAgent.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('documents each entry', () => {
    for (const bot of AI_BOTS) {
      expect(bot.operator.length, bot.userAgent).toBeGreaterThan(1);
      expect(bot.description.length, bot.userAgent).toBeGreaterThan(20);
      expect(['ai-training', 'ai-search', 'ai-user', 'ai-control']).toContain(bot.purpose);
      expect(['yes', 'no', 'unknown']).toContain(bot.obeysRobotsTxt);
      // Issue 16: a source (an https page) and a review date per entry.
      expect(new URL(bot.source).protocol, bot.userAgent).toBe('https:');
      expect(bot.reviewed, bot.userAgent).toMatch(/^2026-\d\d-\d\d$/);
      expect(Number.isNaN(Date.parse(bot.reviewed)), bot.userAgent).toBe(false);
      // Dark Visitors became Known Agents (issue 40).
      expect(bot.source, bot.userAgent).not.toContain('darkvisitors.com');
    }
  });

  it('is sorted by purpose, then token, so the generated robots.txt is the same on every build', () => {
    const order = ['ai-training', 'ai-search', 'ai-user', 'ai-control'];
    const keys = AI_BOTS.map((bot) => [order.indexOf(bot.purpose), bot.userAgent.toLowerCase()] as const);
    const sorted = [...keys].sort(([a, x], [b, y]) => a - b || (x < y ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  // Issue 40: the agents the list of 2026-11-22 missed, each under the purpose its operator documents.
  it.each([
    ['meta-webindexer', 'Meta', 'ai-search'],
    ['Cloudflare-AutoRAG', 'Cloudflare', 'ai-search'],
    ['Bravebot', 'Brave', 'ai-search'],
    ['ICC-Crawler', 'NICT', 'ai-training'],
    ['omgili', 'Webz.io', 'ai-training'],
    ['YandexAdditionalBot', 'Yandex', 'ai-search'],
    ['SemrushBot-OCOB', 'Semrush', 'ai-user'],
    ['OAI-AdsBot', 'OpenAI', 'ai-user'],
    ['Google-NotebookLM', 'Google', 'ai-user'],
    ['Google-GeminiNotebook', 'Google', 'ai-user'],
    ['DeepSeekBot', 'DeepSeek', 'ai-training'],
    ['TikTokSpider', 'ByteDance', 'ai-training'],
  ])('lists %s (%s) as %s', (token, operator, purpose) => {
    const bot = AI_BOTS.find((one) => one.userAgent === token);
    expect(bot, token).toBeDefined();
    expect(bot!.operator).toBe(operator);
    expect(bot!.purpose).toBe(purpose);
  });

  it("says which agents are documented not to obey robots.txt, and where the operators' pages moved", () => {
    const bot = (token: string) => AI_BOTS.find((one) => one.userAgent === token)!;
    expect(bot('Perplexity-User').obeysRobotsTxt).toBe('no');
    expect(bot('GPTBot').obeysRobotsTxt).toBe('yes');
    expect(bot('GPTBot').source).toBe('https://developers.openai.com/api/docs/bots');
    expect(bot('ClaudeBot').source).toMatch(/^https:\/\/support\.claude\.com\/en\/articles\/8896518/);
  });

  it('leaves out what no robots.txt line can name, and crawlers whose main job is not AI', () => {
    const names = new Set(AI_BOTS.map((bot) => bot.userAgent.toLowerCase()));
    for (const token of ['Kangaroo Bot', 'iaskspider/2.0', 'bigsur.ai', 'Applebot', 'facebookexternalhit', 'Spider'])
      expect(names.has(token.toLowerCase()), token).toBe(false);
    // The snapshot's other entries, spelled in any case, are all there.
    expect(AI_BOTS.length).toBeGreaterThan(130);
  });

  it('covers the agents the brief names', () => {
    const names = new Set(AI_BOTS.map((bot) => bot.userAgent.toLowerCase()));
    const required = [
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-SearchBot',
      'Claude-User',
      'anthropic-ai',
      'Google-Extended',
      'Applebot-Extended',
      'PerplexityBot',
      'Perplexity-User',
      'Bytespider',
      'CCBot',
      'meta-externalagent',
      'Amazonbot',
      'cohere-ai',
      'Diffbot',
      'MistralAI-User',
      'Meta-ExternalFetcher',
      'FacebookBot',
      'ImagesiftBot',
      'Omgilibot',
      'Timpibot',
      'YouBot',
      'DuckAssistBot',
      'cohere-training-data-crawler',
      // Issue 16.
      'Google-CloudVertexBot',
      'Amzn-SearchBot',
      'bedrockbot',
      'MistralAI-Index',
      'YandexAdditional',
      'FirecrawlAgent',
      'AI2Bot',
      'Ai2Bot-Dolma',
    ];
    for (const name of required) expect(names.has(name.toLowerCase()), name).toBe(true);
  });
});

describe('the age of the list', () => {
  const at = (date: string) => ({ indexable: true, now: new Date(date) });
  it('is no warning within 90 days of the review', () => {
    expect(aiBotsListAge(new Date(`${AI_BOTS_REVIEWED}T00:00:00Z`))).toBe(0);
    const report = generateRobotsTxtReport({ blockAiBots: true }, at('2027-02-26T00:00:00Z'));
    expect(report.warnings.map((warning) => warning.code)).toEqual([]);
  });
  it('is a warning of the build after 90 days, naming the review date and `extra`', () => {
    const report = generateRobotsTxtReport({ blockAiBots: true }, at('2027-03-01T00:00:00Z'));
    expect(report.warnings.map((warning) => warning.code)).toEqual(['ai-bots-list-old']);
    expect(report.warnings[0]!.message).toContain('93 days old');
    expect(report.warnings[0]!.message).toContain('2026-11-28');
    expect(report.warnings[0]!.message).toContain('blockAiBots.extra');
    // Not without blockAiBots: the list is not used.
    expect(generateRobotsTxtReport({}, at('2027-03-01T00:00:00Z')).warnings).toEqual([]);
  });
});

describe('the data snapshot', () => {
  it('is kept with its licence and origin, and the generated list is what the refresh script writes from it', async () => {
    const { readFile } = await import('node:fs/promises');
    const data = new URL('../../data/ai-robots-txt/', import.meta.url);
    expect(await readFile(new URL('LICENSE', data), 'utf8')).toContain('MIT License');
    expect(await readFile(new URL('ORIGIN.md', data), 'utf8')).toMatch(/commit: `[0-9a-f]{40}`/);
    const snapshot = JSON.parse(await readFile(new URL('robots.json', data), 'utf8')) as Record<string, unknown>;
    const listed = new Set(AI_BOTS.map((bot) => bot.userAgent.toLowerCase()));
    // Every writable token of the snapshot is listed, or left out on purpose with a reason.
    const documented = JSON.parse(
      await readFile(new URL('../../data/ai-bots-documented.json', import.meta.url), 'utf8'),
    ) as { leftOut: Record<string, string>; notProductTokens: Record<string, string> };
    for (const token of Object.keys(snapshot)) {
      const accounted =
        listed.has(token.toLowerCase()) || token in documented.leftOut || token in documented.notProductTokens;
      expect(accounted, token).toBe(true);
    }
  });
});

describe('the README', () => {
  it('lists every token of AI_BOTS under its purpose, and the new audit finding', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    for (const purpose of ['ai-training', 'ai-search', 'ai-user', 'ai-control']) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${purpose}\` |`));
      expect(row, purpose).toBeDefined();
      const tokens = row!.split(' | ')[1]!;
      const listed = [...tokens.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
      expect(listed, purpose).toEqual(AI_BOTS.filter((bot) => bot.purpose === purpose).map((bot) => bot.userAgent));
    }
    expect(readme).toContain('`non-standard-directive`');
  });
});
