import type { DoctypeToken, EndTagToken, StartTagToken } from './markup-token.js';

/** An element or comment of the head, as located in the source. */
export interface HeadNode {
  /** ASCII-lowercased tag name, or `#comment`. */
  name: string;
  /** The start tag, for elements. */
  tag?: StartTagToken;
  start: number;
  /** Exclusive; after the end tag for elements with contents such as `<script>` or `<title>`. */
  end: number;
  /** Start of the run of whitespace right before `start`; `start` when there is none. */
  whitespaceStart: number;
  /**
   * False when the input ends inside the element (an unclosed `<script>`, `<title>`,
   * `<template>`…): anything written after it would become part of it.
   */
  closed: boolean;
  /**
   * Written after the head ended (after `</head>` or a second `<head>`); browsers still
   * move such an element into the head.
   */
  afterHead: boolean;
}

/** What the tokenizer learned from the part of a document before the body. */
export interface PreBodyScan {
  doctype?: DoctypeToken;
  htmlStartTag?: StartTagToken;
  headStartTag?: StartTagToken;
  headEndTag?: EndTagToken;
  bodyStartTag?: StartTagToken;
  /** The first start tag of the input, whatever it opened. */
  firstStartTag?: StartTagToken;
  /** `<head>` start tags ignored because a head already existed. */
  ignoredHeadTags: number;
  /** Elements of the head (and comments inside it), in source order. */
  headNodes: HeadNode[];
  /** Where the body begins (its start tag or first content) or the input ends: scanning stopped here. */
  bodyStart: number;
}
