/**
 * Issue 11, item 17, on Eleventy's command line: every message of the plugin is printed once, in
 * its own words. A failed audit's error once (its findings are listed above it); a page's error
 * once per report Eleventy makes of a failed build, never again as a stack trace.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, runCli, type CliBuild } from './helpers/cli-project.js';

const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body>{{ content | safe }}</body>\n</html>\n';
const occurrences = (log: string, text: string) => log.split(text).length - 1;

function project(options: string, post: string): Record<string, string> {
  return {
    'package.json': '{ "name": "messages", "private": true, "type": "module" }\n',
    'eleventy.config.js': `import robots from '@robots-kit/eleventy';\nexport default function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, ${options});\n}\nexport const config = { dir: { input: 'src' } };\n`,
    'src/_includes/page.njk': LAYOUT,
    'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\nHome.\n',
    'src/private/post.md': post,
  };
}

describe('item 17: every message once', () => {
  let audit: CliBuild;
  let quiet: CliBuild;
  let page: CliBuild;
  beforeAll(async () => {
    // private/post.md is noindex, and robots.txt keeps crawlers from ever reading that.
    const auditDir = await createProject(
      'messages-audit',
      project(
        "{ site: 'https://example.com', robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }] }, audit: true }",
        '---\nlayout: page.njk\ntitle: Post\nrobots: noindex\n---\nText.\n',
      ),
    );
    audit = runCli(auditDir);
    quiet = runCli(auditDir, ['--quiet']);
    const pageDir = await createProject(
      'messages-page',
      project('{}', '---\nlayout: page.njk\ntitle: Post\nrobots: noindex nofollow\n---\nText.\n'),
    );
    page = runCli(pageDir);
  }, 120_000);

  it('a failed audit: each finding once, the error once, no stack trace', () => {
    expect(audit.status).not.toBe(0);
    expect(occurrences(audit.log, 'error noindex-disallowed:')).toBe(1);
    expect(occurrences(audit.log, 'the robots-kit audit found 1 error in the build output (listed above)')).toBe(1);
    expect(audit.log).not.toMatch(/Original error stack trace: RobotsError/);
    expect(audit.log).not.toMatch(/\[@robots-kit\/core\]/);
  });

  it('a failed audit under --quiet still lists its errors above the error that points at them', () => {
    expect(quiet.status).not.toBe(0);
    const finding = quiet.log.indexOf('error noindex-disallowed:');
    expect(finding).toBeGreaterThan(-1);
    expect(quiet.log.indexOf('the robots-kit audit found 1 error in the build output (listed above)')).toBeGreaterThan(
      finding,
    );
  });

  it('a page error: in our words with the fix, once per report of the failed build, no stack trace', () => {
    const message =
      '[@robots-kit/eleventy] ./src/private/post.md, key `robots`: separate directives with commas, got `noindex nofollow`. Did you mean `noindex, nofollow`?';
    expect(page.status).not.toBe(0);
    // Eleventy's command line reports a failed build twice ("Problem writing Eleventy templates", then "Eleventy Fatal Error (CLI)").
    expect(occurrences(page.log, 'Problem writing Eleventy templates')).toBe(1);
    expect(occurrences(page.log, 'Eleventy Fatal Error (CLI)')).toBe(1);
    expect(occurrences(page.log, message)).toBe(2);
    expect(page.log).not.toMatch(/Original error stack trace: RobotsError/);
    expect(page.log).not.toMatch(/\[@robots-kit\/core\]|Invalid input|received/);
  });
});
