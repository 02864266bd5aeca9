// The child-data capability's front door (issue 40, decision 0056): a guardian's one step for a child's data. Routes and
// tests call these, nothing behind them. Inside: access.server.ts (the one rule, childDataRole), export.server.ts
// (everything held about an athlete, from each capability's front door; each download logged), requests.server.ts
// (requests to delete, their deadline), carry-out.server.ts (an administrator carries one out or refuses it),
// family.server.ts (the family page's part); the screens family-section.tsx, child-data-page.tsx, staff-requests-page.tsx.
export { childDataRole, type ChildDataAthlete, type ChildDataRole } from "./access.server";
export { carryOutRequest, keptWords, refuseRequest, type CarryOutServices, type HandleResult } from "./carry-out.server";
export { CHILD_DATA_DOWNLOADED, getChildData, type ChildData, type DownloadForm } from "./export.server";
export { answerChildDataForm, getChildDataForFamily } from "./family.server";
export { askToDelete, DELETION_ASKED, DELETION_DONE, DELETION_REFUSED, getRequestsForStaff, type DataRequest } from "./requests.server";
export { getOpenRequestsNotice, type OpenRequestsNotice } from "./staff-notice.server";
