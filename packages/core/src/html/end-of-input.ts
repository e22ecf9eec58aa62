/**
 * Documents that end inside a comment or the doctype: what to append so that the parser still
 * reads the same token, as it does at the end of input, and a new `<head>` can follow it.
 */
import { asciiLowercase, isHtmlWhitespace, type CommentToken, type DoctypeToken } from './types.js';

/**
 * The end of a `<!--` comment that runs to the end of input. At the end of input the parser
 * drops a trailing `-`, `--` or `--!` from the comment's text (it was about to close it), so the
 * closer completes exactly that: `>` after `--` or `--!`, `->` after `-`, else `-->`.
 */
function commentCloser(body: string): string {
  if (body.endsWith('--') || body.endsWith('--!')) return '>';
  if (body.endsWith('-')) return '->';
  return '-->';
}

type DoctypeState =
  | 'doctype'
  | 'before-name'
  | 'name'
  | 'after-name'
  | 'after-public-keyword'
  | 'before-public-id'
  | 'public-id'
  | 'after-public-id'
  | 'between-ids'
  | 'after-system-keyword'
  | 'before-system-id'
  | 'system-id'
  | 'after-system-id'
  | 'bogus';
/**
 * What ends a doctype cut off in `state` as the end of input does: with the force-quirks flag
 * set (the page stays in quirks mode) and the same name and identifiers. `>` sets the flag in
 * most states; where it would not, a stray `_` does (it turns the rest into a bogus doctype,
 * which sets the flag). After the system identifier nothing sets it: undefined.
 */
const DOCTYPE_CLOSERS: Record<DoctypeState, string | undefined> = {
  doctype: '>',
  'before-name': '>',
  name: ' _>',
  'after-name': '_>',
  'after-public-keyword': '>',
  'before-public-id': '>',
  'public-id': '>',
  'after-public-id': '_>',
  'between-ids': '_>',
  'after-system-keyword': '>',
  'before-system-id': '>',
  'system-id': '>',
  'after-system-id': undefined,
  bogus: '>',
};
const QUOTES = new Set(['"', "'"]);
/** The state of the doctype tokenizer at the end of `text`, which follows `<!DOCTYPE` and holds no `>`. */
function doctypeStateAtEnd(text: string): DoctypeState {
  let state: DoctypeState = 'doctype';
  let quote = '';
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    const space = isHtmlWhitespace(text.charCodeAt(index));
    switch (state) {
      case 'doctype':
      case 'before-name':
        state = space ? 'before-name' : 'name';
        break;
      case 'name':
        if (space) state = 'after-name';
        break;
      case 'after-name': {
        if (space) break;
        const keyword = asciiLowercase(text.slice(index, index + 6));
        if (keyword === 'public' || keyword === 'system') {
          state = keyword === 'public' ? 'after-public-keyword' : 'after-system-keyword';
          index += 5;
        } else state = 'bogus';
        break;
      }
      case 'after-public-keyword':
      case 'before-public-id':
      case 'after-system-keyword':
      case 'before-system-id':
      case 'after-public-id':
      case 'between-ids':
        if (space) {
          if (state === 'after-public-keyword') state = 'before-public-id';
          else if (state === 'after-system-keyword') state = 'before-system-id';
          else if (state === 'after-public-id') state = 'between-ids';
        } else if (QUOTES.has(character)) {
          quote = character;
          state = state === 'after-public-keyword' || state === 'before-public-id' ? 'public-id' : 'system-id';
        } else state = 'bogus';
        break;
      case 'public-id':
      case 'system-id':
        if (character === quote) state = state === 'public-id' ? 'after-public-id' : 'after-system-id';
        break;
      case 'after-system-id':
        if (!space) state = 'bogus';
        break;
      case 'bogus':
        break;
    }
  }
  return state;
}

/**
 * The text that closes a comment, bogus comment or doctype the input ends inside, so that the
 * parser reads the same token as at the end of input; undefined when no text does (a doctype
 * cut off after its system identifier).
 */
export function closerAtEnd(html: string, token: CommentToken | DoctypeToken): string | undefined {
  if (token.type === 'doctype') return DOCTYPE_CLOSERS[doctypeStateAtEnd(html.slice(token.start + 9))];
  if (html.startsWith('<!--', token.start)) return commentCloser(html.slice(token.start + 4));
  return '>';
}
