// Attachments: really uploaded, checked by content, stored in the database, shown to both participants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { get, makePerson, openDatabase, startConversation, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

let database: Awaited<ReturnType<typeof openDatabase>>;
let coach: Person;
let client: Person;
let conversationId: string;

beforeAll(async () => {
  database = await openDatabase(dataDir);
  coach = await makePerson(baseURL, "Files Coach", { coach: true, env });
  client = await makePerson(baseURL, "Files Client", { env });
  const { rows } = await database.query<{ id: string }>("select id from users where email = $1", [client.email]);
  conversationId = await startConversation(baseURL, coach, rows[0]!.id);
});
afterAll(async () => {
  await database?.close();
});

const attachmentCount = async () =>
  (await database.query<{ n: number }>("select count(*)::int as n from attachments where conversation_id = $1", [conversationId])).rows[0]!.n;

describe("attachments", () => {
  it("sends an image shown inline and a PDF shown as a paperclip link, to both sides", async () => {
    const c = await open();
    await useSession(c.context, baseURL, coach);
    await c.visit(`/messages/${conversationId}`);
    const a = await open();
    await useSession(a.context, baseURL, client);
    await a.visit(`/messages/${conversationId}`);

    await c.page.getByLabel("Attach a file").setInputFiles({ name: "serve.png", mimeType: "image/png", buffer: PNG });
    await c.page.getByRole("button", { name: "Send", exact: true }).click();
    const image = a.page.getByRole("img", { name: "serve.png" });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2048, 32)]);
    await c.page.getByLabel("Attach a file").setInputFiles({ name: "schedule.pdf", mimeType: "application/pdf", buffer: pdf });
    await c.page.getByPlaceholder("Type a message...").fill("Here is the schedule");
    await c.page.getByPlaceholder("Type a message...").press("Enter");
    const link = a.page.getByRole("link", { name: /schedule\.pdf \(2\.0 KB\)/ });
    await link.waitFor();
    await a.page.getByText("Here is the schedule").waitFor();
    const href = await link.getAttribute("href");
    const download = await get(baseURL, href!, client);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(await attachmentCount()).toBe(2);
  });

  it("refuses a file whose content is not an image, PDF or Word document, whatever its name, and files over 10 MB", async () => {
    const c = await open();
    await useSession(c.context, baseURL, coach);
    await c.visit(`/messages/${conversationId}`);
    const before = await attachmentCount();
    await c.page
      .getByLabel("Attach a file")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("<script>alert(1)</script>") });
    await c.page.getByRole("button", { name: "Send", exact: true }).click();
    await c.page.getByText("Only images, PDF and Word documents (.doc, .docx) can be sent.").waitFor();

    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024, 32)]);
    await c.page.getByLabel("Attach a file").setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: big });
    await c.page.getByRole("button", { name: "Send", exact: true }).click();
    await c.page.getByText("Files can be at most 10 MB.").waitFor();
    expect(await attachmentCount()).toBe(before);
  });
});
