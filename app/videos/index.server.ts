// Videos' front door (decision 0053): /vlog and a video's page reach the library through here. Inside: videos.server.ts
// (links, details, filters), youtube-api.server.ts (YouTube's details); video-url.ts and video-format.ts stay importable.
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
