import { DEFAULTS, detectIndexable, type RobotsOptions } from '@robots-kit/core';

/** The one line a non-indexable build prints, with the reason, so a preview build is never mistaken for production. */
export function nonIndexableWarning(userOptions: RobotsOptions): string {
  const reason = userOptions.indexable === false ? 'option `indexable: false`' : detectIndexable(process.env).reason;
  return `This build is not indexable (${reason}): every page gets \`${DEFAULTS.nonIndexable}\`.`;
}
