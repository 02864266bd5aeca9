// gallery's front door (docs/decisions/0053): the only module of app/gallery/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export {
  createUploadedPhoto,
  deleteUploadedPhoto,
  getGallery,
  getPhotoFile,
  moveGalleryPhoto,
  removeStartingPhoto,
  restoreStartingPhoto,
} from "./gallery.server";
export type { GalleryKey } from "./gallery.server";
export {
  GALLERY_PHOTO_COPIES_JOB,
  galleryPhotoCopiesTask,
  makePhotoCopies,
  photoCopiesTask,
  queuePhotoCopies,
  requeueGalleryPhotoCopies,
} from "./photo-copies.server";
export type { PhotoStore } from "./photo-copies.server";
export { PHOTO_MESSAGES, checkPhoto, photoProblemText } from "./photo-upload.server";
export type { ProcessedPhoto } from "./photo-upload.server";
