// The site functions of other capabilities that Safe Play's model plays (app/family/safe-play-model/model.ts,
// OutsideFunctions): app/family may not import them (decision 0053), so the model test and the attack search hand them
// in from here. The real functions, as /staff and /invitation call them.
import { confirmInvitedAddress } from "../../app/mail/confirmed-address.server";
import { setStaffChecks } from "../../app/staff/profiles.server";
import type { OutsideFunctions } from "../../app/family/safe-play-model/model";

export const SAFE_PLAY_OUTSIDE: OutsideFunctions = { setStaffChecks, confirmInvitedAddress };
