import { isRobotsMetaName } from '../directives/known-crawlers.js';
import type { ExistingRobotsTag } from '../directives/types.js';
import { applyEdits } from './apply-edits.js';
import { documentKind } from './document-kind.js';
import { htmlDiagnostic } from './html-diagnostic.js';
import { attributeValue } from './meta-attributes.js';
import { namedMetas, type NamedMeta } from './named-meta.js';
import { planRobotsEdits } from './plan-robots-edits.js';
import type { PreBodyScan } from './pre-body-scan.js';
import { scanPreBody } from './scan-pre-body.js';
import type { HtmlDiagnostic, InjectRobotsOptions, InjectRobotsResult, ResolveRobotsTags } from './types.js';
import { validateRobotsTags } from './validate-robots-tags.js';

function lowercaseNames(names: Iterable<string>): Set<string> {
  return new Set([...names].map((name) => name.trim().toLowerCase()));
}

function unchanged(html: string, diagnostics: HtmlDiagnostic[]): InjectRobotsResult {
  return { html, changed: false, diagnostics };
}

function internalError(error: unknown): HtmlDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return htmlDiagnostic('internal-error', `could not place the robots tags (${reason}); the page was left unchanged.`);
}

interface LocatedHead {
  scan: PreBodyScan;
  metas: NamedMeta[];
}

/** Finds the head and its `<meta name>` tags; never throws. */
function locateHead(html: string): LocatedHead | HtmlDiagnostic {
  try {
    const scan = scanPreBody(html);
    return { scan, metas: namedMetas(scan.headNodes) };
  } catch (error) {
    return internalError(error);
  }
}

/**
 * Replaces the robots `<meta>` tags in the head of a whole HTML page. Finds the existing
 * ones (any `<meta name>` that `isRobotsMetaName` accepts) with an HTML tokenizer run over
 * the part before the body only, passes them to `resolve`, removes them (and any tag
 * named like a key `resolve` returns), each with the whitespace before it, and inserts
 * one tag per name that `resolve` returns. Every other byte of the page is kept as it was.
 *
 * Placement: after `<meta charset>` and the viewport tag, else where the first old robots
 * tag was if no script precedes it, else before the first script, else at the end of the
 * head; a page without head gets one after `<html>` (or after the doctype). Each tag goes
 * on its own line, indented like its neighbours, with the page's line breaks; a page
 * written on one line gets them inline. Tags in the body, in `<noscript>` (read as text,
 * as browsers and crawlers that run scripts do) and in `<template>` are left alone.
 *
 * Non-HTML input is returned unchanged, with a diagnostic, without calling `resolve`; so are
 * fragments, unless `fragments: 'add-head'` says the fragment is a whole page (a layout-less
 * Markdown page), which then gets a `<head>` at its start. Never throws on any input; errors thrown by `resolve`, and a `RobotsError`
 * for a meta name it returns that is not a product token, propagate.
 */
export function injectRobots(html: string, resolve: ResolveRobotsTags, options: InjectRobotsOptions = {}): InjectRobotsResult {
  const located = locateHead(html);
  if (!('scan' in located)) return unchanged(html, [located]);
  const { scan, metas } = located;

  const kind = documentKind(html, scan);
  if (kind === 'not-html') {
    return unchanged(html, [htmlDiagnostic('not-html', 'not an HTML document (JSON, XML, plain text…); it was left unchanged.')]);
  }
  if (kind === 'fragment' && options.fragments !== 'add-head') {
    return unchanged(html, [
      htmlDiagnostic(
        'fragment',
        'an HTML fragment (no doctype, `<html>`, `<head>` or `<body>`): robots tags belong to whole pages, so it was left unchanged.',
      ),
    ]);
  }

  const diagnostics: HtmlDiagnostic[] = [];
  if (scan.ignoredHeadTags > 0) {
    diagnostics.push(
      htmlDiagnostic(
        'multiple-heads',
        `the page has ${scan.ignoredHeadTags + 1} \`<head>\` start tags; as in browsers, only the first opens the head and the elements of the others join it.`,
      ),
    );
  }

  const extraNames = lowercaseNames(options.extraNames ?? []);
  const existing: ExistingRobotsTag[] = metas
    .filter((meta) => isRobotsMetaName(meta.name, extraNames))
    .map((meta) => ({ name: meta.name, content: attributeValue(meta.tag, 'content') ?? '' }));
  const tags = validateRobotsTags(resolve(existing), { source: 'resolve()', key: 'tags' });

  const robotsNames = new Set([...extraNames, ...lowercaseNames(tags.map((tag) => tag.name))]);
  const robotsNodes = metas.filter((meta) => isRobotsMetaName(meta.name, robotsNames)).map((meta) => meta.node);
  if (tags.length === 0 && robotsNodes.length === 0) return unchanged(html, diagnostics);

  try {
    const plan = planRobotsEdits(html, scan, robotsNodes, tags);
    if (plan.createsHead) {
      diagnostics.push(htmlDiagnostic('no-head', 'the page has no `<head>`; one was created to hold the robots tags.'));
    }
    const output = applyEdits(html, plan.edits);
    return { html: output, changed: output !== html, diagnostics };
  } catch (error) {
    return unchanged(html, [...diagnostics, internalError(error)]);
  }
}
