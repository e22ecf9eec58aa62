/** Written by the integration's Vite plugin; its shape is `RobotsData` (./page-directives.ts). */
declare module 'virtual:@robots-kit/astro/data' {
  const data: unknown;
  export default data;
}
