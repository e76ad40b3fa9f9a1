import { html } from '../platform/formats/html.js';
import type { OutgoingMail } from '../platform/mail.js';
import type { GuideContent } from './content.js';

/** A guide's sample plans, day by day, to the reader who asked for them. */
export function guideItineraryEmail(p: { to: string; firstName: string; guideTitle: string; plans: GuideContent['itineraries']; url: string }): OutgoingMail {
  const subject = p.plans.length === 1 ? `Your itinerary: ${p.plans[0]!.title}` : `Your itineraries: ${p.guideTitle}`;
  const text = p.plans.map((plan) => `${plan.title}\n${plan.days.map((d, i) => `Day ${i + 1}: ${d}`).join('\n')}`).join('\n\n');
  const plans = p.plans.map(
    (plan) =>
      html`<h2 style="font-size:17px;color:#0b7285">${plan.title}</h2>
        <ol>
          ${plan.days.map((d) => html`<li style="margin-bottom:6px">${d}</li>`)}
        </ol>`,
  );
  return {
    to: p.to,
    subject,
    text: `Hi ${p.firstName},\n\nHere is your plan from the ${p.guideTitle}.\n\n${text}\n\nThe whole guide: ${p.url}\n`,
    html: html`<!doctype html>
      <html>
        <body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
          <p>Hi ${p.firstName}, here is your plan from the ${p.guideTitle}.</p>
          ${plans}
          <p>
            <a href="${p.url}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none"
              >Open the guide</a
            >
          </p>
        </body>
      </html>`.value,
  };
}
