// The Astro blog starter's post page (`npm create astro -- --template blog`), rendered on demand,
// for bench/on-demand.mjs: the same components, tags, content collection and page structure as
// the starter (BaseHead, Header, HeaderLink, Footer, FormattedDate, the BlogPost layout, a global
// stylesheet imported by BaseHead, a glob-loaded `blog` collection with the starter's schema and
// hero images; the posts in bench/starter-posts.mjs), written for this bench: the texts, the
// stylesheet's rules and the icons' path data are our own, of the starter's sizes (posts of
// 2–5 KB of markdown, a 3 KB stylesheet, three social icons of 0.5–1 KB each in the header and
// again in the footer). What differs from the
// starter, and why: the page is `src/pages/starter/[slug].astro` with `prerender = false` (looked
// up with getEntry, 404 when absent) instead of prerendered `blog/[...slug].astro`; the posts are
// plain markdown (no MDX integration, so that the minimal page's sites keep the same renderers);
// the fonts are preloaded from local paths that need not exist; the sitemap and RSS integrations
// are left out (they run at build time only; the head keeps their links).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeStarterPosts } from './starter-posts.mjs';

const require = createRequire(import.meta.url);

/** The posts' slugs (file names), which the bench's requests cycle through. */
export const STARTER_SLUGS = ['first-post', 'second-post', 'third-post', 'markdown-style-guide', 'using-components'];

const CONSTS = `export const SITE_TITLE = 'Astro Blog';
export const SITE_DESCRIPTION = 'Welcome to my website!';
`;

const CONTENT_CONFIG = `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const blog = defineCollection({
  // Markdown files in src/content/blog/, as the starter loads them.
  loader: glob({ base: './src/content/blog', pattern: '**/*.{md,mdx}' }),
  schema: ({ image }) =>
    z.object({
      title: z.string(),
      description: z.string(),
      pubDate: z.coerce.date(),
      updatedDate: z.coerce.date().optional(),
      heroImage: z.optional(image()),
    }),
});

export const collections = { blog };
`;

const BASE_HEAD = `---
import '../styles/global.css';
import type { ImageMetadata } from 'astro';
import FallbackImage from '../assets/blog-placeholder-1.jpg';
import { SITE_TITLE } from '../consts';

interface Props {
  title: string;
  description: string;
  image?: ImageMetadata;
}

const canonicalURL = new URL(Astro.url.pathname, Astro.site);
const { title, description, image = FallbackImage } = Astro.props;
---

<!-- Global Metadata -->
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<link rel="icon" href="/favicon.ico" />
<link rel="sitemap" href="/sitemap-index.xml" />
<link rel="alternate" type="application/rss+xml" title={SITE_TITLE} href={new URL('rss.xml', Astro.site)} />
<meta name="generator" content={Astro.generator} />

<!-- Font preloads -->
<link rel="preload" href="/fonts/atkinson-regular.woff" as="font" type="font/woff" crossorigin />
<link rel="preload" href="/fonts/atkinson-bold.woff" as="font" type="font/woff" crossorigin />

<!-- Canonical URL -->
<link rel="canonical" href={canonicalURL} />

<!-- Primary Meta Tags -->
<title>{title}</title>
<meta name="title" content={title} />
<meta name="description" content={description} />

<!-- Open Graph / Facebook -->
<meta property="og:type" content="website" />
<meta property="og:url" content={Astro.url} />
<meta property="og:title" content={title} />
<meta property="og:description" content={description} />
<meta property="og:image" content={new URL(image.src, Astro.url)} />

<!-- Twitter -->
<meta property="twitter:card" content="summary_large_image" />
<meta property="twitter:url" content={Astro.url} />
<meta property="twitter:title" content={title} />
<meta property="twitter:description" content={description} />
<meta property="twitter:image" content={new URL(image.src, Astro.url)} />
`;

/**
 * An SVG path of about `length` characters, the same for the same seed: stands in for the
 * starter's icon paths (Mastodon, Twitter, GitHub), which are data of that size.
 */
