import { IMAGE_PREVIEW_ORDER, type ValueDirective } from './known-directives.js';
import { mergeInto } from './merge-directives.js';
import type { MutableDirectives } from './mutable-directives.js';
import { fail, type ParseContext } from './parse-context.js';
import { formatDirectiveDate, parseDirectiveDate } from './parse-date.js';
import { suggest } from './suggest.js';
import type { ImagePreview } from './types.js';

function parseLength(name: ValueDirective, value: unknown, context: ParseContext): number {
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < -1) {
    fail(context, {
      code: 'invalid-directive-value',
      problem: `invalid \`${name}\` value`,
      value,
      expected: 'a whole number, -1 for no limit',
    });
  }
  return number;
}

/** Records `max-snippet`, `max-image-preview`, `max-video-preview` or `unavailable_after`. */
export function applyValueDirective(
  directives: MutableDirectives,
  name: ValueDirective,
  value: unknown,
  context: ParseContext,
): void {
  switch (name) {
    case 'max-snippet':
      mergeInto(directives, { maxSnippet: parseLength(name, value, context) });
      return;
    case 'max-video-preview':
      mergeInto(directives, { maxVideoPreview: parseLength(name, value, context) });
      return;
    case 'max-image-preview': {
      const setting = typeof value === 'string' ? value.trim().toLowerCase() : value;
      if (!IMAGE_PREVIEW_ORDER.includes(setting as ImagePreview)) {
        fail(context, {
          code: 'invalid-directive-value',
          problem: 'invalid `max-image-preview` value',
          value,
          expected: '`none`, `standard` or `large`',
          suggestion: typeof setting === 'string' ? suggest(setting, IMAGE_PREVIEW_ORDER) : undefined,
        });
      }
      mergeInto(directives, { maxImagePreview: setting as ImagePreview });
      return;
    }
    case 'unavailable_after': {
      const date = parseDirectiveDate(value);
      if (!date) {
        fail(context, {
          code: 'invalid-date',
          problem: 'invalid `unavailable_after` date',
          value,
          expected: 'an ISO 8601 (`2026-12-31`), RFC 822 or RFC 850 date',
        });
      }
      mergeInto(directives, { unavailableAfter: formatDirectiveDate(date) });
      return;
    }
  }
}
