/**
 * detectIndexable: whether this build may be indexed, read from the environment the build runs
 * in (preview and staging builds of the hosts and CI services robots-kit knows). No zod here:
 * the adapters call it on every build to log why a build is not indexable.
 */

/** Whether the build should be indexable, why, and the variable that decided. */
export interface IndexableDecision {
  indexable: boolean;
  /** For the build log, e.g. `Netlify CONTEXT=deploy-preview`. */
  reason: string;
  /** The environment variable that decided, e.g. `CONTEXT`; absent when none did. */
  variable?: string;
}
type Env = Readonly<Record<string, string | undefined>>;

const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);
/** Cloudflare Pages does not tell a build its production branch: these two are taken as production. */
const PRODUCTION_BRANCHES = new Set(['main', 'master']);
/** GitHub Actions events that build a pull request (its code, before it is merged). */
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** A preview decision naming its variable. */
function preview(reason: string, variable: string): IndexableDecision {
  return { indexable: false, reason, variable };
}
/**
 * One check per host or CI service, in this order; the first that recognizes a preview decides.
 * Each reads only variables the service itself sets, so a build elsewhere is never mistaken for one.
 */
const PREVIEW_CHECKS: ReadonlyArray<(env: Env) => IndexableDecision | undefined> = [
  // Netlify: `production`, `deploy-preview`, `branch-deploy`, `dev`.
  (env) =>
    env.CONTEXT && env.CONTEXT !== 'production' ? preview(`Netlify CONTEXT=${env.CONTEXT}`, 'CONTEXT') : undefined,
  // Vercel: `production`, `preview`, `development`.
  (env) =>
    env.VERCEL_ENV && env.VERCEL_ENV !== 'production'
      ? preview(`VERCEL_ENV=${env.VERCEL_ENV}`, 'VERCEL_ENV')
      : undefined,
  // Cloudflare Pages sets `CF_PAGES=1` and the branch; a branch other than `main`/`master` is a preview.
  (env) =>
    env.CF_PAGES === '1' && env.CF_PAGES_BRANCH && !PRODUCTION_BRANCHES.has(env.CF_PAGES_BRANCH)
      ? preview(
          `Cloudflare Pages CF_PAGES_BRANCH=${env.CF_PAGES_BRANCH} (not main or master; set ROBOTS_INDEXABLE=true if it is your production branch)`,
          'CF_PAGES_BRANCH',
        )
      : undefined,
  // Render sets `IS_PULL_REQUEST=true` in the builds of pull-request previews.
  (env) =>
    env.RENDER === 'true' && env.IS_PULL_REQUEST === 'true'
      ? preview('Render IS_PULL_REQUEST=true', 'IS_PULL_REQUEST')
      : undefined,
  // GitHub Actions: a workflow run by a pull request builds code that is not the site's yet.
  (env) =>
    env.GITHUB_ACTIONS === 'true' && env.GITHUB_EVENT_NAME && PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME)
      ? preview(`GitHub Actions GITHUB_EVENT_NAME=${env.GITHUB_EVENT_NAME}`, 'GITHUB_EVENT_NAME')
      : undefined,
  // GitLab CI: the tier of the job's environment (`production`, `staging`, `testing`, `development`, `other`).
  (env) =>
    env.CI_ENVIRONMENT_TIER && env.CI_ENVIRONMENT_TIER !== 'production'
      ? preview(`GitLab CI_ENVIRONMENT_TIER=${env.CI_ENVIRONMENT_TIER}`, 'CI_ENVIRONMENT_TIER')
      : undefined,
];

/**
 * Whether this build may be indexed, from its environment. `ROBOTS_INDEXABLE` decides when set
 * (`false`, `0`, `no` or `off` for not indexable, anything else for indexable), over everything
 * below. Otherwise a build is a preview, and not indexable, on:
 * - Netlify: `CONTEXT` other than `production`;
 * - Vercel: `VERCEL_ENV` other than `production`;
 * - Cloudflare Pages: `CF_PAGES=1` with `CF_PAGES_BRANCH` other than `main` or `master` (Cloudflare
 *   does not pass the production branch to the build: with another production branch, set
 *   `ROBOTS_INDEXABLE=true` in its production environment);
 * - Render: `RENDER=true` with `IS_PULL_REQUEST=true`;
 * - GitHub Actions: `GITHUB_EVENT_NAME` `pull_request` or `pull_request_target` (GitHub names no
 *   deployment environment in the build's variables: a staging workflow sets `ROBOTS_INDEXABLE=false`);
 * - GitLab CI: `CI_ENVIRONMENT_TIER` other than `production`.
 * Anywhere else the build is indexable. `variable` names the variable that decided.
 */
export function detectIndexable(env: Env = process.env): IndexableDecision {
  const flag = env.ROBOTS_INDEXABLE?.trim().toLowerCase();
  if (flag) {
    return {
      indexable: !FALSE_WORDS.has(flag),
      reason: `ROBOTS_INDEXABLE=${env.ROBOTS_INDEXABLE}`,
      variable: 'ROBOTS_INDEXABLE',
    };
  }
  for (const check of PREVIEW_CHECKS) {
    const decision = check(env);
    if (decision) return decision;
  }
  return { indexable: true, reason: 'no preview or staging context detected' };
}
