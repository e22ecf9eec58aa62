// The floor of a head scan, for bench/head-scan.mjs (`floor` in place of a dist): the least any
// transform can do to edit the bench page's head. It jumps from `<` to `<` with `indexOf`, reads
// each tag's name and steps over its attributes (quoted values by `indexOf`), skips comments and
// the raw text of `<script>`, `<style>` and `<title>`, keeps the name and content of every
// `<meta>`, stops at `</head>` or `<body>`, and writes one tag before `</head>` into a flat copy.
// It is not HTML: no insertion modes, no implied head, no `<template>` or `<noscript>` rules, no
// character references, no encoding checks, no merge with the page's own robots tags, no choice
// of where the tag goes (injectRobots puts it after the charset and viewport metas): what
// injectRobots does beyond this floor is that. Its output is not injectRobots' and is not meant
// to be; it is a measure of cost only.
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'noscript', 'template']);
const isNameEnd = (c) => c === 32 || c === 62 || c === 47 || c === 10 || c === 9 || c === 13 || c === 12;

/** A head scan that finds the metas and where the head ends, and one tag written there. */
export function injectRobots(html, resolve) {
  const n = html.length;
  const metas = [];
  let headEnd = -1;
  for (let i = 0; i < n; ) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.charCodeAt(lt + 1) === 33) {
      const close = html.startsWith('<!--', lt) ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt);
      i = close === -1 ? n : close + (html.charCodeAt(close) === 45 ? 3 : 1);
      continue;
    }
    const endTag = html.charCodeAt(lt + 1) === 47;
    const nameStart = endTag ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    while (nameEnd < n && !isNameEnd(html.charCodeAt(nameEnd))) nameEnd++;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (endTag) {
      if (name === 'head') {
        headEnd = lt;
        break;
      }
      i = html.indexOf('>', nameEnd) + 1 || n;
      continue;
    }
    if (name === 'body') break;
    const meta = name === 'meta';
    let attribute = '';
    let metaName;
    let metaContent;
    let j = nameEnd;
    while (j < n) {
      const c = html.charCodeAt(j);
      if (c === 62) break;
      if (c === 34 || c === 39) {
        const close = html.indexOf(c === 34 ? '"' : "'", j + 1);
        if (close === -1) return { html };
        if (meta && attribute === 'name') metaName = html.slice(j + 1, close);
        else if (meta && attribute === 'content') metaContent = html.slice(j + 1, close);
        j = close + 1;
      } else if (c === 61 || isNameEnd(c)) j++;
      else {
        let end = j;
        while (end < n && !isNameEnd(html.charCodeAt(end)) && html.charCodeAt(end) !== 61) end++;
        if (meta) attribute = html.slice(j, end).toLowerCase();
        j = end;
      }
    }
    i = j + 1;
    if (meta && metaName !== undefined) metas.push({ name: metaName.toLowerCase(), content: metaContent, start: lt });
    if (RAW_TEXT.has(name)) {
      for (;;) {
        const close = html.indexOf('</', i);
        if (close === -1) return { html };
        i = close + 2;
        if (html.slice(i, i + name.length).toLowerCase() === name && isNameEnd(html.charCodeAt(i + name.length))) break;
      }
    }
  }
  const { robots } = resolve();
  if (headEnd === -1 || robots === undefined) return { html, metas };
  const edited = `${html.slice(0, headEnd)}<meta name="robots" content="${robots}">\n${html.slice(headEnd)}`;
  // Flat, as injectRobots returns it: reading a character of a rope flattens it.
  edited.charCodeAt(edited.length - 1);
  return { html: edited, metas };
}
