/**
 * The AI preference vocabularies robots-kit writes: the IETF AI Preferences vocabulary
 * (`Content-Usage`, in robots.txt and as a response header) and Cloudflare's Content Signals
 * Policy (`Content-Signal`): their terms, their values, checking the options and formatting them.
 */
import { suggest } from '../errors.js';
import { contentUsagePairs, type ContentUsageOptions, type ContentUsageValue } from '../directives/vocabulary.js';

export { contentUsagePairs, type ContentUsageOptions, type ContentUsageValue };
import { assertPlainObject, robotsTxtOptionError } from './option-errors.js';

/** The terms of the vocabulary as published (draft-ietf-aipref-vocab-05, December 2025). */
export const AIPREF_TERMS = ['train-ai', 'search'] as const;
/** Terms of earlier drafts, and why they are gone: each is refused with the current terms. */
export const REMOVED_AIPREF_TERMS: ReadonlyMap<string, { reason: string; instead?: string }> = new Map([
  ['bots', { reason: 'the "automated processing" category was removed from the vocabulary in November 2025' }],
  ['ai-output', { reason: 'the "AI output" category was removed from the vocabulary in November 2025' }],
  ['train-genai', { reason: 'generative AI training was folded into `train-ai`', instead: 'train-ai' }],
  ['ai-use', { reason: 'the "AI use" category was removed from the vocabulary' }],
  [
    'genai',
    { reason: 'not a term of the vocabulary; generative AI training is part of `train-ai`', instead: 'train-ai' },
  ],
]);
/** Terms of other vocabularies users reach for, and the term that says it here. */
const OTHER_VOCABULARY = new Map([
  ['ai-train', 'train-ai'],
  ['training', 'train-ai'],
  ['train', 'train-ai'],
  ['ai-training', 'train-ai'],
  ['search-ai', 'search'],
]);
const TERM = /^[a-z][a-z0-9-]*$/;
const USAGE_VALUE_SUGGESTIONS = new Map<unknown, string>([
  [true, 'y'],
  [false, 'n'],
  ['yes', 'y'],
  ['no', 'n'],
  ['Y', 'y'],
  ['N', 'n'],
]);
const CURRENT = AIPREF_TERMS.map((term) => `\`${term}\``).join(' and ');

function checkUsageValue(setting: unknown, key: string, source: string | undefined): void {
  if (setting === 'y' || setting === 'n') return;
  throw robotsTxtOptionError(
    {
      key,
      value: setting,
      problem: 'invalid content-usage value',
      expected: '`y` or `n`',
      suggestion: USAGE_VALUE_SUGGESTIONS.get(setting),
    },
    source,
  );
}
/**
 * Throws unless every key is a term of the vocabulary (`train-ai`, `search`) with `y` or `n`, or
 * `extensions`, an object of other terms (lower-case letters, digits and `-`). A removed term
 * (`bots`, `ai-output`) is refused with the reason and the current terms.
 */
