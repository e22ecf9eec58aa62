/** Written by the integration's Vite plugin; its shape is `RobotsData` (./page-directives.ts). */
declare module 'virtual:@robots-kit/astro/data' {
  const data: unknown;
  export default data;
}

/** Vite replaces `import.meta.env.DEV` in the middleware bundle: `true` in `astro dev`, `false` in a build. */
interface ImportMeta {
  readonly env: { readonly DEV: boolean };
}