function iconPath(seed, length) {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * 16;
  let d = `M${next().toFixed(2)} ${next().toFixed(2)}`;
  for (let i = 0; d.length < length; i++)
    d +=
      i % 3 === 0
        ? `c${next().toFixed(3)} ${next().toFixed(3)} ${next().toFixed(3)} ${(-next()).toFixed(3)} ${next().toFixed(3)} ${next().toFixed(3)}`
        : i % 3 === 1
          ? `l${(-next()).toFixed(2)} ${next().toFixed(2)}`
          : `a${next().toFixed(2)} ${next().toFixed(2)} 0 0 1 ${next().toFixed(2)} ${(-next()).toFixed(2)}`;
  return `${d}z`;
}
const SOCIAL = [
  ['https://m.webtoo.ls/@astro', 'Follow Astro on Mastodon', iconPath(7, 1050)],
  ['https://twitter.com/astrodotbuild', 'Follow Astro on Twitter', iconPath(11, 520)],
  ['https://github.com/withastro/astro', "Go to Astro's GitHub repo", iconPath(13, 720)],
];
const socialLinks = (size) =>
  SOCIAL.map(
    ([href, label, d]) => `    <a href="${href}" target="_blank">
      <span class="sr-only">${label}</span>
      <svg viewBox="0 0 16 16" aria-hidden="true" width="${size}" height="${size}"><path fill="currentColor" d="${d}"></path></svg>
    </a>`,
  ).join('\n');

const HEADER = `---
import HeaderLink from './HeaderLink.astro';
import { SITE_TITLE } from '../consts';
---

<header>
  <nav>
    <h2><a href="/">{SITE_TITLE}</a></h2>
    <div class="internal-links">
      <HeaderLink href="/">Home</HeaderLink>
      <HeaderLink href="/blog">Blog</HeaderLink>
      <HeaderLink href="/about">About</HeaderLink>
    </div>
    <div class="social-links">
${socialLinks(32)}
    </div>
  </nav>
</header>
<style>
  header { margin: 0; padding: 0 1em; background: white; box-shadow: 0 2px 8px rgba(var(--black), 5%); }
  h2 { margin: 0; font-size: 1em; }
  h2 a, h2 a.active { text-decoration: none; }
  nav { display: flex; align-items: center; justify-content: space-between; }
  nav a { padding: 1em 0.5em; color: var(--black); border-bottom: 4px solid transparent; text-decoration: none; }
  nav a.active { text-decoration: none; border-bottom-color: var(--accent); }
  .social-links, .social-links a { display: flex; }
  @media (max-width: 720px) { .social-links { display: none; } }
</style>
`;

const HEADER_LINK = `---
import type { HTMLAttributes } from 'astro/types';

type Props = HTMLAttributes<'a'>;

const { href, class: className, ...props } = Astro.props;
const pathname = Astro.url.pathname.replace(import.meta.env.BASE_URL, '');
const subpath = pathname.match(/[^\\/]+/g);
const isActive = href === pathname || href === '/' + (subpath?.[0] || '');
---

<a href={href} class:list={[className, { active: isActive }]} {...props}>
  <slot />
</a>
<style>
  a { display: inline-block; text-decoration: none; }
  a.active { font-weight: bolder; text-decoration: underline; }
</style>
`;

const FOOTER = `---
const today = new Date();
---

<footer>
  &copy; {today.getFullYear()} Your name here. All rights reserved.
  <div class="social-links">
${socialLinks(32)}
  </div>
</footer>
<style>
  footer { padding: 2em 1em 6em 1em; background: linear-gradient(var(--gray-gradient)) no-repeat; color: rgb(var(--gray)); text-align: center; }
  .social-links { display: flex; justify-content: center; gap: 1em; margin-top: 1em; }
  .social-links a { text-decoration: none; color: rgb(var(--gray)); }
  .social-links a:hover { color: rgb(var(--gray-dark)); }
</style>
`;

const FORMATTED_DATE = `---
interface Props {
  date: Date;
}

const { date } = Astro.props;
---

<time datetime={date.toISOString()}>
  {
    date.toLocaleDateString('en-us', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    })
  }
</time>
`;

