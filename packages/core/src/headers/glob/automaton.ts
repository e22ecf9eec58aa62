import { inSet, type PathRegex } from './path-regex.js';

/** A Thompson automaton: `edges[state]` are character moves, `empty[state]` free moves. */
export interface Automaton {
  edges: Array<Array<{ test: (char: string) => boolean; to: number }>>;
  empty: number[][];
  start: number;
  accept: number;
}

function newState(automaton: Automaton): number {
  automaton.edges.push([]);
  automaton.empty.push([]);
  return automaton.edges.length - 1;
}

/** Adds `node` between two fresh states and returns them. */
function build(automaton: Automaton, node: PathRegex): [number, number] {
  const from = newState(automaton);
  const to = newState(automaton);
  const link = (a: number, b: number) => automaton.empty[a]!.push(b);
  switch (node.kind) {
    case 'text': {
      let current = from;
      for (const char of node.text) {
        const next = newState(automaton);
        automaton.edges[current]!.push({ test: (c) => c === char, to: next });
        current = next;
      }
      link(current, to);
      break;
    }
    case 'set':
      automaton.edges[from]!.push({ test: (c) => inSet(node, c), to });
      break;
    case 'sequence': {
      let current = from;
      for (const item of node.items) {
        const [start, end] = build(automaton, item);
        link(current, start);
        current = end;
      }
      link(current, to);
      break;
    }
    case 'either':
      for (const item of node.items) {
        const [start, end] = build(automaton, item);
        link(from, start);
        link(end, to);
      }
      break;
    case 'repeat':
    case 'optional': {
      const [start, end] = build(automaton, node.item);
      link(from, start);
      link(end, to);
      if (node.kind === 'optional' || node.min === 0) link(from, to);
      if (node.kind === 'repeat') link(end, start);
      break;
    }
  }
  return [from, to];
}

export function compileAutomaton(node: PathRegex): Automaton {
  const automaton: Automaton = { edges: [], empty: [], start: 0, accept: 0 };
  const [start, accept] = build(automaton, node);
  automaton.start = start;
  automaton.accept = accept;
  return automaton;
}

/** The states reachable from `states` by free moves, as a sorted key-able array. */
export function closure(automaton: Automaton, states: Iterable<number>): number[] {
  const seen = new Set<number>(states);
  const stack = [...seen];
  while (stack.length > 0) {
    for (const next of automaton.empty[stack.pop()!]!) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

export function step(automaton: Automaton, states: readonly number[], char: string): number[] {
  const next: number[] = [];
  for (const state of states) for (const edge of automaton.edges[state]!) if (edge.test(char)) next.push(edge.to);
  return closure(automaton, next);
}
