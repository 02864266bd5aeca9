// The flags Node runs the server with: `npm start` passes them (package.json's start script, which
// scripts/server-node-flags.test.ts holds to this list), and so does every server the tests and benches start
// (tests/e2e/support/server.ts), so what is measured is what is served.
//
// --max-semi-space-size=64 (MB; Node 20's default is 16): V8's young generation, where every new object starts.
// Messaging allocates about 75 KB a chat message (frames parsed, statements and their rows, events written to
// sockets). At 1,000 messages a second the default young generation filled several times a second, and each
// scavenge promoted to the old generation whatever was still in flight then (a send waiting for its commit, a read
// mark for its row); the old generation filled within seconds and was marked and compacted whole, with some 3,000
// sockets' objects in it: the longest pauses, during which no message moved (issue 43, decision 0083). With four
// times the room there are a quarter of the scavenges, each about as long (a scavenge costs what survives it, not
// the room), and a fifth to two fifths as much is promoted, so full collections come that much less often. It
// costs up to 96 MB more memory (two semi-spaces of 48 MB more): V8 grows the young generation as the process
// allocates, and the server's start alone grew it to the full 2 x 64 MB in the bench.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
