import { describe, expect, it } from 'vitest';
import { AI_BOTS } from '../../src/index.js';
import { AI_BOTS_REVIEWED } from '../../src/adapter.js';
import { isWritableProductToken } from '../../src/robots-txt/validate-options.js';

describe('AI_BOTS', () => {
  it('records when it was reviewed', () => {
    expect(AI_BOTS_REVIEWED).toBe('2026-11-22');
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
      // Issue 16: a source (an https page) and a review date per entry.
      expect(new URL(bot.source).protocol, bot.userAgent).toBe('https:');
      expect(bot.reviewed, bot.userAgent).toMatch(/^2026-\d\d-\d\d$/);
      expect(Number.isNaN(Date.parse(bot.reviewed)), bot.userAgent).toBe(false);
    }
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

describe('the README', () => {
  it('lists every token of AI_BOTS under its purpose, and the new audit finding', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    for (const purpose of ['ai-training', 'ai-search', 'ai-user', 'ai-control']) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${purpose}\` |`));
      expect(row, purpose).toBeDefined();
      const listed = [...row!.matchAll(/`([^`]+)`/g)].map((match) => match[1]).slice(1);
      expect(listed, purpose).toEqual(AI_BOTS.filter((bot) => bot.purpose === purpose).map((bot) => bot.userAgent));
    }
    expect(readme).toContain('`non-standard-directive`');
  });
});
