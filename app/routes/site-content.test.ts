// Coaches change the site's content through the routes' actions; visitors and clients are refused and change nothing;
// bad input gets its message and stores nothing; what a coach changes is what the next visitor's request shows.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { and, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  announcements,
  cancelledDates,
  events,
  galleryPhotoFiles,
  galleryPhotos,
  galleryStartingPhotos,
  mailOutbox,
  users,
  videos,
} from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm, type Who } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { GALLERY_PHOTOS } from "~/content/gallery-photos";
import { dayInZone, addDays } from "~/lib/datetime";
import { formatCancelledDays, formatSpan } from "~/calendar/event-format";
import { startingCancelledDays, startingScheduleTitle, startingSeason } from "~/calendar/starting-season";
import * as general from "./general";
import * as post from "./general.$postId";
import * as feed from "./general.feed.xml";
import * as calendarEvents from "./calendar.events";
import * as calendar from "./calendar";
import * as ics from "./calendar.ics";
import * as home from "./home";
import * as gallery from "./gallery";
import * as galleryPhotosRoute from "./gallery.photos";
import * as photoFile from "./gallery.photos.$file";
import * as vlog from "./vlog";
import * as unsubscribe from "./unsubscribe";
import { SCHEDULE_CHANGE_JOB, sendScheduleChangeNotice } from "~/notifications/changes.server";
import { makeGalleryPhotoCopies } from "~/gallery/photo-copies.server";

const { db } = await createTestDatabase();
beforeAll(() => createRouteUsers(db));

const ctx = (who: Who) => contextFor(db, who);
const get = (url: string) => new Request(`http://localhost${url}`);
const rows = async <T extends typeof announcements | typeof events | typeof cancelledDates | typeof galleryPhotos>(table: T) =>
  Number((await db.select({ n: count() }).from(table as typeof announcements))[0]!.n);

