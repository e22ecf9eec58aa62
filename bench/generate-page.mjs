// Realistic generated pages for the benchmarks: a 6–8 KB head with 15–30 meta/link/script
// tags, navigation, an article with code blocks, inline scripts, comments and entities.
// Deterministic: the same index gives the same page.

function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const WORDS =
  'robots crawler index follow snippet preview archive sitemap header static build eleventy astro page draft tag search engine result directive meta'.split(
    ' ',
  );

function sentence(next, words) {
  let text = '';
  for (let i = 0; i < words; i++) text += (i ? ' ' : '') + WORDS[Math.floor(next() * WORDS.length)];
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

export function generateHead(index, next = random(index + 1)) {
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Post ${index} &amp; friends — Example Blog</title>`,
    `<meta name="description" content="${sentence(next, 24)}">`,
    '<meta name="generator" content="bench">',
    '<meta name="theme-color" content="#0b7285">',
  ];
  if (index % 3 === 0) lines.push('<meta name="robots" content="index, follow">');
  const count = 15 + Math.floor(next() * 16);
  for (let i = 0; lines.length < count; i++) {
    const kind = i % 5;
    if (kind === 0) lines.push(`<meta property="og:${WORDS[i % WORDS.length]}" content="${sentence(next, 12)}">`);
    else if (kind === 1)
      lines.push(`<link rel="preload" href="/assets/font-${i}.woff2" as="font" type="font/woff2" crossorigin>`);
    else if (kind === 2) lines.push(`<link rel="stylesheet" href="/assets/style-${index % 7}-${i}.css">`);
    else if (kind === 3) lines.push(`<script type="module" src="/assets/app-${i}.js"></script>`);
    else lines.push(`<meta name="twitter:${WORDS[i % WORDS.length]}" content="${sentence(next, 10)}">`);
  }
  lines.push('<!-- analytics: </head> must not confuse anyone -->');
  lines.push(
    `<script>window.__DATA__ = ${JSON.stringify({ page: index, words: Array.from({ length: 60 }, () => sentence(next, 6)) })};</script>`,
  );
  lines.push(
    `<style>${Array.from({ length: 40 }, (_, i) => `.c${i}{margin:${i}px;padding:${i % 5}px}`).join('')}</style>`,
  );
  let head = lines.map((line) => `    ${line}`).join('\n');
  while (head.length < 7000) head += `\n    <meta property="article:tag" content="${sentence(next, 8)}">`;
  return head;
}

export function generatePage(index, { targetBytes = 34_000 } = {}) {
  const next = random(index + 1);
  const head = generateHead(index, next);
  const nav = `<nav><ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="/section-${i}/">Section ${i}</a></li>`).join('')}</ul></nav>`;
  const blocks = [];
  let size = head.length + nav.length;
  for (let i = 0; size < targetBytes; i++) {
    const block =
      i % 4 === 3
        ? `<pre><code class="language-js">const x${i} = a &lt; b &amp;&amp; c &gt; d;\n  // ${sentence(next, 8)}\n</code></pre>`
        : i % 9 === 5
          ? `<!-- note ${i}: ${sentence(next, 5)} --><script>console.info(${i})</script>`
          : `<p>${sentence(next, 40)} &copy; <a href="/p/${i}/">more</a></p>`;
    blocks.push(block);
    size += block.length + 7;
  }
  return `<!DOCTYPE html>
<html lang="en">
  <head>
${head}
  </head>
  <body>
    <header>${nav}</header>
    <main><article>
      ${blocks.join('\n      ')}
    </article></main>
  </body>
</html>
`;
}
