import type { PathRegex } from './path-regex.js';

/** Only these of the literal characters mean something in a PCRE / JavaScript regex. */
const escapeText = (value: string): string => value.replace(/[.+]/g, (c) => `\\${c}`);

function isAtom(node: PathRegex): boolean {
  return node.kind === 'set' || (node.kind === 'text' && node.text.length === 1);
}

function group(node: PathRegex): string {
  return isAtom(node) ? printRegex(node) : `(?:${printRegex(node)})`;
}

/**
 * The regex source, in the syntax PCRE (nginx, Apache), JavaScript and Vercel's
 * path-to-regexp groups share: `[^/]`, `(?:…)`, `*`, `+`, `?`, `|`, `\.` — no
 * capturing groups, no backslash other than before `.` and `+`.
 */
export function printRegex(node: PathRegex): string {
  switch (node.kind) {
    case 'text':
      return escapeText(node.text);
    case 'set': {
      // `-` last, where it is literal; `/` is never in a class, and a negated one excludes it.
      const listed =
        [...node.chars].filter((c) => c !== '/' && c !== '-').join('') +
        node.ranges.map(([from, to]) => `${from}-${to}`).join('') +
        (node.chars.includes('-') ? '-' : '');
      return node.negated ? `[^/${listed}]` : `[${listed}]`;
    }
    case 'sequence':
      return node.items.map(printRegex).join('');
    case 'either':
      return `(?:${node.items.map(printRegex).join('|')})`;
    case 'repeat':
      return group(node.item) + (node.min === 0 ? '*' : '+');
    case 'optional':
      return group(node.item) + '?';
  }
}
