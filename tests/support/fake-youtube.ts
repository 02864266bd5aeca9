// A stand-in for the YouTube Data API on a loopback port, for tests: answers what each test asks it to.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export type FakeAnswer = { status: number; body: unknown } | "hang";

export async function startFakeYouTube() {
  let answer: FakeAnswer = { status: 200, body: { items: [] } };
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    if (answer === "hang") return; // never answers: the caller's timeout must end the wait
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const baseUrl = `http://127.0.0.1:${port}/youtube/v3`;
  return {
    baseUrl,
    /** The settings that point the site at this stand-in (with a short timeout, for the answer that never comes). */
    env: { YOUTUBE_API_KEY: "k", YOUTUBE_API_URL: baseUrl, YOUTUBE_API_TIMEOUT_MS: "300" },
    requests,
    answer: (a: FakeAnswer) => {
      answer = a;
    },
  };
}

export function youTubeItem(id: string, extra: { thumbnail?: string } = {}) {
  return {
    items: [
      {
        id,
        snippet: {
          title: "Net Play Masterclass",
          description: "Volleys, overheads and poaching.",
          channelTitle: "NLTE Coaches",
          thumbnails: { high: { url: extra.thumbnail ?? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` } },
        },
        contentDetails: { duration: "PT12M34S" },
        statistics: { viewCount: "45678" },
      },
    ],
  };
}
