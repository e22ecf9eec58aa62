// The blog starter page's posts (bench/starter-site.mjs): five markdown files of the starter's
// lengths and kinds, in our own words: three posts of five paragraphs (the starter's first,
// second and third posts), a style guide of every markdown element (its markdown-style-guide.md:
// headings, blockquotes, a table, highlighted code blocks, lists, inline HTML) and a shorter post
// with HTML in it (the length of its using-mdx.mdx, as plain markdown). Each names a hero image
// from src/assets, as the starter's do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Paragraphs of our own, about the length of the starter's placeholder paragraphs (400–600 characters). */
const PARAGRAPHS = [
  'Crawlers read a page long before any person does. They ask for robots.txt first, then for the page, and they decide from its head whether the page may be indexed, whether its links may be followed and how much of it may be shown as a snippet. A site that renders its pages on request decides these things on every request, so the answer has to be quick, and it has to be the same answer a build would have written into a static file.',
  'The meta robots tag and the X-Robots-Tag header say the same things in two places. The tag lives in the markup, where the page author can see it; the header lives in the response, where it also covers PDF files, images and anything else without a head. Search engines combine the two, and the most restrictive directive wins, which is why a site should not send one without the other when it can send both.',
  'A rule that applies to a whole section of a site is easier to keep right than a tag copied into every page. Drafts, tag archives, search results and paginated lists are the usual candidates: pages that are useful to visitors but add little to an index. Writing the rule once, by path, and letting the framework apply it to every page it renders keeps the intent in one place and out of the templates.',
  'Snippets are the part of a result that people read. The max-snippet directive limits their length in characters, max-image-preview chooses how large a preview image may be, and max-video-preview limits a video preview in seconds. Setting them site-wide is a way to say how a site wants to be quoted, while individual pages can still ask for less when their content is sensitive or licensed from elsewhere.',
  'Testing these rules means reading what a site actually serves. A build can be checked file by file, but a server has to be asked: start it, request the pages, and read both the headers and the markup that come back. Anything else tests a model of the site rather than the site, and the difference is exactly where surprises live, in the base path, in trailing slashes and in pages rendered differently per locale.',
];
const paragraphs = (start, count) =>
  Array.from({ length: count }, (_, i) => PARAGRAPHS[(start + i) % PARAGRAPHS.length]).join('\n\n');

const post = (title, description, pubDate, hero, body, updatedDate) => `---
title: '${title}'
description: '${description}'
pubDate: '${pubDate}'
${updatedDate ? `updatedDate: '${updatedDate}'\n` : ''}heroImage: '../../assets/blog-placeholder-${hero}.jpg'
---

${body}
`;

const STYLE_GUIDE = `Here is a sample of the markdown elements a post can use, and what each one renders as.

## Headings

The following HTML \`<h1>\`—\`<h6>\` elements represent six levels of section headings. \`<h1>\` is the highest section level while \`<h6>\` is the lowest.

# H1

## H2

### H3

#### H4

##### H5

###### H6

## Paragraph

${paragraphs(0, 2)}

## Images

Images are written with an exclamation mark, the alternative text in brackets and the path in parentheses; this post's hero image is an image of the collection's schema instead.

## Blockquotes

The blockquote element represents content that is quoted from another source, optionally with a citation which must be within a \`footer\` or \`cite\` element, and optionally with in-line changes such as annotations and abbreviations.

### Blockquote without attribution

> A page that may not be indexed should still say so plainly.
> **Note** that you can use *Markdown syntax* within a blockquote.

### Blockquote with attribution

> The most restrictive directive wins.<br>
> — <cite>A search engine's documentation</cite>

## Tables

| Directive         | Where          | Meaning                            |
| ----------------- | -------------- | ---------------------------------- |
| noindex           | tag and header | keep the page out of the index     |
| nofollow          | tag and header | do not follow the page's links     |
| noarchive         | tag and header | no cached copy                     |
| max-snippet:50    | tag and header | snippets of at most 50 characters  |
| max-image-preview | tag and header | none, standard or large previews   |

## Code Blocks

Use three backticks on a line of their own before and after the code, and name the language after the first three for highlighting.

\`\`\`html
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Example page</title>
    <meta name="robots" content="noindex, nofollow" />
  </head>
  <body>
    <p>Not for the index.</p>
  </body>
</html>
\`\`\`

\`\`\`js
export const onRequest = async (context, next) => {
  const response = await next();
  response.headers.set('X-Robots-Tag', 'noarchive');
  return response;
};
\`\`\`

## List Types

### Ordered List

1. First item
2. Second item
3. Third item

### Unordered List

- List item
- Another item
- And another item

### Nested list

- Crawlers
  - Googlebot
  - Bingbot
- Directives
  - noindex
  - nofollow

## Other Elements — abbr, sub, sup, kbd, mark

<abbr title="Robots Exclusion Protocol">REP</abbr> is older than most of the web it governs.

H<sub>2</sub>O

X<sup>n</sup> + Y<sup>n</sup> = Z<sup>n</sup>

Press <kbd>CTRL</kbd> + <kbd>ALT</kbd> + <kbd>Delete</kbd> to end the session.

Most <mark>salamanders</mark> are nocturnal, and hunt for insects, worms, and other small creatures.
`;

const COMPONENTS = `A markdown post can carry HTML where markdown has no syntax for what it needs, and the starter's MDX post shows components in the same place. Here the same ideas in plain markdown.

## Why

${paragraphs(2, 1)}

## Example

A button written as HTML in the post:

<button type="button">Click me</button>

## More links

- [A post's front matter](/blog/first-post/)
- [The style guide](/blog/markdown-style-guide/)
- [Directives and where they apply](/blog/third-post/)
`;

/**
 * Writes the five posts into `blog` (src/content/blog); their slugs are starter-site.mjs's
 * STARTER_SLUGS. With `count` above five, copies of them follow, under titles of their own
 * (`post-5.md` and on), until there are `count` posts.
 */
export function writeStarterPosts(blog, count = 5) {
  const posts = [
    ['first-post', (title) => post(title, 'What a crawler reads first', 'Jul 08 2022', 3, paragraphs(0, 5))],
    ['second-post', (title) => post(title, 'One rule, many pages', 'Jul 15 2022', 4, paragraphs(1, 5))],
    ['third-post', (title) => post(title, 'Snippets and previews', 'Jul 22 2022', 2, paragraphs(3, 5))],
    [
      'markdown-style-guide',
      (title) =>
        post(
          title,
          'Here is a sample of some basic Markdown syntax that can be used when writing Markdown content in Astro.',
          'Jun 19 2024',
          1,
          STYLE_GUIDE,
        ),
    ],
    [
      'using-components',
      (title) =>
        post(title, 'How to put HTML where markdown has no syntax for it', 'Jun 01 2024', 5, COMPONENTS, 'Jun 12 2024'),
    ],
  ];
  const titles = ['First post', 'Second post', 'Third post', 'Markdown Style Guide', 'Using HTML in markdown'];
  for (let i = 0; i < Math.max(count, 5); i++) {
    const [slug, write] = posts[i % 5];
    writeFileSync(
      join(blog, i < 5 ? `${slug}.md` : `post-${i}.md`),
      write(i < 5 ? titles[i] : `${titles[i % 5]} ${i}`),
    );
  }
}
