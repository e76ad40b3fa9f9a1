/** Node's arguments for running the server (see server-args.mjs). */
export declare const SERVER_NODE_ARGS: string[];
