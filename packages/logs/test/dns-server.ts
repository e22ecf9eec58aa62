/**
 * A tiny DNS server for tests (node:dgram on 127.0.0.1): answers PTR, A and AAAA queries from a
 * table, NXDOMAIN for unknown names, an empty answer for a known name without that type, and
 * nothing at all for names listed as silent (so clients time out).
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { parseAddress } from '../src/ip-ranges.js';

export interface DnsTable {
  /** Reverse names (`1.66.249.66.in-addr.arpa`) to PTR host names. */
  ptr?: Record<string, string[]>;
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
  /** Names (any type) never answered. */
  silent?: string[];
}
export interface TestDnsServer {
  server: string;
  queries: string[];
  close(): Promise<void>;
}

export { reverseName } from '../src/verify.js';

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}
function encodeName(name: string): Buffer {
  const parts = name
    .split('.')
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.of(label.length), Buffer.from(label, 'latin1')]));
  return Buffer.concat([...parts, Buffer.of(0)]);
}
function addressBytes(address: string): Buffer {
  const { v6, words } = parseAddress(address)!;
  const bytes = Buffer.alloc(16);
  words.forEach((word, i) => bytes.writeUInt32BE(word, i * 4));
  return v6 ? bytes : bytes.subarray(12);
}

const TYPES: Record<number, 'a' | 'aaaa' | 'ptr'> = { 1: 'a', 28: 'aaaa', 12: 'ptr' };
function answer(query: Buffer, table: DnsTable, log: string[]): Buffer | undefined {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const kind = TYPES[type];
  log.push(`${kind ?? type} ${name}`);
  if (table.silent?.includes(name)) return undefined;
  const known = [table.ptr, table.a, table.aaaa].some((records) => records && name in records);
  const values = kind ? (table[kind]?.[name] ?? []) : [];
  const records = values.map((value) => {
    const data = kind === 'ptr' ? encodeName(value) : addressBytes(value);
    const head = Buffer.alloc(12);
    head.writeUInt16BE(0xc00c, 0);
    head.writeUInt16BE(type, 2);
    head.writeUInt16BE(1, 4);
    head.writeUInt32BE(60, 6);
    head.writeUInt16BE(data.length, 10);
    return Buffer.concat([head, data]);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12, end + 4), ...records]);
}

/** Starts the server on a free 127.0.0.1 port; `close()` stops it. */
export async function startDnsServer(table: DnsTable): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (message, remote) => {
    const reply = answer(message, table, queries);
    if (reply) socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
