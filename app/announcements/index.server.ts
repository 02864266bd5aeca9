// Announcements' front door (decision 0053): /general, its posts and its feed reach the posts through here. Inside:
// announcements.server.ts (the posts), actions.server.ts (the post form); markdown.ts and paging.ts stay importable.
export { readAnnouncementForm } from "./actions.server";
export {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  getAnnouncementPage,
  getAnnouncements,
  updateAnnouncement,
} from "./announcements.server";
