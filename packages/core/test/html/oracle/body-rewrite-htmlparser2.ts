/**
 * TEST ORACLE, not used by src/: the body pass as it was before it moved onto html/tag-scanner.ts
 * (htmlparser2's Tokenizer with callbacks), kept verbatim so that
 * `test/html/body-pass-differential.test.ts` can hold the new pass to the same output.
 *
 * The body pass: adds `rel` tokens to links (`links` rules) and `data-nosnippet` to chosen
 * elements (`nosnippet`), reading the page with htmlparser2's tokenizer and splicing at its
 * offsets. Comments, `<script>`, `<style>`, `<textarea>`, `<title>` and the other raw-text
 * elements are never read as markup (the tokenizer's states); `<template>` contents and SVG/MathML
 * `<a>` are left alone (the element stack). Only the edited attributes change: an existing `rel`
 * keeps its quotes and tokens and gets the missing ones appended (compared case-insensitively), a
 * new `rel` follows the quotes of the link's `href`. One pass, linear in the page.
 */
import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { ElementStack } from './element-stack.js';
import { decodeAttributeValue } from '../../../src/html/tokenizer.js';
import {
  matchesSimpleSelector,
  selectorAttributes,
  type ElementView,
  type SimpleSelector,
} from '../../../src/html/simple-selector.js';

/** One link rule, as the page's plan holds it. */
export interface BodyLinkRule<T> {
  /** Lower-cased tokens to add: `nofollow`, `ugc`, `sponsored`. */
  rel: readonly string[];
  /** Bits of `BodyPlan.selectors` the link must sit inside (or match itself); 0 for anywhere. */
  withinMask: number;
  /** Whether the rule applies to the link's target; undefined for every link. */
  target?: (link: T) => boolean;
}
/** What the body pass does to one page. */
export interface BodyPlan<T> {
  /** The selectors of `within` and `nosnippet`, bit `i` for `selectors[i]` (at most 31). */
  selectors: readonly SimpleSelector[];
  links: ReadonlyArray<BodyLinkRule<T>>;
  /** Bits of `selectors` whose elements get `data-nosnippet`. */
  nosnippetMask: number;
  /** The link a raw `href` points to, or undefined for what is not a crawlable link (`mailto:`, `javascript:`). */
  resolveLink(href: string): T | undefined;
}
/** An element a `nosnippet` selector chose that Google ignores `data-nosnippet` on: left alone. */
export interface IgnoredNosnippet {
  tag: string;
  selector: string;
}
export interface BodyRewriteResult {
  html: string;
  changed: boolean;
  /** Links whose `rel` changed. */
  links: number;
  /** Elements that got `data-nosnippet`. */
  nosnippet: number;
  /** The first few elements left without `data-nosnippet` because Google ignores it there. */
  ignored: IgnoredNosnippet[];
}

/** Google honours `data-nosnippet` on these elements only. */
export const NOSNIPPET_ELEMENTS: ReadonlySet<string> = new Set(['span', 'div', 'section']);
const MAX_IGNORED_REPORTED = 10;
/** Markup that makes a link's surroundings matter even without selectors: SVG/MathML (foreign links) and `<template>` (inert links). */
const MAY_NEED_STACK = /<(?:svg|math|template)[\t\n\f\r />]/i;

interface Attribute {
  /** The value as written (character references not decoded), and decoded once asked for. */
  raw: string;
  decoded?: string;
  quote: QuoteType;
  /** Where the value's text starts (quoted: after the quote); -1 for no value or an empty quoted one. */
  valueStart: number;
  end: number;
}
function noop(): void {}
/** An attribute's value as the DOM has it: references decoded only when the raw value has any. */
function valueOf(attribute: Attribute): string {
  const raw = attribute.raw;
  if (raw.indexOf('&') === -1 && raw.indexOf('\r') === -1 && raw.indexOf('\0') === -1) return raw;
  return (attribute.decoded ??= decodeAttributeValue(raw));
}

