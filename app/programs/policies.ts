// The organisation's policies stated once (issue 28, decision 0031). The standing words (the FAQ, /programs'
// registration rules, the registration page) write `{withdrawalDays}` where the one setting's number goes; every page
// fills it with the same value. Pure, so a test can fill the words as the page does.
export type Policies = { withdrawalDays: number };

/** The words with the organisation's numbers in them. */
export function withPolicies(text: string, policies: Policies): string {
  return text.replaceAll("{withdrawalDays}", String(policies.withdrawalDays));
}

/** Until a coach sets it: the registration rules' 30 days (decision 0031 says why not the FAQ's 7). */
export const DEFAULT_WITHDRAWAL_DAYS = 30;
