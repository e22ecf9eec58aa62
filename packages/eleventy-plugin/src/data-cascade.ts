/**
 * Every layer of Eleventy's data cascade that sets a page's robots key, read apart. Eleventy
 * merges global data, layouts' front matter, template and directory data files and the page's
 * front matter into one object, and a scalar of a higher layer replaces the value below it (only
 * lists are concatenated and objects merged): `drafts/drafts.11tydata.json` with
 * `{ "robots": "noindex" }` and a draft's own `robots: nosnippet` give the page `nosnippet`
 * alone. robots-kit combines every layer instead, the most restrictive value winning, so each
 * layer that sets the key is read here on its own and handed to core beside the page's value.
 *
 * Read in Eleventy's preprocessor, once per template (before computed data), and only for a
 * template whose data has the key: a site that sets no robots value pays nothing. Values are
 * cached per build (`--serve` rebuilds read changed files again). A layer that cannot be read
 * apart (a JavaScript data file or an `addGlobalData` entry that is a function) is said in the
 * build log with the value that replaced it, never dropped silently.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { localDataFiles, readFrontMatterText, type DataSourceContext } from './data-source.js';
import type { EleventyConfig, EleventyPageData } from './types.js';

/** One layer's value, as core takes a page's own directives (`PageToResolve.own`). */
export interface CascadeLayer {
  robots: unknown;
  /** The file that set it (`./src/drafts/drafts.11tydata.json`), or `addGlobalData`. */
  source: string;
  key: string;
}

/** What one file (or `addGlobalData`) holds for the key. */
type LayerValue = { value: unknown } | { unreadable: string } | undefined;

interface TemplateLayers {
  /** The key's value after the cascade, before computed data (the page's front matter included). */
  before: unknown;
  lower: { source: string; value: unknown }[];
  unreadable: { source: string; reason: string }[];
}

/** The part of `eleventyConfig` the cascade reads, at call time (the user's config has run by then). */
export type CascadeConfig = Pick<
  EleventyConfig,
  'frontMatterParsingOptions' | 'dataFileSuffixesOverride' | 'dataFileDirBaseNameOverride' | 'directories'
> & {
  globalData?: Record<string, unknown>;
  layoutAliases?: Record<string, string>;
  /** `addDataExtension`: the user's data formats (YAML, TOML…), by extension. */
  dataExtensions?: Map<string, { parser?: unknown; options?: { read?: boolean } }>;
};

/** A data format of `addDataExtension`: its parser, called as Eleventy calls it. */
type UserParser = { parser: (input: string, file: string) => unknown; read: boolean };

/** Files larger than this are not read for a value: no data file or layout front matter is. */
const MAX_BYTES = 1024 * 1024;
/** Layout chains longer than this are cut (Eleventy refuses a circular chain itself). */
const MAX_LAYOUT_DEPTH = 16;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const relative = (file: string): string => {
  const name = path.relative(process.cwd(), file);
  return name.startsWith('..') ? file : `./${name.split(path.sep).join('/')}`;
};

/**
 * Whether `lower`'s directives are already in `final`, so that adding them changes nothing: the
 * same value, or lists and objects Eleventy merged. Only then is a layer left out, which keeps
 * its problems from being reported twice.
 */
export function containedIn(lower: unknown, final: unknown): boolean {
  if (JSON.stringify(lower) === JSON.stringify(final)) return true;
  if (Array.isArray(lower) && Array.isArray(final))
    return lower.every((item) => final.some((f) => containedIn(item, f)));
  if (isRecord(lower) && isRecord(final)) return Object.keys(lower).every((key) => containedIn(lower[key], final[key]));
  return false;
}

/** gray-matter, as Eleventy parses front matter: Eleventy's own copy, so that its options and engines apply. */
let matter: ((text: string, options?: object) => { data: unknown }) | null | undefined;
function loadMatter(): typeof matter {
  if (matter !== undefined) return matter;
  try {
    matter = createRequire(import.meta.resolve('@11ty/eleventy'))('gray-matter');
  } catch {
    matter = null;
  }
  return matter;
}

/** One build's reading of the cascade; {@link DataCascade.reset} before each build. */
export class DataCascade {
  private readonly templates = new Map<string, TemplateLayers>();
  private readonly files = new Map<string, LayerValue | Promise<LayerValue>>();
  private readonly layouts = new Map<string, { file: string; data: Record<string, unknown> } | null>();
  /** When a JavaScript data file was first imported: a later change is imported afresh. */
  private readonly imported = new Map<string, number>();
  /** Layers already named in the build log this build: once per file, with the first page it lost to. */
  private readonly noted = new Set<string>();

  constructor(
    private readonly key: string,
    private readonly config: CascadeConfig,
  ) {}

