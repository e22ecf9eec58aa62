type Token = { kind: 'char' | 'escaped' | 'name' | 'pattern' | 'modifier' | 'open' | 'close'; value: string };
type Part = string | { prefix: string; suffix: string; pattern: string; modifier: string };

const DEFAULT_PATTERN = '[^\\/]+?';
const escapeString = (text: string): string => text.replace(/([.+*?=^!:${}()[\]|/\\])/g, '\\$1');

function readGroup(source: string, start: number): { value: string; end: number } {
  let depth = 1;
  let value = '';
  let i = start + 1;
  if (source[i] === '?') throw new TypeError('pattern cannot start with "?"');
  while (i < source.length) {
    if (source[i] === '\\') {
      value += source[i++]! + (source[i++] ?? '');
      continue;
    }
    if (source[i] === ')' && --depth === 0) return { value, end: i + 1 };
    if (source[i] === '(') {
      depth++;
      if (source[i + 1] !== '?') throw new TypeError('capturing groups are not allowed');
    }
    value += source[i++];
  }
  throw new TypeError('unbalanced pattern');
}

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < source.length; ) {
    const char = source[i]!;
    if ('*+?'.includes(char)) tokens.push({ kind: 'modifier', value: source[i++]! });
    else if (char === '\\') tokens.push({ kind: 'escaped', value: source[(i += 2) - 1] ?? '' });
    else if (char === '{') tokens.push({ kind: 'open', value: source[i++]! });
    else if (char === '}') tokens.push({ kind: 'close', value: source[i++]! });
    else if (char === ':') {
      const name = /^\w+/.exec(source.slice(i + 1))?.[0];
      if (!name) throw new TypeError('missing parameter name');
      tokens.push({ kind: 'name', value: name });
      i += name.length + 1;
    } else if (char === '(') {
      const { value, end } = readGroup(source, i);
      if (value === '') throw new TypeError('missing pattern');
      tokens.push({ kind: 'pattern', value });
      i = end;
    } else tokens.push({ kind: 'char', value: source[i++]! });
  }
  return tokens;
}

function parse(tokens: Token[]): Part[] {
  const parts: Part[] = [];
  let path = '';
  let i = 0;
  const take = (kind: Token['kind']) => (tokens[i]?.kind === kind ? tokens[i++]!.value : undefined);
  const text = () => {
    let value = '';
    for (let next = take('char') ?? take('escaped'); next !== undefined; next = take('char') ?? take('escaped')) value += next;
    return value;
  };
  while (i < tokens.length) {
    const char = take('char');
    const name = take('name');
    const pattern = take('pattern');
    if (name !== undefined || pattern !== undefined) {
      let prefix = char ?? '';
      if (!'./'.includes(prefix) || prefix === '') {
        path += prefix;
        prefix = '';
      }
      if (path) parts.push(path);
      path = '';
      parts.push({ prefix, suffix: '', pattern: pattern ?? DEFAULT_PATTERN, modifier: take('modifier') ?? '' });
      continue;
    }
    const value = char ?? take('escaped');
    if (value !== undefined) {
      path += value;
      continue;
    }
    if (path) parts.push(path);
    path = '';
    if (take('open') === undefined) throw new TypeError(`unexpected ${tokens[i]!.kind}`);
    const prefix = text();
    const groupName = take('name');
    const groupPattern = take('pattern');
    const suffix = text();
    if (take('close') === undefined) throw new TypeError('expected }');
    parts.push({ prefix, suffix, pattern: groupName !== undefined && groupPattern === undefined ? DEFAULT_PATTERN : (groupPattern ?? ''), modifier: take('modifier') ?? '' });
  }
  if (path) parts.push(path);
  return parts;
}

/**
 * The regex Vercel matches a `source` with: path-to-regexp 6 with `strict`, `sensitive`
 * and `/` as delimiter, as `@vercel/routing-utils` compiles it.
 */
export function vercelSourceRegex(source: string): RegExp {
  let route = '^';
  for (const part of parse(lex(source))) {
    if (typeof part === 'string') {
      route += escapeString(part);
      continue;
    }
    const prefix = escapeString(part.prefix);
    const suffix = escapeString(part.suffix);
    if (!part.pattern) route += `(?:${prefix}${suffix})${part.modifier}`;
    else if (!prefix && !suffix) route += `(${part.pattern})${part.modifier}`;
    else if (part.modifier === '+' || part.modifier === '*') {
      route += `(?:${prefix}((?:${part.pattern})(?:${suffix}${prefix}(?:${part.pattern}))*)${suffix})${part.modifier === '*' ? '?' : ''}`;
    } else route += `(?:${prefix}(${part.pattern})${suffix})${part.modifier}`;
  }
  return new RegExp(route + '$');
}
