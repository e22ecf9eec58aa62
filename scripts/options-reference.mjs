// The options reference, `docs/options.md`, generated from the options schema (`npm run docs:options`):
// every option with its type, its default and its one line of description, as the schema defines
// them (`documented(…)` in packages/core/src/options/), so no table can drift from the code.
// `packages/core/test/options/reference.test.ts` fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Wrappers that stand for the schema inside them. */
const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);
/** The schema a field is, through its wrappers and transforms (a transform's pipe reads its input). */
function inner(node) {
  let current = node;
  for (let i = 0; i < 32 && current; i++) {
    const def = current.def;
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else return current;
  }
  return current;
}
const code = (text) => `\`${text}\``;
/** A schema's type in the words of the reference. */
function typeOf(node) {
  const schema = inner(node);
  const def = schema.def;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return def.type;
    case 'literal':
      return def.values.map((value) => code(JSON.stringify(value))).join(' or ');
    case 'enum':
      return Object.values(def.entries)
        .map((value) => code(value))
        .join(' | ');
    case 'array': {
      const element = typeOf(def.element);
      return /\s/.test(element) ? `list of (${element})` : `${element}[]`;
    }
    case 'object':
      return 'object';
    case 'record':
      return `object of ${typeOf(def.valueType)}`;
    case 'union':
      return def.options.map((option) => typeOf(option)).join(' or ');
    default:
      return 'any';
  }
}
/** The default the schema fills in, in words; `required` for a field that must be given, else `none`. */
function defaultOf(node) {
  let current = node;
  for (let i = 0; i < 32 && current; i++) {
    const def = current.def;
    if (def.type === 'default' || def.type === 'prefault') return code(JSON.stringify(def.defaultValue));
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else break;
  }
  return node._zod.optin === 'optional' ? 'none' : 'required';
}
/** The object schemas inside a field (itself, a list's items, a union's object form), to list their keys. */
function objectsIn(node) {
  const schema = inner(node);
  const def = schema.def;
  if (def.type === 'object') return [{ shape: def.shape, suffix: '' }];
  if (def.type === 'array') return objectsIn(def.element).map((found) => ({ ...found, suffix: `[]${found.suffix}` }));
  if (def.type === 'union') return def.options.flatMap((option) => objectsIn(option));
  return [];
}
/** One row per option, nested options under their parent (`noindex.paths`, `rules[].path`). */
function rows(shape, prefix) {
  return Object.entries(shape).flatMap(([key, field]) => {
    const meta = field.meta() ?? {};
    const name = `${prefix}${key}`;
    const row = {
      name,
      type: meta.type ?? typeOf(field),
      default: meta.default ?? defaultOf(field),
      description: meta.description ?? '',
    };
    return [row, ...objectsIn(field).flatMap(({ shape: inside, suffix }) => rows(inside, `${name}${suffix}.`))];
  });
}
const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The reference as Markdown, from the options schema (`robotsOptionsSchema` of `@robots-kit/core/internal/adapter`). */
export function renderOptionsReference(schema) {
  const lines = [
    '# Options',
    '',
    '<!-- Generated from the options schema (packages/core/src/options/) by `npm run docs:options`. Do not edit. -->',
    '',
    'The options of `@robots-kit/astro` (`robots({ … })`) and `@robots-kit/eleventy`',
    '(`eleventyConfig.addPlugin(robots, { … })`), and of `normalizeOptions` in `@robots-kit/core`.',
    'Every option is optional; an unknown key is an error, with the closest known key suggested.',
    'A nested option (`noindex.paths`) is a key of its parent; `[]` marks the items of a list (`rules[].path`).',
    '',
    '| Option | Type | Default | Description |',
    '| --- | --- | --- | --- |',
  ];
  for (const row of rows(objectsIn(schema)[0].shape, '')) {
    lines.push(`| ${code(row.name)} | ${cell(row.type)} | ${cell(row.default)} | ${cell(row.description)} |`);
  }
  lines.push(
    '',
    '## Preview builds',
    '',
    'Without `indexable`, a build is not indexable (every page `noindex, nofollow`, robots.txt',
    '`Disallow: /`) when its environment says it is a preview, checked in this order:',
    '',
    '| Variable | Not indexable when |',
    '| --- | --- |',
    '| `ROBOTS_INDEXABLE` | `false`, `0`, `no` or `off` (any other value makes the build indexable, over every line below) |',
    '| `CONTEXT` (Netlify) | not `production` |',
    '| `VERCEL_ENV` (Vercel) | not `production` |',
    '| `CF_PAGES_BRANCH` (Cloudflare Pages, with `CF_PAGES=1`) | not `main` or `master` (Cloudflare does not pass the production branch to the build: with another one, set `ROBOTS_INDEXABLE=true` in its production environment) |',
    '| `IS_PULL_REQUEST` (Render, with `RENDER=true`) | `true` |',
    '| `GITHUB_EVENT_NAME` (GitHub Actions) | `pull_request` or `pull_request_target` (GitHub names no deployment environment in a build: a staging workflow sets `ROBOTS_INDEXABLE=false`) |',
    '| `CI_ENVIRONMENT_TIER` (GitLab CI) | not `production` |',
    '',
    'The build log names the variable that decided.',
    '',
  );
  return lines.join('\n');
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] === here) {
  const adapter = pathToFileURL(fileURLToPath(new URL('../packages/core/dist/adapter.js', import.meta.url)));
  const { robotsOptionsSchema } = await import(adapter.href);
  const target = fileURLToPath(new URL('../docs/options.md', import.meta.url));
  writeFileSync(target, renderOptionsReference(robotsOptionsSchema));
  process.stdout.write(`wrote ${target}\n`);
}
