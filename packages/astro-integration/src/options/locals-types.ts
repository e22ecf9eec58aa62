/**
 * Injected into `.astro/` at `astro:config:done`, so `Astro.locals.robots` typechecks in
 * every project that uses the integration, without an import in `env.d.ts`. The type is
 * imported from `@robots-kit/astro`, the package the project depends on directly.
 */
export const LOCALS_TYPES = `declare namespace App {
  interface Locals {
    /** This page's own robots directives, merged with the site's rules by @robots-kit/astro. */
    robots?: import('@robots-kit/astro').RobotsInput;
  }
}
`;
