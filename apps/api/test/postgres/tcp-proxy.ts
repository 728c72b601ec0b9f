import { connect, createServer, type Server, type Socket } from 'node:net';

type Mode = 'forward' | 'hang-up' | 'silent';

/**
 * A TCP hop between the app and PostgreSQL that a test can cut. `up()` lets connections through; `down()` drops
 * every connection and closes the port (what the app sees when the database server dies); `hangUp()` keeps the
 * port but closes each connection at once (a database that is not accepting yet); `silent()` accepts and never
 * answers. Switching between `up`, `hangUp` and `silent` keeps the port, so no other process can take it meanwhile.
 */
export async function startTcpProxy(target: { host: string; port: number }, options: { up?: boolean } = {}) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let mode: Mode = 'forward';

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };

  const accept = (client: Socket) => {
    track(client);
    if (mode === 'hang-up') return client.destroy();
    if (mode === 'silent') return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };

  const listening = () =>
    server
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const s = createServer(accept);
          s.once('error', reject);
          s.listen(port, '127.0.0.1', () => {
            port = (s.address() as { port: number }).port;
            server = s;
            resolve();
          });
        });

  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };

  const switchTo = async (next: Mode) => {
    mode = next;
    dropConnections();
    await listening();
  };

  const proxy = {
    get port() {
      return port;
    },
    /** Lets connections through to PostgreSQL. */
    up: () => switchTo('forward'),
    /** Keeps the port, closing every connection as it comes. */
    hangUp: () => switchTo('hang-up'),
    /** Accepts connections and says nothing on them. */
    silent: () => switchTo('silent'),
    /** Drops every connection and closes the port: connections are refused. */
    down: async () => {
      const s = server;
      server = undefined;
      dropConnections();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  if (options.up !== false) await proxy.up();
  return proxy;
}
