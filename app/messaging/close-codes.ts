// The socket's close codes, shared by the server (server/realtime, through core.ts) and the browser's socket
// (realtime-client.ts). A module of its own: the socket is in the script every signed-in page loads
// (scripts/shell-chunk.ts), and importing this from core.ts brought messaging's shared words and formats into it.

/** The close code the server uses when the socket's session has ended (sign-out, expiry): do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
