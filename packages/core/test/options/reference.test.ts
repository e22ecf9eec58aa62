/**
 * Issue 35: the options reference (`docs/options.md`) is generated from the options schema, so
 * no options table can drift from the code. This test fails when the file is stale: run
 * `npm run docs:options` after changing an option.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// @ts-expect-error: a plain ES module script without types.
import { renderOptionsReference } from '../../../../scripts/options-reference.mjs';
import { robotsOptionsSchema } from '../../src/options/schema.js';

const render = renderOptionsReference as (schema: unknown) => string;
const written = readFileSync(new URL('../../../../docs/options.md', import.meta.url), 'utf8');

describe('docs/options.md', () => {
  it('is what the options schema generates (run `npm run docs:options` when this fails)', () => {
    expect(written).toBe(render(robotsOptionsSchema));
  });

  it('lists every option of the schema, nested ones under their parent, each with a description', () => {
    const rows = render(robotsOptionsSchema)
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const names = rows.map((line) => /^\| `([^`]+)`/.exec(line)![1]);
    for (const name of [
      'site',
      'noindex.data',
      'rules[].robots',
      'robotsTxt.groups[].disallow',
      'headers.targets',
      'links',
    ])
      expect(names).toContain(name);
    expect(rows.filter((line) => line.endsWith('|  |'))).toEqual([]);
  });

  it('changes when an option is added (the check can fail)', () => {
    const extended = robotsOptionsSchema.def.in.extend({
      brandNew: z.boolean().default(true).meta({ description: 'A new option.' }),
    });
    expect(render(extended)).not.toBe(written);
    expect(render(extended)).toContain('| `brandNew` | boolean | `true` | A new option. |');
  });
});
