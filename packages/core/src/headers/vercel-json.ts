/**
 * Editing the user's `vercel.json` as text: only robots-kit's own `headers` entries change, and
 * every other byte (numbers, key order, escapes, duplicate keys, formatting) stays as written; a
 * file whose entries are already right is returned unchanged.
 */
import { type Node, type ParseError, parseTree, getNodeValue, printParseErrorCode } from 'jsonc-parser';
import { RobotsError } from '../errors.js';
import { VERCEL_MARKER, type VercelHeaderEntry } from './vercel.js';

function isOurs(entry: unknown): boolean {
  const missing = (entry as { missing?: unknown } | null)?.missing;
  return (
    Array.isArray(missing) && missing.some((item) => (item as { key?: unknown } | null)?.key === VERCEL_MARKER.key)
  );
}
function fail(file: string, value: unknown, problem: string, expected: string): never {
  throw new RobotsError({
    code: 'invalid-existing-file',
    source: file,
    key: 'headers.vercel.mergeInto',
    value,
    problem,
    expected,
  });
}
/** The 1-based line and column of an offset, for parse errors. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}
/** How the file is laid out, so inserted text looks like the rest. */
interface Layout {
  eol: string;
  /** One level of indentation. */
  unit: string;
}
function layoutOf(text: string): Layout {
  return { eol: text.includes('\r\n') ? '\r\n' : '\n', unit: /\n([ \t]+)"/.exec(text)?.[1] ?? '  ' };
}
/** The whitespace that starts the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}
/** A value as JSON text starting at the current column, its following lines indented by `indent`. */
function valueText(value: unknown, indent: string, layout: Layout): string {
  return JSON.stringify(value, null, layout.unit)
    .split('\n')
    .join(layout.eol + indent);
}

/**
 * The `headers` array with our entries replaced by `entries`: the user's entries keep their
 * text and the separators between them; ours go where the first of the old ones was, or last.
 */
function rewriteArray(text: string, array: Node, entries: readonly VercelHeaderEntry[], layout: Layout): string {
  const children = array.children ?? [];
  const openEnd = array.offset + 1;
  const closeStart = array.offset + array.length - 1;
  const elementIndent =
    children.length > 0 ? indentAt(text, children[0]!.offset) : indentAt(text, array.offset) + layout.unit;
  const firstOurs = children.findIndex((child) => isOurs(getNodeValue(child)));
  type Item = { kind: 'kept'; index: number } | { kind: 'new'; entry: VercelHeaderEntry };
  const items: Item[] = [];
  children.forEach((child, index) => {
    if (index === firstOurs) items.push(...entries.map((entry): Item => ({ kind: 'new', entry })));
    if (!isOurs(getNodeValue(child))) items.push({ kind: 'kept', index });
  });
  if (firstOurs === -1) items.push(...entries.map((entry): Item => ({ kind: 'new', entry })));
  if (items.length === 0) return text.slice(0, openEnd) + text.slice(closeStart);

  const between = (a: number, b: number): string =>
    text.slice(children[a]!.offset + children[a]!.length, children[b]!.offset);
  const usualSeparator =
    children.length > 1 && /^\s*,\s*$/.test(between(0, 1)) ? between(0, 1) : `,${layout.eol}${elementIndent}`;
  const open = children.length > 0 ? text.slice(openEnd, children[0]!.offset) : layout.eol + elementIndent;
  const close =
    children.length > 0
      ? text.slice(children[children.length - 1]!.offset + children[children.length - 1]!.length, closeStart)
      : layout.eol + indentAt(text, array.offset);
  let body = open;
  items.forEach((item, position) => {
    if (position > 0) {
      const previous = items[position - 1]!;
      // Two of the user's entries that were neighbours keep what was between them.
      const neighbours = previous.kind === 'kept' && item.kind === 'kept' && item.index === previous.index + 1;
      body += neighbours ? between(previous.index, item.index) : usualSeparator;
    }
    body +=
      item.kind === 'kept'
        ? text.slice(children[item.index]!.offset, children[item.index]!.offset + children[item.index]!.length)
        : valueText(item.entry, elementIndent, layout);
  });
  return text.slice(0, openEnd) + body + close + text.slice(closeStart);
}

/**
 * A `vercel.json` with our header entries (found by their marker condition) replaced by
 * `entries`, edited as text: the rest of the file keeps every byte, and a file whose entries
 * already say this is returned as it was. A byte order mark is kept. Throws RobotsError for a
 * file that is not a JSON object, whose `headers` is not an array or appears twice.
 */
export function mergeVercelJson(
  existing: string | undefined,
  entries: readonly VercelHeaderEntry[],
  file: string,
): string {
  if (existing === undefined || existing.trim() === '') return JSON.stringify({ headers: entries }, null, 2) + '\n';
  // U+FEFF read as UTF-8, or its three bytes read as Latin-1 (a file that is not UTF-8 is edited byte for byte).
  const bom = /^(?:\uFEFF|\u00EF\u00BB\u00BF)/.exec(existing)?.[0] ?? '';
  const text = existing.slice(bom.length);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !root) {
    const error = errors[0];
    return fail(
      file,
      error ? `${printParseErrorCode(error.error)} at ${lineAndColumn(text, error.offset)}` : 'empty',
      'invalid JSON',
      'a valid `vercel.json` (no comments or trailing commas)',
    );
  }
  if (root.type !== 'object') return fail(file, getNodeValue(root), 'not a JSON object', 'a `vercel.json` object');
  const properties = (root.children ?? []).filter((property) => property.children?.[0]?.value === 'headers');
  if (properties.length > 1) {
    return fail(
      file,
      `${properties.length} × "headers"`,
      'the `headers` key appears more than once (which one Vercel reads is not defined)',
      'one `headers` array',
    );
  }
  const layout = layoutOf(text);
  const array = properties[0]?.children?.[1];
  if (!array) {
    if (entries.length === 0) return existing;
    const members = root.children ?? [];
    const indent = members.length > 0 ? indentAt(text, members[0]!.offset) : layout.unit;
    const property = `"headers": ${valueText(entries, indent, layout)}`;
    if (members.length === 0)
      return `${bom}{${layout.eol}${indent}${property}${layout.eol}}${text.slice(root.offset + root.length)}`;
    const last = members[members.length - 1]!;
    const at = last.offset + last.length;
    return bom + text.slice(0, at) + `,${layout.eol}${indent}${property}` + text.slice(at);
  }
  if (array.type !== 'array')
    return fail(file, getNodeValue(array), '`headers` is not an array', "Vercel's `headers` array");
  const ours = (array.children ?? []).map(getNodeValue).filter(isOurs);
  if (JSON.stringify(ours) === JSON.stringify(entries)) return existing;
  return bom + rewriteArray(text, array, entries, layout);
}
