export type Role = "client" | "coach";

/** A user's profile (the spec's `users` row) as the app uses it. */
export type Profile = {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  role: Role;
  avatarUrl: string | null;
  /** Whether the person confirmed their email address (absent where it does not matter). */
  emailVerified?: boolean;
};

/** The name an emptied account keeps (decision 0013): its messages stay, with this as their sender. */
export const DELETED_USER_NAME = "Deleted user";

/** Anyone not a coach is displayed as Client. */
export const roleLabel = (role: Role | null | undefined) => (role === "coach" ? "Coach" : "Client");
