import { VideoOff } from "lucide-react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/vlog";
import { getUser, isCoach, requireCoach } from "~/auth/index.server";
import { PageHeader } from "~/components/page-header";
import { VideoAddForm, type AddVideoResult } from "~/videos/video-add-form";
import { VideoCard } from "~/videos/video-card";
import { VideoDetailSkeleton } from "~/videos/video-detail-skeleton";
import { VideoListControls } from "~/videos/video-list-controls";
import { pageWords } from "~/content/words.server";
import { pathWithoutLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { emptyVideosMessage, filterVideos, toVideoCategory } from "~/videos/video-format";
import { readVideoForm, type AddVideoValues } from "~/videos/schemas";
import { done, refused, type FieldErrors } from "~/lib/forms";
import {
  createVideo,
  DuplicateVideoError,
  getVideoIdBySource,
  getVideos,
  updateVideoEmbedAllowed,
  videoDetailFields,
  videoFieldsFromForm,
} from "~/videos/index.server";
import { fetchYouTubeDetails } from "~/videos/index.server";
import { badRequest } from "~/lib/responses.server";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const category = toVideoCategory(url.searchParams.get("category"));
  const view = { page: pageWords("vlog"), q, category, canEdit: isCoach(user), today: dayInZone(new Date(), context.config.site.timeZone) };
  try {
    const all = await getVideos(context.db);
    // The library is small (tens to hundreds of videos): the tabs' keyword rule runs here, in one tested place.
    return { ...view, videos: filterVideos(all, q, category), total: all.length, loadError: false };
  } catch (err) {
    console.error("Error loading videos:", err);
    return data({ ...view, videos: [], total: 0, loadError: true }, { status: 500 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCoach(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "toggle-embed") return toggleEmbed(form, context);
  if (intent === "add") return addVideo(form, context);
  badRequest();
}

async function toggleEmbed(form: FormData, context: Route.ActionArgs["context"]) {
  const id = String(form.get("id") ?? "");
  const embedAllowed = form.get("embedAllowed") === "true";
  try {
    const found = await updateVideoEmbedAllowed(context.db, id, embedAllowed);
    if (!found) console.error(`Embed toggle: no video with id ${id}`);
    return found ? done({ intent: "toggle-embed" }) : refused({ intent: "toggle-embed" }, 404);
  } catch (err) {
    // The spec's embed toggle failure is logged only; the list refreshes and shows the saved state.
    console.error("Embed toggle failed:", err);
    return refused({ intent: "toggle-embed" }, 500);
  }
}

async function addVideo(form: FormData, context: Route.ActionArgs["context"]) {
  const reading = readVideoForm(form);
  const { values } = reading;
  const fail = (status: number, result: { fieldErrors?: FieldErrors; formError?: string }) =>
    refused<AddVideoValues, { intent: "add" }>({ intent: "add", values, ...result }, status);
  if (!reading.ok) return fail(400, { fieldErrors: reading.fieldErrors });
  const { parsed } = reading;

  try {
    if (await getVideoIdBySource(context.db, parsed.platform, parsed.sourceId)) throw new DuplicateVideoError();
    const details = parsed.youtubeId ? await fetchYouTubeDetails(context.config.youtube, parsed.youtubeId) : null;
    await createVideo(context.db, { ...videoFieldsFromForm(reading, details, context.config.site.timeZone), ...videoDetailFields(details) });
  } catch (err) {
    if (err instanceof DuplicateVideoError) return fail(409, { formError: err.message });
    console.error("Error adding video:", err);
    return fail(500, { formError: m.calendar_video_error_adding() });
  }
  return done<{ intent: "add"; message: string }>({ intent: "add", message: m.calendar_video_added() });
}

export default function Vlog({ loaderData, actionData }: Route.ComponentProps) {
  const { page, videos, q, category, canEdit, today, loadError, total } = loaderData;
  const navigation = useNavigation();
  if (navigation.state === "loading" && pathWithoutLocale(navigation.location.pathname).startsWith("/video/")) return <VideoDetailSkeleton />;
  const addFallback = actionData && "intent" in actionData && actionData.intent === "add" ? (actionData as AddVideoResult) : undefined;

  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10">
        {canEdit ? <VideoAddForm today={today} fallback={addFallback} /> : null}
        <VideoListControls q={q} category={category} />
        {loadError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-6 py-10 text-center">
            <h2 className="text-xl font-bold text-red-900">{m.calendar_video_load_error_title()}</h2>
            <p className="mt-2 text-red-800">{m.calendar_video_load_error_text()}</p>
          </div>
        ) : videos.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
            <VideoOff aria-hidden className="size-10 text-slate-500" />
            <h2 className="mt-3 text-xl font-bold text-slate-900">{m.calendar_video_none_title()}</h2>
            <p className="mt-2 text-slate-700">{emptyVideosMessage(total === 0 ? "" : q, total === 0 ? "all" : category)}</p>
          </div>
        ) : (
          <section aria-label={m.calendar_video_list()}>
            <p className="sr-only" role="status">
              {m.calendar_video_count({ count: videos.length })}
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {videos.map((v) => (
                <li key={v.id} className="flex flex-col [&>article[data-layout=full]]:flex-1">
                  <VideoCard video={v} canEdit={canEdit} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
