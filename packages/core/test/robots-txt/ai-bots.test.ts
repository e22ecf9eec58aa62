import { describe, expect, it } from 'vitest';
import { AI_BOTS } from '../../src/index.js';
import { AI_BOTS_REVIEWED, isValidProductToken } from '../../src/adapter.js';

describe('AI_BOTS', () => {
  it('records when it was reviewed', () => {
    expect(AI_BOTS_REVIEWED).toBe('2026-11-21');
  });

  it('holds only valid, unique product tokens', () => {
    for (const bot of AI_BOTS) expect(isValidProductToken(bot.userAgent), bot.userAgent).toBe(true);
    const lower = AI_BOTS.map((bot) => bot.userAgent.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('documents each entry', () => {
    for (const bot of AI_BOTS) {
      expect(bot.operator.length, bot.userAgent).toBeGreaterThan(1);
      expect(bot.description.length, bot.userAgent).toBeGreaterThan(20);
      expect(['ai-training', 'ai-search', 'ai-user', 'ai-control']).toContain(bot.purpose);
    }
  });

  it('covers the agents the brief names', () => {
    const names = new Set(AI_BOTS.map((bot) => bot.userAgent.toLowerCase()));
    const required = [
      'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'anthropic-ai', 'Google-Extended',
      'Applebot-Extended', 'PerplexityBot', 'Perplexity-User', 'Bytespider', 'CCBot', 'meta-externalagent', 'Amazonbot', 'cohere-ai',
      'Diffbot', 'MistralAI-User', 'Meta-ExternalFetcher', 'FacebookBot', 'ImagesiftBot', 'Omgilibot', 'Timpibot', 'YouBot',
      'DuckAssistBot', 'cohere-training-data-crawler',
    ];
    for (const name of required) expect(names.has(name.toLowerCase()), name).toBe(true);
  });
});
