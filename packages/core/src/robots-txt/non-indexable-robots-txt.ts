/** The robots.txt of a build that must not be indexed: every crawler kept out, with the reason. */
export const NON_INDEXABLE_ROBOTS_TXT =
  '# This build is not meant to be indexed (a preview or staging build), so every crawler is asked to stay out.\n' +
  'User-agent: *\n' +
  'Disallow: /\n';