export function validateContentUsage(value: unknown, key: string, source?: string): void {
  assertPlainObject(value, key, "an object such as `{ 'train-ai': 'n' }`", source);
  for (const [term, setting] of Object.entries(value)) {
    if (term === 'extensions') {
      assertPlainObject(
        setting,
        `${key}.extensions`,
        "an object of extension terms such as `{ 'x-foo': 'n' }`",
        source,
      );
      for (const [extension, extensionSetting] of Object.entries(setting)) {
        if (!TERM.test(extension)) {
          throw robotsTxtOptionError(
            {
              key: `${key}.extensions.${extension}`,
              value: extension,
              problem: 'invalid content-usage extension term',
              expected: 'lower-case letters, digits and `-`, starting with a letter, e.g. `x-foo`',
            },
            source,
          );
        }
        checkUsageValue(extensionSetting, `${key}.extensions.${extension}`, source);
      }
      continue;
    }
    if (!(AIPREF_TERMS as readonly string[]).includes(term)) {
      const removed = REMOVED_AIPREF_TERMS.get(term.toLowerCase());
      throw robotsTxtOptionError(
        {
          key: `${key}.${term}`,
          value: term,
          problem: removed
            ? `\`${term}\` is no longer an AI Preferences term (${removed.reason}), got`
            : 'not a term of the IETF AI Preferences vocabulary, got',
          expected: `${CURRENT}; a term of your own goes under \`extensions\`, e.g. \`{ extensions: { '${TERM.test(term) ? term : 'x-foo'}': 'n' } }\``,
          suggestion:
            removed?.instead ??
            OTHER_VOCABULARY.get(term.toLowerCase()) ??
            suggest(term, AIPREF_TERMS) ??
            (removed ? undefined : TERM.test(term) ? `extensions: { '${term}': ... }` : undefined),
        },
        source,
      );
    }
    checkUsageValue(setting, `${key}.${term}`, source);
  }
}
/** `yes` or `no`, as the Content Signals Policy writes its values. */
export type ContentSignalValue = 'yes' | 'no';
/** Cloudflare's Content Signals Policy: what the site allows its content to be used for once fetched. */
export interface ContentSignalOptions {
  /** Building a search index and linking to the content in results. Default: unset (no signal). */
  search?: ContentSignalValue;
  /** Feeding the content to an AI model answering a question (grounding, RAG). Default: unset (no signal). */
  'ai-input'?: ContentSignalValue;
  /** Training or fine-tuning AI models. Default: unset (no signal). */
  'ai-train'?: ContentSignalValue;
  /**
   * How much of the content an AI answer may use (Cloudflare, 2026-08-31): `immediate` (only for
   * the answer being written), `reference` (quoted with a link), `full`. Default: unset.
   */
  use?: 'immediate' | 'reference' | 'full';
  /** A signal robots-kit does not know yet, written as given (`key=value`) with a note. */
  [signal: string]: string | undefined;
}
/** The Content Signals Policy's signals, in the order they are written, with their values. */
export const CONTENT_SIGNALS: ReadonlyMap<string, readonly string[]> = new Map([
  ['search', ['yes', 'no']],
  ['ai-input', ['yes', 'no']],
  ['ai-train', ['yes', 'no']],
  ['use', ['immediate', 'reference', 'full']],
]);
export const CONTENT_SIGNAL_KEYS = [...CONTENT_SIGNALS.keys()];
/** Words users write for a known signal: refused with the signal's name rather than passed through. */
const SIGNAL_SYNONYMS = new Map([
  ['training', 'ai-train'],
  ['train', 'ai-train'],
  ['ai-training', 'ai-train'],
  ['train-ai', 'ai-train'],
  ['input', 'ai-input'],
  ['rag', 'ai-input'],
  ['grounding', 'ai-input'],
  ['indexing', 'search'],
]);
const SIGNAL_VALUE_SUGGESTIONS = new Map<unknown, string>([
  [true, 'yes'],
  [false, 'no'],
  ['y', 'yes'],
  ['n', 'no'],
  ['allow', 'yes'],
  ['deny', 'no'],
]);
/**
 * Throws unless every known signal has one of its values; a key close to a known one
 * (`ai-trian`) is refused with a did-you-mean. Any other key of lower-case letters, digits and
 * `-` with such a value is a signal robots-kit does not know yet: it is written as given, and
 * {@link unknownContentSignals} names it for a note.
 */
export function validateContentSignal(value: unknown, key: string, source?: string): void {
  assertPlainObject(value, key, "an object such as `{ search: 'yes', 'ai-train': 'no', use: 'reference' }`", source);
  const known = CONTENT_SIGNAL_KEYS.map((name) => `\`${name}\``).join(', ');
  for (const [signal, setting] of Object.entries(value)) {
    const values = CONTENT_SIGNALS.get(signal);
    const close = values
      ? undefined
      : (SIGNAL_SYNONYMS.get(signal.toLowerCase()) ?? suggest(signal, CONTENT_SIGNAL_KEYS));
    if (!values && (close !== undefined || !TERM.test(signal))) {
      throw robotsTxtOptionError(
        {
          key: `${key}.${signal}`,
          value: signal,
          problem: 'unknown content signal',
          expected: `${known}, or another signal Cloudflare documents (lower-case letters, digits and \`-\`)`,
          suggestion: close ?? signal.toLowerCase().replace(/[\s_]+/g, '-'),
        },
        source,
      );
    }
    const lowered = typeof setting === 'string' ? setting.toLowerCase() : undefined;
    if (values ? values.includes(setting as string) : typeof setting === 'string' && TERM.test(setting)) continue;
    throw robotsTxtOptionError(
      {
        key: `${key}.${signal}`,
        value: setting,
        problem: 'invalid content-signal value',
        expected: values ? values.map((one) => `\`${one}\``).join(' or ') : 'a lower-case word such as `yes` or `no`',
        suggestion:
          lowered !== undefined && values?.includes(lowered)
            ? lowered
            : values?.[0] === 'yes'
              ? SIGNAL_VALUE_SUGGESTIONS.get(setting)
              : undefined,
      },
      source,
    );
  }
}
/** The signals of an option robots-kit does not know (written as given). */
export function unknownContentSignals(signal: ContentSignalOptions | undefined): string[] {
  return Object.keys(signal ?? {}).filter((name) => !CONTENT_SIGNALS.has(name));
}
/** The signals as `key=value` pairs: the known ones in the policy's order, then the others by name. */
export function contentSignalPairs(signal: ContentSignalOptions): [string, string][] {
  const set = (name: string): [string, string][] => {
    const setting = signal[name];
    return setting === undefined ? [] : [[name, setting]];
  };
  return [...CONTENT_SIGNAL_KEYS.flatMap(set), ...unknownContentSignals(signal).sort().flatMap(set)];
}
