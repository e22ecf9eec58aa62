/** The Eleventy versions this plugin is built and tested for (matches `11ty.compatibility` in package.json). */
export const SUPPORTED_ELEVENTY = '>=3.0';
