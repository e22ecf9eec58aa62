import { Tokenizer } from 'htmlparser2';
import type { RawAttribute } from './markup-token.js';

function ignore(): void {}

/** Decodes character references the way HTML does in attribute values (`&amp` before `=` stays as written). */
function decodeReferences(attribute: RawAttribute): string {
  let decoded = '';
  // Re-quoting with the original quote is safe: the raw value cannot contain it.
  const source = `<a v=${attribute.quote}${attribute.rawValue}${attribute.quote}>`;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onattribdata(start, end) {
        decoded += source.slice(start, end);
      },
      onattribentity(codePoint) {
        decoded += String.fromCodePoint(codePoint);
      },
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onopentagname: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
      ontext: ignore,
      ontextentity: ignore,
    },
  );
  tokenizer.write(source);
  tokenizer.end();
  return decoded;
}

/**
 * The value of an attribute as the DOM sees it: character references decoded, line
 * breaks normalized to `\n`, NUL replaced by U+FFFD.
 */
export function decodeAttributeValue(attribute: RawAttribute): string {
  const decoded = attribute.rawValue.includes('&') ? decodeReferences(attribute) : attribute.rawValue;
  return decoded.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}
