/** The same response (status, status text, every header) with a new body; `Content-Length` follows it. */
export function withBody(response: Response, body: Uint8Array<ArrayBuffer> | ArrayBuffer): Response {
  const headers = new Headers(response.headers);
  if (headers.has('content-length')) headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
