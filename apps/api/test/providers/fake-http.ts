import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A tiny HTTP server on 127.0.0.1 and a free port, standing in for a third-party API in a test.
 * It records every request and answers through the handler; an unhandled path answers 404.
 */
export async function startFakeServer(handler: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, text, body };
      requests.push(recorded);
      try {
        const answer = await handler(recorded);
        res.statusCode = answer.status ?? 200;
        if (answer.json !== undefined) {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(answer.json));
        } else {
          res.end(answer.text ?? '');
        }
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (taken from a server that was started and closed). */
export async function closedPort(): Promise<number> {
  const fake = await startFakeServer(() => ({}));
  await fake.close();
  return fake.port;
}
