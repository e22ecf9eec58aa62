/** Whether the build should be indexable, and why not. */
export interface IndexableDecision {
  indexable: boolean;
  reason: string;
}

const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/**
 * Known preview and staging contexts: Netlify `CONTEXT` other than `production`,
 * `VERCEL_ENV` other than `production`, or `ROBOTS_INDEXABLE=false` (which also
 * overrides the others when `true`).
 */
export function detectIndexable(env: Readonly<Record<string, string | undefined>> = process.env): IndexableDecision {
  const flag = env.ROBOTS_INDEXABLE?.trim().toLowerCase();
  if (flag) {
    return FALSE_WORDS.has(flag)
      ? { indexable: false, reason: `ROBOTS_INDEXABLE=${env.ROBOTS_INDEXABLE}` }
      : { indexable: true, reason: `ROBOTS_INDEXABLE=${env.ROBOTS_INDEXABLE}` };
  }
  if (env.CONTEXT && env.CONTEXT !== 'production') {
    return { indexable: false, reason: `Netlify CONTEXT=${env.CONTEXT}` };
  }
  if (env.VERCEL_ENV && env.VERCEL_ENV !== 'production') {
    return { indexable: false, reason: `VERCEL_ENV=${env.VERCEL_ENV}` };
  }
  return { indexable: true, reason: 'no preview or staging context detected' };
}
