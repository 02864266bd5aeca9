// A free loopback port for a process this one is about to start (the embedded PostgreSQL, a test's server).
import net from "node:net";

/**
 * Linux gives outgoing connections their local port from 32768-60999 (ip_local_port_range): a port found free there
 * by binding port 0 could be taken by any connection opened before the process meant for it binds it (a test run
 * once lost a server start that way: "port 38575 is already in use"). Below that range only listeners take ports,
 * so a random one there that binds now is very likely still free a moment later; port 0 is the fallback.
 */
const LOW = 20_000;
const HIGH = 32_768;

function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", () => resolve(null));
    srv.listen(port, "127.0.0.1", () => {
      const { port: bound } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(bound));
    });
  });
}

export async function freeLoopbackPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await tryListen(LOW + Math.floor(Math.random() * (HIGH - LOW)));
    if (port !== null) return port;
  }
  const port = await tryListen(0);
  if (port === null) throw new Error("no free loopback port");
  return port;
}
