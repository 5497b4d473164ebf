import type { Faker } from '@faker-js/faker';

/**
 * Message texts for the demo: a team's chat about its work, not lorem ipsum, so that a UI looks
 * real and a search finds words people type ("release", "invoice", "onboarding", "café"). Each
 * channel has its own mood; texts are templates whose slots faker fills from the lists below, so
 * the same seed gives the same chat.
 */
export type ChatMood = 'work' | 'banter' | 'design' | 'direct';

const projects = ['the mobile app', 'the billing service', 'the onboarding flow', 'the search page', 'the Q3 roadmap', 'the partner API', 'the analytics dashboard', 'the help centre'];
const tasks = ['the release notes', 'the migration plan', 'the invoice export', 'the load test', 'the security review', 'the customer survey', 'the pricing page', 'the on-call runbook', 'the hiring plan', 'the budget sheet'];
const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'tomorrow', 'next week', 'end of day'];
const times = ['9:30', '10:00', '11:15', '13:00', '14:30', '16:00'];
const customers = ['Northwind', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises'];
const tools = ['the staging server', 'CI', 'the deploy pipeline', 'the VPN', 'the shared calendar', 'the wiki', 'the printer on the third floor'];
const places = ['Café Zürich', 'the Thai place on Main Street', 'the new ramen bar', 'Crème de la Crème bakery', 'the food trucks by the park'];
const numbers = ['12%', 'three', 'two days', '40 minutes', 'half', 'a dozen', '250 ms'];

const moods: Record<ChatMood, readonly string[]> = {
  work: [
    'Morning all! Standup moves to {time} today because of the all-hands.',
    'Heads up: we are shipping {project} on {day}. Please review {task} before then.',
    'The deploy of {project} went out without issues. Thanks everyone who tested it.',
    'Can someone take a look at {task}? I left comments on the open questions.',
    'Reminder: the retro for {project} is {day} at {time}. Bring one thing that went well and one that did not.',
    '{customer} asked about {project} again. Who can join a call with them {day}?',
    'I updated {task} with the numbers from last sprint. Conversion is up {number}.',
    '{tool} is down for maintenance until {time}. Ping me if something is blocked.',
    'Welcome to the team! Your onboarding checklist is pinned in this channel.',
    'Quick poll: should we move the planning meeting to {day}?',
    'The invoice export for {customer} failed overnight. I am looking into it now.',
    'Great work on {project} everyone. The feedback from {customer} has been really positive.',
    'Does anyone have the link to {task}? I cannot find it on the wiki.',
    'We cut the build time by {number} by caching dependencies in {tool}.',
    'Please fill in the customer survey before {day}; it takes about five minutes.',
    'Office is closed {day} for the fire drill, so plan to work from home.',
    'I will be out {day}. {task} is in good shape; questions go to the channel.',
    'Budget review for {project} is done. We have room for one more contractor.',
    'Release candidate for {project} is on {tool}. Please give it a spin before {time}.',
    'Security review found {number} small issues in {project}; tickets are filed.',
  ],
  banter: [
    'Lunch at {place} {day}? I am buying the first round of coffee.',
    'Who left the excellent banana bread in the kitchen? Asking for the whole floor.',
    'The coffee machine is fixed! Huge thanks to whoever called the technician.',
    'Anyone up for a board game night {day}? We have a new one to try.',
    'Photo from the team hike is in the shared album. What a view!',
    'Reminder that the book club meets {day}; we are halfway through the novel.',
    'The plant by the window survived another week. Small victories.',
    'Pub quiz {day} at {time}: we need a sixth person for the team.',
    'Does anyone know a good bike repair shop near the office?',
    'The new playlist for focus time is up. Suggestions welcome.',
  ],
  design: [
    'New mockups for {project} are up for review. Feedback by {day}, please.',
    'I tried a darker palette for the dashboard; contrast passes accessibility checks now.',
    'The icon set is updated. Old icons will be removed from the library {day}.',
    'User testing for {project} showed people miss the save button. Moving it up.',
    'Can we align on the spacing scale? I see three different margins in {project}.',
    'Typography proposal: one typeface, two weights, and a clearer heading hierarchy.',
    'The prototype for the onboarding flow is ready to click through.',
    'Design review notes for {project} are in the doc. Two open decisions left.',
  ],
  direct: [
    'Hey, do you have {number} minutes to go over {task}?',
    'Thanks for covering for me yesterday. I owe you a coffee at {place}.',
    'Can you send me the latest version of {task}?',
    'Are we still on for {time}? I might be five minutes late.',
    'I left a few comments on your draft of {task}. Looks good overall.',
    'Sure, {day} works for me. I will send an invite.',
  ],
};

const slots: Record<string, readonly string[]> = {
  project: projects,
  task: tasks,
  day: days,
  time: times,
  customer: customers,
  tool: tools,
  place: places,
  number: numbers,
};

/** One message text of `mood`, drawn with `faker` (deterministic for its seed). */
export function chatText(faker: Faker, mood: ChatMood): string {
  const template = faker.helpers.arrayElement(moods[mood]);
  const text = template.replace(/\{(\w+)\}/g, (_match, slot: string) => faker.helpers.arrayElement(slots[slot]!));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
