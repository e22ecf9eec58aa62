import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import { injectRobots } from '../../src/index.js';

interface FixtureConfig {
  description: string;
  /** What resolve returns. */
  tags: Record<string, string>;
  /** What resolve must receive; null when it must not be called. Default: []. */
  existing?: ExistingRobotsTag[] | null;
  /** Expected diagnostic codes, in order. Default: none. */
  diagnostics?: string[];
  extraNames?: string[];
}

const fixturesDirectory = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/html');
const cases = readdirSync(fixturesDirectory, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function read(name: string, file: string): string {
  return readFileSync(join(fixturesDirectory, name, file), 'utf8');
}

describe('injectRobots fixtures', () => {
  it('finds the fixture cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(cases)('%s', (name) => {
    const input = read(name, 'input.html');
    const expected = read(name, 'output.html');
    const config = JSON.parse(read(name, 'config.json')) as FixtureConfig;
    const options = config.extraNames ? { extraNames: new Set(config.extraNames) } : {};

    it(config.description, () => {
      const calls: ExistingRobotsTag[][] = [];
      const result = injectRobots(
        input,
        (existing) => {
          calls.push(existing);
          return config.tags;
        },
        options,
      );
      expect(result.html).toBe(expected);
      expect(result.changed).toBe(expected !== input);
      expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(config.diagnostics ?? []);
      for (const diagnostic of result.diagnostics) expect(diagnostic.message).toMatch(/^\[@robots-kit\/core\] /);
      if (config.existing === null) expect(calls).toEqual([]);
      else expect(calls).toEqual([config.existing ?? []]);
    });

    it('is idempotent', () => {
      const once = injectRobots(input, () => config.tags, options).html;
      const twice = injectRobots(once, () => config.tags, options);
      expect(twice.html).toBe(once);
      expect(twice.changed).toBe(false);
    });
  });
});
