/** The name the integration registers with Astro and prints in its messages. */
export const PACKAGE_NAME = '@robots-kit/astro';
