import type { StartTagToken } from './markup-token.js';
import { readMarkup } from './read-markup.js';
import { textElementEnd, type ElementExtent } from './text-element-end.js';

/**
 * The extent of the `<template>` that `tag` opens: up to its matching `</template>`, or
 * the end of input. Its contents belong to the template, not the head, and neither
 * `</head>` nor `<body>` inside it ends the head.
 */
export function templateEnd(html: string, tag: StartTagToken): ElementExtent {
  let depth = 1;
  let index = tag.end;
  while (index < html.length) {
    const lessThan = html.indexOf('<', index);
    if (lessThan === -1) break;
    const token = readMarkup(html, lessThan);
    if (token.type === 'start-tag') {
      if (token.name === 'template') depth++;
      index = textElementEnd(html, token).end;
    } else if (token.type === 'end-tag' && token.name === 'template') {
      depth--;
      if (depth === 0) return { end: token.end, closed: true };
      index = token.end;
    } else {
      index = token.end;
    }
  }
  return { end: html.length, closed: false };
}
