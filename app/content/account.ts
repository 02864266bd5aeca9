// The words of password reset and the account pages.
export const RESET_TEXT = {
  sent: "If an account uses that address, we have sent it a link to choose a new password. The link works for 30 minutes.",
  tooMany: (minutes: number) => `Too many requests from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  invalidLink: "This link has expired or has already been used. You can ask for a new one.",
  done: "Your password has been changed. Please sign in with your new password.",
} as const;
