// How Node runs the server, shared by `npm start` and the load script so both measure the same
// process. A GraphQL request allocates many short-lived objects (one per field resolved); a
// 64 MB young generation lets most of them die before a scavenge has to copy them, which cut the
// server's CPU per GraphQL request by about a tenth in our measurements, for at most ~200 MB more
// resident memory under load.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx', 'api/src/main.ts'];
