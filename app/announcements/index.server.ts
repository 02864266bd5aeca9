// announcements's front door (docs/decisions/0053): the only module of app/announcements/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { readAnnouncementForm } from "./actions.server";
export {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  getAnnouncementPage,
  getAnnouncements,
  updateAnnouncement,
} from "./announcements.server";
