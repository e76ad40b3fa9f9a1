import type { OutgoingMail } from '../platform/mail.js';
import type { GuideContent } from './content.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One of a guide's sample plans, day by day, to the reader who asked for it. */
export function guideItineraryEmail(p: {
  to: string;
  firstName: string;
  guideTitle: string;
  plan: GuideContent['itineraries'][number];
  url: string;
}): OutgoingMail {
  const days = p.plan.days.map((d, i) => `Day ${i + 1}: ${d}`);
  return {
    to: p.to,
    subject: `Your itinerary: ${p.plan.title}`,
    text: `Hi ${p.firstName},\n\nHere is the ${p.plan.title} plan from the ${p.guideTitle}.\n\n${days.join('\n')}\n\nThe whole guide: ${p.url}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#0b7285">${escape(p.plan.title)}</h1><p>Hi ${escape(p.firstName)}, here is the plan from the ${escape(p.guideTitle)}.</p>
<ol>${p.plan.days.map((d) => `<li style="margin-bottom:6px">${escape(d)}</li>`).join('')}</ol>
<p><a href="${escape(p.url)}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open the guide</a></p></body></html>`,
  };
}