const BLOG_POST = `---
import type { CollectionEntry } from 'astro:content';
import { Image } from 'astro:assets';
import BaseHead from '../components/BaseHead.astro';
import Footer from '../components/Footer.astro';
import FormattedDate from '../components/FormattedDate.astro';
import Header from '../components/Header.astro';

type Props = CollectionEntry<'blog'>['data'];

const { title, description, pubDate, updatedDate, heroImage } = Astro.props;
---

<html lang="en">
  <head>
    <BaseHead title={title} description={description} />
    <style>
      main { width: calc(100% - 2em); max-width: 100%; margin: 0; }
      .hero-image { width: 100%; }
      .hero-image img { display: block; margin: 0 auto; border-radius: 12px; box-shadow: var(--box-shadow); }
      .prose { width: 720px; max-width: calc(100% - 2em); margin: auto; padding: 1em; color: rgb(var(--gray-dark)); }
      .title { margin-bottom: 1em; padding: 1em 0; text-align: center; line-height: 1; }
      .title h1 { margin: 0 0 0.5em 0; }
      .date { margin-bottom: 0.5em; color: rgb(var(--gray)); }
      .last-updated-on { font-style: italic; }
    </style>
  </head>

  <body>
    <Header />
    <main>
      <article>
        <div class="hero-image">
          {heroImage && <Image width={1020} height={510} src={heroImage} alt="" />}
        </div>
        <div class="prose">
          <div class="title">
            <div class="date">
              <FormattedDate date={pubDate} />
              {
                updatedDate && (
                  <div class="last-updated-on">
                    Last updated on <FormattedDate date={updatedDate} />
                  </div>
                )
              }
            </div>
            <h1>{title}</h1>
            <hr />
          </div>
          <slot />
        </div>
      </article>
    </main>
    <Footer />
  </body>
</html>
`;

/** The starter's `blog/[...slug].astro`, on demand: the entry looked up per request. */
const PAGE = `---
import { getEntry, render } from 'astro:content';
import BlogPost from '../../layouts/BlogPost.astro';

export const prerender = false;

const entry = await getEntry('blog', Astro.params.slug ?? '');
if (entry === undefined) return new Response(null, { status: 404, statusText: 'Not found' });
const { Content } = await render(entry);
---

<BlogPost {...entry.data}>
  <Content />
</BlogPost>
`;

/** A stylesheet of the starter's size and kind (a classless base, fonts, prose elements). */
const GLOBAL_CSS = `/* Base styles for the blog, after the classless style the starter builds on. */
:root {
  --accent: #2337ff;
  --accent-dark: #000d8a;
  --black: 15, 18, 25;
  --gray: 96, 115, 159;
  --gray-light: 229, 233, 240;
  --gray-dark: 34, 41, 57;
  --gray-gradient: rgba(var(--gray-light), 50%), #fff;
  --box-shadow: 0 2px 6px rgba(var(--gray), 25%), 0 8px 24px rgba(var(--gray), 33%), 0 16px 32px rgba(var(--gray), 33%);
}
@font-face {
  font-family: 'Atkinson';
  src: url('/fonts/atkinson-regular.woff') format('woff');
  font-weight: 400;
  font-style: normal;
  font-display: swap;
}
@font-face {
  font-family: 'Atkinson';
  src: url('/fonts/atkinson-bold.woff') format('woff');
  font-weight: 700;
  font-style: normal;
  font-display: swap;
}
body {
  font-family: 'Atkinson', sans-serif;
  margin: 0;
  padding: 0;
  text-align: left;
  background: linear-gradient(var(--gray-gradient)) no-repeat;
  background-size: 100% 600px;
  word-wrap: break-word;
  overflow-wrap: break-word;
  color: rgb(var(--gray-dark));
  font-size: 20px;
  line-height: 1.7;
}
main { width: 720px; max-width: calc(100% - 2em); margin: auto; padding: 3em 1em; }
h1, h2, h3, h4, h5, h6 { margin: 0 0 0.5rem 0; color: rgb(var(--black)); line-height: 1.2; }
h1 { font-size: 3.052em; }
h2 { font-size: 2.441em; }
h3 { font-size: 1.953em; }
h4 { font-size: 1.563em; }
h5 { font-size: 1.25em; }
strong, b { font-weight: 700; }
a { color: var(--accent); }
a:hover { color: var(--accent); }
p { margin-bottom: 1em; }
.prose p { margin-bottom: 2em; }
textarea { width: 100%; font-size: 16px; }
input { font-size: 16px; }
table { width: 100%; }
img { max-width: 100%; height: auto; border-radius: 8px; }
code { padding: 2px 5px; background-color: rgb(var(--gray-light)); border-radius: 2px; }
pre { padding: 1.5em; border-radius: 8px; }
pre > code { all: unset; }
blockquote { border-left: 4px solid var(--accent); padding: 0 0 0 20px; margin: 0; font-size: 1.333em; }
hr { border: none; border-top: 1px solid rgb(var(--gray-light)); }
@media (max-width: 720px) {
  body { font-size: 18px; }
  main { padding: 1em; }
}
.sr-only {
  border: 0;
  padding: 0;
  margin: 0;
  position: absolute !important;
  height: 1px;
  width: 1px;
  overflow: hidden;
  /* IE6, IE7: no comma between the values */
  clip: rect(1px 1px 1px 1px);
  /* the values with commas, as the specification has them */
  clip: rect(1px, 1px, 1px, 1px);
  /* clip-path, which replaces clip */
  clip-path: inset(50%);
  /* no wrapping, so that a screen reader reads words, not letters */
  white-space: nowrap;
}
`;

