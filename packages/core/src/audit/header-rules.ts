/**
 * Reading the site's header files (_headers, vercel.json, .htaccess) into X-Robots-Tag rules per
 * URL.
 */
import path from 'node:path';
import type {
  AuditFinding,
  SkippedFile,
  HeaderRules,
  RobotsHeaderValue,
  RobotsHeaderRule,
  UncheckedHeaderRule,
} from './types.js';
import { codeSpan, makeFinding } from './findings.js';
import type { BuildManifest } from './site-urls.js';
import { readTextFile } from './read-files.js';
import { headerPatternRegex, parseHeadersFile } from '../headers/headers-file.js';
import { readHtaccessHeaders } from '../headers/htaccess.js';
import { readVercelHeaders, vercelSourceMatcher } from '../headers/vercel.js';
import { RobotsError } from '../errors.js';
import { linearRegex, type LinearRegex, type RegexProblem } from '../glob/linear-regex.js';

/** Header names are case-insensitive. */
export function isRobotsHeader(name: string): boolean {
  return name.trim().toLowerCase() === 'x-robots-tag';
}

/** Patterns of a header file the audit cannot evaluate, collected while its rules are read. */
export type UncheckedSink = (rule: UncheckedHeaderRule) => void;
/**
 * The pattern's test on the linear-time matcher. A pattern the host would refuse matches
 * nothing, as there; one robots-kit cannot run without backtracking (a backreference)
 * matches nothing either, and is reported.
 */
function patternTest(
  compiled: LinearRegex | RegexProblem,
  pattern: string,
  file: string,
  unchecked: UncheckedSink,
): (text: string) => boolean {
  if ('test' in compiled) return (text) => compiled.test(text);
  if (compiled.kind === 'unsupported') unchecked({ file, pattern, reason: compiled.reason });
  return () => false;
}

/**
 * The `X-Robots-Tag` rules of a `_headers` file (Netlify, Cloudflare Pages), matched as Netlify
 * does. Every matching rule's header is sent, so each one adds.
 */
export function headersFileRules(
  text: string,
  file = '_headers',
  unchecked: UncheckedSink = () => {},
): RobotsHeaderRule[] {
  const rules: RobotsHeaderRule[] = [];
  for (const [pattern, headers] of parseHeadersFile(text)) {
    const robots = headers.filter((header) => isRobotsHeader(header.name));
    if (robots.length === 0) continue;
    const test = pattern.startsWith('/')
      ? patternTest(headerPatternRegex(pattern), pattern, file, unchecked)
      : () => false;
    for (const header of robots)
      rules.push({
        pattern,
        value: header.value,
        action: 'add',
        location: { file },
        matches: (urlPath) => test(urlPath),
      });
  }
  return rules;
}

/**
 * The `X-Robots-Tag` lines of an `.htaccess`: top level for every request, `<FilesMatch>` against
 * the served file's name, `<If "%{REQUEST_URI} =~ m#…#">` against the URL path. A section whose
 * regular expression JavaScript cannot compile matches nothing.
 */
export function htaccessRules(
  text: string,
  file = '.htaccess',
  unchecked: UncheckedSink = () => {},
): RobotsHeaderRule[] {
  return readHtaccessHeaders(text).flatMap((section) => {
    const robots = section.headers.filter((header) => isRobotsHeader(header.name));
    if (robots.length === 0) return [];
    const test =
      section.pattern === undefined
        ? () => true
        : patternTest(linearRegex(section.pattern), section.pattern, file, unchecked);
    // `%{REQUEST_URI}` is the whole path, below the base path where the site is served (robots-kit writes it so).
    const matches = (_urlPath: string, served: string, requestPath: string): boolean =>
      test(section.kind === 'file-name' ? served.slice(served.lastIndexOf('/') + 1) : requestPath);
    return robots.map(
      (header): RobotsHeaderRule => ({
        pattern: section.pattern ?? '*',
        value: header.value ?? '',
        action: header.action === 'unset' ? 'unset' : header.action === 'set' ? 'set' : 'add',
        location: { file },
        matches,
      }),
    );
  });
}

