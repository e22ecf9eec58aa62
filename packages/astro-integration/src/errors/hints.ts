/** Where to look when the integration's options are wrong. */
export const OPTIONS_HINT =
  'Fix the options passed to `robots()` in your Astro config. Every option is listed in the README of @robots-kit/astro.';

/** Where to look when a page's own directives are wrong. */
export const PAGE_HINT =
  'A robots value is a string (`"noindex, nofollow"`), an array of strings, a boolean, or an object (`{ index: false }`). ' +
  'Fix it in the file named above (front matter, collection entry, or `Astro.locals.robots`).';
