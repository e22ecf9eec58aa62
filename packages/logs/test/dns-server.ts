/**
 * A tiny DNS server for tests, on 127.0.0.1 (UDP with `node:dgram`, and TCP on the same port for
 * answers too large for a datagram, as real servers do: the UDP reply is sent truncated). It answers
 * PTR, A and AAAA queries from a table, NXDOMAIN for unknown names, an empty answer for a known name
 * without that type, nothing at all for names listed as silent (so clients time out), and a
 * malformed reply for names listed as malformed.
 */
import dgram from 'node:dgram';
import net, { type AddressInfo } from 'node:net';
import { canonicalAddress, ipv6Groups } from '../src/addresses.js';

export interface DnsTable {
  /** Reverse names (`1.66.249.66.in-addr.arpa`) to PTR host names. */
  ptr?: Record<string, string[]>;
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
  /** Names (any type) never answered. */
  silent?: string[];
  /** Names answered with a record whose name runs past the message (a malformed reply). */
  malformed?: string[];
}
export interface TestDnsServer {
  server: string;
  /** `type name` of every query, over UDP or TCP. */
  queries: string[];
  close(): Promise<void>;
}

export { reverseName } from '../src/addresses.js';

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
    .map((label) => Buffer.concat([Buffer.of(Buffer.byteLength(label, 'latin1')), Buffer.from(label, 'latin1')]));
  return Buffer.concat([...parts, Buffer.of(0)]);
}
function addressBytes(text: string): Buffer {
  const address = canonicalAddress(text)!;
  if (address.family === 'ipv4') return Buffer.from(address.address.split('.').map(Number));
  return Buffer.from(ipv6Groups(address.address).join(''), 'hex');
}

const TYPES: Record<number, 'a' | 'aaaa' | 'ptr'> = { 1: 'a', 28: 'aaaa', 12: 'ptr' };
/** A classic DNS datagram; larger answers are sent truncated (TC) so that the client asks over TCP. */
const UDP_LIMIT = 512;

function answer(query: Buffer, table: DnsTable, log: string[], viaTcp: boolean): Buffer | undefined {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const kind = TYPES[type];
  log.push(`${kind ?? type} ${name}`);
  if (table.silent?.includes(name)) return undefined;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(1, 4);
  const question = query.subarray(12, end + 4);
  if (table.malformed?.includes(name)) {
    // One answer whose data length points past the end of the message.
    header.writeUInt16BE(0x8180, 2);
    header.writeUInt16BE(1, 6);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0);
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4);
    record.writeUInt16BE(200, 10);
    return Buffer.concat([header, question, record, Buffer.from([3, 97])]);
  }
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
  header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
  header.writeUInt16BE(records.length, 6);
  const full = Buffer.concat([header, question, ...records]);
  if (viaTcp || full.length <= UDP_LIMIT) return full;
  header.writeUInt16BE(0x8380, 2); // TC: truncated, ask again over TCP
  header.writeUInt16BE(0, 6);
  return Buffer.concat([header, question]);
}

/** Starts the server on a free 127.0.0.1 port (UDP and TCP); `close()` stops it. */
export async function startDnsServer(table: DnsTable): Promise<TestDnsServer> {
  const queries: string[] = [];
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const message = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + message.length);
        const reply = answer(message, table, queries, true);
        if (reply) socket.write(Buffer.concat([Buffer.from([reply.length >> 8, reply.length & 255]), reply]));
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const { port } = tcp.address() as AddressInfo;
  const udp = dgram.createSocket('udp4');
  udp.on('message', (message, remote) => {
    const reply = answer(message, table, queries, false);
    if (reply) udp.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
