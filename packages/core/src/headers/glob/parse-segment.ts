import type { GlobPart } from './glob-ast.js';
import { LISTED_FILES_FORM, unsupportedGlob, type GlobLocation } from './glob-error.js';
import { LITERAL_CHARACTER, LITERAL_CHARACTERS_TEXT } from './literal-characters.js';

const EXPECTED_SYNTAX = `literal ${LITERAL_CHARACTERS_TEXT}, \`*\`, \`**\` as a whole segment, \`?\`, \`[a-z]\` classes and \`{a,b}\` lists of literal names, ${LISTED_FILES_FORM}`;

/** `a-z0-9_` → chars `_`, ranges `a-z`, `0-9`; undefined when a range runs backwards. */
function classMembers(body: string): { chars: string; ranges: Array<[string, string]> } | undefined {
  let chars = '';
  const ranges: Array<[string, string]> = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      if (body[i]! > body[i + 2]!) return undefined;
      ranges.push([body[i]!, body[i + 2]!]);
      i += 2;
    } else chars += body[i];
  }
  return { chars, ranges };
}

function readClass(segment: string, start: number, glob: string, location: GlobLocation): { part: GlobPart; end: number } {
  const close = segment.indexOf(']', start + 1);
  let body = segment.slice(start + 1, close);
  const negated = body.startsWith('^');
  if (negated) body = body.slice(1);
  // picomatch reads `[!a]` as the characters `!` and `a`, not as a negation: too surprising to translate.
  const members = close > start && body !== '' && [...body].every((c) => LITERAL_CHARACTER.test(c)) ? classMembers(body) : undefined;
  if (!members) {
    throw unsupportedGlob(glob, location, `unsupported character class \`${segment.slice(start, close + 1 || undefined)}\` in glob`, `a class of ${LITERAL_CHARACTERS_TEXT} and ranges such as \`[a-z0-9]\`, negated with \`^\``);
  }
  return { part: { kind: 'class', negated, ...members }, end: close + 1 };
}

function readAlternatives(segment: string, start: number, glob: string, location: GlobLocation): { part: GlobPart; end: number } {
  const close = segment.indexOf('}', start + 1);
  const options = segment.slice(start + 1, close).split(',');
  const valid = close > start && options.length > 1 && options.every((option) => option !== '' && [...option].every((c) => LITERAL_CHARACTER.test(c)));
  if (!valid) {
    throw unsupportedGlob(glob, location, `unsupported brace list \`${segment.slice(start, close + 1 || undefined)}\` in glob`, `a list of two or more literal names such as \`{pdf,docx}\` (no ranges, nesting or wildcards inside), ${LISTED_FILES_FORM}`);
  }
  return { part: { kind: 'alternatives', options: [...new Set(options)].sort() }, end: close + 1 };
}

/** Parses one segment (between two `/`) that is not `**`. */
export function parseSegment(segment: string, glob: string, location: GlobLocation): GlobPart[] {
  const parts: GlobPart[] = [];
  for (let i = 0; i < segment.length; ) {
    const char = segment[i]!;
    if (char === '*') {
      if (segment[i + 1] === '*') {
        throw unsupportedGlob(glob, location, '`**` inside a segment', '`**` only as a whole segment (`/files/**`), or `*` for any characters within one segment', glob.replace(/\*\*+/g, '*'));
      }
      parts.push({ kind: 'star' });
      i++;
    } else if (char === '?') {
      parts.push({ kind: 'any-char' });
      i++;
    } else if (char === '[') {
      const { part, end } = readClass(segment, i, glob, location);
      parts.push(part);
      i = end;
    } else if (char === '{') {
      const { part, end } = readAlternatives(segment, i, glob, location);
      parts.push(part);
      i = end;
    } else if (LITERAL_CHARACTER.test(char)) {
      const last = parts[parts.length - 1];
      if (last?.kind === 'literal') last.text += char;
      else parts.push({ kind: 'literal', text: char });
      i++;
    } else {
      throw unsupportedGlob(glob, location, `unsupported character \`${char}\` in glob`, EXPECTED_SYNTAX);
    }
  }
  return parts;
}
