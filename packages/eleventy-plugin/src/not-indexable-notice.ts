import { detectIndexable, type NormalizedRobotsOptions } from '@robots-kit/core';

/**
 * The build-log line for a build whose pages are all kept out of search engines,
 * with the reason; `undefined` for an indexable build.
 */
export function notIndexableNotice(
  userOptions: { indexable?: unknown } | undefined,
  options: NormalizedRobotsOptions,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  if (options.indexable) return undefined;
  const reason = userOptions?.indexable === false ? '`indexable: false` in the plugin options' : detectIndexable(env).reason;
  return `this build is not indexable (${reason}): every page gets \`noindex, nofollow\`.`;
}
