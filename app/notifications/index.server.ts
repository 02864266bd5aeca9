// Notifications' front door (decision 0053): what other capabilities use to reach a person's devices. Older callers
// still import push.server directly (eslint-rules/boundary-debts.json); new ones come through here.
export { pushToPerson, type PushConfig, type PushNotice } from "./push.server";