/** The starter's own `blog/[...slug].astro`: every post prerendered from the collection. */
const STATIC_PAGE = `---
import { type CollectionEntry, getCollection, render } from 'astro:content';
import BlogPost from '../../layouts/BlogPost.astro';

export async function getStaticPaths() {
  const posts = await getCollection('blog');
  return posts.map((post) => ({ params: { slug: post.id }, props: post }));
}
type Props = CollectionEntry<'blog'>;

const post = Astro.props;
const { Content } = await render(post);
---

<BlogPost {...post.data}>
  <Content />
</BlogPost>
`;

/**
 * Writes the starter's sources into the site at `dir` (beside the pages already there): by
 * default its post page on demand at `/starter/<slug>/` over the five posts; with `posts`, the
 * starter's prerendered `blog/[...slug].astro` over that many posts (the five, then copies of
 * them under other titles), for the static build benches.
 */
export async function writeStarterSite(dir, { posts } = {}) {
  const src = join(dir, 'src');
  const pageFolder = posts === undefined ? join('pages', 'starter') : join('pages', 'blog');
  for (const folder of ['components', 'layouts', 'styles', 'assets', join('content', 'blog'), pageFolder])
    mkdirSync(join(src, folder), { recursive: true });
  writeFileSync(join(src, 'consts.ts'), CONSTS);
  writeFileSync(join(src, 'content.config.ts'), CONTENT_CONFIG);
  writeFileSync(join(src, 'components', 'BaseHead.astro'), BASE_HEAD);
  writeFileSync(join(src, 'components', 'Header.astro'), HEADER);
  writeFileSync(join(src, 'components', 'HeaderLink.astro'), HEADER_LINK);
  writeFileSync(join(src, 'components', 'Footer.astro'), FOOTER);
  writeFileSync(join(src, 'components', 'FormattedDate.astro'), FORMATTED_DATE);
  writeFileSync(join(src, 'layouts', 'BlogPost.astro'), BLOG_POST);
  writeFileSync(join(src, 'styles', 'global.css'), GLOBAL_CSS);
  if (posts === undefined) writeFileSync(join(src, 'pages', 'starter', '[slug].astro'), PAGE);
  else writeFileSync(join(src, 'pages', 'blog', '[...slug].astro'), STATIC_PAGE);
  // The hero images: small JPEGs made with sharp (Astro's image service, installed with it).
  const sharp = require('sharp');
  for (let i = 1; i <= 5; i++) {
    const image = await sharp({
      create: { width: 960, height: 480, channels: 3, background: { r: 40 * i, g: 90, b: 200 - 30 * i } },
    })
      .jpeg()
      .toBuffer();
    writeFileSync(join(src, 'assets', `blog-placeholder-${i}.jpg`), image);
  }
  writeStarterPosts(join(src, 'content', 'blog'), posts);
}
