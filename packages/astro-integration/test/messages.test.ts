/**
 * Issue 11, item 17, in Astro: every message once, in our own words. Astro labels each log
 * line with the integration's name, so a line does not repeat it (`[@robots-kit/astro]
 * [@robots-kit/core] …`); a thrown error is printed by Astro with its cause, so the cause is
 * not the same message again; zod's texts never reach the user.
 */
import robots from '@robots-kit/astro';
import { build } from 'astro';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSite, fixtureRoot, type LogEntry } from './helpers/build-fixture.js';

const ROOT = fixtureRoot('setups');

describe('issue 11 item 17: Astro messages, once and in our words', () => {
  it('rejects a misspelt header target at start-up with a did-you-mean, no zod text and no repeated cause', async () => {
    const error = await build({
      root: fileURLToPath(ROOT),
      configFile: false,
      outDir: './dist-messages',
      logLevel: 'silent',
      integrations: [robots({ headers: { targets: ['netlfy' as 'netlify'] } })],
    }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { code?: string; hint?: string },
    );
    expect(error?.message).toBe(
      '[@robots-kit/astro] robots() options, key `headers.targets[0]`: invalid option value `netlfy`; expected one of `netlify`, `cloudflare`, `vercel`, `apache`, `nginx`. Did you mean `netlify`?',
    );
    expect(error?.hint).toContain('robots()');
    expect(error?.code).toBe('invalid-option');
    // Astro prints a cause below the error: the same message would be printed twice.
    expect(error?.cause).toBeUndefined();
  });

  it('logs each build warning once, without a second package prefix', async () => {
    const site = await buildSite(ROOT, {
      config: {
        configFile: false,
        site: 'https://example.com',
        outDir: './dist-messages',
        logLevel: 'info',
        integrations: [
          robots({
            // A Bingbot group of its own drops the `*` group's Disallow: core warns about it.
            robotsTxt: {
              groups: [
                { userAgent: '*', disallow: ['/private/'] },
                { userAgent: 'Bingbot', crawlDelay: 2 },
              ],
            },
            noindex: { paths: ['/tag/**'] },
          }),
        ],
      },
    });
    const ours = site.logs
      .filter((entry: LogEntry) => entry.label === '@robots-kit/astro')
      .map((entry) => entry.message);
    const warnings = site.logs
      .filter((entry: LogEntry) => entry.label === '@robots-kit/astro' && entry.level === 'warn')
      .map((entry) => entry.message);
    expect(warnings.some((message) => message.includes('`Bingbot` group'))).toBe(true);
    expect(
      warnings.some(
        (message) => message.includes('`noindex.paths[0]`') && message.includes('Did you mean `/tags/**`?'),
      ),
    ).toBe(true);
    for (const message of ours) expect(message, message).not.toMatch(/^\[@robots-kit\//);
    expect(new Set(ours).size).toBe(ours.length);
  });
});
