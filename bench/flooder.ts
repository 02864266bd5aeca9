// The flooding client of bench:messages, in its own process as an attacker's would be (it shares the machine's
// cores, not the benchmark's event loop, whose clocks time the other conversations). One signed-in client opens
// SOCKETS sockets and sends as fast as they take it; a socket the server closes comes straight back. It prints
// "ready" once connected, its counts so far as one JSON line when asked (SIGUSR2), and its counts when told to stop
// (SIGTERM). Its CPU time is counted as user and kernel: on loopback the kernel's work of sending (TCP, the loopback
// device) is charged to this process, where a real attacker's machine would pay it.
import WebSocket from "ws";

const { base, cookie, conversationId, sockets } = JSON.parse(process.argv[2]!) as {
  base: string;
  cookie: string;
  conversationId: string;
  sockets: number;
};
const counts = { sent: 0, stored: 0, refused: 0, connections: 0, closes: {} as Record<number, number>, cpuSeconds: 0, cpuUser: 0, cpuSystem: 0 };
let flooding = true;
const open: WebSocket[] = [];

function connect(slot: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, { headers: { Origin: base, Cookie: cookie } });
    ws.on("open", () => {
      open[slot] = ws;
      counts.connections++;
      resolve();
    });
    ws.on("message", (d) => {
      const e = JSON.parse(String(d)) as { type: string };
      if (e.type === "ack") counts.stored++;
      else if (e.type === "error") counts.refused++;
    });
    ws.on("close", (code) => {
      counts.closes[code] = (counts.closes[code] ?? 0) + 1;
      if (flooding) setTimeout(() => void connect(slot), 50);
      resolve();
    });
    ws.on("error", () => undefined);
  });
}

for (let s = 0; s < sockets; s++) await connect(s);
let n = 0;
const timer = setInterval(() => {
  for (const ws of open) {
    if (ws?.readyState !== WebSocket.OPEN) continue;
    for (let k = 0; k < 10 && ws.bufferedAmount < 256 * 1024; k++) {
      ws.send(JSON.stringify({ type: "send", conversationId, content: `flood ${n++} ${"x".repeat(200)}`, ref: `f${n}` }));
      counts.sent++;
    }
  }
}, 10);
const cpuAtStart = process.cpuUsage();
/** The counts so far, with the CPU used since "ready" (seconds). */
function snapshot(): string {
  const cpu = process.cpuUsage(cpuAtStart);
  counts.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  counts.cpuUser = cpu.user / 1e6;
  counts.cpuSystem = cpu.system / 1e6;
  return JSON.stringify(counts);
}
console.log("ready");
process.on("SIGUSR2", () => console.log(snapshot()));
process.on("SIGTERM", () => {
  flooding = false;
  clearInterval(timer);
  for (const ws of open) ws?.terminate();
  console.log(snapshot());
  process.exit(0);
});
