// The flags Node runs the server with: `npm start` passes them (package.json's start script, which
// scripts/server-node-flags.test.ts holds to this list), and so does every server the tests and benches start
// (tests/e2e/support/server.ts), so what is measured is what is served.
//
// --max-semi-space-size=128 (MB; Node 20's default is 16): V8's young generation, where every new object starts.
// Messaging allocates about 70 KB a chat message (frames parsed, statements and their rows, events written to
// sockets). Each scavenge (a young-generation collection) stops the process for 5-9 ms whatever the room, and
// promotes to the old generation whatever is still in flight then (a send waiting for its commit, a read mark for its
// row), which brings whole-heap collections. At 64 MB (decision 0083; Node's default filled several times a second)
// a scavenge still came every 0.7 s at 2,000 deliveries a second, and the deliveries in flight during those pauses
// were about 1% of all: the 99th percentile sat on them. At 128 MB half the scavenges, each about as long, and fewer
// whole-heap collections (0-3 against 3-4 in 20 s): the guardians' threads' p99 36.7 / 44.2 / 27.8 -> 21.0 / 33.2 /
// 21.7 ms quiet, 32.4 / 48.2 / 32.6 -> 18.9 / 23.2 / 23.6 ms with a flooder (issue 43, decision 0101). It costs up to
// about 130 MB more memory than 64 (V8 grows the young generation as the process allocates: 268 MB for its two halves
// under that load, 134 MB at 64).
//
// --heap-growing-percent=100: after a whole-heap collection the old generation may grow to twice what survived
// before the next. V8 otherwise sets that room by how cheap its collections look, and here they looked cheap: the
// limit sat just above the survivors (70 MB of old space, 1-3 MB of room), so whole-heap collections came every
// 3-6 s, up to 5 in a 20 s window of a flooding run. Interleaved A/B, guardians, quiet and flooding: whole-heap
// collections 0 / 5 and 2 / 1 -> 0 / 0 and 0 / 0; p99 18.7 / 43.4 and 39.0 / 58.3 -> 21.0 / 19.0 and 23.9 / 34.4 ms;
// the heap's largest size the same (197-229 MB against 211-224). At most it costs as much old generation again as
// survived the last whole-heap collection (about 70-90 MB in the bench).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=128", "--heap-growing-percent=100"];