describe("announcements", () => {
  it("start with the page's current words, newest first, in the archive once a year old", async () => {
    const recent = (await call(general.loader, { request: get("/general"), context: ctx("visitor") })).body as {
      posts: unknown[];
      links: { archive: string | null };
    };
    expect([recent.posts, recent.links.archive]).toEqual([[], "/general?archive"]);
    const res = await call(general.loader, { request: get("/general?archive"), context: ctx("visitor") });
    const titles = (res.body as { posts: Array<{ title: { text: string } }> }).posts.map((p) => p.title.text);
    expect(titles).toEqual([
      "Fall weekly schedule starts September 7",
      "No sessions on 9/21, 10/13 and 10/21",
      "Summer-camp grant renewed",
      "After-school program funded",
      "Scholarship recipients",
    ]);
  });

  it("are refused to visitors and clients, and nothing changes", async () => {
    const before = await db.select().from(announcements);
    const [first] = before;
    for (const [who, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      expect(
        (await call(general.action, { request: postForm("/general", { intent: "create", title: "Hi", body: "Hello" }), context: ctx(who) })).status,
      ).toBe(status);
      const params = { postId: first!.id };
      expect(
        (await call(post.action, { request: postForm("/", { intent: "update", title: "Hacked", body: "x" }), context: ctx(who), params })).status,
      ).toBe(status);
      expect((await call(post.action, { request: postForm("/", { intent: "delete" }), context: ctx(who), params })).status).toBe(status);
    }
    expect(await db.select().from(announcements)).toEqual(before);
  });

  it("refuse a <script> and an empty title with messages beside the fields, storing nothing", async () => {
    const n = await rows(announcements);
    const res = await call(general.action, {
      request: postForm("/general", { intent: "create", title: "", body: "Hi <script>alert(1)</script>" }),
      context: ctx("coach"),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: {
        title: "Please enter a title",
        body: "Use Markdown, not HTML: remove <script> (links, lists and emphasis are written in Markdown).",
      },
      values: { body: "Hi <script>alert(1)</script>" },
    });
    expect(await rows(announcements)).toBe(n);
  });

  it("are written, pinned, edited and deleted by a coach, and the next visitor sees each change", async () => {
    const created = await call(general.action, {
      request: postForm("/general", { intent: "create", title: "Courts resurfaced", body: "**New** courts at [Fort Stanton](https://example.org)." }),
      context: ctx("coach"),
    });
    expect(created.status).toBe(302);
    const id = created.headers.get("location")!.replace("/general/", "");
    let list = (await call(general.loader, { request: get("/general"), context: ctx("visitor") })).body as {
      posts: Array<{ title: { text: string }; body: { html: string }; pinned: boolean }>;
    };
    expect(list.posts[0]!.title.text).toBe("Courts resurfaced");
    expect(list.posts[0]!.body.html).toContain("<strong>New</strong>");

    // Pinning an older post puts it on top.
    const older = (await db.select().from(announcements).where(eq(announcements.title, "Scholarship recipients")))[0]!;
    await call(post.action, {
      request: postForm("/", { intent: "update", title: older.title, body: older.body, pinned: "on" }),
      context: ctx("coach"),
      params: { postId: older.id },
    });
    list = (await call(general.loader, { request: get("/general"), context: ctx("visitor") })).body as typeof list;
    expect(list.posts.slice(0, 2).map((p) => [p.title.text, p.pinned])).toEqual([
      ["Scholarship recipients", true],
      ["Courts resurfaced", false],
    ]);

    const edited = await call(post.action, {
      request: postForm("/", { intent: "update", title: "Courts resurfaced!", body: "Done." }),
      context: ctx("coach"),
      params: { postId: id },
    });
    expect(edited.status).toBe(302);
    const page = (await call(post.loader, { request: get(`/general/${id}`), context: ctx("visitor"), params: { postId: id } })).body as {
      title: { text: string };
      body: { html: string };
    };
    expect(page).toMatchObject({ title: { text: "Courts resurfaced!" }, body: { html: "<p>Done.</p>\n" } });

    const xml = (await call(feed.loader, { request: get("/general/feed.xml"), context: ctx("visitor") })).body as string;
    expect(xml).toContain("<title>Courts resurfaced!</title>");
    expect(xml).toContain(`<id>urn:uuid:${id}</id>`);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');

    expect(
      (await call(post.action, { request: postForm("/", { intent: "delete" }), context: ctx("coach"), params: { postId: id } })).headers.get(
        "location",
      ),
    ).toBe("/general");
    expect((await call(post.loader, { request: get(`/general/${id}`), context: ctx("visitor"), params: { postId: id } })).status).toBe(404);
  });
});

/**
 * The spec's cards start in the season running when the site is first started, or the next (migration 0040, issue 39),
 * named after it; the spec's cancelled days fall in that season.
 */
const today = dayInZone(new Date(), "America/New_York");
const start = startingSeason(today);
const seedCancelled = startingCancelledDays(start);

describe("events and cancelled dates", () => {
  it("seed the home page's cards as they were, in the current or next season", async () => {
    const res = (await call(home.loader, { request: get("/"), context: ctx("visitor") })).body as {
      events: Array<{ title: { text: string }; when: Array<{ text: string }>; hasRegister: boolean }>;
    };
    expect(res.events.map((e) => [e.title.text, e.when.map((part) => part.text).join(""), e.hasRegister])).toEqual([
      [startingScheduleTitle(start.term), "Sundays 8-10 AM", true],
      ["Monday-Thursday Clinics", "Monday-Thursday 4:30-6:00 PM", true],
      ["Level-5 Youth Clinic (Ages 8-12)", "Tuesday and Thursday 4:30-5:30 PM", true],
      ["Private Lessons", "Fridays by appointment", true],
      ["Saturday", "Closed for the Sabbath", false],
      ...(seedCancelled.some((d) => d >= today)
        ? [
            [
              "Cancellations",
              formatCancelledDays(
                seedCancelled.filter((d) => d >= today),
                "en",
              ),
              false,
            ],
          ]
        : []),
    ]);
    const [first] = await db
      .select()
      .from(events)
      .where(eq(events.title, startingScheduleTitle(start.term)));
    expect([first!.startsOn, first!.endsOn, first!.programSlug]).toEqual([start.startsOn, start.endsOn, start.term]);
  });

  it("are refused to visitors and clients, and nothing changes", async () => {
    const before = [await db.select().from(events), await db.select().from(cancelledDates)];
    const id = (await db.select({ id: events.id }).from(events))[0]!.id;
    for (const [who, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      for (const fields of <Array<Record<string, string>>>[
        { intent: "create-event", title: "X", kind: "weekly", weekdays: "1" },
        { intent: "delete-event", id },
        { intent: "move-down", id },
        { intent: "add-cancellation", day: "2030-01-01" },
        { intent: "remove-cancellation", day: "2025-09-21" },
      ]) {
        expect((await call(calendarEvents.action, { request: postForm("/calendar/events", fields), context: ctx(who) })).status).toBe(status);
      }
    }
    expect((await call(calendarEvents.loader, { request: get("/calendar/events"), context: ctx("client") })).status).toBe(403);
    expect((await call(calendarEvents.loader, { request: get("/calendar/events"), context: ctx("visitor") })).status).toBe(302);
    expect([await db.select().from(events), await db.select().from(cancelledDates)]).toEqual(before);
  });

  it("refuse an event ending before it starts, storing nothing", async () => {
    const n = await rows(events);
    const res = await call(calendarEvents.action, {
      request: postForm("/calendar/events", {
        intent: "create-event",
        title: "Evening clinic",
        kind: "weekly",
        weekdays: ["1", "3"],
        startTime: "18:00",
        endTime: "17:00",
      }),
      context: ctx("coach"),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: { endTime: "The event must end after it starts" },
      values: { title: "Evening clinic", weekdays: ["1", "3"] },
    });
    expect(await rows(events)).toBe(n);
  });

  it("are added, reordered and removed by a coach; past one-off events drop off; a short-notice cancellation shows a banner", async () => {
    const tz = "America/New_York";
    const today = dayInZone(new Date(), tz);
    const add = (fields: Record<string, string | string[]>) =>
      call(calendarEvents.action, { request: postForm("/calendar/events", fields), context: ctx("coach") });
    expect(
      (
        await add({
          intent: "create-event",
          title: "Family Fun Day",
          kind: "date",
          onDate: addDays(today, 3),
          startTime: "10:00",
          endTime: "13:00",
          place: "Anacostia Park",
          hasRegister: "on",
        })
      ).status,
    ).toBe(302);
    expect((await add({ intent: "create-event", title: "Last Year's Gala", kind: "date", onDate: "2020-05-01", startTime: "18:00" })).status).toBe(
      302,
    );
    const fun = (await db.select().from(events).where(eq(events.title, "Family Fun Day")))[0]!;
    await add({ intent: "move-up", id: fun.id });
    let cards = (
      (await call(home.loader, { request: get("/"), context: ctx("visitor") })).body as {
        events: Array<{ title: { text: string }; place: string | null }>;
      }
    ).events;
    const titles = cards.map((c) => c.title.text);
    expect(titles).not.toContain("Last Year's Gala");
    expect(titles.indexOf("Family Fun Day")).toBe(titles.indexOf("Saturday") - 1);
    expect(cards.find((c) => c.title.text === "Family Fun Day")!.place).toBe("Anacostia Park");

    // A cancellation tomorrow: the banner; one next month: no banner.
    expect((await add({ intent: "add-cancellation", day: addDays(today, 1), note: "Courts flooded" })).status).toBe(302);
    expect((await add({ intent: "add-cancellation", day: addDays(today, 30) })).status).toBe(302);
    const again = await add({ intent: "add-cancellation", day: addDays(today, 1) });
    expect(again).toMatchObject({ status: 400, body: { fieldErrors: { day: "That date is already cancelled" } } });
    const banner = (
      (await call(home.loader, { request: get("/"), context: ctx("visitor") })).body as {
        cancellations: Array<{ day: string; note: { text: string } }>;
      }
    ).cancellations;
    expect(banner).toEqual([expect.objectContaining({ day: addDays(today, 1), note: expect.objectContaining({ text: "Courts flooded" }) })]);

    await add({ intent: "delete-event", id: fun.id });
    await add({ intent: "remove-cancellation", day: addDays(today, 1) });
    cards = ((await call(home.loader, { request: get("/"), context: ctx("visitor") })).body as { events: typeof cards }).events;
    expect(cards.map((c) => c.title.text)).not.toContain("Family Fun Day");
    expect(((await call(home.loader, { request: get("/"), context: ctx("visitor") })).body as { cancellations: unknown[] }).cancellations).toEqual(
      [],
    );
  });

  it("feed the calendar: /calendar.ics and the page's subscribe links, without a stranger's calendar", async () => {
    const res = await call(ics.loader, { request: get("/calendar.ics"), context: ctx("visitor") });
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.body).toContain(`SUMMARY:${startingScheduleTitle(start.term)}`);
    // A cancelled day falls on a different weekday each year: whichever series meets that day leaves it out.
    expect(res.body).toMatch(new RegExp(`EXDATE;TZID=America/New_York:[^\r]*(${seedCancelled.map((d) => d.replaceAll("-", "")).join("|")})T`));
    const page = (await call(calendar.loader, { request: get("/calendar"), context: ctx("visitor") })).body as {
      links: Record<string, string>;
      overviews: Array<{ season: string | null }>;
    };
    expect(page.links).toEqual({
      feed: "http://localhost:3000/calendar.ics",
      webcal: "webcal://localhost:3000/calendar.ics",
      google: "https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Flocalhost%3A3000%2Fcalendar.ics",
    });
    expect(page.overviews.map((o) => o.season)).toEqual([
      `${start.term.charAt(0).toUpperCase()}${start.term.slice(1)} ${start.year} (${formatSpan(start.startsOn, start.endsOn, "en")})`,
    ]);
    expect(contextFor(db, "visitor").config.site.calendarUrl).toBeNull();
  });

  it("tells a signed-in family where their notification choices are, and has nothing to post", async () => {
    expect("action" in calendar).toBe(false);
  });
});

describe("a cancellation's mail", () => {
  const cancellationMails = () => db.select().from(mailOutbox).where(eq(mailOutbox.kind, "cancellation"));

  it("reaches every family by default, with the day and an unsubscribe link that only turns such notices off", async () => {
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, "client-1"));
    // The notices earlier tests' changes queued are theirs: this one runs only its own.
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    const before = (await cancellationMails()).length;
    const today = dayInZone(new Date(), "America/New_York");
    const add = (fields: Record<string, string>) =>
      call(calendarEvents.action, { request: postForm("/calendar/events", fields), context: ctx("coach") });

    expect((await add({ intent: "add-cancellation", day: addDays(today, 20), note: "Courts resurfaced" })).status).toBe(302);
    // The queue's job, as it runs it (app/notifications/changes.server.test.ts tests who hears and how).
    const { rows: jobs } = await db.execute<{ payload: unknown }>(sql`
      select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = ${SCHEDULE_CHANGE_JOB}`);
    for (const job of jobs) await sendScheduleChangeNotice(ctx("coach") as never, job.payload);
    const mails = (await cancellationMails()).slice(before);
    expect(mails.map((m) => m.toAddress)).toEqual(["client@example.com"]);
    expect(mails[0]!.subject).toMatch(/^Cancelled: no sessions on \w+day, \w+ \d+$/);
    expect(mails[0]!.textBody).toContain("Courts resurfaced");
    expect(mails[0]!.textBody).toContain("http://localhost:3000/calendar");
    expect(mails[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The one-click link turns off these notices for that person, and nothing else.
    const link = /<(http[^>]+)>/.exec(mails[0]!.headers["List-Unsubscribe"] ?? "")![1]!;
    const token = new URL(link).searchParams.get("token")!;
    const [beforeRow] = await db.select().from(users).where(eq(users.id, "client-1"));
    expect(beforeRow!.notifyChanges).toBe(true);
    expect((await call(unsubscribe.action, { request: postForm(`/unsubscribe?token=${token}`, { token }), context: ctx("visitor") })).status).toBe(
      200,
    );
    const [afterRow] = await db.select().from(users).where(eq(users.id, "client-1"));
    expect(afterRow).toMatchObject({
      notifyChanges: false,
      notifyMessages: beforeRow!.notifyMessages,
      notifySubmissions: beforeRow!.notifySubmissions,
    });
  });
});

describe("gallery uploads", () => {
  // A phone photo: 1200x800 pixels stored sideways (EXIF orientation 6) with camera details in its metadata.
  const phonePhoto = () =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 60 } } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15", Artist: "A Parent" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  const phoneHeic = fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/phone-sideways.heic"));
  /** A photo of one colour. */
  const plainPng = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const upload = (who: Who, fields: Record<string, string | Blob>) =>
    call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "upload", ...fields }), context: ctx(who) });
  /** Runs the job queue's work for every photo still being prepared (the copies are made by a job, issue 38). */
  const makeCopies = async () => {
    const waiting = await db.select({ id: galleryPhotos.id }).from(galleryPhotos).where(eq(galleryPhotos.copies, "preparing"));
    for (const { id } of waiting) await makeGalleryPhotoCopies(db, id);
  };

  it("is refused to visitors and clients, and nothing is stored", async () => {
    const photo = new Blob([await phonePhoto()], { type: "image/jpeg" });
    expect((await upload("visitor", { photo, alt: "Kids", consent: "on" })).status).toBe(401);
    expect((await upload("client", { photo, alt: "Kids", consent: "on" })).status).toBe(403);
    expect((await call(galleryPhotosRoute.loader, { request: get("/gallery/photos"), context: ctx("client") })).status).toBe(403);
    expect(await rows(galleryPhotos)).toBe(0);
  });

  it("needs alt text, consent and a readable photo of at most 15 MB and 50 megapixels; nothing is stored", async () => {
    const photo = new Blob([await phonePhoto()], { type: "image/jpeg" });
    expect(await upload("coach", { photo, alt: "  ", consent: "on" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { alt: "Please describe the photo for people who cannot see it" } },
    });
    expect(await upload("coach", { photo, alt: "Kids at the net" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { consent: "Please confirm that everyone pictured (or their guardian) agreed" }, values: { alt: "Kids at the net" } },
    });
    const big = new Blob([Buffer.alloc(16 * 1024 * 1024)], { type: "image/jpeg" });
    expect(await upload("coach", { photo: big, alt: "Big", consent: "on" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { photo: "Photos can be at most 15 MB" } },
    });
    expect(await upload("coach", { photo: new Blob(["not a photo"]), alt: "Text", consent: "on" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { photo: "This file is not a photo we can read: please upload a JPEG, PNG, WebP or HEIC" } },
    });
    // A damaged HEIC: the start of an iPhone HEIC file (an ISO box "ftyp" with the brand "heic") and nothing after it.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(64)]);
    expect(await upload("coach", { photo: new Blob([heic]), alt: "iPhone photo", consent: "on" })).toMatchObject({
      status: 400,
      body: {
        fieldErrors: { photo: expect.stringMatching(/^This HEIC photo could not be read \(the file may be damaged or incomplete\)/) },
        values: { alt: "iPhone photo", consent: true },
      },
    });
    // A few hundred bytes can claim a huge image: a PNG header saying 10000 x 8000, and the phone HEIC saying the same.
    const pngHeader = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    pngHeader.writeUInt32BE(10000, 16);
    pngHeader.writeUInt32BE(8000, 20);
    pngHeader.writeUInt32BE(zlib.crc32(pngHeader.subarray(12, 29)), 29);
    const hugeHeic = Buffer.from(phoneHeic);
    // Its "ispe" property (version, flags, width 64, height 48) says 10000 x 8000 instead.
    const ispe = hugeHeic.indexOf(Buffer.from([...Buffer.from("ispe"), 0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 48]));
    hugeHeic.set([0, 0, 0x27, 0x10, 0, 0, 0x1f, 0x40], ispe + 8);
    for (const huge of [pngHeader, hugeHeic]) {
      expect(await upload("coach", { photo: new Blob([huge]), alt: "Huge", consent: "on" })).toMatchObject({
        status: 400,
        body: { fieldErrors: { photo: "This photo has more than 50 megapixels: please upload a smaller copy of it" } },
      });
    }
    expect(await rows(galleryPhotos)).toBe(0);
  });

  it("stores upright AVIF and WebP copies without metadata, shows them to the next visitor first, and lets coaches reorder and delete", async () => {
    const original = await sharp(await phonePhoto()).metadata();
    expect([original.orientation, original.exif!.toString("latin1")]).toEqual([6, expect.stringContaining("PhoneMaker")]);
    expect((await upload("coach", { photo: new Blob([await phonePhoto()]), alt: "A serve at sunset", consent: "on" })).status).toBe(302);
    expect(
      (
        await upload("coach", {
          photo: new Blob([await plainPng(500, 400, "#fff")]),
          alt: "Trophies",
          consent: "on",
        })
      ).status,
    ).toBe(302);
    await makeCopies();
    const page = (await call(gallery.loader, { request: get("/gallery"), context: ctx("visitor") })).body as {
      photos: Array<{ alt: string; src: string; width: number; height: number; srcSet?: { avif: string } }>;
    };
    expect(page.photos.slice(0, 2).map((p) => p.alt)).toEqual(["Trophies", "A serve at sunset"]);
    expect(page.photos).toHaveLength(20);
    const serve = page.photos[1]!;
    // Upright: the sideways 1200x800 original is 800 wide and 1200 high.
    expect([serve.width, serve.height]).toEqual([800, 1200]);
    expect(serve.srcSet!.avif.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "800w"]);
    const file = serve.src.split("/").pop()!;
    const res = await call(photoFile.loader, { request: get(serve.src), context: ctx("visitor"), params: { file } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const served = Buffer.from(
      await (await photoFile.loader({ request: get(serve.src), context: ctx("visitor"), params: { file } } as never)).arrayBuffer(),
    );
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(["webp", 800, 1200, undefined, undefined]);

    const [trophies, sunset] = await db.select().from(galleryPhotos).orderBy(galleryPhotos.position);
    await call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "move-down", id: trophies!.id }), context: ctx("coach") });
    let order = ((await call(gallery.loader, { request: get("/gallery"), context: ctx("visitor") })).body as typeof page).photos
      .slice(0, 2)
      .map((p) => p.alt);
    expect(order).toEqual(["A serve at sunset", "Trophies"]);
    await call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "delete", id: sunset!.id }), context: ctx("coach") });
    order = ((await call(gallery.loader, { request: get("/gallery"), context: ctx("visitor") })).body as typeof page).photos
      .slice(0, 2)
      .map((p) => p.alt);
    expect(order[0]).toBe("Trophies");
    expect(await db.select().from(galleryPhotoFiles).where(eq(galleryPhotoFiles.photoId, sunset!.id))).toEqual([]);
  });

  it("converts an iPhone's Display P3 colours to sRGB, as a JPEG export from the phone would", async () => {
    // The fixture carries an sRGB profile; the same file with the Display P3 profile (both 480 bytes) in its place.
    const p3 = (
      await sharp(
        await sharp(Buffer.alloc(3), { raw: { width: 1, height: 1, channels: 3 } })
          .withIccProfile("p3")
          .png()
          .toBuffer(),
      ).metadata()
    ).icc!;
    const colr = phoneHeic.indexOf(Buffer.from("colrprof", "latin1"));
    expect(phoneHeic.readUInt32BE(colr - 4)).toBe(4 + 8 + p3.length);
    const p3Heic = Buffer.from(phoneHeic);
    p3.copy(p3Heic, colr + 8);
    const pixels = async (bytes: Buffer<ArrayBuffer>, alt: string) => {
      expect((await upload("coach", { photo: new Blob([bytes], { type: "image/heic" }), alt, consent: "on" })).status).toBe(302);
      await makeCopies();
      const [photo] = await db.select().from(galleryPhotos).where(eq(galleryPhotos.alt, alt));
      const [webp] = await db
        .select()
        .from(galleryPhotoFiles)
        .where(and(eq(galleryPhotoFiles.photoId, photo!.id), eq(galleryPhotoFiles.format, "webp")));
      await call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "delete", id: photo!.id }), context: ctx("coach") });
      const { data } = await sharp(webp!.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * 48 + x) * 3, (y * 48 + x) * 3 + 3)];
      return { green: pixel(10, 50), red: pixel(44, 3) };
    };
    // The green (30, 120, 60) and red (224, 0, 0) it was made from, read as sRGB: as they were.
    const srgb = await pixels(phoneHeic, "Court in sRGB");
    expect(srgb.green.map((c, i) => Math.abs(c - [30, 120, 60][i]!) <= 4)).toEqual([true, true, true]);
    // Read as Display P3 they are more saturated than sRGB can hold: the red of the green goes, the red gets redder.
    const displayP3 = await pixels(p3Heic, "Court in Display P3");
    expect(displayP3.green[0]).toBeLessThan(10);
    expect(displayP3.red[0]).toBeGreaterThan(srgb.red[0]! + 15);
  });

  it("lets coaches move, remove and put back photos of the starting set among the uploads; visitors and clients change nothing", async () => {
    type Page = { photos: Array<{ alt: string; src: string }> };
    const shown = async () =>
      ((await call(gallery.loader, { request: get("/gallery"), context: ctx("visitor") })).body as Page).photos.map((p) => p.alt);
    const arrange = (who: Who, fields: Record<string, string>) =>
      call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", fields), context: ctx(who) });
    const first = GALLERY_PHOTOS[0]!;
    const second = GALLERY_PHOTOS[1]!;
    // As shipped: no coach has arranged the starting set yet (the test above moved uploads only among themselves).
    await db.delete(galleryStartingPhotos);
    const before = await shown();
    const saved = await db.select().from(galleryStartingPhotos).orderBy(galleryStartingPhotos.file);
    expect(before.slice(-18)).toEqual(GALLERY_PHOTOS.map((p) => p.alt));

    // The wrong people: nothing changes.
    expect((await arrange("visitor", { intent: "remove", file: second.file })).status).toBe(401);
    expect((await arrange("client", { intent: "remove", file: second.file })).status).toBe(403);
    expect((await arrange("client", { intent: "move-up", file: first.file })).status).toBe(403);
    // A file that is not in the starting set, or a starting photo named for an upload's action: not found.
    expect((await arrange("coach", { intent: "remove", file: "../../.env" })).status).toBe(404);
    expect((await arrange("coach", { intent: "delete", file: second.file })).status).toBe(404);
    expect((await arrange("coach", { intent: "put-back", file: second.file })).status).toBe(404);
    expect(await shown()).toEqual(before);
    expect(await db.select().from(galleryStartingPhotos).orderBy(galleryStartingPhotos.file)).toEqual(saved);

    // Removed: gone for visitors, listed for coaches to put back, where it was.
    expect((await arrange("coach", { intent: "remove", file: second.file })).status).toBe(302);
    expect(await shown()).not.toContain(second.alt);
    const page = (await call(galleryPhotosRoute.loader, { request: get("/gallery/photos"), context: ctx("coach") })).body as {
      removed: Array<{ alt: string; key: { kind: string; file: string } }>;
    };
    expect(page.removed).toEqual([expect.objectContaining({ alt: second.alt, key: { kind: "starting", file: second.file } })]);
    expect((await arrange("coach", { intent: "put-back", file: second.file })).status).toBe(302);
    const after = await shown();
    expect(after.indexOf(second.alt)).toBe(after.indexOf(GALLERY_PHOTOS[2]!.alt) - 1);
    expect(after).toEqual(before);

    // The first starting photo moves up past the last upload; a new upload still comes first of all.
    const uploads = before.length - 18;
    for (let i = 0; i < uploads; i++) expect((await arrange("coach", { intent: "move-up", file: first.file })).status).toBe(302);
    expect((await shown())[0]).toBe(first.alt);
    expect(
      (
        await upload("coach", {
          photo: new Blob([await plainPng(300, 200, "#123")]),
          alt: "Newest photo",
          consent: "on",
        })
      ).status,
    ).toBe(302);
    await makeCopies();
    expect((await shown()).slice(0, 2)).toEqual(["Newest photo", first.alt]);

    // Back to the list's order for the tests after this one.
    const [newest] = await db.select().from(galleryPhotos).where(eq(galleryPhotos.alt, "Newest photo"));
    await arrange("coach", { intent: "delete", id: newest!.id });
    await db.delete(galleryStartingPhotos);
  });

  it("turns an iPhone HEIC into upright AVIF and WebP copies without its location or camera details", async () => {
    // The fixture (tests/fixtures/make-phone-heic.ts) is stored 64x48 with a red square top left, turned for display
    // by its HEIF rotation, with Exif (orientation 6, camera make, GPS position) inside.
    const original = await sharp(phoneHeic).metadata();
    expect([original.format, original.exif!.toString("latin1")]).toEqual(["heif", expect.stringContaining("PhoneMaker")]);
    // Its Exif (little-endian) has a GPSInfo entry: tag 0x8825, one 32-bit offset to the GPS position.
    expect(original.exif!.includes(Buffer.from([0x25, 0x88, 4, 0, 1, 0, 0, 0]))).toBe(true);
    expect((await upload("coach", { photo: new Blob([phoneHeic], { type: "image/heic" }), alt: "Doubles at dusk", consent: "on" })).status).toBe(302);
    await makeCopies();
    const [photo] = await db.select().from(galleryPhotos).where(eq(galleryPhotos.alt, "Doubles at dusk"));
    expect([photo!.width, photo!.height]).toEqual([48, 64]);
    const files = await db.select().from(galleryPhotoFiles).where(eq(galleryPhotoFiles.photoId, photo!.id));
    expect(files.map((f) => `${f.format} ${f.width}`).sort()).toEqual(["avif 48", "webp 48"]);
    for (const f of files) {
      const meta = await sharp(f.data).metadata();
      expect([meta.width, meta.height, meta.exif, meta.xmp, meta.orientation]).toEqual([48, 64, undefined, undefined, undefined]);
      expect(Buffer.from(f.data).includes("PhoneMaker")).toBe(false);
      // Upright: turned a quarter clockwise, the red square is top right.
      const { data } = await sharp(f.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * 48 + x) * 3, (y * 48 + x) * 3 + 3)];
      expect(pixel(44, 3)[0]).toBeGreaterThan(180);
      expect(pixel(3, 3)[0]).toBeLessThan(90);
    }
    await call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "delete", id: photo!.id }), context: ctx("coach") });
  });
});

describe("videos", () => {
  it("ship without the made-up starter videos: the list is empty", async () => {
    expect(await db.select().from(videos)).toEqual([]);
    const res = (await call(vlog.loader, { request: get("/vlog"), context: ctx("visitor") })).body as { videos: unknown[]; total: number };
    expect(res).toMatchObject({ videos: [], total: 0 });
  });
});
