// videos's front door (docs/decisions/0053): the only module of app/videos/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export {
  DuplicateVideoError,
  createVideo,
  deleteVideo,
  getRandomOtherVideos,
  getVideoByRouteId,
  getVideoIdBySource,
  getVideoSource,
  getVideos,
  updateVideo,
  updateVideoEmbedAllowed,
  videoDetailFields,
  videoFieldsFromForm,
} from "./videos.server";
export type { VideoChanges } from "./videos.server";
export { fetchYouTubeDetails } from "./youtube-api.server";
