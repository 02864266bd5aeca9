// The gallery's front door (issue 38, decisions 0053 and 0080): the gallery's order and uploaded photos
// (gallery.server.ts) and the photo pipeline behind them (checks, the AVIF and WebP copies the job queue makes, the
// HEIC decoder), for the gallery's routes, /staff/profile, staff's profile photos and the job queue (server/queue.ts).
// The Node process loads this door outside Vite, so nothing behind it may load the site's images (`virtual:`): the
// gallery's starting set (app/content/gallery-photos.ts) is handed in by the routes, never imported here.
// Browser code imports ./photo-copies-note.
export {
  createUploadedPhoto,
  deleteUploadedPhoto,
  getGallery,
  getPhotoFile,
  moveGalleryPhoto,
  photoFileUrl,
  removeStartingPhoto,
  restoreStartingPhoto,
  type GalleryKey,
  type UnreadyPhoto,
} from "./gallery.server";
export {
  GALLERY_PHOTO_COPIES_JOB,
  galleryPhotoCopiesTask,
  makeGalleryPhotoCopies,
  makePhotoCopies,
  photoCopiesTask,
  queuePhotoCopies,
  requeueGalleryPhotoCopies,
  type PhotoStore,
} from "./photo-copies.server";
export { checkPhoto, PHOTO_MESSAGES, photoProblemText, type PhotoProblem, type ProcessedPhoto } from "./photo-upload.server";
