/**
 * A page that ends inside a doctype no text can close as the end of input does
 * (`<!DOCTYPE html SYSTEM "about:legacy-compat"`) cannot take a head without changing how
 * browsers read it: core returns it unchanged, and the build must say so, since the page
 * misses the tags it should carry (here a `noindex`).
 */
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { buildStub } from './helpers/build-stub.js';

describe('a page cut off inside its doctype', () => {
  it('is left unchanged, and the build log names the page', async () => {
    const site = await buildStub('cut-doctype', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, {});
    });
    expect(site.byUrl.get('/legacy/')?.content).toBe('<!DOCTYPE html SYSTEM "about:legacy-compat"');
    expect(site.warnings.filter((message) => message.includes('legacy.html'))).toEqual([
      expect.stringMatching(/cut-doctype\/legacy\.html: .*doctype/),
    ]);
  });
});