/** The `X-Robots-Tag` rules of a `vercel.json` `headers` array; throws `RobotsError` for invalid JSON. */
export function vercelRules(json: string, file: string, unchecked: UncheckedSink = () => {}): RobotsHeaderRule[] {
  return readVercelHeaders(json, file).flatMap((entry) => {
    const robots = entry.headers.filter((header) => isRobotsHeader(header.key));
    if (robots.length === 0) return [];
    const test = patternTest(vercelSourceMatcher(entry.source), entry.source, file, unchecked);
    return robots.map(
      (header): RobotsHeaderRule => ({
        pattern: entry.source,
        value: header.value,
        action: 'add',
        location: { file },
        matches: (urlPath) => test(urlPath),
      }),
    );
  });
}

/** The values left after applying every matching rule in order; `set` and `unset` act within their own file. */
export function robotsHeadersFor(
  rules: readonly RobotsHeaderRule[],
  urlPath: string,
  file: string,
  requestPath = urlPath,
): RobotsHeaderValue[] {
  let values: RobotsHeaderValue[] = [];
  for (const rule of rules) {
    if (!rule.matches(urlPath, file, requestPath)) continue;
    if (rule.action !== 'add') values = values.filter((value) => value.location.file !== rule.location.file);
    if (rule.action !== 'unset') values.push({ value: rule.value, location: rule.location, pattern: rule.pattern });
  }
  return values;
}

const MAX_HEADER_FILE_BYTES = 4 * 1024 * 1024;
/** Where each host reads its header rules from; `vercel.json` lives beside the output folder, in the project. */
const HEADER_FILES: ReadonlyArray<{
  file: string;
  read: (text: string, file: string, unchecked: UncheckedSink) => RobotsHeaderRule[];
}> = [
  { file: '_headers', read: headersFileRules },
  { file: '.htaccess', read: htaccessRules },
  { file: 'vercel.json', read: vercelRules },
  { file: '../vercel.json', read: vercelRules },
];
/** The `X-Robots-Tag` rules of `_headers`, `.htaccess` and `vercel.json` (in the folder or its parent). */
export async function readHeaderRules(root: string): Promise<HeaderRules> {
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  const unchecked: UncheckedHeaderRule[] = [];
  const rules: RobotsHeaderRule[] = [];
  for (const { file, read } of HEADER_FILES) {
    if (file === '../vercel.json' && files.includes('vercel.json')) continue;
    // `vercel.json` beside the output folder is read within the project folder above it.
    const within = file.startsWith('../') ? path.dirname(path.resolve(root)) : root;
    const content = await readTextFile(path.join(root, file), MAX_HEADER_FILE_BYTES, within);
    if (content.text === undefined) {
      if (content.skipped !== 'missing') skipped.push({ file, reason: content.skipped });
      continue;
    }
    try {
      rules.push(...read(content.text, file, (rule) => unchecked.push(rule)));
      files.push(file);
    } catch (error) {
      if (!(error instanceof RobotsError)) throw error;
      skipped.push({ file, reason: error.details.problem });
    }
  }
  return {
    files,
    skipped,
    unchecked,
    robotsHeadersFor: (urlPath, file, requestPath) => robotsHeadersFor(rules, urlPath, file, requestPath),
  };
}

/**
 * `vercel-json-stale`, once per file: the header files the build changed that Vercel reads
 * before the build runs, as the build manifest records them (see `BuildManifest.staleHeaderFiles`),
 * so the build's audit and `robots-kit check` report the same.
 */
export function staleHeaderFileFindings(manifest: BuildManifest | undefined): AuditFinding[] {
  return [...new Set(manifest?.staleHeaderFiles ?? [])].map((file) =>
    makeFinding(
      'vercel-json-stale',
      `${codeSpan(file)} changed in this build (robots-kit's X-Robots-Tag entries), and Vercel reads it before the build runs: a deployment that started from the previous ${codeSpan(file)} (\`vercel build\`, Git deployments) serves the previous entries. Commit ${codeSpan(file)} and deploy again, or deploy a Build Output (\`@astrojs/vercel\`, or \`vercel build\` then \`vercel deploy --prebuilt\`), which carries this build's routes.`,
    ),
  );
}
