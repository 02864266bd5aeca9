// The words of password reset, in the language of the request (issue 27): each is read when it is used.
import { m } from "~/paraglide/messages";

export const RESET_TEXT = {
  get sent() {
    return m.account_reset_sent();
  },
  tooMany: (minutes: number) => m.account_reset_too_many({ minutes }),
  get invalidLink() {
    return m.account_reset_invalid_link();
  },
  get done() {
    return m.account_reset_done();
  },
};
