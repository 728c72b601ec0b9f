import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP hop between the app and PostgreSQL that a test can cut: `down()` drops every connection through it
 * and refuses new ones (what the app sees when the database server dies or its host goes away), `up()` lets
 * them through again on the same port. `listen: false` opens the port without answering anything, like a
 * server that accepts connections and never replies.
 */
export async function startTcpProxy(target: { host: string; port: number }, options: { port?: number; up?: boolean } = {}) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = options.port ?? 0;

  const forward = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };

  const open = (handler: (socket: Socket) => void) =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(handler);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const down = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  const proxy = {
    get port() {
      return port;
    },
    /** Lets connections through to PostgreSQL. */
    up: async () => {
      await down();
      await open(forward);
    },
    /** Accepts connections and says nothing on them. */
    silent: async () => {
      await down();
      await open((socket) => {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      });
    },
    down,
  };
  if (options.up !== false) await proxy.up();
  return proxy;
}

/** A free port on this machine, closed again for the caller to use. */
export function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
