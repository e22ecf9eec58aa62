import path from 'node:path';
import { feedPlugin } from '@11ty/eleventy-plugin-rss';
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { buildStub, findCause, relativeToCwd, STUBS } from './helpers/build-stub.js';

async function rejectionOf(build: Promise<unknown>): Promise<unknown> {
  return build.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
}

function expectFrontMatterError(error: unknown, file: string): void {
  expect(error, 'the build succeeded').toBeInstanceOf(Error);
  const robotsError = findCause(error, 'RobotsError');
  expect(robotsError?.message).toMatch(/^\[@robots-kit\/eleventy\] /);
  expect(robotsError?.message).toContain(`bad-front-matter/${file}, key \`robots\`: unknown directive \`noindx\``);
  expect(robotsError?.message).toContain('Did you mean `noindex`?');
  expect((robotsError as { code?: string }).code).toBe('unknown-directive');
  // Eleventy names the template too, in the errors it wraps ours with.
  expect(findCause(error, 'EleventyTransformError')?.message).toContain(file);
  expect(findCause(error, 'EleventyTemplateError')?.message).toContain(file);
}

describe('bad front matter fails the build, naming the file, the key, the value and the suggestion', () => {
  it('on a page with a layout, also listed in a feed', async () => {
    const error = await rejectionOf(
      buildStub('bad-front-matter', (eleventyConfig) => {
        // The feed runs transforms on the entry's content too; the error must come from
        // the page's own render, not (unhandled) from inside the feed template.
        eleventyConfig.addPlugin(feedPlugin, { type: 'rss', outputPath: '/feed.xml', collection: { name: 'post' } });
        eleventyConfig.ignores.add(`${relativeToCwd(path.join(STUBS, 'bad-front-matter/no-layout.md'))}`);
        eleventyConfig.addPlugin(robotsPlugin);
      }),
    );
    expectFrontMatterError(error, 'typo.md');
  });

  it('on a page without a layout', async () => {
    const error = await rejectionOf(
      buildStub(
        'bad-front-matter',
        (eleventyConfig) => eleventyConfig.addPlugin(robotsPlugin),
        path.join(STUBS, 'bad-front-matter/no-layout.md'),
      ),
    );
    expectFrontMatterError(error, 'no-layout.md');
  });
});

describe('bad options', () => {
  it('fail before any page renders, with a did-you-mean', async () => {
    let rendered = 0;
    const error = await rejectionOf(
      buildStub('minimal', (eleventyConfig) => {
        eleventyConfig.addTransform('count', (content: string) => {
          rendered++;
          return content;
        });
        eleventyConfig.addPlugin(robotsPlugin, { noindex: { colections: ['drafts'] } });
      }),
    );
    const robotsError = findCause(error, 'RobotsError');
    expect(robotsError?.message).toMatch(/^\[@robots-kit\/eleventy\] /);
    expect(robotsError?.message).toContain('colections');
    expect(robotsError?.message).toContain('Did you mean `collections`?');
    expect(rendered).toBe(0);
  });
});