  reset(): void {
    this.templates.clear();
    this.files.clear();
    this.layouts.clear();
    this.noted.clear();
  }

  /**
   * Reads the layers below the page's value, from Eleventy's preprocessor: nothing when the
   * template's data has no value for the key; a promise when a JavaScript data file is read.
   */
  capture(inputPath: string, data: EleventyPageData): Promise<void> | undefined {
    const before = data[this.key];
    if (before === undefined || before === null || typeof inputPath !== 'string') return undefined;
    const sources: { source: string; read: LayerValue | Promise<LayerValue> }[] = [];
    const context = this.sourceContext();
    const formats = this.userFormats();
    // Eleventy looks for each data file base in the user's formats too (`drafts.11tydata.yaml`).
    const withFormats = (file: string): string[] =>
      file.endsWith('.json') ? [file, ...[...formats.keys()].map((ext) => `${file.slice(0, -4)}${ext}`)] : [file];
    for (const file of localDataFiles(inputPath, context).flatMap(withFormats))
      this.addFile(sources, file, [this.key], formats);
    const dataDir = this.config.directories?.data;
    if (dataDir !== undefined)
      for (const extension of ['json', 'mjs', 'cjs', 'js', ...formats.keys()])
        this.addFile(sources, path.resolve(dataDir, `${this.key}.${extension}`), [], formats);
    const fromConfig = this.config.globalData?.[this.key];
    if (fromConfig !== undefined)
      sources.push({
        source: '`addGlobalData` in the Eleventy config',
        read: typeof fromConfig === 'function' ? { unreadable: 'a function' } : { value: fromConfig },
      });
    for (const layout of this.layoutChain(data.layout)) {
      if (layout.data[this.key] !== undefined)
        sources.push({ source: relative(layout.file), read: { value: layout.data[this.key] } });
    }
    const finish = (reads: LayerValue[]): void => {
      const layers: TemplateLayers = { before, lower: [], unreadable: [] };
      reads.forEach((read, i) => {
        const source = sources[i]!.source;
        if (read === undefined) return;
        if ('unreadable' in read) layers.unreadable.push({ source, reason: read.unreadable });
        else if (read.value !== undefined && read.value !== null) layers.lower.push({ source, value: read.value });
      });
      this.templates.set(inputPath, layers);
    };
    if (!sources.some(({ read }) => read instanceof Promise)) {
      finish(sources.map(({ read }) => read as LayerValue));
      return undefined;
    }
    return Promise.all(sources.map(({ read }) => read)).then(finish);
  }

  /**
   * The layers a page's own value replaced, for core beside that value (`final`, the page's
   * data after computed data): each lower layer whose directives `final` lacks, and the value
   * before computed data when an `eleventyComputed` entry replaced it.
   */
  layers(inputPath: string, final: unknown): CascadeLayer[] {
    const template = this.templates.get(inputPath);
    if (template === undefined) return [];
    const layers: CascadeLayer[] = [];
    for (const { source, value } of template.lower)
      if (!containedIn(value, final)) layers.push({ robots: value, source, key: this.key });
    if (!containedIn(template.before, final))
      layers.push({ robots: template.before, source: relative(inputPath), key: this.key });
    return layers;
  }

  /**
   * What the build log says about layers that could not be read apart, when the page's value is
   * one Eleventy puts in their place (anything but a list, which Eleventy concatenates).
   */
  unreadableNotes(inputPath: string, final: unknown): string[] {
    const template = this.templates.get(inputPath);
    if (template === undefined || Array.isArray(final)) return [];
    const fresh = template.unreadable.filter(({ source }) => !this.noted.has(source));
    for (const { source } of fresh) this.noted.add(source);
    return fresh.map(
      ({ source, reason }) =>
        `${source}, key \`${this.key}\`: robots-kit cannot read this layer of the data cascade apart (${reason}), and Eleventy gives a page whose own data sets \`${this.key}\` only that value: ${relative(inputPath)} (and maybe other pages) has ${JSON.stringify(final)}, which replaces this file's value. Write \`${this.key}\` as a list in both places (Eleventy joins lists, and robots-kit combines them, the most restrictive winning), export an object instead of a function, or use \`noindex.paths\` or \`noindex.data\` in the plugin options.`,
    );
  }

  /** The user's data formats, by extension, with a parser to call. */
  private userFormats(): Map<string, UserParser> {
    const formats = new Map<string, UserParser>();
    for (const [ext, entry] of this.config.dataExtensions ?? []) {
      if (typeof entry?.parser === 'function')
        formats.set(ext, { parser: entry.parser as UserParser['parser'], read: entry.options?.read !== false });
    }
    return formats;
  }

  private sourceContext(): DataSourceContext {
    const directories = this.config.directories;
    return { config: this.config, directories };
  }

