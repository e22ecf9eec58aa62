/**
 * Issue 37 item 10: preview builds of Cloudflare Pages, Render, GitHub Actions and GitLab CI are
 * not indexable, besides Netlify's and Vercel's; `ROBOTS_INDEXABLE` decides over all of them, and
 * the decision names the variable that decided, for the adapters' build log.
 */
import { describe, expect, it } from 'vitest';
import { detectIndexable } from '../../src/options/indexable.js';
import { normalizeOptions } from '../../src/options/normalize.js';

describe('detectIndexable', () => {
  it.each([
    ['Cloudflare Pages preview branch', { CF_PAGES: '1', CF_PAGES_BRANCH: 'feature/x' }, false, 'CF_PAGES_BRANCH'],
    ['Cloudflare Pages main', { CF_PAGES: '1', CF_PAGES_BRANCH: 'main' }, true, undefined],
    ['Cloudflare Pages master', { CF_PAGES: '1', CF_PAGES_BRANCH: 'master' }, true, undefined],
    ['a CF_PAGES_BRANCH outside Cloudflare Pages', { CF_PAGES_BRANCH: 'feature/x' }, true, undefined],
    [
      'Cloudflare Pages production on another branch, said by ROBOTS_INDEXABLE',
      { CF_PAGES: '1', CF_PAGES_BRANCH: 'production', ROBOTS_INDEXABLE: 'true' },
      true,
      'ROBOTS_INDEXABLE',
    ],
    ['Render pull-request preview', { RENDER: 'true', IS_PULL_REQUEST: 'true' }, false, 'IS_PULL_REQUEST'],
    ['Render production', { RENDER: 'true', IS_PULL_REQUEST: 'false' }, true, undefined],
    ['IS_PULL_REQUEST outside Render', { IS_PULL_REQUEST: 'true' }, true, undefined],
    [
      'GitHub Actions pull_request',
      { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'pull_request' },
      false,
      'GITHUB_EVENT_NAME',
    ],
    [
      'GitHub Actions pull_request_target',
      { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'pull_request_target' },
      false,
      'GITHUB_EVENT_NAME',
    ],
    ['GitHub Actions push', { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push' }, true, undefined],
    ['GitLab staging environment', { CI_ENVIRONMENT_TIER: 'staging' }, false, 'CI_ENVIRONMENT_TIER'],
    ['GitLab review app', { CI_ENVIRONMENT_TIER: 'development' }, false, 'CI_ENVIRONMENT_TIER'],
    ['GitLab production', { CI_ENVIRONMENT_TIER: 'production' }, true, undefined],
    ['Netlify deploy preview', { CONTEXT: 'deploy-preview' }, false, 'CONTEXT'],
    ['Vercel preview', { VERCEL_ENV: 'preview' }, false, 'VERCEL_ENV'],
    [
      'ROBOTS_INDEXABLE=off over GitLab production',
      { ROBOTS_INDEXABLE: 'off', CI_ENVIRONMENT_TIER: 'production' },
      false,
      'ROBOTS_INDEXABLE',
    ],
    ['nothing', {}, true, undefined],
  ])('%s', (_name, environment: Record<string, string>, indexable, variable) => {
    const decision = detectIndexable(environment);
    expect(decision.indexable).toBe(indexable);
    expect(decision.variable).toBe(variable);
    if (variable) expect(decision.reason).toContain(`${variable}=${environment[variable]}`);
    expect(normalizeOptions({}, { env: environment }).indexable).toBe(indexable);
  });

  it('tells a Cloudflare Pages user how to name another production branch', () => {
    expect(detectIndexable({ CF_PAGES: '1', CF_PAGES_BRANCH: 'live' }).reason).toContain('set ROBOTS_INDEXABLE=true');
  });
});
