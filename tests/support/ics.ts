import ICAL from 'ical.js';

// ical.js leaves properties it has no design for unescaped (type "unknown"). NAME (RFC 7986)
// and X-WR-CALNAME are TEXT, as RFC 5545 §3.8.8.2 makes any non-standard property by default:
// taught here, so tests read them the way calendar apps do.
for (const name of ['name', 'x-wr-calname']) ICAL.design.defaultSet.property[name] = { defaultType: 'text' };

export default ICAL;
