// What /account/push's action answers: the route writes it, the devices list on /account/notifications reads it (a
// component reads the capability's shape, never the route: decision 0053's layers).
export type PushActionData = { ok: true } | { ok: false; error: string };
