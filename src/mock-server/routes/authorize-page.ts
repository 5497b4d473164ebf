import type { AuthorizePage } from '../state/accounts/oauth.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML text and quoted attribute values: every value on these pages goes through it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d1f24; }
main { max-width: 34rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px #0002; }
h1 { font-size: 1.4rem; margin-top: 0; }
fieldset { border: 1px solid #d5d8de; border-radius: 8px; max-height: 22rem; overflow: auto; }
label { display: block; padding: .35rem 0; }
.who { color: #5c6270; font-size: .9rem; }
.actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 6px; border: 1px solid #888; background: #fff; cursor: pointer; }
button[value=approve] { background: #2854c5; border-color: #2854c5; color: #fff; }
code { overflow-wrap: anywhere; }
.note { color: #5c6270; font-size: .85rem; }`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Parley mock</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The authorize page: the accounts to sign in as (a radio list, the first one chosen), Approve and
 * Deny. Plain HTML that works without JavaScript; the form posts back to the page's own URL.
 */
export function authorizePageHtml({ request, accounts, accountCount }: AuthorizePage): string {
  // A query alone: the form posts back to this page's own path, the root's or a sandbox's.
  const action = `?request_id=${encodeURIComponent(request.id)}&redirect_uri=${encodeURIComponent(request.redirectUri!)}`;
  const choices = accounts
    .map(
      (user, index) =>
        `<label><input type="radio" name="account" value="${escapeHtml(user.id)}"${index === 0 ? ' checked' : ''}> ` +
        `${escapeHtml(user.displayName)} <span class="who">@${escapeHtml(user.username)} · ${escapeHtml(user.email)}</span></label>`,
    )
    .join('\n');
  const shown = accounts.length < accountCount ? `the first ${accounts.length} of ${accountCount}` : `${accountCount}`;
  const chooser =
    accounts.length === 0
      ? '<p>No account exists yet: register one first, or deny.</p>'
      : `<fieldset>\n<legend>Sign in as (${shown} accounts)</legend>\n${choices}\n</fieldset>`;
  return layout(
    `Sign in with ${request.provider}`,
    `<h1>Sign in with ${escapeHtml(request.provider)}</h1>
<p>The Parley mock stands in for the identity provider ${escapeHtml(request.provider)}. Choose a demo account and approve; no password is asked.</p>
<form method="post" action="${escapeHtml(action)}">
${chooser}
<div class="actions">
${accounts.length === 0 ? '' : '<button type="submit" name="decision" value="approve">Approve</button>\n'}<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>
<p class="note">Your answer goes to <code>${escapeHtml(request.redirectUri!)}</code> with <code>code</code> and <code>state</code> (or <code>error=access_denied</code>). This request expires at ${escapeHtml(new Date(request.expiresAt).toISOString())}.</p>`,
  );
}

/** A page that says why the authorize page cannot be shown or answered. */
export function authorizeErrorHtml(message: string): string {
  return layout('Cannot continue', `<h1>Cannot continue</h1>\n<p>${escapeHtml(message)}</p>`);
}
