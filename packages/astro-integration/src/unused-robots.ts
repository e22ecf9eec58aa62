/**
 * Front-matter `robots` values no built page carried. robots-kit reads the robots key of every
 * content file (front-matter.ts), but a page gets an entry's value only when the middleware can
 * tell the entry is the page's own: in its props, rendered during the request, or Starlight's.
 * A theme that calls `render()` in `getStaticPaths` and passes a plain object (`{ post: { slug,
 * title, Content } }`) builds a `robots: noindex` post as indexable. After the build each such
 * value is named, with the file and how to connect it, so that none is dropped silently.
 */
import { capLines } from '@robots-kit/core/internal/build';
import type { PageRecorder, RobotsUsage } from './state.js';

/**
 * Where the wrapped `render()` of `astro:content` (vite-plugin.ts) adds the source file of every
 * entry it renders during a build, in a request or outside one (`getStaticPaths`): on
 * `globalThis`, set only while a build runs.
 */
export const BUILD_RENDERS = Symbol.for('@robots-kit/astro: entries rendered in the build');

/** Starts noting, for one build, which files' values pages took and which entries were rendered. */
export function startRobotsUsage(): RobotsUsage {
  (globalThis as Record<symbol, unknown>)[BUILD_RENDERS] = new Set<string>();
  return { files: new Set(), locals: new Map() };
}

/** Notes what one page took (the `own` directives the middleware gave to core, with their sources). */
export function noteRobotsUsage(usage: RobotsUsage, page: Parameters<PageRecorder['record']>[0]): void {
  for (const own of page.own ?? []) {
    if (own.source === undefined) continue;
    if (!own.source.endsWith('(Astro.locals.robots)')) usage.files.add(own.source);
    else {
      const value = JSON.stringify(own.robots);
      const urls = usage.locals.get(value);
      if (urls) urls.push(page.url);
      else usage.locals.set(value, [page.url]);
    }
  }
}

/**
 * The end-of-build warnings: one line per file whose entry was rendered but whose robots value
 * no page carried (capped), how to connect it, and one line naming the files with a robots value
 * from which no page of the build was rendered at all (drafts, entries no route shows).
 *
 * @param frontMatter - Root-relative file → the front matter values robots-kit read.
 * @param key - The front matter key (`frontMatterKey`, default `robots`).
 */
export function unusedRobotsWarnings(
  frontMatter: ReadonlyMap<string, Record<string, unknown>>,
  key: string,
  usage: RobotsUsage,
  onDemandRoutes: boolean,
): string[] {
  const rendered = (globalThis as Record<symbol, Set<string> | undefined>)[BUILD_RENDERS] ?? new Set<string>();
  delete (globalThis as Record<symbol, unknown>)[BUILD_RENDERS];
  const unconnected: string[] = [];
  const unrendered: string[] = [];
  for (const [file, values] of frontMatter) {
    if (!Object.hasOwn(values, key) || usage.files.has(file)) continue;
    const value = JSON.stringify(values[key]);
    if (carriedThroughLocals(file, usage.locals.get(value))) continue;
    if (rendered.has(file)) unconnected.push(`${file}: \`${key}: ${value}\``);
    else unrendered.push(`${file} (\`${key}: ${value}\`)`);
  }
  const lines: string[] = [];
  if (unconnected.length > 0) {
    lines.push(
      `${plural(unconnected.length, 'content file')} set \`${key}\`, and a page rendered ${unconnected.length === 1 ? 'its entry' : 'their entries'}, but no built page carries the value: the page got a copy of the entry's data, not the entry, so robots-kit cannot tell it is that page's own.`,
      ...capLines(unconnected),
      `Pass the entry itself in the page's props (\`props: { entry }\`, or the entry as the props), or set \`Astro.locals.robots = entry.data.${key}\` in the page.`,
    );
  }
  if (unrendered.length > 0) {
    const shown = capLines(unrendered, 5);
    lines.push(
      `No built page was made from ${plural(unrendered.length, 'content file')} that set \`${key}\` (a draft, or an entry no route renders), so the value is on no page: ${shown.join(', ')}. ${onDemandRoutes ? ' (Pages rendered on demand are not built: an entry only they show is listed here too.)' : ''} If a page shows one, pass the entry in its props or set \`Astro.locals.robots\` there.`,
    );
  }
  return lines;
}

/**
 * Whether a page that set `Astro.locals.robots` to the file's value is the page of that file:
 * its URL has the file's name (`hidden.md` → a `hidden` segment; `hidden/index.md` → `hidden`),
 * as routes built from entries use the entry's id. The same value set on an unrelated page
 * (every tag page `noindex`) does not count.
 */
function carriedThroughLocals(file: string, urls: readonly string[] | undefined): boolean {
  if (urls === undefined) return false;
  const parts = file.toLowerCase().split('/');
  let stem = parts.at(-1)!.replace(/\.[^.]+$/, '');
  if (stem === 'index' && parts.length > 1) stem = parts.at(-2)!;
  return urls.some((url) =>
    url
      .toLowerCase()
      .split('/')
      .some((segment) => segment.replace(/\.html$/, '') === stem),
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
