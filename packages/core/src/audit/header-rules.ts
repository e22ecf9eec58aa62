/**
 * Reading the site's header files (_headers, vercel.json, .htaccess) into X-Robots-Tag rules per
 * URL.
 */
import path from 'node:path';
import type { SkippedFile, AuditLocation, HeaderRules, RobotsHeaderValue, RobotsHeaderRule } from './types.js';
import { readTextFile } from './read-files.js';
import { matchHeaderPattern, parseHeadersFile } from '../headers/headers-file.js';
import { readHtaccessHeaders } from '../headers/htaccess.js';
import { matchVercelSource, readVercelHeaders } from '../headers/vercel.js';
import { RobotsError } from '../errors.js';

/** Header names are case-insensitive. */
export function isRobotsHeader(name: string): boolean {
  return name.trim().toLowerCase() === 'x-robots-tag';
}

/**
 * The `X-Robots-Tag` rules of a `_headers` file (Netlify, Cloudflare Pages), matched as Netlify
 * does. Every matching rule's header is sent, so each one adds.
 */
export function headersFileRules(text: string, file = '_headers'): RobotsHeaderRule[] {
  const rules: RobotsHeaderRule[] = [];
  for (const [pattern, headers] of parseHeadersFile(text)) {
    for (const header of headers) {
      if (!isRobotsHeader(header.name)) continue;
      rules.push({ pattern, value: header.value, action: 'add', location: { file }, matches: (urlPath) => matchHeaderPattern(pattern, urlPath) });
    }
  }
  return rules;
}

function compile(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}
/**
 * The `X-Robots-Tag` lines of an `.htaccess`: top level for every request, `<FilesMatch>` against
 * the served file's name, `<If "%{REQUEST_URI} =~ m#…#">` against the URL path. A section whose
 * regular expression JavaScript cannot compile matches nothing.
 */
export function htaccessRules(text: string, file = '.htaccess'): RobotsHeaderRule[] {
  return readHtaccessHeaders(text).flatMap((section) => {
    const regex = compile(section.pattern);
    const matches = (urlPath: string, served: string): boolean => {
      if (section.kind === 'all') return true;
      if (!regex) return false;
      return regex.test(section.kind === 'file-name' ? served.slice(served.lastIndexOf('/') + 1) : urlPath);
    };
    return section.headers
      .filter((header) => isRobotsHeader(header.name))
      .map((header): RobotsHeaderRule => ({
        pattern: section.pattern ?? '*',
        value: header.value ?? '',
        action: header.action === 'unset' ? 'unset' : header.action === 'set' ? 'set' : 'add',
        location: { file },
        matches,
      }));
  });
}

/** The `X-Robots-Tag` rules of a `vercel.json` `headers` array; throws `RobotsError` for invalid JSON. */
export function vercelRules(json: string, file: string): RobotsHeaderRule[] {
  return readVercelHeaders(json, file).flatMap((entry) =>
    entry.headers
      .filter((header) => isRobotsHeader(header.key))
      .map((header): RobotsHeaderRule => ({
        pattern: entry.source,
        value: header.value,
        action: 'add',
        location: { file },
        matches: (urlPath) => matchVercelSource(entry.source, urlPath),
      })),
  );
}

/** The values left after applying every matching rule in order; `set` and `unset` act within their own file. */
export function robotsHeadersFor(rules: readonly RobotsHeaderRule[], urlPath: string, file: string): RobotsHeaderValue[] {
  let values: RobotsHeaderValue[] = [];
  for (const rule of rules) {
    if (!rule.matches(urlPath, file)) continue;
    if (rule.action !== 'add') values = values.filter((value) => value.location.file !== rule.location.file);
    if (rule.action !== 'unset') values.push({ value: rule.value, location: rule.location, pattern: rule.pattern });
  }
  return values;
}

const MAX_HEADER_FILE_BYTES = 4 * 1024 * 1024;
/** Where each host reads its header rules from; `vercel.json` lives beside the output folder, in the project. */
const HEADER_FILES: ReadonlyArray<{ file: string; read: (text: string, file: string) => RobotsHeaderRule[] }> = [
  { file: '_headers', read: headersFileRules },
  { file: '.htaccess', read: htaccessRules },
  { file: 'vercel.json', read: vercelRules },
  { file: '../vercel.json', read: vercelRules },
];
/** The `X-Robots-Tag` rules of `_headers`, `.htaccess` and `vercel.json` (in the folder or its parent). */
export async function readHeaderRules(root: string): Promise<HeaderRules> {
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  const rules: RobotsHeaderRule[] = [];
  for (const { file, read } of HEADER_FILES) {
    if (file === '../vercel.json' && files.includes('vercel.json')) continue;
    const content = await readTextFile(path.join(root, file), MAX_HEADER_FILE_BYTES);
    if (content.text === undefined) {
      if (content.skipped !== 'missing') skipped.push({ file, reason: content.skipped });
      continue;
    }
    try {
      rules.push(...read(content.text, file));
      files.push(file);
    } catch (error) {
      if (!(error instanceof RobotsError)) throw error;
      skipped.push({ file, reason: error.details.problem });
    }
  }
  return { files, skipped, robotsHeadersFor: (urlPath, file) => robotsHeadersFor(rules, urlPath, file) };
}
