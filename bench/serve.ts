// The product under measurement, in a process of its own (started by bench/lists.ts): production settings on the
// filled database, a session for the measured customer and one for staff, and the event loop's delay recorded so the
// bench can tell whether any request held the process. The load generator runs in the parent, not here.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { benchApp, benchSessions } from './app.ts';

export interface ServerReady {
  address: string;
  customerToken: string;
  customerLocker: string;
  staffToken: string;
}
export type LoopDelay = { p50: number; p99: number; max: number };

const nsToMs = (ns: number) => Math.round(ns / 1e4) / 100;

async function main() {
  const { config, handle, app } = await benchApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: ServerReady = { address, ...(await benchSessions(app, handle, config)) };

  // Stopped by its parent or by hand (Ctrl-C): it exits itself, so a --cpu-prof run writes its profile.
  const stop = () =>
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message: string) => {
    if (message === 'reset') delay.reset();
    if (message === 'read') {
      const read: LoopDelay = { p50: nsToMs(delay.percentile(50)), p99: nsToMs(delay.percentile(99)), max: nsToMs(delay.max) };
      process.send?.({ delay: read });
    }
    if (message === 'stop') stop();
  });
  // Run by hand (no parent to tell), it prints where it listens and the two tokens, for curl or a profiler.
  if (process.send) process.send({ ready });
  else console.log(JSON.stringify(ready));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