  /** A data file's value at `keys` (none for a global data file named after the key), read once per build. */
  private addFile(
    sources: { source: string; read: LayerValue | Promise<LayerValue> }[],
    file: string,
    keys: string[],
    formats: Map<string, UserParser>,
  ): void {
    let read = this.files.get(file);
    if (!this.files.has(file)) {
      read = readDataFile(file, keys, this.imported, formats);
      this.files.set(file, read);
    }
    if (read !== undefined) sources.push({ source: relative(file), read });
  }

  /** The layouts a page renders in, innermost first, with their front matter (Eleventy's `layout` key, aliases, folder). */
  private layoutChain(name: unknown): { file: string; data: Record<string, unknown> }[] {
    const chain: { file: string; data: Record<string, unknown> }[] = [];
    for (let next = name, depth = 0; typeof next === 'string' && next !== '' && depth < MAX_LAYOUT_DEPTH; depth++) {
      let layout = this.layouts.get(next);
      if (layout === undefined) {
        layout = this.readLayout(next);
        this.layouts.set(next, layout);
      }
      if (layout === null) break;
      chain.push(layout);
      next = layout.data.layout;
    }
    return chain;
  }

  private readLayout(name: string): { file: string; data: Record<string, unknown> } | null {
    const directories = this.config.directories as { layouts?: string; includes?: string } | undefined;
    const folder = directories?.layouts ?? directories?.includes;
    if (folder === undefined) return null;
    const alias = this.config.layoutAliases?.[name];
    const file = findLayoutFile(path.resolve(folder), typeof alias === 'string' ? alias : name);
    const parse = loadMatter();
    if (file === undefined || parse === null || parse === undefined) return null;
    const frontMatter = readFrontMatterText(file, this.config);
    if (frontMatter === undefined || !frontMatter.includes(this.key)) return { file, data: {} };
    try {
      const { data } = parse(readFileSync(file, 'utf8'), { ...this.config.frontMatterParsingOptions });
      return { file, data: isRecord(data) ? data : {} };
    } catch {
      return null;
    }
  }
}

/** The layout file Eleventy would pick: the name as written, else the name with a template extension. */
function findLayoutFile(folder: string, name: string): string | undefined {
  const exact = path.join(folder, name);
  if (isFile(exact)) return exact;
  const dir = path.dirname(exact);
  const base = `${path.basename(exact)}.`;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return undefined;
  }
  const match = entries.filter((entry) => entry.startsWith(base) && !entry.slice(base.length).includes('/')).sort()[0];
  return match === undefined ? undefined : path.join(dir, match);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A JSON or JavaScript data file's value at `keys`; `undefined` when the file does not exist or sets nothing there. */
function readDataFile(
  file: string,
  keys: string[],
  imported: Map<string, number>,
  formats: Map<string, UserParser>,
): LayerValue | Promise<LayerValue> {
  if (!existsSync(file)) return undefined;
  const at = (value: unknown): LayerValue => {
    let current = value;
    for (const key of keys) current = isRecord(current) && Object.hasOwn(current, key) ? current[key] : undefined;
    return current === undefined ? undefined : { value: current };
  };
  const format = formats.get(path.extname(file).slice(1));
  if (format !== undefined) {
    // The user's parser, called as Eleventy calls it (the file's text, or its path with `read: false`).
    try {
      const parsed = format.read ? format.parser(readFileSync(file, 'utf8'), file) : format.parser(file, file);
      return parsed instanceof Promise
        ? parsed.then(at, () => ({ unreadable: 'its `addDataExtension` parser failed' }))
        : at(parsed);
    } catch {
      return { unreadable: 'its `addDataExtension` parser failed' };
    }
  }
  if (file.endsWith('.json')) {
    try {
      const text = readFileSync(file, 'utf8');
      return text.length > MAX_BYTES ? undefined : at(JSON.parse(text));
    } catch {
      // Eleventy itself reports a data file it cannot parse.
      return undefined;
    }
  }
  if (!/\.[cm]?js$/.test(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // A file that never names the key cannot set it (short of computing the name): not run a second time.
  if (keys.length > 0 && !text.includes(keys[0]!)) return undefined;
  const changed = statSync(file).mtimeMs;
  const first = imported.get(file);
  if (first === undefined) imported.set(file, changed);
  const url = pathToFileURL(file);
  // The module Eleventy imported, unless the file changed since (`--serve`): then a fresh copy.
  if (first !== undefined && first !== changed) url.searchParams.set('robots-kit', String(changed));
  return import(url.href).then(
    (module: { default?: unknown }) => {
      const value = 'default' in module ? module.default : module;
      return typeof value === 'function' ? { unreadable: 'it exports a function' } : at(value);
    },
    () => ({ unreadable: 'it could not be imported' }),
  );
}
