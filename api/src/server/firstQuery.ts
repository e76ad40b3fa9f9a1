/**
 * The signed-in page's first query, started by the document itself (issue 27 point 12). A main
 * dashboard page's shell (web/scripts/prerender.ts, SHELLS) carries its route query as a JSON data
 * block and this one inline script, which sends that query with the stored session's token while
 * the page's scripts are still on their way (on a slow phone, seconds); the Relay network layer
 * then adopts the answer instead of asking again (web/src/platform/relay/firstQuery.ts).
 *
 * The dashboard's frame has a query of its own (DashboardLayoutQuery, the reader's name and
 * counts), which its loader runs beside the page's: the shell starts both.
 *
 * Browser-safe (strings only): the build writes the script into the shells, the server allows
 * exactly this text by its hash in the CSP (securityHeaders.ts), and the web app reads the names
 * below. The request is the one `graphqlRequestInit` (web/src/platform/offline/request.ts) builds:
 * the same headers, so the server cannot tell the two apart.
 *
 * It sends nothing when there is no stored session, when its access token is about to expire
 * (the app refreshes it first), or when the address has a query string (the page's variables may
 * then differ from the shell's). A failed request (offline) resolves to null: the app then asks
 * as it always did.
 */

/** Where the session is stored (platform/session.ts). */
export const SESSION_STORAGE_KEY = 'tripcrew.session';
/** An access token closer than this to its expiry is refreshed before it is used (platform/session.ts). */
export const TOKEN_USE_MARGIN_MS = 10_000;
/** The id of the shell's data block: `{"bodies": ["<a request's JSON body>", ...]}`. */
export const FIRST_QUERY_BLOCK_ID = 'first-query';
/** The window property the script leaves its requests on: `[{ body, token, timeZone, result }, ...]`. */
export const FIRST_QUERY_GLOBAL = '__tripcrewFirstQueries';

/** The inline script, one constant text (its hash is in the CSP). */
export const FIRST_QUERY_SCRIPT =
  '(function(){try{' +
  `var b=document.getElementById(${JSON.stringify(FIRST_QUERY_BLOCK_ID)});` +
  'if(!b||location.search)return;' +
  `var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null");` +
  `if(!s||typeof s.access_token!=="string"||!(s.expires_at*1000-Date.now()>${TOKEN_USE_MARGIN_MS}))return;` +
  'var tz=Intl.DateTimeFormat().resolvedOptions().timeZone||"UTC";' +
  `window[${JSON.stringify(FIRST_QUERY_GLOBAL)}]=JSON.parse(b.textContent).bodies.map(function(body){return{body:body,token:s.access_token,timeZone:tz,` +
  'result:fetch("/graphql",{method:"POST",credentials:"same-origin",priority:"high",body:body,headers:{' +
  '"Content-Type":"application/json","Accept":"application/graphql-response+json, application/json",' +
  '"X-Time-Zone":tz,"Authorization":"Bearer "+s.access_token}})' +
  '.then(function(r){return r.json().then(function(p){return{status:r.status,payload:p}},function(){return{status:r.status,payload:null}})})' +
  '.catch(function(){return null})}});' +
  '}catch(e){}})();';

/** The shell's data block and script, placed ahead of everything else the page loads. */
export function firstQueryTags(bodies: string[]): string {
  // `<` escaped: a body can never close the block.
  const json = JSON.stringify({ bodies }).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_QUERY_BLOCK_ID}">${json}</script>\n    <script>${FIRST_QUERY_SCRIPT}</script>`;
}