/** Runs the plan over one page. A page with nothing to change is returned as the same string. */
export function rewriteBodyOracle<T>(html: string, plan: BodyPlan<T>): BodyRewriteResult {
  const result: BodyRewriteResult = { html, changed: false, links: 0, nosnippet: 0, ignored: [] };
  const wanted = new Set<string>(['href', 'rel', 'data-nosnippet']);
  for (const selector of plan.selectors) for (const name of selectorAttributes(selector)) wanted.add(name);
  // Attribute names are sliced only when their length is one of the wanted ones: most are not.
  const wantedLengths = new Set([...wanted].map((name) => name.length));
  const stack = new ElementStack();
  const edits: Array<{ at: number; end: number; text: string }> = [];
  const hasSelectors = plan.selectors.length > 0;

  let tag = '';
  let lastAttrEnd = 0;
  const attributes = new Map<string, Attribute>();
  let attributeName = '';
  let collecting = false;
  let valueStart = -1;
  let valueEnd = -1;
  const view: ElementView = {
    tag: '',
    attribute: (name) => {
      const attribute = attributes.get(name);
      return attribute === undefined ? undefined : valueOf(attribute);
    },
  };

  // Selectors that all need an attribute cannot match an element without any of the wanted ones.
  const tagOnly = plan.selectors.some((selector) => selectorAttributes(selector).length === 0);
  const selectorNames = new Set(plan.selectors.flatMap(selectorAttributes));
  /** Attributes of the current tag that some selector reads (a link's `href` alone is none). */
  let selectorAttributesSeen = 0;
  const ownMask = (name: string): number => {
    if (!tagOnly && selectorAttributesSeen === 0) return 0;
    let mask = 0;
    view.tag = name;
    for (let bit = 0; bit < plan.selectors.length; bit++) {
      if (matchesSimpleSelector(plan.selectors[bit]!, view)) mask |= 1 << bit;
    }
    return mask;
  };
  const editLink = (mask: number): void => {
    const hrefAttribute = attributes.get('href');
    if (hrefAttribute === undefined) return;
    const href = valueOf(hrefAttribute);
    let link: T | undefined | null = null;
    const add: string[] = [];
    for (const rule of plan.links) {
      if (rule.withinMask !== 0 && (rule.withinMask & mask) === 0) continue;
      if (link === null) link = plan.resolveLink(href);
      if (link === undefined) return;
      if (rule.target && !rule.target(link)) continue;
      for (const token of rule.rel) if (!add.includes(token)) add.push(token);
    }
    if (add.length === 0) return;
    const rel = attributes.get('rel');
    const existing = rel
      ? valueOf(rel)
          .toLowerCase()
          .split(/[\t\n\f\r ]+/)
      : [];
    const missing = add.filter((token) => !existing.includes(token));
    if (missing.length === 0) return;
    const tokens = missing.join(' ');
    const q = hrefAttribute.quote === QuoteType.Single ? "'" : '"';
    if (!rel) edits.push({ at: lastAttrEnd, end: lastAttrEnd, text: ` rel=${q}${tokens}${q}` });
    else if (rel.quote === QuoteType.Double || rel.quote === QuoteType.Single) {
      edits.push({ at: rel.end - 1, end: rel.end - 1, text: (valueOf(rel).trim() === '' ? '' : ' ') + tokens });
    } else if (rel.quote === QuoteType.Unquoted) {
      const raw = rel.raw;
      const quote = raw.includes('"') ? (raw.includes("'") ? '"' : "'") : '"';
      const kept = quote === '"' ? raw.replaceAll('"', '&quot;') : raw;
      edits.push({ at: rel.valueStart, end: rel.end, text: `${quote}${kept} ${tokens}${quote}` });
    } else {
      edits.push({ at: rel.end, end: rel.end, text: `=${q}${tokens}${q}` });
    }
    result.links++;
  };
  const finishTag = (selfClosing: boolean): void => {
    const name = tag;
    tag = '';
    if (name === '') return;
    const flags = ElementStack.flagsOf(name);
    stack.beforeStart(name, flags);
    const own = hasSelectors ? ownMask(name) : 0;
    if (stack.templates === 0 && !stack.inForeign) {
      if (name === 'a' && plan.links.length > 0) editLink(stack.mask | own);
      if ((own & plan.nosnippetMask) !== 0) {
        if (!NOSNIPPET_ELEMENTS.has(name)) {
          if (result.ignored.length < MAX_IGNORED_REPORTED) {
            const bit = plan.selectors.findIndex((_, i) => ((own & plan.nosnippetMask) >> i) & 1);
            result.ignored.push({ tag: name, selector: plan.selectors[bit]!.text });
          }
        } else if (!attributes.has('data-nosnippet')) {
          edits.push({ at: lastAttrEnd, end: lastAttrEnd, text: ' data-nosnippet' });
          result.nosnippet++;
        }
      }
    }
    if (name === 'html' || name === 'body') stack.addRootBits(own);
    else if (stack.opens(flags, selfClosing)) stack.push(name, flags, own);
  };

  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = html.slice(start, end).toLowerCase();
      lastAttrEnd = end;
      selectorAttributesSeen = 0;
      if (attributes.size > 0) attributes.clear();
    },
    onattribname(start, end) {
      collecting = false;
      if (!wantedLengths.has(end - start)) return;
      attributeName = html.slice(start, end).toLowerCase();
      collecting = wanted.has(attributeName) && !attributes.has(attributeName);
      valueStart = -1;
    },
    onattribdata(start, end) {
      if (!collecting) return;
      if (valueStart === -1) valueStart = start;
      valueEnd = end;
    },
    onattribentity: noop,
    onattribend(quote, end) {
      lastAttrEnd = end;
      if (!collecting) return;
      collecting = false;
      attributes.set(attributeName, {
        raw: valueStart === -1 ? '' : html.slice(valueStart, valueEnd),
        quote,
        valueStart: quote === QuoteType.Unquoted ? valueStart : -1,
        end,
      });
      if (selectorNames.has(attributeName)) selectorAttributesSeen++;
    },
    onopentagend: () => finishTag(false),
    onselfclosingtag: () => finishTag(true),
    onclosetag(start, end) {
      // Most end tags close the innermost element: told without slicing the name.
      if (stack.endsTop(html, start, end)) return;
      const name = html.slice(start, end).toLowerCase();
      if (name !== 'html' && name !== 'body' && name !== 'head') stack.end(name);
    },
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onprocessinginstruction: noop,
    ontext: noop,
    ontextentity: noop,
    isInForeignContext: () => stack.inForeign,
  };
  // Link rules without selectors, on a page with no SVG, MathML or template to step around: no
  // element stack is needed, and only `<a>` start tags are looked at (nothing else is sliced).
  const light = !hasSelectors && !MAY_NEED_STACK.test(html);
  const lightCallbacks: TokenizerCallbacks = {
    ...callbacks,
    onopentagname(start, end) {
      tag = end - start === 1 && (html.charCodeAt(start) | 0x20) === 0x61 ? 'a' : '';
      lastAttrEnd = end;
      if (tag !== '' && attributes.size > 0) attributes.clear();
    },
    onattribname(start, end) {
      collecting = false;
      if (tag !== '') callbacks.onattribname(start, end);
    },
    onopentagend() {
      if (tag !== '') editLink(0);
      tag = '';
    },
    onselfclosingtag() {
      if (tag !== '') editLink(0);
      tag = '';
    },
    onclosetag: noop,
    isInForeignContext: () => false,
  };
  const tokenizer = new Tokenizer({ decodeEntities: false }, light ? lightCallbacks : callbacks);
  tokenizer.write(html);
  tokenizer.end();
  if (edits.length === 0) return result;
  const parts: string[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(html.slice(from, edit.at), edit.text);
    from = edit.end;
  }
  parts.push(html.slice(from));
  result.html = parts.join('');
  result.changed = true;
  return result;
}
