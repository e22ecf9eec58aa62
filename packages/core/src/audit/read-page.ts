import { Parser } from 'htmlparser2';
import { isRobotsMetaName } from '../directives/known-crawlers.js';
import { lineNumbersAt } from './line-numbers.js';

/** A robots meta tag as found in a page. */
export interface FoundRobotsTag {
  /** Lower-cased meta name: `robots`, `googlebot`, … */
  name: string;
  /** The name as written. */
  rawName: string;
  content: string;
  line: number;
  /** False when the tag comes after the body has started. */
  inHead: boolean;
}

/** What the audit needs from one page. */
export interface PageFacts {
  robotsTags: FoundRobotsTag[];
  /** The first `<link rel="canonical">` href in the head, as written. */
  canonical?: string;
  /** The first `<base href>` in the head, as written. */
  baseHref?: string;
}

/** Elements the HTML parser keeps in the head; any other start tag opens the body. */
const HEAD_ELEMENTS = new Set(['html', 'head', 'meta', 'link', 'title', 'style', 'script', 'noscript', 'base', 'template']);

function hasRelToken(rel: string | undefined, token: string): boolean {
  if (!rel) return false;
  return rel.toLowerCase().split(/[\t\n\f\r ]+/).includes(token);
}

/**
 * Reads the robots meta tags (head and body), the canonical link and the base URL of a page
 * with htmlparser2. `extraNames` are further lower-cased meta names to treat as robots tags.
 */
export function readPage(html: string, extraNames?: ReadonlySet<string>): PageFacts {
  const facts: PageFacts = { robotsTags: [] };
  const offsets: number[] = [];
  let inBody = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!inBody && (name === 'body' || !HEAD_ELEMENTS.has(name))) inBody = true;
        if (name === 'meta') {
          const metaName = attributes.name;
          if (metaName === undefined || attributes.content === undefined || !isRobotsMetaName(metaName, extraNames)) return;
          facts.robotsTags.push({ name: metaName.trim().toLowerCase(), rawName: metaName, content: attributes.content, line: 0, inHead: !inBody });
          offsets.push(parser.startIndex);
        } else if (inBody) {
          return;
        } else if (name === 'link' && facts.canonical === undefined && hasRelToken(attributes.rel, 'canonical') && attributes.href !== undefined) {
          facts.canonical = attributes.href.trim();
        } else if (name === 'base' && facts.baseHref === undefined && attributes.href !== undefined) {
          facts.baseHref = attributes.href.trim();
        }
      },
      onclosetag(name) {
        if (name === 'head') inBody = true;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (offsets.length > 0) {
    lineNumbersAt(html, offsets).forEach((line, index) => (facts.robotsTags[index]!.line = line));
  }
  return facts;
}
