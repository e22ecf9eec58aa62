/** An attribute as the tokenizer read it; the first of duplicate attributes wins, as in HTML. */
export interface RawAttribute {
  /** ASCII-lowercased. */
  name: string;
  /** As written: character references are not decoded yet. */
  rawValue: string;
  quote: '"' | "'" | '';
}

/** How a start tag ended: `>`, ` />` or `/>`. */
export type SelfClosingStyle = 'none' | 'spaced' | 'tight';

export interface StartTagToken {
  type: 'start-tag';
  start: number;
  end: number;
  /** ASCII-lowercased. */
  name: string;
  attributes: RawAttribute[];
  selfClosing: SelfClosingStyle;
}

export interface EndTagToken {
  type: 'end-tag';
  start: number;
  end: number;
  name: string;
}

/** A comment, a bogus comment (`<?xml …>`, `<![CDATA[…>`, `</ x>`) or an ignored `</>`. */
export interface CommentToken {
  type: 'comment';
  start: number;
  end: number;
}

export interface DoctypeToken {
  type: 'doctype';
  start: number;
  end: number;
  /** ASCII-lowercased; undefined for `<!DOCTYPE>`. */
  name: string | undefined;
}

/** A `<` that starts no markup: it is text. */
export interface CharacterToken {
  type: 'character';
  start: number;
  end: number;
}

/** A tag cut off by the end of the input: HTML drops it. */
export interface EndOfFileToken {
  type: 'end-of-file';
  start: number;
  end: number;
}

export type MarkupToken = StartTagToken | EndTagToken | CommentToken | DoctypeToken | CharacterToken | EndOfFileToken;
